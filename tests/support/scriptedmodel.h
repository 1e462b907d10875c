/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "replayserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Skein::Test {

// Building blocks for a scripted model server: a ReplayServer route whose handler decides the
// reply from the request it received (route("POST", "/v1/chat/completions", handler)). Replies
// speak the OpenAI Chat Completions streaming format, as real servers send it.
struct ScriptedToolCall
{
    QString id;
    QString name;
    QJsonObject arguments;
};

struct ScriptedReply
{
    QString text;
    QString reasoning;
    QList<ScriptedToolCall> toolCalls;
    int promptTokens = -1; // -1: not reported
    int completionTokens = -1;
    int cachedTokens = -1;
    QString finishReason; // empty: "tool_calls" when there are calls, else "stop"
    int chunkChars = 16; // text is streamed in pieces of this many characters
};

// The SSE body of a streamed chat completion carrying reply.
QByteArray openAiSse(const ScriptedReply &reply);
// A 200 text/event-stream response with that body.
ReplayResponse openAiReply(const ScriptedReply &reply);
ReplayResponse openAiText(const QString &text, int promptTokens = -1);
// An OpenAI-style error response, e.g. (400, "context_length_exceeded", "This model's maximum...").
ReplayResponse openAiError(int status, const QString &code, const QString &message);

// The JSON body of a recorded request (an empty object if it is not JSON).
QJsonObject requestJson(const RecordedRequest &request);
QJsonArray requestMessages(const RecordedRequest &request);
// The text of the last user message (string content or the text parts of an array).
QString lastUserText(const RecordedRequest &request);
// The text of a message's content, whatever its shape.
QString contentText(const QJsonValue &content);

} // namespace Skein::Test
