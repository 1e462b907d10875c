/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/attachment.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QScrollArea;

namespace Skein {

class SessionService;

// One attachment, opened from its message (issue 16): an image at the size the window allows, a
// PDF's or a text file's text (source files highlighted), what is known of a file an import only
// named. Nothing is loaded from outside and no other program is started; Save As… writes the
// content where the user chooses. Its content is read and decoded off the GUI thread.
class AttachmentViewer final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttachmentViewer)

public:
    AttachmentViewer(const Attachment &attachment, SessionService &sessions, QWidget *parent = nullptr);
    ~AttachmentViewer() override;

    // The largest image it decodes, on either side.
    static constexpr int kMaxSide = 4096;

Q_SIGNALS:
    // The image is shown (or could not be): for tests.
    void imageSettled(bool shown);

private:
    void loadImage();
    void saveAs();

    Attachment m_attachment;
    SessionService &m_sessions;
    QLabel *m_status;
    QLabel *m_image = nullptr;
    QPushButton *m_save = nullptr;
};

} // namespace Skein
