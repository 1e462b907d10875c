/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "storage/result.h"

#include <QHash>
#include <QString>

namespace Skein {

class Store;

namespace Exchange {

// Where a reading export's attachments went (issue 16): by attachment id, the file's path relative
// to the document ("chat-files/01-chart.png"). Empty when the export has no place for files (to
// standard output): the document then names each attachment with its size.
using AttachmentFiles = QHash<QString, QString>;

// Writes the content of every attachment of messages that has one into "<document's base
// name>-files/" beside documentPath, each as "<n>-<name>" (the name made safe for any file system;
// the number keeps two files of the same name apart), in pieces, each file atomically.
Result<AttachmentFiles> writeAttachmentFiles(Store &store, const QList<Message> &messages, const QString &documentPath);

// A file name that is safe everywhere: no directories, separators, control or reserved characters,
// at most 100 characters, never empty or a dot name.
QString safeFileName(const QString &name);

} // namespace Exchange

} // namespace Skein
