// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/message.h"

#include "core/domain/ids.h"

#include <algorithm>

namespace Skein {

QString Message::modelText(ImageDelivery images) const
{
    QString text = renderContent.isEmpty() ? content : renderContent;
    for (const Attachment &a : attachments)
        text += (text.isEmpty() ? QString() : QStringLiteral("\n\n")) + a.modelText(images);
    return text;
}

bool Message::hasSendableImages() const
{
    return std::ranges::any_of(attachments,
                               [](const Attachment &a) { return a.isSendableImage() || a.isSendablePdf(); });
}

Message Message::create(const QString &sessionId, const QString &parentId, Role role, const QString &content)
{
    Message m;
    m.id = Ids::create();
    m.sessionId = sessionId;
    m.parentId = parentId;
    m.role = role;
    m.content = content;
    m.createdAt = Ids::nowMs();
    m.completedAt = m.createdAt;
    return m;
}

} // namespace Skein
