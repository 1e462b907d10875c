// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Request bodies and headers per provider kind, error classification, Retry-After and the retry
// policy, and the preset table. The request shapes are compared with what the recorded exchanges
// in ../shared/fixtures/wire show (structure, not bytes).

#include "llm/callerror.h"
#include "llm/imagecost.h"
#include "llm/providerclient.h"
#include "llm/providerpresets.h"
#include "llm/retrypolicy.h"
#include "llm/wirerequest.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QSet>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QJsonObject readJson(const QString &relative)
{
    return QJsonDocument::fromJson(Test::readFile(Test::sharedPath(relative))).object();
}

ToolCall toolCall(const QString &id, const QString &name, const QString &arguments)
{
    ToolCall call;
    call.id = id;
    call.name = name;
    call.argumentsJson = arguments;
    return call;
}

ToolDefinition weatherTool()
{
    return {u"get_weather"_s, u"Get the weather in a given city"_s,
            QJsonObject {{u"type"_s, u"object"_s},
                         {u"properties"_s,
                          QJsonObject {{u"city"_s,
                                        QJsonObject {{u"type"_s, u"string"_s},
                                                     {u"description"_s, u"The city to get the weather for"_s}}}}},
                         {u"required"_s, QJsonArray {u"city"_s}}}};
}

// A conversation with a tool round trip: user, assistant tool call, tool result.
ChatRequest weatherConversation()
{
    ChatRequest request;
    request.model = u"llama3.2"_s;
    request.systemPrompt = u"You are terse."_s;
    request.messages
        = {ChatMessage::user(u"what is the weather in Toronto?"_s),
           ChatMessage::assistant(QString(), {toolCall(u"call_1"_s, u"get_weather"_s, uR"({"city":"Toronto"})"_s)}),
           ChatMessage::toolResult(u"call_1"_s, u"get_weather"_s, u"11 degrees celsius"_s)};
    request.tools = {weatherTool()};
    request.maxTokens = 512;
    request.temperature = 0.5;
    return request;
}

RawHeaders headers(std::initializer_list<std::pair<QByteArray, QByteArray>> list)
{
    return RawHeaders(list);
}

} // namespace

