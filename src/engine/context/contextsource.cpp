// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "contextsource.h"

#include "engine/context/historyselection.h"

namespace Skein {

ContextSource::~ContextSource() = default;
SourceInputs::~SourceInputs() = default;

std::shared_ptr<const SourceInputs> ContextSource::prepare(Store &, const Session &, const QString &, const QString &,
                                                           const QString &) const
{
    return nullptr;
}

BuiltRequest ContextSource::buildCall(const Session &session, const QList<Message> &path, const SourceInputs *) const
{
    return {build(session, path), std::nullopt};
}

std::shared_ptr<const SourceInputs> ContextSource::shrink(const SourceInputs *, const CallError &) const
{
    return nullptr;
}

Status ContextSource::learn(Store &, const SourceInputs *, const ContextSnapshot *, const Usage &) const
{
    return {};
}

ChatRequest WholePathSource::build(const Session &session, const QList<Message> &path) const
{
    ChatRequest request;
    request.model = session.model;
    request.systemPrompt = session.systemPrompt;
    QList<Message> sent = path;
    sent.removeIf(
        [](const Message &m) { return m.role == Role::Assistant && m.modelText().isEmpty() && m.toolCalls.isEmpty(); });
    QString systemRows;
    request.messages = toChatMessages(sent, &systemRows, nullptr);
    if (!systemRows.isEmpty())
        request.systemPrompt += (request.systemPrompt.isEmpty() ? QString() : QStringLiteral("\n\n")) + systemRows;
    return request;
}

} // namespace Skein
