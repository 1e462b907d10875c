/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/attachment.h"
#include "core/domain/enums.h"
#include "core/domain/reasoningblock.h"
#include "core/domain/usage.h"

#include <QJsonArray>
#include <QString>

namespace Skein {

// SPEC §2.2: a node of the conversation tree. Siblings (same parent) are alternative branches.
struct Message
{
    QString id;
    QString sessionId;
    QString parentId; // empty for the first message
    Role role = Role::User;
    QString content;
    QString renderContent; // what the model is shown when it differs from content
    QString reasoning;
    // The reply's thinking blocks as the provider sent them (signatures, redacted blocks), in
    // order: what a tool loop must send back unchanged (Anthropic). Empty for most providers.
    QList<ReasoningBlock> reasoningBlocks;
    QJsonArray toolCalls; // [{id, name, arguments}]
    QString toolCallId;
    QString toolName;
    MessageStatus status = MessageStatus::Complete;
    QString finishReason;
    QString stopSequence; // the stop sequence that ended the reply, when the provider says (Anthropic)
    QString error;
    QString providerId;
    QString model;
    Usage usage;
    qint64 tokenEstimate = 0;
    qint64 createdAt = 0;
    qint64 completedAt = 0; // 0 while generating
    QString requestId; // the context snapshot of the request that produced it
    QList<Attachment> attachments; // in order; stored by MessageRepository::insert with the message

    // What a model reads of the message: renderContent when set, else content, then each
    // attachment as Attachment::modelText(images) says (the images themselves travel beside the
    // text when sent).
    QString modelText(ImageDelivery images = ImageDelivery::Described) const;
    // One of its attachments is an image whose content is here, or a PDF whose pages go.
    bool hasSendableImages() const;

    // A new message with a fresh id and created_at = now.
    static Message create(const QString &sessionId, const QString &parentId, Role role, const QString &content);
    friend bool operator==(const Message &, const Message &) = default;
};

} // namespace Skein
