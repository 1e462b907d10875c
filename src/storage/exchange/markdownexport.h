/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/session.h"

#include <QList>
#include <QString>

namespace Skein::Exchange {

// The active branch as Markdown for reading and sharing: a heading per message, the text as
// written (code blocks stay code blocks), reasoning and tool calls in collapsible <details>.
QString toMarkdown(const Session &session, const QList<Message> &path);

} // namespace Skein::Exchange
