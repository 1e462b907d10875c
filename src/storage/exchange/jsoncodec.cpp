// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "jsoncodec.h"

#include "attachmentcodec.h"
#include "jsonfields.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace Skein::Exchange {

using namespace JsonFields;

namespace {

QStringList idList(const QJsonObject &o, const QString &key, const JsonReader &r)
{
    QStringList out;
    const QJsonArray a = r.optionalArray(o, key);
    for (qsizetype i = 0; i < a.size() && !r.failed(); ++i) {
        if (!a.at(i).isString() || a.at(i).toString().isEmpty()) {
            r.fail(key + QLatin1Char('[') + QString::number(i) + QLatin1Char(']'), Text::tr("expected an id"));
            break;
        }
        out << a.at(i).toString();
    }
    return out;
}

// reasoning_blocks of a message: checked strictly, so that what goes back to a provider later is
// exactly what was exported. Offsets must lie inside the message's text and tool calls.
QList<ReasoningBlock> reasoningBlocksFromJson(const QJsonObject &o, const Message &m, const JsonReader &r)
{
    const QString key = QStringLiteral("reasoning_blocks");
    const QJsonArray array = r.optionalArray(o, key); // absent in files of older versions
    QList<ReasoningBlock> blocks;
    for (qsizetype i = 0; i < array.size() && !r.failed(); ++i) {
        const QString field = key + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
        if (!array.at(i).isObject()) {
            r.fail(field, Text::tr("expected an object"));
            break;
        }
        const QJsonObject b = array.at(i).toObject();
        ReasoningBlock block;
        const QString type = b.value(QStringLiteral("type")).toString();
        const std::optional<ReasoningBlock::Kind> kind = ReasoningBlocks::kindFromName(type);
        if (!kind) {
            r.fail(field + QStringLiteral(".type"), Text::tr("unknown value \"%1\"").arg(type));
            break;
        }
        block.kind = *kind;
        const auto textOf = [&](const QString &name, bool required) {
            const QJsonValue v = b.value(name);
            if (v.isString())
                return v.toString();
            if (required || !(v.isNull() || v.isUndefined()))
                r.fail(field + QLatin1Char('.') + name, Text::tr("expected a string"));
            return QString();
        };
        if (block.kind == ReasoningBlock::Kind::Thinking) {
            block.thinking = textOf(QStringLiteral("thinking"), true);
            block.signature = textOf(QStringLiteral("signature"), false);
        } else {
            block.data = textOf(QStringLiteral("data"), true);
        }
        const auto place = [&](const QString &name, qsizetype limit) -> qsizetype {
            const QJsonValue v = b.value(name);
            const double n = v.toDouble(-1);
            if (!v.isDouble() || n < 0 || n != std::floor(n) || n > double(limit)) {
                r.fail(field + QLatin1Char('.') + name, Text::tr("expected an integer from 0 to %1").arg(limit));
                return 0;
            }
            return qsizetype(n);
        };
        block.textOffset = place(QStringLiteral("text_offset"), m.content.size());
        block.toolCallsBefore = place(QStringLiteral("tool_calls_before"), m.toolCalls.size());
        blocks.append(block);
    }
    return blocks;
}

} // namespace

QJsonObject toJson(const Usage &usage)
{
    QJsonObject o;
    o.insert(QStringLiteral("prompt_tokens"), optional(usage.promptTokens));
    o.insert(QStringLiteral("completion_tokens"), optional(usage.completionTokens));
    o.insert(QStringLiteral("cached_tokens"), optional(usage.cachedTokens));
    o.insert(QStringLiteral("reasoning_tokens"), optional(usage.reasoningTokens));
    return o;
}

Usage usageFromJson(const QJsonObject &o, const JsonReader &r)
{
    Usage u;
    u.promptTokens = r.optionalInteger(o, QStringLiteral("prompt_tokens"));
    u.completionTokens = r.optionalInteger(o, QStringLiteral("completion_tokens"));
    u.cachedTokens = r.optionalInteger(o, QStringLiteral("cached_tokens"));
    u.reasoningTokens = r.optionalInteger(o, QStringLiteral("reasoning_tokens"));
    return u;
}

