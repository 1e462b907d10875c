/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/attachment.h"
#include "core/domain/message.h"
#include "core/settings/settingskeys.h"
#include "storage/result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace Skein {

// What may be attached. The file size is the user's (Settings); the rest guard the decoders
// against hostile files.
struct AttachmentLimits
{
    qint64 maxFileBytes = qint64(20) << 20;
    qint64 maxMessageBytes = qint64(50) << 20; // all the files of one message together
    // An image whose header claims more pixels is refused before it is decoded (a decompression
    // bomb: a few kilobytes that would decode to gigabytes).
    qint64 maxImagePixels = 50'000'000;
    int maxImageSide = 8192; // larger images are kept scaled down to this
    qsizetype maxTextChars = 2'000'000; // of a text file or a PDF, kept for the model to read

    // The user's limits from Settings (Settings::Keys::attachmentMaxFileMb, attachmentMaxMessageMb).
    static AttachmentLimits fromSettings(const Settings::Values &values);
};

// A file made ready to attach: its description and the bytes to store as its content.
struct PreparedAttachment
{
    Attachment attachment; // name, type, kind, size, width and height or pages, text; no ids yet
    // An image, re-encoded: turned upright as its EXIF orientation says, without any of its
    // metadata (EXIF, GPS, comments). Empty for a file stored as it is, read from sourcePath.
    QByteArray encoded;
    QString sourcePath;
};

// Reads a file the user attaches and decides what it is (issue 16): an image (PNG, JPEG, WebP,
// GIF's first frame), a PDF (its text and pages through Poppler), a text or source file (its
// encoding detected), or refused with the reason in plain words. Slow for a big PDF: never on the
// GUI thread.
class AttachmentIntake final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::AttachmentIntake)

public:
    static Result<PreparedAttachment> prepare(const QString &path, const AttachmentLimits &limits = {});

    // Text of unknown encoding: a BOM's, else UTF-8, else GB18030, else Latin-1. Empty with
    // *binary set when it holds NUL bytes (not text at all).
    static QString decodeText(const QByteArray &bytes, bool *binary = nullptr);
};

class Store;

// Stores the prepared files' content and sets them as the message's attachments (ids, order,
// time); the message is then inserted by the caller, in the same transaction. A file that changed
// since it was prepared (shorter now) fails, and nothing of it is kept.
Status storeAttachments(Store &store, const QList<PreparedAttachment> &prepared, Message *message);

} // namespace Skein
