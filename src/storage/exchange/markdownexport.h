/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/session.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Skein::Exchange {

// What a reading export (Markdown, HTML, PDF) says about a message, as plain text: who speaks
// ("Tool result: calculator") and, for a reply that did not complete, why ("interrupted"; empty
// when complete).
QString speakerName(const Message &m);
QString statusText(const Message &m);
// A tool call's arguments ({id, name, arguments}), indented when they are a JSON object.
QString toolCallArguments(const QJsonObject &call);

// An attachment in a reading export, as plain text: "chart.png · 2.1 KiB · 320 × 200 pixels".
QString attachmentSummary(const Attachment &attachment);

// The active branch as Markdown for reading and sharing: a heading per message, the text as
// written (code blocks stay code blocks), reasoning and tool calls in collapsible <details>, and
// each attachment: an image shown and other files linked where files has them (written beside
// the document), else named with its size.
QString toMarkdown(const Session &session, const QList<Message> &path, const QHash<QString, QString> &files = {});

} // namespace Skein::Exchange