QJsonObject toJson(const Session &s)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), s.id);
    o.insert(QStringLiteral("title"), s.title);
    o.insert(QStringLiteral("title_is_user"), s.titleIsUserSet);
    o.insert(QStringLiteral("created_at"), s.createdAt);
    o.insert(QStringLiteral("updated_at"), s.updatedAt);
    o.insert(QStringLiteral("pinned"), s.pinned);
    o.insert(QStringLiteral("archived"), s.archived);
    o.insert(QStringLiteral("provider_id"), ref(s.providerId));
    o.insert(QStringLiteral("model"), ref(s.model));
    o.insert(QStringLiteral("system_prompt"), s.systemPrompt);
    o.insert(QStringLiteral("context_settings"), s.contextSettings);
    o.insert(QStringLiteral("active_leaf_id"), ref(s.activeLeafId));
    o.insert(QStringLiteral("state"), toString(s.state));
    o.insert(QStringLiteral("parent_session_id"), ref(s.parentSessionId));
    o.insert(QStringLiteral("entry_message_id"), ref(s.entryMessageId));
    o.insert(QStringLiteral("tags"), QJsonArray::fromStringList(s.tags));
    if (s.isIncognito())
        o.insert(QStringLiteral("incognito"), true);
    return o;
}

Session sessionFromJson(const QJsonObject &o, const JsonReader &r)
{
    Session s;
    s.id = r.id(o, QStringLiteral("id"));
    s.title = r.string(o, QStringLiteral("title"), 4096);
    s.titleIsUserSet = r.boolean(o, QStringLiteral("title_is_user"));
    s.createdAt = r.integer(o, QStringLiteral("created_at"));
    s.updatedAt = r.integer(o, QStringLiteral("updated_at"));
    s.pinned = r.boolean(o, QStringLiteral("pinned"));
    s.archived = r.boolean(o, QStringLiteral("archived"));
    s.providerId = r.optionalId(o, QStringLiteral("provider_id"));
    s.model = r.optionalString(o, QStringLiteral("model"), 256);
    s.systemPrompt = r.text(o, QStringLiteral("system_prompt"));
    s.contextSettings = r.object(o, QStringLiteral("context_settings"));
    s.activeLeafId = r.optionalId(o, QStringLiteral("active_leaf_id"));
    s.state = enumField(o, QStringLiteral("state"), r, sessionStateFromString, SessionState::Idle);
    s.parentSessionId = r.optionalId(o, QStringLiteral("parent_session_id"));
    s.entryMessageId = r.optionalId(o, QStringLiteral("entry_message_id"));
    // Older exports have none. A file may hold anything: cleaned as the user's own would be.
    s.tags = Session::cleanTags(
        r.optionalStrings(o, QStringLiteral("tags"), Session::kMaxTagLength * 4, Session::kMaxTags * 4));
    // An imported incognito conversation stays incognito, and stays (it was kept to be exported).
    if (o.value(QStringLiteral("incognito")).toBool())
        s.incognito = Session::Incognito::Kept;
    return s;
}

QJsonObject toJson(const Message &m)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), m.id);
    o.insert(QStringLiteral("parent_id"), ref(m.parentId));
    o.insert(QStringLiteral("role"), toString(m.role));
    o.insert(QStringLiteral("content"), m.content);
    o.insert(QStringLiteral("render_content"), ref(m.renderContent));
    o.insert(QStringLiteral("reasoning"), ref(m.reasoning));
    o.insert(QStringLiteral("reasoning_blocks"), ReasoningBlocks::toJson(m.reasoningBlocks));
    o.insert(QStringLiteral("tool_calls"), m.toolCalls);
    o.insert(QStringLiteral("tool_call_id"), ref(m.toolCallId));
    o.insert(QStringLiteral("tool_name"), ref(m.toolName));
    o.insert(QStringLiteral("status"), toString(m.status));
    o.insert(QStringLiteral("finish_reason"), ref(m.finishReason));
    o.insert(QStringLiteral("stop_sequence"), ref(m.stopSequence));
    o.insert(QStringLiteral("error"), ref(m.error));
    o.insert(QStringLiteral("provider_id"), ref(m.providerId));
    o.insert(QStringLiteral("model"), ref(m.model));
    o.insert(QStringLiteral("usage"), toJson(m.usage));
    o.insert(QStringLiteral("token_estimate"), m.tokenEstimate);
    o.insert(QStringLiteral("created_at"), m.createdAt);
    o.insert(QStringLiteral("completed_at"), time(m.completedAt));
    o.insert(QStringLiteral("request_id"), ref(m.requestId));
    if (!m.attachments.isEmpty()) // absent rather than empty: older exports stay byte for byte
        o.insert(QStringLiteral("attachments"), toJson(m.attachments));
    return o;
}

