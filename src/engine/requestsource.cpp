#include "requestsource.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Skein {

RequestSource::~RequestSource() = default;
RequestInputs::~RequestInputs() = default;

std::shared_ptr<const RequestInputs> RequestSource::prepare(Store &, const Session &, const QString &, const QString &,
                                                            const QString &) const
{
    return nullptr;
}

BuiltRequest RequestSource::buildCall(const Session &session, const QList<Message> &path, const RequestInputs *) const
{
    return {build(session, path), std::nullopt};
}

std::shared_ptr<const RequestInputs> RequestSource::shrink(const RequestInputs *, const LlmError &) const
{
    return nullptr;
}

Status RequestSource::learn(Store &, const RequestInputs *, const ContextSnapshot *, const Usage &) const
{
    return {};
}

namespace {

QList<ToolCall> toolCallsOf(const Message &m)
{
    QList<ToolCall> calls;
    int index = 0;
    for (const QJsonValue &v : m.toolCalls) {
        const QJsonObject o = v.toObject();
        ToolCall call;
        call.index = index++;
        call.id = o.value(QStringLiteral("id")).toString();
        call.name = o.value(QStringLiteral("name")).toString();
        call.argumentsJson = o.value(QStringLiteral("arguments")).toString();
        calls.append(call);
    }
    return calls;
}

} // namespace

ChatRequest PathRequestSource::build(const Session &session, const QList<Message> &path) const
{
    ChatRequest request;
    request.model = session.model;
    request.systemPrompt = session.systemPrompt;
    for (const Message &m : path) {
        const QString text = m.renderContent.isEmpty() ? m.content : m.renderContent;
        switch (m.role) {
        case Role::System:
            request.systemPrompt += (request.systemPrompt.isEmpty() ? QString() : QStringLiteral("\n\n")) + text;
            break;
        case Role::User:
            request.messages.append(ChatMessage::user(text));
            break;
        case Role::Assistant: {
            if (text.isEmpty() && m.toolCalls.isEmpty())
                break;
            ChatMessage a = ChatMessage::assistant(text, toolCallsOf(m));
            a.reasoning = m.reasoning;
            a.reasoningBlocks = m.reasoningBlocks;
            request.messages.append(a);
            break;
        }
        case Role::Tool:
            request.messages.append(ChatMessage::toolResult(m.toolCallId, m.toolName, text));
            break;
        }
    }
    return request;
}

} // namespace Skein
