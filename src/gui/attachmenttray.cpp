// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "attachmenttray.h"

#include "themecolors.h"

#include <QBuffer>
#include <QFrame>
#include <QHBoxLayout>
#include <QIcon>
#include <QImageReader>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QToolButton>
#include <QVBoxLayout>

namespace Skein {

namespace {

QString kindIcon(AttachmentKind kind)
{
    switch (kind) {
    case AttachmentKind::Image:
        return QStringLiteral("image-x-generic");
    case AttachmentKind::Pdf:
        return QStringLiteral("application-pdf");
    case AttachmentKind::Text:
        return QStringLiteral("text-x-generic");
    case AttachmentKind::Other:
        break;
    }
    return QStringLiteral("unknown");
}

} // namespace

AttachmentTray::AttachmentTray(QWidget *parent)
    : QWidget(parent)
    , m_row(new QHBoxLayout(this))
    , m_pending(new QLabel(this))
{
    setObjectName(QStringLiteral("attachmentTray"));
    setAccessibleName(tr("Attached files"));
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->setSpacing(6);
    m_pending->setObjectName(QStringLiteral("attachmentsPending"));
    m_pending->setTextFormat(Qt::PlainText);
    m_pending->hide();
    m_row->addWidget(m_pending);
    m_row->addStretch(1);
    hide();
}

AttachmentTray::~AttachmentTray() = default;

QString AttachmentTray::describe(const Attachment &a)
{
    const QLocale locale;
    QStringList facts {a.name};
    switch (a.kind) {
    case AttachmentKind::Image:
        facts << tr("image") << tr("%1 × %2 pixels").arg(a.width).arg(a.height);
        break;
    case AttachmentKind::Pdf:
        facts << tr("PDF") << tr("%n page(s)", nullptr, a.pages);
        break;
    case AttachmentKind::Text:
        facts << tr("text");
        break;
    case AttachmentKind::Other:
        break;
    }
    facts << locale.formattedDataSize(a.size);
    return facts.join(QStringLiteral(", "));
}

QImage AttachmentTray::decodeScaled(const QByteArray &file, QSize box)
{
    QByteArray copy = file;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    const QSize size = reader.size();
    if (size.isValid() && (size.width() > box.width() || size.height() > box.height()))
        reader.setScaledSize(size.scaled(box, Qt::KeepAspectRatio));
    return reader.read();
}

void AttachmentTray::setAttachments(const QList<DraftAttachment> &attachments, bool readsImages)
{
    m_attachments = attachments;
    m_readsImages = readsImages;
    rebuild();
}

void AttachmentTray::setPending(int count)
{
    m_pending->setText(tr("Reading %n file(s)…", nullptr, count));
    m_pending->setVisible(count > 0);
    setVisible(count > 0 || !m_attachments.isEmpty());
}

void AttachmentTray::rebuild()
{
    // Later: a chip's own remove button may be what asked for this.
    for (QFrame *chip : findChildren<QFrame *>(QStringLiteral("attachmentChip"), Qt::FindDirectChildrenOnly)) {
        m_row->removeWidget(chip);
        chip->setObjectName(QString());
        chip->hide();
        chip->deleteLater();
    }
    const QLocale locale;
    for (qsizetype i = 0; i < m_attachments.size(); ++i) {
        const DraftAttachment &d = m_attachments.at(i);
        const Attachment &a = d.prepared.attachment;
        auto *chip = new QFrame(this);
        chip->setObjectName(QStringLiteral("attachmentChip"));
        chip->setFrameShape(QFrame::StyledPanel);
        chip->setMaximumWidth(a.kind == AttachmentKind::Pdf ? 340 : 260);
        auto *layout = new QHBoxLayout(chip);
        layout->setContentsMargins(4, 3, 2, 3);
        layout->setSpacing(6);
        auto *thumb = new QLabel(chip);
        thumb->setFixedSize(kThumbnailSide, kThumbnailSide);
        thumb->setAlignment(Qt::AlignCenter);
        if (!d.thumbnail.isNull())
            thumb->setPixmap(QPixmap::fromImage(d.thumbnail));
        else
            thumb->setPixmap(QIcon::fromTheme(kindIcon(a.kind)).pixmap(kThumbnailSide - 8));
        layout->addWidget(thumb);
        auto *texts = new QVBoxLayout;
        texts->setSpacing(0);
        auto *name = new QLabel(chip);
        name->setTextFormat(Qt::PlainText);
        name->setText(name->fontMetrics().elidedText(a.name, Qt::ElideMiddle, 170));
        texts->addWidget(name);
        QString detail = locale.formattedDataSize(a.size);
        if (a.kind == AttachmentKind::Pdf && a.pages > 0)
            detail += QStringLiteral(" · ") + tr("%n page(s)", nullptr, a.pages);
        const bool unseen = (a.kind == AttachmentKind::Image || a.sendPages) && !m_readsImages;
        if (a.sendPages)
            detail += QStringLiteral(" · ") + tr("with its pages");
        auto *meta = new QLabel(unseen ? (a.sendPages ? tr("pages not sent: the model has no vision")
                                                      : tr("not sent: the model has no vision"))
                                       : detail,
                                chip);
        meta->setTextFormat(Qt::PlainText);
        QPalette pal = meta->palette();
        pal.setColor(QPalette::WindowText, unseen ? ThemeColors::error(pal) : ThemeColors::muted(pal));
        meta->setPalette(pal);
        QFont small = meta->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        meta->setFont(small);
        texts->addWidget(meta);
        layout->addLayout(texts, 1);
        if (a.kind == AttachmentKind::Pdf) {
            auto *pages = new QToolButton(chip);
            pages->setObjectName(QStringLiteral("sendPages"));
            pages->setAutoRaise(true);
            pages->setCheckable(true);
            pages->setChecked(a.sendPages);
            pages->setText(tr("Pages"));
            pages->setAccessibleName(tr("Send the pages of %1 as images too").arg(a.name));
            pages->setToolTip(tr("Send its pages as images too, to a model that reads images: for scans, charts and "
                                 "layout the text alone loses. At most %n page(s) go; they cost tokens like images.",
                                 nullptr, Attachment::kMaxSentPages));
            pages->setFocusPolicy(Qt::StrongFocus);
            connect(pages, &QToolButton::toggled, this, [this, i](bool on) { Q_EMIT pagesToggled(int(i), on); });
            layout->addWidget(pages);
        }
        auto *remove = new QToolButton(chip);
        remove->setObjectName(QStringLiteral("removeAttachment"));
        remove->setAutoRaise(true);
        remove->setIcon(
            QIcon::fromTheme(QStringLiteral("edit-delete-remove"), QIcon::fromTheme(QStringLiteral("list-remove"))));
        remove->setText(QStringLiteral("×"));
        remove->setToolButtonStyle(remove->icon().isNull() ? Qt::ToolButtonTextOnly : Qt::ToolButtonIconOnly);
        remove->setAccessibleName(tr("Remove %1").arg(a.name));
        remove->setToolTip(remove->accessibleName());
        remove->setFocusPolicy(Qt::StrongFocus);
        connect(remove, &QToolButton::clicked, this, [this, i] { Q_EMIT removeRequested(int(i)); });
        layout->addWidget(remove);
        QString description = describe(a);
        if (unseen && a.sendPages)
            description += QStringLiteral(". ")
                + tr("Its pages are not sent: the chosen model has no vision; it reads the PDF's text.");
        else if (unseen)
            description += QStringLiteral(". ")
                + tr("The image is not sent: the chosen model has no vision; it reads the image's name and size.");
        else if (a.sendPages)
            description += QStringLiteral(". ") + tr("Its pages are sent as images too.");
        chip->setAccessibleName(description);
        chip->setToolTip(description);
        m_row->insertWidget(int(i), chip);
    }
    setVisible(!m_attachments.isEmpty() || m_pending->isVisible());
}

} // namespace Skein
