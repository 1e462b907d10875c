#include "requestsource.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Skein {

RequestSource::~RequestSource() = default;

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