Message messageFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r)
{
    Message m;
    m.sessionId = sessionId;
    m.id = r.id(o, QStringLiteral("id"));
    m.parentId = r.optionalId(o, QStringLiteral("parent_id"));
    m.role = enumField(o, QStringLiteral("role"), r, roleFromString, Role::User);
    m.content = r.string(o, QStringLiteral("content"), int(JsonReader::kMaxTextLength));
    m.renderContent = r.text(o, QStringLiteral("render_content"));
    m.reasoning = r.text(o, QStringLiteral("reasoning"));
    const QJsonArray calls = r.optionalArray(o, QStringLiteral("tool_calls"));
    for (qsizetype i = 0; i < calls.size() && !r.failed(); ++i) {
        const QJsonObject c = calls.at(i).toObject();
        const QString field = QStringLiteral("tool_calls[%1]").arg(i);
        if (!calls.at(i).isObject())
            r.fail(field, Text::tr("expected an object"));
        else if (!c.value(QStringLiteral("id")).isString() || c.value(QStringLiteral("id")).toString().isEmpty())
            r.fail(field + QStringLiteral(".id"), Text::tr("expected a non-empty string"));
        else if (!c.value(QStringLiteral("name")).isString())
            r.fail(field + QStringLiteral(".name"), Text::tr("expected a string"));
        else if (!c.value(QStringLiteral("arguments")).isString() && !c.value(QStringLiteral("arguments")).isObject())
            r.fail(field + QStringLiteral(".arguments"), Text::tr("expected a string or an object"));
    }
    m.toolCalls = calls;
    m.toolCallId = r.optionalId(o, QStringLiteral("tool_call_id"));
    m.toolName = r.optionalString(o, QStringLiteral("tool_name"), 256);
    m.status = enumField(o, QStringLiteral("status"), r, messageStatusFromString, MessageStatus::Complete);
    m.finishReason = r.optionalString(o, QStringLiteral("finish_reason"), 64);
    m.stopSequence = r.optionalString(o, QStringLiteral("stop_sequence"), 4096);
    m.error = r.text(o, QStringLiteral("error"));
    m.providerId = r.optionalId(o, QStringLiteral("provider_id"));
    m.model = r.optionalString(o, QStringLiteral("model"), 256);
    m.usage = usageFromJson(r.object(o, QStringLiteral("usage")), r);
    m.tokenEstimate = r.optionalInteger(o, QStringLiteral("token_estimate")).value_or(0);
    m.createdAt = r.integer(o, QStringLiteral("created_at"));
    m.completedAt = r.optionalInteger(o, QStringLiteral("completed_at")).value_or(0);
    m.requestId = r.optionalId(o, QStringLiteral("request_id"));
    if (!r.failed())
        m.reasoningBlocks = reasoningBlocksFromJson(o, m, r);
    if (!r.failed())
        m.attachments = attachmentsFromJson(o, m.id, r);
    if (!r.failed() && m.role == Role::Tool && m.toolCallId.isEmpty())
        r.fail(QStringLiteral("tool_call_id"), Text::tr("a tool message needs the id of the call it answers"));
    return m;
}

QJsonObject toJson(const Summary &s)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), s.id);
    o.insert(QStringLiteral("level"), toString(s.level));
    o.insert(QStringLiteral("first_message_id"), s.firstMessageId);
    o.insert(QStringLiteral("last_message_id"), s.lastMessageId);
    o.insert(QStringLiteral("content"), s.content);
    o.insert(QStringLiteral("token_count"), s.tokenCount);
    o.insert(QStringLiteral("model"), ref(s.model));
    o.insert(QStringLiteral("created_at"), s.createdAt);
    o.insert(QStringLiteral("superseded_by"), ref(s.supersededBy));
    return o;
}

