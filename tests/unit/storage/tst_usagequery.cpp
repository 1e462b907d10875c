// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/ids.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/usagequery.h"
#include "storetestutil.h"
#include "testsupport.h"

#include <QDateTime>
#include <QTemporaryDir>

using namespace Skein;

class TestUsageQuery final : public QObject
{
    Q_OBJECT

private:
    static Message reply(const Session &s, const QString &parent, qint64 at, const QString &model, qint64 prompt,
                         qint64 completion, const QString &requestId = {})
    {
        Message m = Message::create(s.id, parent, Role::Assistant, QStringLiteral("answer"));
        m.createdAt = at;
        m.model = model;
        m.usage.promptTokens = prompt;
        m.usage.completionTokens = completion;
        m.usage.cachedTokens = prompt / 2;
        m.requestId = requestId;
        return m;
    }

private Q_SLOTS:
    void sumsPerDaySessionAndModel()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session a = Session::create(QStringLiteral("alpha"));
        Session b = Session::create(QStringLiteral("beta"));
        SKEIN_VERIFY_OK(store.sessions().create(a));
        SKEIN_VERIFY_OK(store.sessions().create(b));
        const qint64 day1 = QDateTime(QDate(2026, 3, 1), QTime(10, 0)).toMSecsSinceEpoch();
        const qint64 day2 = QDateTime(QDate(2026, 3, 2), QTime(23, 0)).toMSecsSinceEpoch();

        Message q1 = Message::create(a.id, {}, Role::User, QStringLiteral("question"));
        q1.createdAt = day1;
        SKEIN_VERIFY_OK(store.messages().insert(q1));
        ContextSnapshot snap;
        snap.id = Ids::create();
        snap.sessionId = a.id;
        snap.model = QStringLiteral("m1");
        snap.cost = 0.25;
        snap.createdAt = day1;
        SKEIN_VERIFY_OK(store.snapshots().create(snap));
        SKEIN_VERIFY_OK(store.messages().insert(reply(a, q1.id, day1 + 1, QStringLiteral("m1"), 100, 10, snap.id)));
        SKEIN_VERIFY_OK(store.messages().insert(reply(a, q1.id, day1 + 2, QStringLiteral("m1"), 200, 20)));
        SKEIN_VERIFY_OK(store.messages().insert(reply(a, q1.id, day1 + 3, QStringLiteral("m2"), 40, 4)));
        SKEIN_VERIFY_OK(store.messages().insert(reply(a, q1.id, day2, QStringLiteral("m1"), 7, 1)));

        Message q2 = Message::create(b.id, {}, Role::User, QStringLiteral("other"));
        q2.createdAt = day2;
        SKEIN_VERIFY_OK(store.messages().insert(q2));
        SKEIN_VERIFY_OK(store.messages().insert(reply(b, q2.id, day2 + 1, QStringLiteral("m2"), 1000, 100)));
        // A reply without usage or snapshot (e.g. failed before the provider answered) is not counted.
        Message none = Message::create(b.id, q2.id, Role::Assistant, QStringLiteral("x"));
        none.createdAt = day2 + 2;
        SKEIN_VERIFY_OK(store.messages().insert(none));

        auto rows = UsageQuery::rows(store.database());
        SKEIN_VERIFY_OK(rows);
        QCOMPARE(rows->size(), 4);
        qint64 prompt = 0, completion = 0, cached = 0, replies = 0;
        double cost = 0;
        for (const UsageRow &r : *rows) {
            prompt += r.promptTokens;
            completion += r.completionTokens;
            cached += r.cachedTokens;
            replies += r.replies;
            cost += r.cost;
        }
        QCOMPARE(prompt, 100 + 200 + 40 + 7 + 1000);
        QCOMPARE(completion, 10 + 20 + 4 + 1 + 100);
        QCOMPARE(cached, 50 + 100 + 20 + 3 + 500);
        QCOMPARE(replies, 5);
        QCOMPARE(cost, 0.25);
        const UsageRow &first = rows->first();
        QCOMPARE(first.day, QStringLiteral("2026-03-01"));
        QCOMPARE(first.sessionTitle, QStringLiteral("alpha"));
        QCOMPARE(first.model, QStringLiteral("m1"));
        QCOMPARE(first.replies, 2);
        QCOMPARE(first.promptTokens, 300);

        auto recent = UsageQuery::rows(store.database(), day2);
        SKEIN_VERIFY_OK(recent);
        QCOMPARE(recent->size(), 2);
        for (const UsageRow &r : *recent)
            QCOMPARE(r.day, QStringLiteral("2026-03-02"));
    }
};

SKEIN_CORE_TEST_MAIN(TestUsageQuery)
#include "tst_usagequery.moc"
