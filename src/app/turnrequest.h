/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "engine/attachments/attachmentintake.h"
#include "engine/turn/turnoptions.h"

#include <QMetaType>
#include <QString>

#include <optional>

namespace Skein {

// What a front end asks for when the user wants a reply: a new message, an edited one (a send
// below the edited message's parent), another answer to a message, the rest of a stopped reply,
// a re-run with a changed context (a retry with exclusions in the options), or the pick-up of a
// turn that waited for an approval when the app closed. Conversations runs it as one Turn.
struct TurnRequest
{
    enum class Kind { Send, Retry, Continue, Resume };

    Kind kind = Kind::Send;
    QString sessionId;
    QString text; // Send
    QList<PreparedAttachment> attachments; // Send: files the message carries
    std::optional<QString> parentId; // Send: the message to answer below (default: the active leaf)
    QString replyId; // Retry / Continue: the assistant reply
    QString providerId; // empty: the session's provider
    QString model; // empty: the session's model, else the provider's default
    std::optional<QString> apiKey; // a key for this turn only (skein-cli --api-key-env)
    // A server given for this turn only (skein-cli send --base-url): not read from storage.
    std::optional<ProviderConfig> provider;
    TurnOptions options;
};

} // namespace Skein

Q_DECLARE_METATYPE(Skein::TurnRequest)
