/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/context/contextsource.h"

#include <memory>

namespace Skein {

// The request of one model call of the agent loop: whatever the session's request source builds
// (the context engine's governed copy), plus the tool definitions — or, for the last call after the
// iteration limit, no tools and a closing instruction ([S001 §6.2]). Neither changes stored data.
class AgentCallSource final : public ContextSource
{
public:
    AgentCallSource(std::shared_ptr<const ContextSource> inner, QList<ToolDefinition> tools, bool finalCall);

    ChatRequest build(const Session &session, const QList<Message> &path) const override;
    // The context engine's hooks go to the inner source; only the finished request is adjusted.
    std::shared_ptr<const SourceInputs> prepare(Store &store, const Session &session, const QString &leafId,
                                                const QString &providerId, const QString &model) const override;
    bool loadsOwnPath() const override;
    BuiltRequest buildCall(const Session &session, const QList<Message> &path,
                           const SourceInputs *inputs) const override;
    std::shared_ptr<const SourceInputs> shrink(const SourceInputs *inputs, const CallError &error) const override;
    Status learn(Store &store, const SourceInputs *inputs, const ContextSnapshot *snapshot,
                 const Usage &usage) const override;

    // Room for the reply when the inner source sets none of its own (a plain path source).
    void setOutputTokens(qint64 tokens) { m_outputTokens = tokens; }

    // The instruction added to the request copy of the final call.
    static QString finalInstruction();

private:
    void adjust(ChatRequest &request) const;

    std::shared_ptr<const ContextSource> m_inner;
    QList<ToolDefinition> m_tools;
    bool m_final;
    qint64 m_outputTokens = 0;
};

} // namespace Skein
