/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QString>

namespace Skein {

// What a model gets of an image attachment in one request: its description only (the model does not
// read images), the image itself after a line that names it, or a line saying it was left out to
// save space (context governance).
enum class ImageDelivery { Described, Sent, LeftOut };

// A file that belongs to a message (issue 16): its description here, its bytes in a content-
// addressed blob (SHA-256) shared by every attachment with the same content. An attachment an
// import only names (another client's export keeps the name, type and size of an image but not its
// bytes) has no blob: hasContent() is false, and what the model is told of it is its description.
struct Attachment
{
    QString id;
    QString messageId;
    int ordinal = 0; // its place among the message's attachments
    QString name; // the file's name, as the user or the source gave it
    QString mimeType;
    AttachmentKind kind = AttachmentKind::Other;
    qint64 size = 0; // bytes of the content (as the source said, when the content is not here)
    QString sha256; // lowercase hex of the content; empty: the content is not available
    int width = 0; // images, in pixels; 0 when not known
    int height = 0;
    int pages = 0; // PDFs; 0 when not known
    QString text; // the text a model without the file reads: a text file's, a PDF's, an import's
    qint64 createdAt = 0;
    // A PDF whose pages the user asked to send as well as its text: a model that reads images gets
    // them (Anthropic: the PDF as a document; others: the pages rendered as images).
    bool sendPages = false;
    static constexpr int kMaxSentPages = 20; // pages of one PDF that go; the text stands for the rest

    bool hasContent() const { return !sha256.isEmpty(); }
    // The attachment as text for a model: "[Attachment: notes.md, text/markdown, 1.2 kB]" and its
    // text in a fence; an image, a PDF without text or a file whose content is not here, named
    // with what is known of it and why it is not there.
    // images says what becomes of an image with content in this request.
    QString modelText(ImageDelivery images = ImageDelivery::Described) const;
    // An image whose content is here: it can be sent to a model that reads images. A sendable PDF
    // (below) with images Sent is named in a line; its text follows only when not all its pages go.
    bool isSendableImage() const { return kind == AttachmentKind::Image && hasContent(); }
    // A PDF whose pages go to a model that reads images (the user asked, the content is here).
    bool isSendablePdf() const { return kind == AttachmentKind::Pdf && sendPages && hasContent(); }
    friend bool operator==(const Attachment &, const Attachment &) = default;
};

} // namespace Skein
