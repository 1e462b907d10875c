#include "agentrequestsource.h"

#include <algorithm>
#include <limits>

namespace Skein {

AgentRequestSource::AgentRequestSource(std::shared_ptr<const RequestSource> inner, QList<ToolDefinition> tools,
                                       bool finalCall)
    : m_inner(std::move(inner))
    , m_tools(std::move(tools))
    , m_final(finalCall)
{ }

QString AgentRequestSource::finalInstruction()
{
    // Sent to the model, not shown to the user: English on purpose.
    return QStringLiteral(
        "[Skein] The tool-call limit for this turn is reached. Do not call tools. Answer the user now with the best "
        "answer you can give from what you already know, and say briefly what is still open.");
}

void AgentRequestSource::adjust(ChatRequest &request) const
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

ChatRequest AgentRequestSource::build(const Session &session, const QList<Message> &path) const
{
    ChatRequest request = m_inner->build(session, path);
    adjust(request);
    return request;
}

std::shared_ptr<const RequestInputs> AgentRequestSource::prepare(Store &store, const Session &session,
                                                                 const QString &leafId, const QString &providerId,
                                                                 const QString &model) const
{
    return m_inner->prepare(store, session, leafId, providerId, model);
}

bool AgentRequestSource::loadsOwnPath() const
{
    return m_inner->loadsOwnPath();
}

BuiltRequest AgentRequestSource::buildCall(const Session &session, const QList<Message> &path,
                                           const RequestInputs *inputs) const
{
    BuiltRequest built = m_inner->buildCall(session, path, inputs);
    adjust(built.request);
    return built;
}

std::shared_ptr<const RequestInputs> AgentRequestSource::shrink(const RequestInputs *inputs,
                                                                const LlmError &error) const
{
    return m_inner->shrink(inputs, error);
}

Status AgentRequestSource::learn(Store &store, const RequestInputs *inputs, const ContextSnapshot *snapshot,
                                 const Usage &usage) const
{
    return m_inner->learn(store, inputs, snapshot, usage);
}

} // namespace Skein
