// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memoryfixture.h"

#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

namespace Skein::Test {

using namespace Qt::StringLiterals;

QString systemText(const RecordedRequest &request)
{
    const QJsonArray messages = requestMessages(request);
    for (const QJsonValue &m : messages)
        if (m.toObject().value("role"_L1).toString() == "system"_L1)
            return contentText(m.toObject().value("content"_L1));
    return {};
}

QString dataText(const RecordedRequest &request)
{
    return lastUserText(request);
}

Ask askOf(const RecordedRequest &request)
{
    const QString system = systemText(request);
    if (system.contains("condense part of a long conversation"_L1))
        return Ask::Segment;
    if (system.contains("running summary of a whole conversation"_L1))
        return Ask::RollUp;
    if (system.contains("long-term memory"_L1))
        return Ask::Extraction;
    if (system.contains("starts an unrelated"_L1) || system.contains("unrelated task"_L1))
        return Ask::Topic;
    return Ask::Other;
}

bool MemoryFixture::open()
{
    if (!dir.isValid() || !server.listen())
        return false;
    bool done = false;
    bool ok = false;
    QObject context;
    store.open(dir.path(), {}, &context, [&](Result<AsyncStore::OpenReport> r) {
        ok = r.ok();
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000) || !ok)
        return false;
    ProviderEndpoint endpoint
        = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), u"sk-test"_s);
    endpoint.retry.maxRetries = 0;
    endpoint.transferTimeoutMs = 10000;
    client = std::make_unique<ProviderClient>(&network, endpoint);
    return true;
}

std::unique_ptr<Store> MemoryFixture::sync()
{
    auto s = Store::open(dir.path());
    return s ? std::move(s).value() : nullptr;
}

ModelRoute MemoryFixture::route(const QString &model)
{
    return {client.get(), model};
}

Session MemoryFixture::conversation(const QList<TurnSpec> &turns, QStringList *ids)
{
    auto s = sync();
    Session session = Session::create(u"memory test"_s);
    session.model = u"chat-model"_s;
    if (!s || !s->sessions().create(session))
        return {};
    const QStringList added = appendTurns(session.id, {}, turns);
    if (ids)
        *ids = added;
    session = s->sessions().get(session.id).value();
    return session;
}

QStringList MemoryFixture::appendTurns(const QString &sessionId, const QString &parentId, const QList<TurnSpec> &turns,
                                       bool makeActive)
{
    auto s = sync();
    QStringList ids;
    QString parent = parentId;
    QList<Message> batch;
    auto add = [&](Message m) {
        m.createdAt = ++m_clock;
        m.completedAt = m.createdAt;
        batch.append(m);
        ids.append(m.id);
        parent = m.id;
        return m;
    };
    int call = 0;
    for (const TurnSpec &t : turns) {
        add(Message::create(sessionId, parent, Role::User, t.user));
        if (!t.toolName.isEmpty()) {
            const QString callId = u"call_%1_%2"_s.arg(ids.size()).arg(++call);
            Message declare = Message::create(sessionId, parent, Role::Assistant, {});
            declare.toolCalls
                = QJsonArray {QJsonObject {{u"id"_s, callId}, {u"name"_s, t.toolName}, {u"arguments"_s, u"{}"_s}}};
            add(declare);
            Message result = Message::create(sessionId, parent, Role::Tool, t.toolResult);
            result.toolCallId = callId;
            result.toolName = t.toolName;
            add(result);
        }
        add(Message::create(sessionId, parent, Role::Assistant, t.assistant));
    }
    if (!s || !s->messages().insertBatch(batch))
        return {};
    if (makeActive && !ids.isEmpty())
        (void)s->sessions().setActiveLeaf(sessionId, ids.last());
    return ids;
}

} // namespace Skein::Test
