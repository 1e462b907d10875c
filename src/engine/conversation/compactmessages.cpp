// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/conversation/compactmessages.h"

#include <QJsonDocument>

namespace Skein {

namespace {

// The fields a packed message holds, in the order they follow the flags.
enum Field : quint32 {
    ParentId = 1u << 0,
    Content = 1u << 1,
    RenderContent = 1u << 2,
    Reasoning = 1u << 3,
    ReasoningBlocksJson = 1u << 4,
    ToolCallsJson = 1u << 5,
    ToolCallId = 1u << 6,
    ToolName = 1u << 7,
    FinishReason = 1u << 8,
    StopSequence = 1u << 9,
    Error = 1u << 10,
    ProviderId = 1u << 11,
    Model = 1u << 12,
    RequestId = 1u << 13,
    PromptTokens = 1u << 14,
    CompletionTokens = 1u << 15,
    CachedTokens = 1u << 16,
    ReasoningTokens = 1u << 17,
    CreatedAt = 1u << 18,
    CompletedAt = 1u << 19,
};

class Writer
{
public:
    void number(quint64 v)
    {
        while (v >= 0x80) {
            m_out.append(char((v & 0x7f) | 0x80));
            v >>= 7;
        }
        m_out.append(char(v));
    }
    void signedNumber(qint64 v) { number((quint64(v) << 1) ^ quint64(v >> 63)); }
    // UTF-8 when it says the same (it does not for a lone surrogate), else the UTF-16 as it is.
    void text(const QString &s)
    {
        if (s.isValidUtf16()) {
            const QByteArray utf8 = s.toUtf8();
            number(quint64(utf8.size()) << 1);
            m_out.append(utf8);
        } else {
            number((quint64(s.size()) << 1) | 1);
            m_out.append(reinterpret_cast<const char *>(s.utf16()), s.size() * qsizetype(sizeof(char16_t)));
        }
    }
    void bytes(const QByteArray &b)
    {
        number(quint64(b.size()));
        m_out.append(b);
    }
    QByteArray take() { return std::move(m_out); }

private:
    QByteArray m_out;
};

class Reader
{
public:
    explicit Reader(const QByteArray &in)
        : m_in(in)
    { }
    quint64 number()
    {
        quint64 v = 0;
        for (int shift = 0; m_at < m_in.size() && shift < 64; shift += 7) {
            const auto byte = quint8(m_in.at(m_at++));
            v |= quint64(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                break;
        }
        return v;
    }
    qint64 signedNumber()
    {
        const quint64 v = number();
        return qint64(v >> 1) ^ -qint64(v & 1);
    }
    QString text()
    {
        const quint64 head = number();
        const auto size = qsizetype(head >> 1);
        const char *at = m_in.constData() + m_at;
        if (head & 1) {
            m_at += size * qsizetype(sizeof(char16_t));
            return QString(reinterpret_cast<const QChar *>(at), size);
        }
        m_at += size;
        return QString::fromUtf8(at, size);
    }
    QByteArray bytes()
    {
        const auto size = qsizetype(number());
        const qsizetype at = m_at;
        m_at += size;
        return m_in.mid(at, size);
    }

private:
    const QByteArray &m_in;
    qsizetype m_at = 0;
};

QByteArray compactJson(const QJsonArray &array)
{
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

} // namespace

quint32 CompactMessages::intern(const QString &s)
{
    if (s.isEmpty())
        return 0;
    if (const auto it = m_stringIndex.constFind(s); it != m_stringIndex.cend())
        return *it;
    const auto index = quint32(m_strings.size());
    m_strings.append(s);
    m_stringIndex.insert(s, index);
    return index;
}

void CompactMessages::insert(const Message &m)
{
    quint32 flags = 0;
    const auto mark = [&flags](bool present, Field field) {
        if (present)
            flags |= field;
    };
    const QByteArray blocks
        = m.reasoningBlocks.isEmpty() ? QByteArray() : compactJson(ReasoningBlocks::toJson(m.reasoningBlocks));
    const QByteArray calls = m.toolCalls.isEmpty() ? QByteArray() : compactJson(m.toolCalls);
    mark(!m.parentId.isEmpty(), ParentId);
    mark(!m.content.isEmpty(), Content);
    mark(!m.renderContent.isEmpty(), RenderContent);
    mark(!m.reasoning.isEmpty(), Reasoning);
    mark(!blocks.isEmpty(), ReasoningBlocksJson);
    mark(!calls.isEmpty(), ToolCallsJson);
    mark(!m.toolCallId.isEmpty(), ToolCallId);
    mark(!m.toolName.isEmpty(), ToolName);
    mark(!m.finishReason.isEmpty(), FinishReason);
    mark(!m.stopSequence.isEmpty(), StopSequence);
    mark(!m.error.isEmpty(), Error);
    mark(!m.providerId.isEmpty(), ProviderId);
    mark(!m.model.isEmpty(), Model);
    mark(!m.requestId.isEmpty(), RequestId);
    mark(m.usage.promptTokens.has_value(), PromptTokens);
    mark(m.usage.completionTokens.has_value(), CompletionTokens);
    mark(m.usage.cachedTokens.has_value(), CachedTokens);
    mark(m.usage.reasoningTokens.has_value(), ReasoningTokens);
    mark(m.createdAt != 0, CreatedAt);
    mark(m.completedAt != 0, CompletedAt);

    Writer w;
    w.number(flags);
    const auto text = [&](Field field, const QString &s) {
        if (flags & field)
            w.text(s);
    };
    const auto json = [&](Field field, const QByteArray &bytes) {
        if (flags & field)
            w.bytes(bytes);
    };
    const auto shared = [&](Field field, const QString &s) {
        if (flags & field)
            w.number(intern(s));
    };
    const auto count = [&](Field field, const std::optional<qint64> &n) {
        if (flags & field)
            w.signedNumber(*n);
    };
    text(ParentId, m.parentId);
    text(Content, m.content);
    text(RenderContent, m.renderContent);
    text(Reasoning, m.reasoning);
    json(ReasoningBlocksJson, blocks);
    json(ToolCallsJson, calls);
    text(ToolCallId, m.toolCallId);
    text(ToolName, m.toolName);
    shared(FinishReason, m.finishReason);
    text(StopSequence, m.stopSequence);
    text(Error, m.error);
    shared(ProviderId, m.providerId);
    shared(Model, m.model);
    text(RequestId, m.requestId);
    count(PromptTokens, m.usage.promptTokens);
    count(CompletionTokens, m.usage.completionTokens);
    count(CachedTokens, m.usage.cachedTokens);
    count(ReasoningTokens, m.usage.reasoningTokens);
    if (flags & CreatedAt)
        w.signedNumber(m.createdAt);
    if (flags & CompletedAt)
        w.signedNumber(m.completedAt);

    Entry entry;
    entry.bytes = w.take();
    entry.bytes.squeeze();
    entry.tokenEstimate = m.tokenEstimate;
    entry.session = intern(m.sessionId);
    entry.role = m.role;
    entry.status = m.status;
    entry.toolCalls = !m.toolCalls.isEmpty() || !m.toolCallId.isEmpty();
    if (entry.toolCalls)
        m_withToolCalls.insert(m.id);
    else
        m_withToolCalls.remove(m.id);
    if (m.attachments.isEmpty())
        m_attachments.remove(m.id);
    else
        m_attachments.insert(m.id, m.attachments);
    m_entries.emplace(m.id, std::move(entry));
}

Message CompactMessages::unpack(const QString &id, const Entry &entry) const
{
    Message m;
    m.id = id;
    m.sessionId = m_strings.value(entry.session);
    m.role = entry.role;
    m.status = entry.status;
    m.tokenEstimate = entry.tokenEstimate;
    Reader r(entry.bytes);
    const auto flags = quint32(r.number());
    const auto text = [&](Field field, QString &into) {
        if (flags & field)
            into = r.text();
    };
    const auto json
        = [&](Field field) { return (flags & field) ? QJsonDocument::fromJson(r.bytes()).array() : QJsonArray(); };
    const auto shared = [&](Field field, QString &into) {
        if (flags & field)
            into = m_strings.value(qsizetype(r.number()));
    };
    const auto count = [&](Field field, std::optional<qint64> &into) {
        if (flags & field)
            into = r.signedNumber();
    };
    text(ParentId, m.parentId);
    text(Content, m.content);
    text(RenderContent, m.renderContent);
    text(Reasoning, m.reasoning);
    m.reasoningBlocks = ReasoningBlocks::fromJson(json(ReasoningBlocksJson));
    m.toolCalls = json(ToolCallsJson);
    text(ToolCallId, m.toolCallId);
    text(ToolName, m.toolName);
    shared(FinishReason, m.finishReason);
    text(StopSequence, m.stopSequence);
    text(Error, m.error);
    shared(ProviderId, m.providerId);
    shared(Model, m.model);
    text(RequestId, m.requestId);
    count(PromptTokens, m.usage.promptTokens);
    count(CompletionTokens, m.usage.completionTokens);
    count(CachedTokens, m.usage.cachedTokens);
    count(ReasoningTokens, m.usage.reasoningTokens);
    if (flags & CreatedAt)
        m.createdAt = r.signedNumber();
    if (flags & CompletedAt)
        m.completedAt = r.signedNumber();
    m.attachments = m_attachments.value(id);
    return m;
}

bool CompactMessages::remove(const QString &id)
{
    m_withToolCalls.remove(id);
    m_attachments.remove(id);
    return m_entries.remove(id);
}

void CompactMessages::clear()
{
    m_entries.clear();
    m_withToolCalls.clear();
    m_attachments.clear();
    m_strings = QStringList {QString()};
    m_stringIndex.clear();
}

std::optional<Message> CompactMessages::value(const QString &id) const
{
    const auto it = m_entries.constFind(id);
    if (it == m_entries.cend())
        return std::nullopt;
    return unpack(it.key(), *it);
}

std::optional<CompactMessages::Brief> CompactMessages::brief(const QString &id) const
{
    const auto it = m_entries.constFind(id);
    if (it == m_entries.cend())
        return std::nullopt;
    return Brief {m_strings.value(it->session), it->role, it->status, it->tokenEstimate, it->toolCalls};
}

} // namespace Skein