Summary summaryFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r)
{
    Summary s;
    s.sessionId = sessionId;
    s.id = r.id(o, QStringLiteral("id"));
    s.level = enumField(o, QStringLiteral("level"), r, summaryLevelFromString, SummaryLevel::Segment);
    s.firstMessageId = r.id(o, QStringLiteral("first_message_id"));
    s.lastMessageId = r.id(o, QStringLiteral("last_message_id"));
    s.content = r.string(o, QStringLiteral("content"), int(JsonReader::kMaxTextLength));
    s.tokenCount = r.optionalInteger(o, QStringLiteral("token_count")).value_or(0);
    s.model = r.optionalString(o, QStringLiteral("model"), 256);
    s.createdAt = r.integer(o, QStringLiteral("created_at"));
    s.supersededBy = r.optionalId(o, QStringLiteral("superseded_by"));
    return s;
}

QJsonObject toJson(const ToolLogEntry &e)
{
    QJsonObject o;
    o.insert(QStringLiteral("request_id"), e.requestId);
    o.insert(QStringLiteral("message_id"), ref(e.messageId));
    o.insert(QStringLiteral("tool_name"), e.toolName);
    o.insert(QStringLiteral("arguments"), e.arguments);
    o.insert(QStringLiteral("status"), toString(e.status));
    o.insert(QStringLiteral("result_raw"), ref(e.resultRaw));
    o.insert(QStringLiteral("result_digest"), ref(e.resultDigest));
    o.insert(QStringLiteral("retry_count"), e.retryCount);
    o.insert(QStringLiteral("started_at"), time(e.startedAt));
    o.insert(QStringLiteral("finished_at"), time(e.finishedAt));
    return o;
}

ToolLogEntry toolLogFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r)
{
    ToolLogEntry e;
    e.sessionId = sessionId;
    e.requestId = r.id(o, QStringLiteral("request_id"));
    e.messageId = r.optionalId(o, QStringLiteral("message_id"));
    e.toolName = r.string(o, QStringLiteral("tool_name"), 256);
    e.arguments = r.text(o, QStringLiteral("arguments"));
    e.status = enumField(o, QStringLiteral("status"), r, toolStatusFromString, ToolStatus::Pending);
    e.resultRaw = r.text(o, QStringLiteral("result_raw"));
    e.resultDigest = r.text(o, QStringLiteral("result_digest"));
    e.retryCount = int(r.optionalInteger(o, QStringLiteral("retry_count")).value_or(0));
    e.startedAt = r.optionalInteger(o, QStringLiteral("started_at")).value_or(0);
    e.finishedAt = r.optionalInteger(o, QStringLiteral("finished_at")).value_or(0);
    return e;
}

QJsonObject toJson(const ContextSnapshot &s)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), s.id);
    o.insert(QStringLiteral("leaf_message_id"), ref(s.leafMessageId));
    o.insert(QStringLiteral("provider_id"), ref(s.providerId));
    o.insert(QStringLiteral("model"), ref(s.model));
    o.insert(QStringLiteral("message_ids"), strings(s.messageIds));
    o.insert(QStringLiteral("summary_ids"), strings(s.summaryIds));
    o.insert(QStringLiteral("memory_ids"), strings(s.memoryIds));
    o.insert(QStringLiteral("section_tokens"), s.sectionTokens);
    o.insert(QStringLiteral("budget"), s.budget);
    o.insert(QStringLiteral("estimated_tokens"), s.estimatedTokens);
    o.insert(QStringLiteral("reported_usage"), toJson(s.reportedUsage));
    o.insert(QStringLiteral("cost"), s.cost);
    o.insert(QStringLiteral("created_at"), s.createdAt);
    return o;
}

