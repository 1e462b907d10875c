// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "scriptedmodel.h"

#include <QJsonDocument>

namespace Skein::Test {

namespace {

QByteArray event(const QJsonObject &chunk)
{
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject chunkWith(const QJsonObject &delta, const QJsonValue &finish = QJsonValue::Null)
{
    QJsonObject choice {
        {QStringLiteral("index"), 0}, {QStringLiteral("delta"), delta}, {QStringLiteral("finish_reason"), finish}};
    return QJsonObject {{QStringLiteral("id"), QStringLiteral("chatcmpl-scripted")},
                        {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                        {QStringLiteral("model"), QStringLiteral("scripted")},
                        {QStringLiteral("choices"), QJsonArray {choice}}};
}

} // namespace

QByteArray openAiSse(const ScriptedReply &reply)
{
    QByteArray body = event(
        chunkWith({{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), QString()}}));
    const int step = qMax(1, reply.chunkChars);
    for (qsizetype i = 0; i < reply.reasoning.size(); i += step)
        body += event(chunkWith({{QStringLiteral("reasoning_content"), reply.reasoning.mid(i, step)}}));
    for (qsizetype i = 0; i < reply.text.size(); i += step)
        body += event(chunkWith({{QStringLiteral("content"), reply.text.mid(i, step)}}));
    for (qsizetype n = 0; n < reply.toolCalls.size(); ++n) {
        const ScriptedToolCall &call = reply.toolCalls.at(n);
        const QByteArray arguments = QJsonDocument(call.arguments).toJson(QJsonDocument::Compact);
        const qsizetype half = arguments.size() / 2;
        QJsonObject first {{QStringLiteral("index"), int(n)},
                           {QStringLiteral("id"), call.id},
                           {QStringLiteral("type"), QStringLiteral("function")},
                           {QStringLiteral("function"),
                            QJsonObject {{QStringLiteral("name"), call.name},
                                         {QStringLiteral("arguments"), QString::fromUtf8(arguments.left(half))}}}};
        QJsonObject second {{QStringLiteral("index"), int(n)},
                            {QStringLiteral("function"),
                             QJsonObject {{QStringLiteral("arguments"), QString::fromUtf8(arguments.mid(half))}}}};
        body += event(chunkWith({{QStringLiteral("tool_calls"), QJsonArray {first}}}));
        body += event(chunkWith({{QStringLiteral("tool_calls"), QJsonArray {second}}}));
    }
    const QString finish = !reply.finishReason.isEmpty() ? reply.finishReason
        : reply.toolCalls.isEmpty()                      ? QStringLiteral("stop")
                                                         : QStringLiteral("tool_calls");
    body += event(chunkWith(QJsonObject {}, finish));
    if (reply.promptTokens >= 0 || reply.completionTokens >= 0) {
        QJsonObject usage {
            {QStringLiteral("prompt_tokens"), qMax(0, reply.promptTokens)},
            {QStringLiteral("completion_tokens"), qMax(0, reply.completionTokens)},
            {QStringLiteral("total_tokens"), qMax(0, reply.promptTokens) + qMax(0, reply.completionTokens)}};
        if (reply.cachedTokens >= 0)
            usage.insert(QStringLiteral("prompt_tokens_details"),
                         QJsonObject {{QStringLiteral("cached_tokens"), reply.cachedTokens}});
        QJsonObject last = chunkWith({});
        last.insert(QStringLiteral("choices"), QJsonArray {});
        last.insert(QStringLiteral("usage"), usage);
        body += event(last);
    }
    body += "data: [DONE]\n\n";
    return body;
}

ReplayResponse openAiReply(const ScriptedReply &reply)
{
    return ReplayResponse::fromBytes(200, openAiSse(reply), "text/event-stream");
}

ReplayResponse openAiText(const QString &text, int promptTokens)
{
    ScriptedReply reply;
    reply.text = text;
    reply.promptTokens = promptTokens;
    reply.completionTokens = promptTokens >= 0 ? int(text.size() / 4 + 1) : -1;
    return openAiReply(reply);
}

ReplayResponse openAiError(int status, const QString &code, const QString &message)
{
    const QJsonObject error {{QStringLiteral("message"), message},
                             {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                             {QStringLiteral("code"), code}};
    return ReplayResponse::fromBytes(
        status, QJsonDocument(QJsonObject {{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact),
        "application/json");
}

QJsonObject requestJson(const RecordedRequest &request)
{
    return QJsonDocument::fromJson(request.body).object();
}

QJsonArray requestMessages(const RecordedRequest &request)
{
    return requestJson(request).value(QStringLiteral("messages")).toArray();
}

QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &part : content.toArray()) {
        const QJsonObject o = part.toObject();
        if (o.value(QStringLiteral("type")).toString() == QLatin1String("text"))
            text += o.value(QStringLiteral("text")).toString();
    }
    return text;
}

QString lastUserText(const RecordedRequest &request)
{
    const QJsonArray messages = requestMessages(request);
    for (qsizetype i = messages.size() - 1; i >= 0; --i) {
        const QJsonObject m = messages.at(i).toObject();
        if (m.value(QStringLiteral("role")).toString() == QLatin1String("user"))
            return contentText(m.value(QStringLiteral("content")));
    }
    return {};
}

} // namespace Skein::Test
