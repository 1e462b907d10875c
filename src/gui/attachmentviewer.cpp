// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "attachmentviewer.h"

#include "app/services/sessionservice.h"
#include "attachmenttray.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QThreadPool>
#include <QVBoxLayout>

namespace Skein {

namespace {

KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository r;
    return r;
}

} // namespace

AttachmentViewer::AttachmentViewer(const Attachment &attachment, SessionService &sessions, QWidget *parent)
    : QDialog(parent)
    , m_attachment(attachment)
    , m_sessions(sessions)
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("attachmentViewer"));
    setWindowTitle(attachment.name);
    setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(AttachmentTray::describe(attachment), this);
    about->setObjectName(QStringLiteral("attachmentFacts"));
    about->setTextFormat(Qt::PlainText);
    about->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(about);

    if (attachment.isSendableImage()) {
        auto *scroll = new QScrollArea(this);
        scroll->setObjectName(QStringLiteral("attachmentImageArea"));
        scroll->setAlignment(Qt::AlignCenter);
        scroll->setWidgetResizable(false);
        m_image = new QLabel(scroll);
        m_image->setObjectName(QStringLiteral("attachmentImage"));
        m_image->setAccessibleName(tr("Image: %1").arg(attachment.name));
        m_image->setText(tr("Loading…"));
        m_image->adjustSize();
        scroll->setWidget(m_image);
        layout->addWidget(scroll, 1);
        loadImage();
    } else if (!attachment.text.isEmpty()) {
        auto *text = new QPlainTextEdit(this);
        text->setObjectName(QStringLiteral("attachmentText"));
        text->setAccessibleName(tr("Text of %1").arg(attachment.name));
        text->setReadOnly(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        text->setPlainText(attachment.text);
        if (attachment.kind == AttachmentKind::Text) {
            text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
            text->setLineWrapMode(QPlainTextEdit::NoWrap);
            const KSyntaxHighlighting::Definition definition = repository().definitionForFileName(attachment.name);
            if (definition.isValid()) {
                auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(text->document());
                highlighter->setTheme(repository().themeForPalette(palette()));
                highlighter->setDefinition(definition);
            }
        }
        layout->addWidget(text, 1);
    } else {
        m_status->setText(attachment.hasContent()
                              ? tr("There is nothing to show of this file here; Save As… writes it to a file.")
                              : tr("The file this conversation was imported from named this attachment but did not "
                                   "include it."));
        m_status->setWordWrap(true);
    }

    m_status->setObjectName(QStringLiteral("attachmentStatus"));
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    if (attachment.hasContent()) {
        m_save = buttons->addButton(tr("Save As…"), QDialogButtonBox::ActionRole);
        m_save->setObjectName(QStringLiteral("saveAttachment"));
        connect(m_save, &QPushButton::clicked, this, &AttachmentViewer::saveAs);
    }
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(attachment.isSendableImage() ? QSize(900, 680) : QSize(760, 560));
}

AttachmentViewer::~AttachmentViewer() = default;

void AttachmentViewer::loadImage()
{
    // The stored file: re-encoded when attached, at most 8,192 pixels a side.
    constexpr qint64 kMaxBytes = qint64(256) << 20;
    QPointer<AttachmentViewer> self(this);
    const QSize box
        = screen() ? screen()->availableSize().boundedTo(QSize(kMaxSide, kMaxSide)) : QSize(kMaxSide, kMaxSide);
    m_sessions.attachmentContent(m_attachment.sha256, kMaxBytes, this, [self, box](Result<QByteArray> bytes) {
        if (!self)
            return;
        if (!bytes) {
            self->m_image->setText(tr("The image could not be read: %1").arg(bytes.error().message));
            self->m_image->adjustSize();
            Q_EMIT self->imageSettled(false);
            return;
        }
        QThreadPool::globalInstance()->start([self, box, data = bytes.value()] {
            const QImage image = AttachmentTray::decodeScaled(data, box);
            QMetaObject::invokeMethod(qApp, [self, image] {
                if (!self)
                    return;
                if (image.isNull())
                    self->m_image->setText(tr("The image could not be decoded."));
                else
                    self->m_image->setPixmap(QPixmap::fromImage(image));
                self->m_image->adjustSize();
                Q_EMIT self->imageSettled(!image.isNull());
            });
        });
    });
}

void AttachmentViewer::saveAs()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save Attachment"), QDir::home().filePath(m_attachment.name));
    if (path.isEmpty())
        return;
    m_save->setEnabled(false);
    m_status->setText(tr("Saving…"));
    QPointer<AttachmentViewer> self(this);
    m_sessions.saveAttachment(m_attachment.sha256, path, this, [self, path](const Status &s) {
        if (!self)
            return;
        self->m_save->setEnabled(true);
        self->m_status->setText(s ? tr("Saved as %1.").arg(QDir::toNativeSeparators(path))
                                  : tr("Could not save it: %1").arg(s.error().message));
    });
}

} // namespace Skein