ContextSnapshot snapshotFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r)
{
    ContextSnapshot s;
    s.sessionId = sessionId;
    s.id = r.id(o, QStringLiteral("id"));
    s.leafMessageId = r.optionalId(o, QStringLiteral("leaf_message_id"));
    s.providerId = r.optionalId(o, QStringLiteral("provider_id"));
    s.model = r.optionalString(o, QStringLiteral("model"), 256);
    s.messageIds = idList(o, QStringLiteral("message_ids"), r);
    s.summaryIds = idList(o, QStringLiteral("summary_ids"), r);
    s.memoryIds = idList(o, QStringLiteral("memory_ids"), r);
    s.sectionTokens = r.object(o, QStringLiteral("section_tokens"));
    s.budget = r.optionalInteger(o, QStringLiteral("budget")).value_or(0);
    s.estimatedTokens = r.optionalInteger(o, QStringLiteral("estimated_tokens")).value_or(0);
    s.reportedUsage = usageFromJson(r.object(o, QStringLiteral("reported_usage")), r);
    s.cost = r.number(o, QStringLiteral("cost"));
    s.createdAt = r.integer(o, QStringLiteral("created_at"));
    return s;
}

QJsonObject toJson(const ProviderConfig &p)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), p.id);
    o.insert(QStringLiteral("name"), p.name);
    o.insert(QStringLiteral("kind"), p.kind);
    o.insert(QStringLiteral("base_url"), p.baseUrl);
    o.insert(QStringLiteral("enabled"), p.enabled);
    o.insert(QStringLiteral("default_model"), ref(p.defaultModel));
    QJsonArray models;
    for (const ModelInfo &m : p.models) {
        QJsonObject mo;
        mo.insert(QStringLiteral("id"), m.id);
        mo.insert(QStringLiteral("context_window"), m.contextWindow);
        mo.insert(QStringLiteral("max_output_tokens"), m.maxOutputTokens);
        mo.insert(QStringLiteral("input_price_per_mtok"), m.inputPricePerMTok);
        mo.insert(QStringLiteral("output_price_per_mtok"), m.outputPricePerMTok);
        mo.insert(QStringLiteral("cached_input_price_per_mtok"), m.cachedInputPricePerMTok);
        if (m.vision != ModelVision::Unknown)
            mo.insert(QStringLiteral("vision"), modelVisionName(m.vision));
        models.append(mo);
    }
    o.insert(QStringLiteral("models"), models);
    o.insert(QStringLiteral("created_at"), p.createdAt);
    o.insert(QStringLiteral("updated_at"), p.updatedAt);
    return o;
}

ProviderConfig providerFromJson(const QJsonObject &o, const JsonReader &r)
{
    ProviderConfig p;
    p.id = r.id(o, QStringLiteral("id"));
    p.name = r.string(o, QStringLiteral("name"), 256);
    p.kind = r.string(o, QStringLiteral("kind"), 64);
    p.baseUrl = r.string(o, QStringLiteral("base_url"), 2048);
    p.enabled = r.boolean(o, QStringLiteral("enabled"));
    p.defaultModel = r.optionalString(o, QStringLiteral("default_model"), 256);
    const QJsonArray models = r.optionalArray(o, QStringLiteral("models"));
    for (qsizetype i = 0; i < models.size() && !r.failed(); ++i) {
        const QJsonObject mo = models.at(i).toObject();
        ModelInfo m;
        if (!mo.value(QStringLiteral("id")).isString()) {
            r.fail(QStringLiteral("models[%1].id").arg(i), Text::tr("expected a string"));
            break;
        }
        m.id = mo.value(QStringLiteral("id")).toString();
        m.contextWindow = r.optionalInteger(mo, QStringLiteral("context_window")).value_or(0);
        m.maxOutputTokens = r.optionalInteger(mo, QStringLiteral("max_output_tokens")).value_or(0);
        m.inputPricePerMTok = mo.value(QStringLiteral("input_price_per_mtok")).toDouble();
        m.outputPricePerMTok = mo.value(QStringLiteral("output_price_per_mtok")).toDouble();
        m.cachedInputPricePerMTok = mo.value(QStringLiteral("cached_input_price_per_mtok")).toDouble();
        m.vision = modelVisionFromString(r.optionalString(mo, QStringLiteral("vision"), 8));
        p.models.append(m);
    }
    p.createdAt = r.integer(o, QStringLiteral("created_at"));
    p.updatedAt = r.integer(o, QStringLiteral("updated_at"));
    return p;
}

} // namespace Skein::Exchange