class TestRequestBuilder final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openAiBody()
    {
        const QJsonObject body = WireRequest::openAiBody(weatherConversation());
        QCOMPARE(body.value(u"model"_s).toString(), u"llama3.2"_s);
        QCOMPARE(body.value(u"stream"_s).toBool(), true);
        QCOMPARE(body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(), true);
        QCOMPARE(body.value(u"max_tokens"_s).toInt(), 512);
        QCOMPARE(body.value(u"temperature"_s).toDouble(), 0.5);

        const QJsonArray messages = body.value(u"messages"_s).toArray();
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages.at(0).toObject().value(u"role"_s).toString(), u"system"_s);
        QCOMPARE(messages.at(0).toObject().value(u"content"_s).toString(), u"You are terse."_s);
        const QJsonObject assistant = messages.at(2).toObject();
        QVERIFY(assistant.value(u"content"_s).isNull());
        const QJsonObject call = assistant.value(u"tool_calls"_s).toArray().at(0).toObject();
        QCOMPARE(call.value(u"id"_s).toString(), u"call_1"_s);
        QCOMPARE(call.value(u"type"_s).toString(), u"function"_s);
        const QJsonValue arguments = call.value(u"function"_s).toObject().value(u"arguments"_s);
        QVERIFY2(arguments.isString(), "OpenAI wants the arguments as JSON text");
        QCOMPARE(QJsonDocument::fromJson(arguments.toString().toUtf8()).object().value(u"city"_s).toString(),
                 u"Toronto"_s);
        const QJsonObject tool = messages.at(3).toObject();
        QCOMPARE(tool.value(u"role"_s).toString(), u"tool"_s);
        QCOMPARE(tool.value(u"tool_call_id"_s).toString(), u"call_1"_s);
        QCOMPARE(tool.value(u"content"_s).toString(), u"11 degrees celsius"_s);

        const QJsonObject function = body.value(u"tools"_s).toArray().at(0).toObject().value(u"function"_s).toObject();
        QCOMPARE(function.value(u"name"_s).toString(), u"get_weather"_s);
        QCOMPARE(function.value(u"parameters"_s).toObject(), weatherTool().parameters);

        ChatRequest plain = weatherConversation();
        plain.stream = false;
        plain.systemPrompt.clear();
        const QJsonObject unstreamed = WireRequest::openAiBody(plain);
        QVERIFY(!unstreamed.contains(u"stream_options"_s));
        QCOMPARE(unstreamed.value(u"messages"_s).toArray().at(0).toObject().value(u"role"_s).toString(), u"user"_s);
    }

    void reasoningAndTokenFieldSwitches()
    {
        ChatRequest request = weatherConversation();
        request.messages[1].reasoning = u"The user wants weather; call the tool."_s;
        ReasoningBlock signedBlock;
        signedBlock.thinking = request.messages[1].reasoning;
        signedBlock.signature = u"sig-abc"_s;
        request.messages[1].reasoningBlocks = {signedBlock};

        QJsonObject body = WireRequest::openAiBody(request);
        QVERIFY(!body.value(u"messages"_s).toArray().at(2).toObject().contains(u"reasoning_content"_s));
        QVERIFY(body.contains(u"max_tokens"_s));
        request.sendReasoningContent = true;
        request.useMaxCompletionTokens = true;
        body = WireRequest::openAiBody(request);
        QCOMPARE(body.value(u"messages"_s).toArray().at(2).toObject().value(u"reasoning_content"_s).toString(),
                 request.messages[1].reasoning);
        QCOMPARE(body.value(u"max_completion_tokens"_s).toInt(), 512);
        QVERIFY(!body.contains(u"max_tokens"_s));

        const QJsonArray blocks = WireRequest::anthropicBody(request)
                                      .value(u"messages"_s)
                                      .toArray()
                                      .at(1)
                                      .toObject()
                                      .value(u"content"_s)
                                      .toArray();
        QCOMPARE(blocks.size(), 2);
        const QJsonObject thinking = blocks.at(0).toObject();
        QCOMPARE(thinking.value(u"type"_s).toString(), u"thinking"_s);
        QCOMPARE(thinking.value(u"thinking"_s).toString(), request.messages[1].reasoning);
        QCOMPARE(thinking.value(u"signature"_s).toString(), u"sig-abc"_s);
        QCOMPARE(blocks.at(1).toObject().value(u"type"_s).toString(), u"tool_use"_s);
    }

    // Several thinking blocks interleaved with text and tool calls go back in their order, each
    // with its own signature; redacted blocks too; an unsigned (cut-off) block cannot be verified
    // and stays out; offsets out of range are clamped instead of trusted.
    void anthropicThinkingBlocksKeepTheirOrder()
    {
        ChatRequest request = weatherConversation();
        request.messages.append(ChatMessage::toolResult(u"call_2"_s, u"get_weather"_s, u"20 C"_s));
        ChatMessage &assistant = request.messages[1];
        assistant.content = u"Let me check. Then Paris."_s;
        assistant.toolCalls = {toolCall(u"call_1"_s, u"get_weather"_s, uR"({"city":"Toronto"})"_s),
                               toolCall(u"call_2"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s)};
        const auto block = [](ReasoningBlock::Kind kind, const QString &payload, const QString &signature,
                              qsizetype textOffset, qsizetype callsBefore) {
            ReasoningBlock b;
            b.kind = kind;
            (kind == ReasoningBlock::Kind::Redacted ? b.data : b.thinking) = payload;
            b.signature = signature;
            b.textOffset = textOffset;
            b.toolCallsBefore = callsBefore;
            return b;
        };
        using K = ReasoningBlock::Kind;
        assistant.reasoningBlocks = {
            block(K::Thinking, u"first"_s, u"sig-1"_s, 0, 0),    block(K::Redacted, u"opaque=="_s, {}, 0, 0),
            block(K::Thinking, u"second"_s, u"sig-2"_s, 14, 1),  block(K::Thinking, u"unsigned"_s, {}, 14, 1),
            block(K::Thinking, u"third"_s, u"sig-3"_s, 9999, 9),
        };
        const QJsonArray blocks = WireRequest::anthropicBody(request)
                                      .value(u"messages"_s)
                                      .toArray()
                                      .at(1)
                                      .toObject()
                                      .value(u"content"_s)
                                      .toArray();
        QStringList shape;
        for (const QJsonValue &v : blocks) {
            const QJsonObject o = v.toObject();
            const QString type = o.value(u"type"_s).toString();
            if (type == u"thinking")
                shape << type + u':' + o.value(u"thinking"_s).toString() + u'/' + o.value(u"signature"_s).toString();
            else if (type == u"redacted_thinking")
                shape << type + u':' + o.value(u"data"_s).toString();
            else if (type == u"text")
                shape << type + u':' + o.value(u"text"_s).toString();
            else
                shape << type + u':' + o.value(u"id"_s).toString();
        }
        QCOMPARE(shape,
                 (QStringList {u"thinking:first/sig-1"_s, u"redacted_thinking:opaque=="_s, u"text:Let me check. "_s,
                               u"tool_use:call_1"_s, u"thinking:second/sig-2"_s, u"text:Then Paris."_s,
                               u"tool_use:call_2"_s, u"thinking:third/sig-3"_s}));
        // Without blocks the turn is text then tool_use, as before.
        assistant.reasoningBlocks.clear();
        const QJsonArray plain = WireRequest::anthropicBody(request)
                                     .value(u"messages"_s)
                                     .toArray()
                                     .at(1)
                                     .toObject()
                                     .value(u"content"_s)
                                     .toArray();
        QCOMPARE(plain.size(), 3);
        QCOMPARE(plain.at(0).toObject().value(u"text"_s).toString(), assistant.content);
    }

    void ollamaBodyMatchesDocumentedToolHistory()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire/ollama");
        const QJsonObject documented = readJson(u"fixtures/wire/ollama/chat-request-tool-result-history.json"_s);
        ChatRequest request = weatherConversation();
        request.systemPrompt.clear();
        request.stream = false;
        request.maxTokens.reset();
        request.temperature.reset();
        const QJsonObject body = WireRequest::ollamaBody(request);

        QCOMPARE(body.value(u"model"_s), documented.value(u"model"_s));
        QCOMPARE(body.value(u"stream"_s), documented.value(u"stream"_s));
        QCOMPARE(body.value(u"tools"_s), documented.value(u"tools"_s));
        const QJsonArray ours = body.value(u"messages"_s).toArray();
        const QJsonArray theirs = documented.value(u"messages"_s).toArray();
        QCOMPARE(ours.size(), theirs.size());
        for (qsizetype i = 0; i < ours.size(); ++i) {
            const QJsonObject a = ours.at(i).toObject();
            const QJsonObject b = theirs.at(i).toObject();
            QCOMPARE(a.value(u"role"_s), b.value(u"role"_s));
            QCOMPARE(a.value(u"content"_s), b.value(u"content"_s));
            QCOMPARE(a.value(u"tool_name"_s), b.value(u"tool_name"_s));
            const QJsonArray ourCalls = a.value(u"tool_calls"_s).toArray();
            const QJsonArray theirCalls = b.value(u"tool_calls"_s).toArray();
            QCOMPARE(ourCalls.size(), theirCalls.size());
            for (qsizetype c = 0; c < ourCalls.size(); ++c) {
                QCOMPARE(ourCalls.at(c).toObject().value(u"function"_s),
                         theirCalls.at(c).toObject().value(u"function"_s));
            }
        }

        request.temperature = 0.2;
        request.maxTokens = 64;
        request.systemPrompt = u"sys"_s;
        const QJsonObject withOptions = WireRequest::ollamaBody(request);
        QCOMPARE(withOptions.value(u"options"_s).toObject().value(u"num_predict"_s).toInt(), 64);
        QCOMPARE(withOptions.value(u"messages"_s).toArray().at(0).toObject().value(u"role"_s).toString(), u"system"_s);
    }

    void anthropicBodyMatchesRecordedToolRoundTrip()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire/anthropic");
        const QJsonObject exchange
            = readJson(u"fixtures/wire/anthropic/messages-nonstream-tool-round-trip.exchange.json"_s);
        const QJsonArray interactions = exchange.value(u"interactions"_s).toArray();
        QVERIFY(interactions.size() >= 2);
        const QJsonObject recorded
            = interactions.at(1).toObject().value(u"request"_s).toObject().value(u"body"_s).toObject();
        const QJsonArray recordedMessages = recorded.value(u"messages"_s).toArray();

        // Rebuild the second request from the first reply, as the agent loop would.
        const QJsonArray reply = interactions.at(0)
                                     .toObject()
                                     .value(u"response"_s)
                                     .toObject()
                                     .value(u"body"_s)
                                     .toObject()
                                     .value(u"content"_s)
                                     .toArray();
        QString text;
        QList<ToolCall> calls;
        for (const QJsonValue &block : reply) {
            const QJsonObject object = block.toObject();
            if (object.value(u"type"_s) == u"text"_s)
                text += object.value(u"text"_s).toString();
            else if (object.value(u"type"_s) == u"tool_use"_s)
                calls.append(toolCall(object.value(u"id"_s).toString(), object.value(u"name"_s).toString(),
                                      QString::fromUtf8(QJsonDocument(object.value(u"input"_s).toObject()).toJson())));
        }
        QCOMPARE(calls.size(), 1);
        const QJsonObject recordedTool = recorded.value(u"tools"_s).toArray().at(0).toObject();
        ChatRequest request;
        request.model = recorded.value(u"model"_s).toString();
        request.maxTokens = recorded.value(u"max_tokens"_s).toInt();
        request.stream = false;
        request.cacheStablePrefix = false;
        request.messages = {ChatMessage::user(recordedMessages.at(0).toObject().value(u"content"_s).toString()),
                            ChatMessage::assistant(text, calls),
                            ChatMessage::toolResult(calls.at(0).id, calls.at(0).name, u"Tool result"_s)};
        request.tools = {{recordedTool.value(u"name"_s).toString(), recordedTool.value(u"description"_s).toString(),
                          recordedTool.value(u"input_schema"_s).toObject()}};
        const QJsonObject body = WireRequest::anthropicBody(request);

        QCOMPARE(body.value(u"model"_s), recorded.value(u"model"_s));
        QCOMPARE(body.value(u"max_tokens"_s), recorded.value(u"max_tokens"_s));
        QCOMPARE(body.value(u"messages"_s).toArray(), recordedMessages);
        const QJsonObject tool = body.value(u"tools"_s).toArray().at(0).toObject();
        QCOMPARE(tool.value(u"input_schema"_s), recordedTool.value(u"input_schema"_s));
        QCOMPARE(tool.value(u"name"_s), recordedTool.value(u"name"_s));
        QVERIFY(!body.contains(u"system"_s));
    }

    void anthropicSystemCacheAndMergedToolResults()
    {
        ChatRequest request = weatherConversation();
        request.messages[1].toolCalls.append(toolCall(u"call_2"_s, u"get_weather"_s, uR"({"city":"Oslo"})"_s));
        request.messages.append(ChatMessage::toolResult(u"call_2"_s, u"get_weather"_s, u"-3 degrees"_s));
        request.messages.last().isError = true;
        const QJsonObject body = WireRequest::anthropicBody(request);

        const QJsonArray system = body.value(u"system"_s).toArray();
        QCOMPARE(system.size(), 1);
        QCOMPARE(system.at(0).toObject().value(u"text"_s).toString(), u"You are terse."_s);
        QCOMPARE(system.at(0).toObject().value(u"cache_control"_s).toObject().value(u"type"_s).toString(),
                 u"ephemeral"_s);
        QCOMPARE(body.value(u"tools"_s)
                     .toArray()
                     .last()
                     .toObject()
                     .value(u"cache_control"_s)
                     .toObject()
                     .value(u"type"_s)
                     .toString(),
                 u"ephemeral"_s);

        const QJsonArray messages = body.value(u"messages"_s).toArray();
        QCOMPARE(messages.size(), 3); // user, assistant, one user message with both results
        const QJsonArray blocks = messages.at(1).toObject().value(u"content"_s).toArray();
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(0).toObject().value(u"type"_s).toString(), u"tool_use"_s);
        QCOMPARE(blocks.at(1).toObject().value(u"input"_s).toObject().value(u"city"_s).toString(), u"Oslo"_s);
        const QJsonArray results = messages.at(2).toObject().value(u"content"_s).toArray();
        QCOMPARE(messages.at(2).toObject().value(u"role"_s).toString(), u"user"_s);
        QCOMPARE(results.size(), 2);
        QCOMPARE(results.at(0).toObject().value(u"tool_use_id"_s).toString(), u"call_1"_s);
        QCOMPARE(results.at(1).toObject().value(u"tool_use_id"_s).toString(), u"call_2"_s);
        QCOMPARE(results.at(1).toObject().value(u"is_error"_s).toBool(), true);
        QVERIFY(!results.at(0).toObject().contains(u"is_error"_s));
        QCOMPARE(body.value(u"max_tokens"_s).toInt(), 512);

        request.maxTokens.reset();
        QVERIFY2(WireRequest::anthropicBody(request).value(u"max_tokens"_s).toInt() > 0, "max_tokens is required");
    }

    // Issue 16: a user message's images in each dialect (reference/wire-protocols.md).
    void imagesPerProviderKind()
    {
        ChatRequest request = weatherConversation();
        ChatImage image {u"a1"_s, u"abc"_s, u"image/png"_s, -1, QByteArray("\x89PNG-bytes"), 120, 60, 85};
        ChatImage unread = image; // built without the store: never sent
        unread.data.clear();
        ChatMessage look = ChatMessage::user(u"What is in the chart?"_s);
        look.images = {image, unread};
        request.messages.append(look);
        const QString base64 = QString::fromLatin1(image.data.toBase64());

        QJsonArray messages = WireRequest::openAiBody(request).value(u"messages"_s).toArray();
        QVERIFY(messages.at(1).toObject().value(u"content"_s).isString()); // no images: plain text
        QJsonArray parts = messages.last().toObject().value(u"content"_s).toArray();
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0).toObject().value(u"text"_s).toString(), u"What is in the chart?"_s);
        QCOMPARE(parts.at(1).toObject().value(u"type"_s).toString(), u"image_url"_s);
        QCOMPARE(parts.at(1).toObject().value(u"image_url"_s).toObject().value(u"url"_s).toString(),
                 u"data:image/png;base64,"_s + base64);

        // Anthropic: the image block first; after tool results, in their user message.
        const QJsonObject anthropic = WireRequest::anthropicBody(request);
        messages = anthropic.value(u"messages"_s).toArray();
        QCOMPARE(messages.size(), 3);
        const QJsonArray blocks = messages.last().toObject().value(u"content"_s).toArray();
        QCOMPARE(blocks.size(), 3);
        QCOMPARE(blocks.at(0).toObject().value(u"type"_s).toString(), u"tool_result"_s);
        const QJsonObject source = blocks.at(1).toObject().value(u"source"_s).toObject();
        QCOMPARE(blocks.at(1).toObject().value(u"type"_s).toString(), u"image"_s);
        QCOMPARE(source,
                 (QJsonObject {{u"type"_s, u"base64"_s}, {u"media_type"_s, u"image/png"_s}, {u"data"_s, base64}}));
        QCOMPARE(blocks.at(2).toObject().value(u"text"_s).toString(), u"What is in the chart?"_s);
        // The cache breakpoint stays on the stable prefix, never on a message.
        QVERIFY(anthropic.value(u"system"_s).toArray().at(0).toObject().contains(u"cache_control"_s));
        QVERIFY(!QJsonDocument(messages).toJson().contains("cache_control"));
        ChatRequest alone;
        alone.messages = {look};
        const QJsonArray first = WireRequest::anthropicBody(alone).value(u"messages"_s).toArray();
        QCOMPARE(first.at(0).toObject().value(u"content"_s).toArray().size(), 2);

        // Ollama: plain base64 strings beside the text.
        messages = WireRequest::ollamaBody(request).value(u"messages"_s).toArray();
        const QJsonObject last = messages.last().toObject();
        QCOMPARE(last.value(u"content"_s).toString(), u"What is in the chart?"_s);
        QCOMPARE(last.value(u"images"_s).toArray(), QJsonArray {base64});
        QVERIFY(!messages.at(1).toObject().contains(u"images"_s));
    }

    // A PDF whose pages the user asked for: Anthropic reads it as a document block; the others get
    // its pages as images (never the PDF itself, which they do not read).
    void aPdfIsADocumentForAnthropicOnly()
    {
        ChatImage pdf {u"a2"_s, u"def"_s, u"application/pdf"_s, -1, QByteArray("%PDF-1.7 bytes"), 0, 0, 3000};
        ChatImage page {u"a2"_s, u"def"_s, u"image/png"_s, 0, QByteArray("\x89PNG-page"), 768, 994, 765};
        ChatMessage read = ChatMessage::user(u"Summarise the report."_s);
        read.images = {pdf};
        ChatRequest request;
        request.messages = {read};
        const QJsonArray blocks = WireRequest::anthropicBody(request)
                                      .value(u"messages"_s)
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(u"content"_s)
                                      .toArray();
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks.at(0).toObject().value(u"type"_s).toString(), u"document"_s);
        QCOMPARE(blocks.at(0).toObject().value(u"source"_s).toObject(),
                 (QJsonObject {{u"type"_s, u"base64"_s},
                               {u"media_type"_s, u"application/pdf"_s},
                               {u"data"_s, QString::fromLatin1(pdf.data.toBase64())}}));
        QCOMPARE(blocks.at(1).toObject().value(u"text"_s).toString(), u"Summarise the report."_s);

        request.messages.first().images = {pdf, page};
        const QJsonArray parts = WireRequest::openAiBody(request)
                                     .value(u"messages"_s)
                                     .toArray()
                                     .last()
                                     .toObject()
                                     .value(u"content"_s)
                                     .toArray();
        QCOMPARE(parts.size(), 2); // the text and the page; not the PDF
        QVERIFY(parts.at(1)
                    .toObject()
                    .value(u"image_url"_s)
                    .toObject()
                    .value(u"url"_s)
                    .toString()
                    .startsWith(u"data:image/png;base64,"_s));
        const QJsonObject ollama = WireRequest::ollamaBody(request).value(u"messages"_s).toArray().last().toObject();
        QCOMPARE(ollama.value(u"images"_s).toArray(), QJsonArray {QString::fromLatin1(page.data.toBase64())});
    }

    // The documented examples of each formula (docs/attachments.md).
    void imageCostFollowsEachProvidersFormula()
    {
        using K = ProviderKind;
        // OpenAI: 1024 × 1024 → 768 × 768, 4 tiles; 2048 × 4096 → 768 × 1536, 6 tiles.
        QCOMPARE(ImageCost::sentSize(K::OpenAiCompatible, QSize(1024, 1024)), QSize(768, 768));
        QCOMPARE(ImageCost::tokens(K::OpenAiCompatible, QSize(1024, 1024)), 765);
        QCOMPARE(ImageCost::sentSize(K::OpenAiCompatible, QSize(2048, 4096)), QSize(768, 1536));
        QCOMPARE(ImageCost::tokens(K::OpenAiCompatible, QSize(2048, 4096)), 1105);
        QCOMPARE(ImageCost::tokens(K::OpenAiCompatible, QSize(120, 60)), 255); // one tile
        // A PDF's page: US Letter at 150 dpi, 768 × 993 for OpenAI (4 tiles), 942 × 1219 for Anthropic.
        QCOMPARE(ImageCost::sentSize(K::OpenAiCompatible, ImageCost::kPageSize), QSize(768, 993));
        QCOMPARE(ImageCost::pageTokens(K::OpenAiCompatible, 2), 2 * 765);
        QCOMPARE(ImageCost::sentSize(K::Anthropic, ImageCost::kPageSize), QSize(942, 1219));
        QCOMPARE(ImageCost::pageTokens(K::Anthropic, 3), 3 * 1532);
        QCOMPARE(ImageCost::pageTokens(K::Anthropic, 0), 0);
        // Anthropic: 1000 × 1000 → 1,334; a photo is scaled to 1.15 megapixels at most first.
        QCOMPARE(ImageCost::tokens(K::Anthropic, QSize(1000, 1000)), 1334);
        QCOMPARE(ImageCost::sentSize(K::Anthropic, QSize(1000, 1000)), QSize(1000, 1000));
        const QSize photo = ImageCost::sentSize(K::Anthropic, QSize(4000, 3000));
        QVERIFY2(photo.width() <= 1568 && qint64(photo.width()) * photo.height() <= 1'150'000,
                 qPrintable(u"%1x%2"_s.arg(photo.width()).arg(photo.height())));
        QVERIFY(qAbs(double(photo.width()) / photo.height() - 4.0 / 3.0) < 0.01);
        QCOMPARE(ImageCost::tokens(K::Anthropic, QSize(4000, 3000)),
                 (qint64(photo.width()) * photo.height() + 749) / 750);
        QCOMPARE(ImageCost::sentSize(K::OllamaNative, QSize(3000, 500)).width(), 1568);
        QCOMPARE(ImageCost::tokens(K::Anthropic, QSize()), 0);
        QCOMPARE(ImageCost::sentSize(K::OpenAiCompatible, QSize(1, 9000)), QSize(1, 2048));
    }

    // A server that cannot read images says so; the user reads what to do, and it is not retried.
    void imageRefusalInPlainWords()
    {
        const CallError llama = ErrorParser::fromHttp(
            500, {},
            R"({"error":{"code":500,"message":"image input is not supported - hint: if this is unexpected, you may need to provide the mmproj","type":"server_error"}})");
        QVERIFY(llama.refusesImages());
        QVERIFY(!llama.isRetryable());
        QVERIFY2(llama.displayText().startsWith(u"The model does not accept images."_s),
                 qPrintable(llama.displayText()));
        QVERIFY(llama.displayText().contains(u"--vision no"_s));
        const CallError openAi = ErrorParser::fromHttp(
            400, {},
            R"({"error":{"message":"Invalid content type. image_url is only supported by certain models.","type":"invalid_request_error"}})");
        QVERIFY(openAi.refusesImages());
        const CallError other = ErrorParser::fromHttp(500, {}, R"({"error":{"message":"out of memory"}})");
        QVERIFY(!other.refusesImages());
        QVERIFY(other.isRetryable());
    }

    void continueInterruptedReply()
    {
        ChatRequest request;
        request.model = u"m"_s;
        request.messages = {ChatMessage::user(u"Write a poem"_s), ChatMessage::assistant(u"Roses are red,\n"_s)};
        request.continueLastAssistant = true;

        const QJsonArray anthropic = WireRequest::anthropicBody(request).value(u"messages"_s).toArray();
        QCOMPARE(anthropic.size(), 2);
        QCOMPARE(anthropic.last().toObject().value(u"role"_s).toString(), u"assistant"_s);
        QCOMPARE(anthropic.last().toObject().value(u"content"_s).toString(), u"Roses are red,"_s);

        for (const QJsonObject &body : {WireRequest::openAiBody(request), WireRequest::ollamaBody(request)}) {
            const QJsonArray messages = body.value(u"messages"_s).toArray();
            QCOMPARE(messages.size(), 3);
            QCOMPARE(messages.at(1).toObject().value(u"content"_s).toString(), u"Roses are red,\n"_s);
            QCOMPARE(messages.at(2).toObject().value(u"role"_s).toString(), u"user"_s);
            QCOMPARE(messages.at(2).toObject().value(u"content"_s).toString(), WireRequest::continueInstruction());
        }
    }

    void headersPerKind()
    {
        QNetworkAccessManager network;
        const QString key = u"sk-test-123"_s;

        ProviderClient openAi(
            &network,
            ProviderEndpoint::make(ProviderKind::OpenAiCompatible, QUrl(u"https://api.example.com/v1/"_s), key));
        QNetworkRequest request = openAi.request(WireRequest::chatPath(ProviderKind::OpenAiCompatible), true);
        QCOMPARE(request.url().toString(), u"https://api.example.com/v1/chat/completions"_s);
        QCOMPARE(request.rawHeader("Authorization"), QByteArray("Bearer sk-test-123"));
        QVERIFY(!request.hasRawHeader("x-api-key"));
        QCOMPARE(request.rawHeader("Accept"), QByteArray("text/event-stream"));
        QVERIFY2(!request.hasRawHeader("Accept-Encoding"), "QNAM must negotiate compression itself");
        QCOMPARE(request.header(QNetworkRequest::ContentTypeHeader).toString(), u"application/json"_s);
        QCOMPARE(request.transferTimeout(), openAi.endpoint().transferTimeoutMs);
        QVERIFY(openAi.endpoint().transferTimeoutMs >= 120000);

        ProviderClient anthropic(
            &network, ProviderEndpoint::make(ProviderKind::Anthropic, QUrl(u"https://api.anthropic.com"_s), key));
        request = anthropic.request(WireRequest::chatPath(ProviderKind::Anthropic), true);
        QCOMPARE(request.url().toString(), u"https://api.anthropic.com/v1/messages"_s);
        QCOMPARE(request.rawHeader("x-api-key"), key.toUtf8());
        QCOMPARE(request.rawHeader("anthropic-version"), QByteArray("2023-06-01"));
        QVERIFY(!request.hasRawHeader("Authorization"));

        ProviderClient ollama(
            &network, ProviderEndpoint::make(ProviderKind::OllamaNative, QUrl(u"http://localhost:11434"_s), key));
        request = ollama.request(WireRequest::chatPath(ProviderKind::OllamaNative), true);
        QCOMPARE(request.url().toString(), u"http://localhost:11434/api/chat"_s);
        QVERIFY(!request.hasRawHeader("Authorization"));
        QVERIFY(!request.hasRawHeader("x-api-key"));

        ProviderClient keyless(
            &network, ProviderEndpoint::make(ProviderKind::OpenAiCompatible, QUrl(u"http://localhost:8080/v1"_s)));
        QVERIFY(!keyless.request(u"/models"_s).hasRawHeader("Authorization"));
        QCOMPARE(keyless.rootUrl(u"/props"_s).toString(), u"http://localhost:8080/props"_s);

        ProviderClient azure(&network,
                             ProviderEndpoint::make(ProviderKind::OpenAiCompatible,
                                                    QUrl(u"https://x.example.com/openai/v1?api-version=2025-01-01"_s)));
        QCOMPARE(azure.url(u"/models?limit=5"_s).toString(),
                 u"https://x.example.com/openai/v1/models?api-version=2025-01-01&limit=5"_s);
    }

    void classifiesProviderErrorBodies_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("category");
        QTest::addColumn<bool>("retryable");
        QTest::addColumn<QString>("messagePart");
        using C = CallError::Category;
        QTest::newRow("openai 401") << u"openai/http-401-invalid-api-key.json"_s << 401 << int(C::Auth) << false
                                    << u"Incorrect API key"_s;
        QTest::newRow("openai 400 context") << u"openai/http-400-context-length-exceeded.json"_s << 400
                                            << int(C::ContextTooLong) << false << u"maximum context length"_s;
        QTest::newRow("openai 429 quota") << u"openai/http-429-insufficient-quota.json"_s << 429 << int(C::Quota)
                                          << false << u"exceeded your current quota"_s;
        QTest::newRow("openai 429 rate") << u"openai/http-429-rate-limit-tokens.json"_s << 429 << int(C::RateLimit)
                                         << true << u"Rate limit"_s;
        QTest::newRow("anthropic 529") << u"anthropic/http-529-overloaded-error.json"_s << 529 << int(C::Overloaded)
                                       << true << u"Overloaded"_s;
        QTest::newRow("llama.cpp 400") << u"llamacpp/http-400-exceed-context-size.json"_s << 400
                                       << int(C::ContextTooLong) << false << u"exceeds the available context"_s;
        QTest::newRow("ollama 404") << u"ollama/http-404-model-not-found.json"_s << 404 << int(C::NotFound) << false
                                    << u"not found, try pulling it first"_s;
    }

    void classifiesProviderErrorBodies()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire");
        QFETCH(QString, fixture);
        QFETCH(int, status);
        QFETCH(int, category);
        QFETCH(bool, retryable);
        QFETCH(QString, messagePart);
        const QByteArray body = Test::readFile(Test::sharedPath(u"fixtures/wire/"_s + fixture));
        QVERIFY(!body.isEmpty());
        const CallError error = ErrorParser::fromHttp(status, {}, body);
        QCOMPARE(int(error.category), category);
        QCOMPARE(error.httpStatus, status);
        QCOMPARE(error.isRetryable(), retryable);
        QVERIFY2(error.message.contains(messagePart, Qt::CaseInsensitive), qPrintable(error.message));
        QVERIFY(error.displayText().contains(error.message));
    }

    void contextLimitFromLlamaCpp()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire/llamacpp");
        const CallError error = ErrorParser::fromHttp(
            400, {}, Test::readFile(Test::sharedPath(u"fixtures/wire/llamacpp/http-400-exceed-context-size.json"_s)));
        QCOMPARE(error.contextLimit().value_or(0), 8192);
        QVERIFY(error.displayText().contains(QLocale().toString(8192)));
    }

    void htmlErrorPageBecomesReadableText()
    {
        const QByteArray page = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title>"
                                "<style>body{color:red}</style></head><body><center><h1>502 Bad Gateway</h1>"
                                "</center><hr><center>nginx/1.25.3</center></body></html>\n";
        const CallError error = ErrorParser::fromHttp(502, {}, page);
        QCOMPARE(error.category, CallError::Category::Http);
        QVERIFY(error.isRetryable());
        QVERIFY2(error.message.contains(u"502 Bad Gateway"_s), qPrintable(error.message));
        QVERIFY2(!error.message.contains(u'<') && !error.message.contains(u"color:red"_s), qPrintable(error.message));
    }

    void retryAfterForms()
    {
        const QDateTime now = QDateTime::fromString(u"2026-01-01T12:00:00Z"_s, Qt::ISODate);
        QCOMPARE(ErrorParser::retryAfterMs(headers({{"Retry-After", "7"}}), now).value_or(-1), 7000);
        QCOMPARE(ErrorParser::retryAfterMs(headers({{"retry-after", "1.5"}}), now).value_or(-1), 1500);
        QCOMPARE(
            ErrorParser::retryAfterMs(headers({{"retry-after-ms", "250"}, {"retry-after", "9"}}), now).value_or(-1),
            250);
        QCOMPARE(
            ErrorParser::retryAfterMs(headers({{"Retry-After", "Thu, 01 Jan 2026 12:00:30 GMT"}}), now).value_or(-1),
            30000);
        QVERIFY(!ErrorParser::retryAfterMs(headers({{"Retry-After", "soon"}}), now));
        QVERIFY(!ErrorParser::retryAfterMs({}, now));
    }

    void retryPolicy()
    {
        RetryPolicy policy;
        CallError server;
        server.category = CallError::Category::Http;
        server.httpStatus = 500;
        const auto none = [] { return 0.0; };
        QCOMPARE(policy.delayBeforeRetry(1, server, false, none).value_or(-1), 500);
        QCOMPARE(policy.delayBeforeRetry(2, server, false, none).value_or(-1), 1000);
        QCOMPARE(policy.delayBeforeRetry(3, server, false, none).value_or(-1), 2000);
        QVERIFY2(!policy.delayBeforeRetry(4, server, false, none), "at most three retries");
        QVERIFY2(!policy.delayBeforeRetry(1, server, true, none), "never after content arrived");
        const qint64 jittered = policy.delayBeforeRetry(2, server, false, [] { return 0.99; }).value_or(-1);
        QVERIFY(jittered >= 750 && jittered < 1000);

        for (int status : {408, 409, 502, 503}) {
            server.httpStatus = status;
            QVERIFY(policy.delayBeforeRetry(1, server, false, none));
        }
        for (int status : {400, 401, 403, 404, 422}) {
            const CallError error = ErrorParser::fromHttp(status, {}, QByteArray("{\"error\":{\"message\":\"no\"}}"));
            QVERIFY2(!policy.delayBeforeRetry(1, error, false, none), qPrintable(QString::number(status)));
        }
        CallError limited = ErrorParser::fromHttp(429, headers({{"Retry-After", "3"}}), QByteArray());
        QCOMPARE(policy.delayBeforeRetry(1, limited, false, none).value_or(-1), 3000);
        limited.retryAfterMs = 10 * 60 * 1000;
        QVERIFY2(!policy.delayBeforeRetry(1, limited, false, none), "a wait beyond the cap is left to the user");
        QVERIFY(policy.delayBeforeRetry(1, CallError::network(u"reset"_s), false, none));
        const QByteArray body = "{\"error\":{\"message\":\"x\"}}";
        QVERIFY2(!policy.delayBeforeRetry(1, ErrorParser::fromHttp(500, headers({{"x-should-retry", "false"}}), body),
                                          false, none),
                 "the server said not to retry");
        QVERIFY2(policy.delayBeforeRetry(1, ErrorParser::fromHttp(400, headers({{"X-Should-Retry", "true"}}), body),
                                         false, none),
                 "the server said to retry");
        QVERIFY(!policy.delayBeforeRetry(1, CallError::cancelled(), false, none));
    }

    void errorTextNeverContainsKey()
    {
        // The message comes from the body only; headers (with the key) are never part of it.
        const CallError error = ErrorParser::fromHttp(
            401, headers({{"Authorization", "Bearer sk-secret-abc"}, {"x-request-id", "req_1"}}),
            QByteArray("{\"error\":{\"message\":\"bad key\",\"code\":\"invalid_api_key\"}}"));
        QVERIFY(!error.displayText().contains(u"sk-secret-abc"_s));
        QCOMPARE(error.requestId, u"req_1"_s);
        QCOMPARE(error.category, CallError::Category::Auth);
    }

    void presets()
    {
        const QStringList expected {u"openai"_s,     u"anthropic"_s, u"deepseek"_s, u"qwen"_s, u"moonshot"_s,
                                    u"openrouter"_s, u"groq"_s,      u"mistral"_s,  u"xai"_s,  u"ollama"_s,
                                    u"llamacpp"_s,   u"lmstudio"_s,  u"vllm"_s};
        QSet<QString> ids;
        for (const ProviderPreset &preset : providerPresets()) {
            QVERIFY2(!ids.contains(preset.id), qPrintable(preset.id));
            ids.insert(preset.id);
            QVERIFY(QUrl(preset.baseUrl).isValid());
            QVERIFY(!preset.name.isEmpty());
            for (const ModelInfo &model : preset.models) {
                QVERIFY2(model.contextWindow > 0 && model.maxOutputTokens > 0, qPrintable(model.id));
                QVERIFY2(model.inputPricePerMTok > 0 && model.outputPricePerMTok >= model.inputPricePerMTok,
                         qPrintable(model.id));
                QVERIFY(model.cachedInputPricePerMTok <= model.inputPricePerMTok);
            }
            QCOMPARE(preset.models.isEmpty(), preset.local);
        }
        for (const QString &id : expected)
            QVERIFY2(findPreset(id), qPrintable(id));
        QCOMPARE(findPreset(u"anthropic"_s)->kind, ProviderKind::Anthropic);
        QCOMPARE(findPreset(u"anthropic"_s)->auth, AuthKind::AnthropicKey);
        QCOMPARE(findPreset(u"ollama"_s)->kind, ProviderKind::OllamaNative);
        QCOMPARE(findPreset(u"ollama"_s)->auth, AuthKind::None);
        QCOMPARE(findPreset(u"deepseek"_s)->kind, ProviderKind::OpenAiCompatible);
        QVERIFY(findPreset(u"vllm"_s)->customUrl);
        QVERIFY(!findPreset(u"nonexistent"_s));
    }
};

SKEIN_CORE_TEST_MAIN(TestRequestBuilder)
#include "tst_requestbuilder.moc"
