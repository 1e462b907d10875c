// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/attachment.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace Skein {

namespace {

// Text in a Markdown fence longer than any run of backticks inside it.
QString fenced(const QString &text)
{
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(std::max<qsizetype>(3, longest + 1), QLatin1Char('`'));
    return fence + QLatin1Char('\n') + text + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"))
        + fence;
}

} // namespace

QString Attachment::modelText(ImageDelivery images) const
{
    // For the model: plain English, as the rest of what Skein itself writes into a request.
    QStringList facts {name.isEmpty() ? QStringLiteral("unnamed") : name};
    if (!mimeType.isEmpty())
        facts << mimeType;
    if (size > 0)
        facts << QLocale::c().formattedDataSize(size);
    if (width > 0 && height > 0)
        facts << QStringLiteral("%1 × %2 pixels").arg(width).arg(height);
    if (pages > 0)
        facts << (pages == 1 ? QStringLiteral("1 page") : QStringLiteral("%1 pages").arg(pages));
    const QString head = QStringLiteral("[Attachment: %1").arg(facts.join(QStringLiteral(", ")));
    if (!hasContent() && text.isEmpty())
        return head + QStringLiteral(" — its content is not available]");
    if (isSendablePdf() && pages > 0 && images != ImageDelivery::Described) {
        if (images == ImageDelivery::LeftOut)
            return head + QStringLiteral(" — its pages were left out of this request to save space]")
                + (text.isEmpty() ? QString() : QStringLiteral("\n") + fenced(text));
        if (pages > 0 && pages <= kMaxSentPages)
            return head + QStringLiteral(" — its pages follow]");
        return head + QStringLiteral(" — its first %1 pages follow, then its text]").arg(kMaxSentPages)
            + (text.isEmpty() ? QString() : QStringLiteral("\n") + fenced(text));
    }
    if (!text.isEmpty())
        return head + QStringLiteral("]\n") + fenced(text);
    if (kind == AttachmentKind::Image) {
        switch (images) {
        case ImageDelivery::Sent:
            return head + QStringLiteral("]");
        case ImageDelivery::LeftOut:
            return head + QStringLiteral(" — the image was left out of this request to save space]");
        case ImageDelivery::Described:
            break;
        }
        return head + QStringLiteral(" — the image is not sent to this model]");
    }
    if (kind == AttachmentKind::Pdf)
        return head + QStringLiteral(" — no text could be extracted from it]");
    return head + QStringLiteral("]");
}

} // namespace Skein
