// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "randomtree.h"

#include "storage/database.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>

namespace Skein::Test {

namespace {

QString uuid(QRandomGenerator &rng)
{
    return QUuid::fromBytes(QByteArray::number(rng.generate64(), 16).leftJustified(16, 'x').constData())
        .toString(QUuid::WithoutBraces);
}

QString randomText(QRandomGenerator &rng, int maxWords)
{
    static const QStringList words {
        QStringLiteral("the"),
        QStringLiteral("river"),
        QStringLiteral("杭州"),
        QStringLiteral("西湖"),
        QStringLiteral("budget"),
        QStringLiteral("¿qué?"),
        QStringLiteral("naïve"),
        QStringLiteral("😀"),
        QStringLiteral("👨‍👩‍👧"),
        QStringLiteral("```cpp\nint x = 1;\n```"),
        QStringLiteral("| a | b |"),
        QStringLiteral("\"quoted\""),
        QStringLiteral("line\nbreak"),
        QStringLiteral("数据库"),
        QStringLiteral("tab\there"),
        QStringLiteral("\\backslash"),
        QStringLiteral("<b>html</b>"),
        QStringLiteral("𠀀"),
        QStringLiteral("42"),
    };
    const int n = 1 + int(rng.bounded(maxWords));
    QStringList out;
    for (int i = 0; i < n; ++i)
        out << words.at(int(rng.bounded(qsizetype(words.size()))));
    return out.join(QLatin1Char(' '));
}

std::optional<qint64> maybe(QRandomGenerator &rng)
{
    return rng.bounded(3) == 0 ? std::nullopt : std::optional<qint64>(rng.bounded(100000));
}

} // namespace

Exchange::SessionContent randomSession(QRandomGenerator &rng, int maxMessages, bool hugeMessage)
{
    Exchange::SessionContent c;
    const qint64 t0 = 1'700'000'000'000 + qint64(rng.bounded(1'000'000'000));
    c.session.id = uuid(rng);
    c.session.title = randomText(rng, 4);
    c.session.titleIsUserSet = rng.bounded(2);
    c.session.createdAt = t0;
    c.session.updatedAt = t0 + 1000;
    c.session.pinned = rng.bounded(4) == 0;
    c.session.archived = rng.bounded(5) == 0;
    c.session.model = rng.bounded(2) ? QStringLiteral("gpt-4o") : QString();
    c.session.systemPrompt = rng.bounded(2) ? randomText(rng, 10) : QString();
    if (rng.bounded(2))
        c.session.contextSettings.insert(QStringLiteral("history_share"), 0.35);

    const int count = 1 + int(rng.bounded(maxMessages));
    qint64 t = t0;
    for (int i = 0; i < count; ++i) {
        Message m;
        m.id = uuid(rng);
        m.sessionId = c.session.id;
        // Mostly extend the newest message, sometimes branch from an older one.
        if (!c.messages.isEmpty())
            m.parentId = rng.bounded(4) == 0 ? c.messages.at(int(rng.bounded(c.messages.size()))).id
                                             : c.messages.constLast().id;
        else if (rng.bounded(10) == 0)
            m.parentId.clear();
        m.role = (i % 2 == 0) ? Role::User : Role::Assistant;
        m.content = randomText(rng, 30);
        t += 1 + rng.bounded(5000);
        m.createdAt = t;
        m.completedAt = rng.bounded(5) == 0 ? 0 : t + 10;
        m.status = static_cast<MessageStatus>(rng.bounded(5));
        if (m.role == Role::Assistant) {
            m.model = QStringLiteral("gpt-4o");
            m.usage.promptTokens = maybe(rng);
            m.usage.completionTokens = maybe(rng);
            m.usage.cachedTokens = maybe(rng);
            m.reasoning = rng.bounded(3) == 0 ? randomText(rng, 10) : QString();
            m.finishReason = rng.bounded(2) ? QStringLiteral("stop") : QString();
            m.stopSequence = rng.bounded(6) == 0 ? randomText(rng, 2) : QString();
            m.tokenEstimate = rng.bounded(5000);
        }
        const qsizetype self = c.messages.size();
        c.messages.append(m);
        if (m.role == Role::Assistant && rng.bounded(3) == 0) {
            // a tool call and its result
            const QString callId = QStringLiteral("call_%1").arg(rng.generate64(), 0, 16);
            QJsonObject call;
            call.insert(QStringLiteral("id"), callId);
            call.insert(QStringLiteral("name"), QStringLiteral("calculator"));
            call.insert(QStringLiteral("arguments"), QStringLiteral("{\"expression\":\"6*7\"}"));
            c.messages.last().toolCalls = QJsonArray {call};
            Message result;
            result.id = uuid(rng);
            result.sessionId = c.session.id;
            result.parentId = m.id;
            result.role = Role::Tool;
            result.toolCallId = callId;
            result.toolName = QStringLiteral("calculator");
            result.content = QStringLiteral("42");
            result.createdAt = ++t;
            result.completedAt = t;
            c.messages.append(result);
            ToolLogEntry e;
            e.requestId = callId;
            e.sessionId = c.session.id;
            e.messageId = m.id;
            e.toolName = QStringLiteral("calculator");
            e.arguments = QStringLiteral("{\"expression\":\"6*7\"}");
            e.status = ToolStatus::Success;
            e.resultRaw = QStringLiteral("42");
            e.startedAt = t;
            e.finishedAt = t + 3;
            c.toolLog.append(e);
        }
        if (m.role == Role::Assistant && rng.bounded(3) == 0) {
            // Anthropic-style thinking blocks between the text and the tool calls.
            Message &reply = c.messages[self];
            qsizetype at = 0;
            for (int b = 0, n = 1 + int(rng.bounded(3)); b < n; ++b) {
                ReasoningBlock block;
                block.kind = rng.bounded(4) == 0 ? ReasoningBlock::Kind::Redacted : ReasoningBlock::Kind::Thinking;
                if (block.kind == ReasoningBlock::Kind::Thinking) {
                    block.thinking = randomText(rng, 8);
                    block.signature
                        = rng.bounded(5) ? QString::number(rng.generate64(), 36) + QStringLiteral("+/==") : QString();
                } else {
                    block.data = QString::number(rng.generate64(), 36) + QStringLiteral("==");
                }
                at = qMin<qsizetype>(reply.content.size(), at + rng.bounded(8));
                block.textOffset = at;
                block.toolCallsBefore = rng.bounded(int(reply.toolCalls.size()) + 1);
                reply.reasoningBlocks.append(block);
            }
        }
    }
    if (hugeMessage) {
        QString big;
        big.reserve(1 << 20);
        while (big.size() < (1 << 20))
            big += QStringLiteral("一段很长的文字 with mixed content 😀\n");
        c.messages[int(rng.bounded(c.messages.size()))].content = big;
    }
    c.session.activeLeafId = c.messages.constLast().id;

    if (c.messages.size() > 3 && rng.bounded(2)) {
        Summary s;
        s.id = uuid(rng);
        s.sessionId = c.session.id;
        s.firstMessageId = c.messages.at(0).id;
        s.lastMessageId = c.messages.at(2).id;
        s.content = randomText(rng, 20);
        s.tokenCount = 120;
        s.createdAt = t + 5;
        c.summaries.append(s);
        if (rng.bounded(2)) {
            Summary newer = s;
            newer.id = uuid(rng);
            newer.createdAt = t + 6;
            newer.content = randomText(rng, 20);
            c.summaries.first().supersededBy = newer.id;
            c.summaries.append(newer);
        }
    }
    const int memories = int(rng.bounded(3));
    for (int i = 0; i < memories; ++i) {
        Exchange::MemoryWithHistory m;
        m.memory.id = uuid(rng);
        m.memory.scope = rng.bounded(2) ? MemoryScope::Global : MemoryScope::Session;
        if (m.memory.scope == MemoryScope::Session)
            m.memory.sessionId = c.session.id;
        m.memory.type = static_cast<MemoryType>(rng.bounded(5));
        m.memory.content = randomText(rng, 8);
        m.memory.sourceSessionId = c.session.id;
        m.memory.sourceMessageId = c.messages.at(0).id;
        m.memory.status = static_cast<MemoryStatus>(rng.bounded(4));
        m.memory.confidence = 0.5;
        m.memory.createdAt = t + 10 + i;
        m.memory.updatedAt = t + 20 + i;
        if (rng.bounded(2))
            m.versions.append({0, m.memory.id, randomText(rng, 5), QStringLiteral("user"), t + 15, {}, 0});
        c.memories.append(m);
    }
    if (rng.bounded(2)) {
        ContextSnapshot s;
        s.id = uuid(rng);
        s.sessionId = c.session.id;
        s.leafMessageId = c.messages.at(0).id;
        s.model = QStringLiteral("gpt-4o");
        s.messageIds = QStringList {c.messages.at(0).id};
        s.sectionTokens.insert(QStringLiteral("history"), 12);
        s.budget = 100000;
        s.estimatedTokens = 12;
        s.reportedUsage.promptTokens = 14;
        s.cost = 0.25;
        s.createdAt = t + 30;
        c.snapshots.append(s);
        if (c.messages.size() > 1)
            c.messages[1].requestId = s.id;
    }
    return c;
}

QByteArray dumpDatabase(Store &store)
{
    QByteArray out;
    // The schema too: an import that drops the search trigger for a while must put it back.
    QSqlQuery schema(store.database().connection());
    schema.exec(QStringLiteral("SELECT type, name, sql FROM sqlite_master ORDER BY type, name"));
    while (schema.next())
        out += schema.value(0).toString().toUtf8() + ' ' + schema.value(1).toString().toUtf8() + ' '
            + schema.value(2).toString().toUtf8() + '\n';
    QSqlQuery tables(store.database().connection());
    tables.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE "
                               "'messages_fts%' AND name NOT LIKE 'sqlite_%' ORDER BY name"));
    QStringList names;
    while (tables.next())
        names << tables.value(0).toString();
    for (const QString &name : std::as_const(names)) {
        QSqlQuery rows(store.database().connection());
        rows.exec(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1").arg(name));
        out += name.toUtf8() + '\n';
        while (rows.next()) {
            for (int c = 0; c < rows.record().count(); ++c)
                out += rows.value(c).toString().toUtf8() + '\t';
            out += '\n';
        }
    }
    return out;
}

QString makeDir(const QString &path)
{
    QDir().mkpath(path);
    return path;
}

bool writeContent(Store &store, const Exchange::SessionContent &c, QString *error)
{
    const Status s = store.transaction([&]() -> Status {
        if (Status st = store.sessions().create(c.session); !st)
            return st;
        if (Status st = store.messages().insertBatch(c.messages); !st)
            return st;
        for (const Summary &x : c.summaries)
            if (Status st = store.summaries().create(x); !st)
                return st;
        for (const ToolLogEntry &x : c.toolLog)
            if (Status st = store.toolLog().insert(x); !st)
                return st;
        for (const ContextSnapshot &x : c.snapshots)
            if (Status st = store.snapshots().create(x); !st)
                return st;
        for (const Exchange::MemoryWithHistory &m : c.memories) {
            Memory original = m.memory;
            if (!m.versions.isEmpty())
                original.content = m.versions.first().content;
            if (Status st = store.memories().create(original); !st)
                return st;
            if (!m.versions.isEmpty()) {
                // An edit through the repository records the old text as a version.
                if (Status st = store.memories().editContent(m.memory.id, m.memory.content, QStringLiteral("user"));
                    !st)
                    return st;
            }
        }
        return {};
    });
    if (!s && error)
        *error = s.error().message;
    return s.ok();
}

} // namespace Skein::Test
