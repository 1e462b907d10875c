// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The user's operations on memories (accept / reject / edit / promote / restore / disable /
// remove), synchronously on a Store and through MemoryService on the storage threads.

#include "app/services/memoryservice.h"
#include "core/domain/ids.h"
#include "engine/memory/memoryops.h"
#include "memoryfixture.h"
#include "storage/memoryrepository.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

Memory pending(Store &store, const QString &content, MemoryScope scope = MemoryScope::Global,
               const QString &sessionId = {}, const QString &anchor = {})
{
    Memory m;
    m.id = Ids::create();
    m.content = content;
    m.scope = scope;
    m.sessionId = sessionId;
    m.anchorMessageId = anchor;
    m.sourceSessionId = sessionId;
    m.status = MemoryStatus::Pending;
    m.createdAt = m.updatedAt = Ids::nowMs();
    (void)store.memories().create(m);
    return m;
}

} // namespace

class TestMemoryService final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reviewInbox()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        auto s = f.sync();
        const Memory a = pending(*s, u"The user likes tea"_s);
        const Memory b = pending(*s, u"The user likes cofee"_s);
        const Memory c = pending(*s, u"The user is a spy"_s);
        QVERIFY(MemoryOps::accept(*s, a.id));
        QVERIFY(MemoryOps::acceptEdited(*s, b.id, u"The user likes coffee"_s));
        QVERIFY(MemoryOps::reject(*s, c.id));
        QCOMPARE(toString(s->memories().get(a.id)->status), toString(MemoryStatus::Active));
        QCOMPARE(toString(s->memories().get(b.id)->status), toString(MemoryStatus::Active));
        QCOMPARE(s->memories().get(b.id)->content, u"The user likes coffee"_s);
        QCOMPARE(s->memories().versions(b.id)->first().content, u"The user likes cofee"_s);
        QCOMPARE(toString(s->memories().get(c.id)->status), toString(MemoryStatus::Rejected));
        QVERIFY(!MemoryOps::accept(*s, u"missing"_s));
    }

    void editRestoreDisableRemove()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        auto s = f.sync();
        const Memory m = MemoryOps::add(*s, MemoryType::Preference, u"  Short answers  "_s).value();
        QCOMPARE(toString(m.status), toString(MemoryStatus::Active));
        QCOMPARE(m.content, u"Short answers"_s);
        QVERIFY(MemoryOps::edit(*s, m.id, u"Short answers, no emoji"_s));
        QVERIFY(MemoryOps::edit(*s, m.id, u"Short answers, no emoji"_s)); // unchanged: no version
        QCOMPARE(s->memories().versions(m.id)->size(), 1);
        QVERIFY(!MemoryOps::edit(*s, m.id, u"   "_s));
        const qint64 first = s->memories().versions(m.id)->first().id;
        QVERIFY(MemoryOps::restore(*s, m.id, first));
        QCOMPARE(s->memories().get(m.id)->content, u"Short answers"_s);
        QCOMPARE(s->memories().versions(m.id)->size(), 2);
        QCOMPARE(s->memories().versions(m.id)->last().changedBy, u"restore"_s);
        QVERIFY(MemoryOps::disable(*s, m.id));
        QCOMPARE(toString(s->memories().get(m.id)->status), toString(MemoryStatus::Disabled));
        // Found by a unique prefix, as the CLI does.
        QCOMPARE(MemoryOps::find(*s, m.id.left(8))->id, m.id);
        QVERIFY(MemoryOps::remove(*s, m.id));
        QVERIFY(!s->memories().get(m.id));
        QVERIFY(!MemoryOps::remove(*s, m.id));
    }

    void promoteWidensOnly()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QStringList ids;
        const Session session = f.conversation({{u"hi"_s, u"hello"_s, {}, {}}}, &ids);
        auto s = f.sync();
        const Memory m = pending(*s, u"Prefers trains"_s, MemoryScope::Branch, session.id, ids[0]);
        QVERIFY(MemoryOps::promote(*s, m.id, MemoryScope::Session));
        Memory now = s->memories().get(m.id).value();
        QCOMPARE(toString(now.scope), toString(MemoryScope::Session));
        QCOMPARE(now.sessionId, session.id);
        QVERIFY(now.anchorMessageId.isEmpty());
        QVERIFY(!MemoryOps::promote(*s, m.id, MemoryScope::Branch));
        QVERIFY(MemoryOps::promote(*s, m.id, MemoryScope::Global));
        now = s->memories().get(m.id).value();
        QCOMPARE(toString(now.scope), toString(MemoryScope::Global));
        QVERIFY(now.sessionId.isEmpty());
        QCOMPARE(now.sourceSessionId, session.id); // provenance stays
        QVERIFY(!MemoryOps::add(*s, MemoryType::Fact, u"x"_s, MemoryScope::Branch, session.id));
    }

    void serviceRunsOffThread()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        Memory m;
        {
            auto s = f.sync();
            m = pending(*s, u"The user is left-handed"_s);
        }
        MemoryService service(&f.store);
        QSignalSpy changed(&service, &MemoryService::changed);
        std::optional<Status> result;
        service.acceptEdited(m.id, u"The user is left-handed and writes with a fountain pen"_s, this,
                             [&](const Status &s) { result = s; });
        QTRY_VERIFY(result.has_value());
        QVERIFY(*result);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().first().toString(), m.id);

        std::optional<Result<QList<Memory>>> listed;
        MemoryRepository::Filter filter;
        filter.status = MemoryStatus::Active;
        service.list(filter, this, [&](Result<QList<Memory>> r) { listed = std::move(r); });
        QTRY_VERIFY(listed.has_value());
        QCOMPARE(listed->value().size(), 1);
        QVERIFY(listed->value().first().content.contains(u"fountain pen"_s));

        std::optional<Result<QList<MemoryVersion>>> versions;
        service.versions(m.id, this, [&](Result<QList<MemoryVersion>> r) { versions = std::move(r); });
        QTRY_VERIFY(versions.has_value());
        QCOMPARE(versions->value().size(), 1);

        result.reset();
        service.reject(u"missing"_s, this, [&](const Status &s) { result = s; });
        QTRY_VERIFY(result.has_value());
        QVERIFY(!*result);
        QCOMPARE(changed.size(), 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestMemoryService)
#include "tst_memoryservice.moc"
