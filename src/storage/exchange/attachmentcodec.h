/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/attachment.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace Skein::Exchange {

class JsonReader;

// A message's attachments in skein.session/1 (docs/export-format.md): their descriptions on the
// message, their content once per SHA-256 in the session's "attachment_contents".
QJsonObject toJson(const Attachment &attachment);
QJsonArray toJson(const QList<Attachment> &attachments);
// The message's "attachments" (missing in older files: none). The reader names what is wrong.
QList<Attachment> attachmentsFromJson(const QJsonObject &message, const QString &messageId, const JsonReader &r);

// "attachment_contents": {sha256: base64}. Each is decoded and its hash checked.
QJsonObject contentsToJson(const QHash<QString, QByteArray> &contents);
QHash<QString, QByteArray> contentsFromJson(const QJsonObject &session, const JsonReader &r);

// Limits on what a file may carry (the app's own limits are in Settings, and lower).
inline constexpr int kMaxAttachmentsPerMessage = 64;
inline constexpr qint64 kMaxAttachmentBytes = qint64(512) << 20;

} // namespace Skein::Exchange
