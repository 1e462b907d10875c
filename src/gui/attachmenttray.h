/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/attachments/attachmentintake.h"

#include <QImage>
#include <QList>
#include <QWidget>

class QHBoxLayout;
class QLabel;

namespace Skein {

// A file of the draft, read and checked (AttachmentIntake) off the GUI thread, with its thumbnail.
struct DraftAttachment
{
    PreparedAttachment prepared;
    QImage thumbnail; // images: small, made where the file was read
};

// The draft's files as chips above the text box (issue 16): a thumbnail for an image, the name, its
// size (and pages), a warning when the chosen model will not see an image, for a PDF a "Pages" button
// (send its pages as images too), and a button that removes it. Each remove button is in the tab order; the chip's
// accessible name says it all.
class AttachmentTray final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttachmentTray)

public:
    explicit AttachmentTray(QWidget *parent = nullptr);
    ~AttachmentTray() override;

    static constexpr int kThumbnailSide = 32;

    void setAttachments(const QList<DraftAttachment> &attachments, bool readsImages);
    // Files still being read: a chip says how many.
    void setPending(int count);
    // The chip's accessible name: "chart.png, image, 120 × 60 pixels, 1.5 KiB".
    static QString describe(const Attachment &attachment);
    // An image file decoded at most box large (keeping its proportions), without decoding more
    // pixels than that where the format allows; null when it is not an image. Off the GUI thread.
    static QImage decodeScaled(const QByteArray &file, QSize box);

Q_SIGNALS:
    void removeRequested(int index);
    // A PDF's "Pages" button: send its pages as images too, to a model that reads them.
    void pagesToggled(int index, bool on);

private:
    void rebuild();

    QHBoxLayout *m_row;
    QLabel *m_pending;
    QList<DraftAttachment> m_attachments;
    bool m_readsImages = true;
};

} // namespace Skein
