// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "agentcallsource.h"

#include <algorithm>
#include <limits>

namespace Skein {

AgentCallSource::AgentCallSource(std::shared_ptr<const ContextSource> inner, QList<ToolDefinition> tools,
                                 bool finalCall)
    : m_inner(std::move(inner))
    , m_tools(std::move(tools))
    , m_final(finalCall)
{ }

QString AgentCallSource::finalInstruction()
{
    // Sent to the model, not shown to the user: English on purpose.
    return QStringLiteral(
        "[Skein] The tool-call limit for this turn is reached. Do not call tools. Answer the user now with the best "
        "answer you can give from what you already know, and say briefly what is still open.");
}

void AgentCallSource::adjust(ChatRequest &request) const
{
    if (m_final) {
        request.tools.clear();
        request.messages.append(ChatMessage::user(finalInstruction()));
    } else if (request.tools.isEmpty()) {
        request.tools = m_tools;
    }
    if (m_outputTokens > 0 && request.maxTokens.value_or(0) < m_outputTokens)
        request.maxTokens = int(std::min<qint64>(m_outputTokens, std::numeric_limits<int>::max()));
}

ChatRequest AgentCallSource::build(const Session &session, const QList<Message> &path) const
{
    ChatRequest request = m_inner->build(session, path);
    adjust(request);
    return request;
}

std::shared_ptr<const SourceInputs> AgentCallSource::prepare(Store &store, const Session &session,
                                                             const QString &leafId, const QString &providerId,
                                                             const QString &model) const
{
    return m_inner->prepare(store, session, leafId, providerId, model);
}

bool AgentCallSource::loadsOwnPath() const
{
    return m_inner->loadsOwnPath();
}

BuiltRequest AgentCallSource::buildCall(const Session &session, const QList<Message> &path,
                                        const SourceInputs *inputs) const
{
    BuiltRequest built = m_inner->buildCall(session, path, inputs);
    adjust(built.request);
    return built;
}

std::shared_ptr<const SourceInputs> AgentCallSource::shrink(const SourceInputs *inputs, const CallError &error) const
{
    return m_inner->shrink(inputs, error);
}

Status AgentCallSource::learn(Store &store, const SourceInputs *inputs, const ContextSnapshot *snapshot,
                              const Usage &usage) const
{
    return m_inner->learn(store, inputs, snapshot, usage);
}

} // namespace Skein
