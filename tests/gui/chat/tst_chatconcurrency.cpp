// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Two conversations reply at the same time (issue 14): a reply streams in A while the user opens B
// and sends there; both stream, each into its own conversation; the sidebar marks the one running
// in the background; Esc stops the conversation shown only; both stored paths are complete.
#include "chatfixture.h"
#include "models/sessionlistmodel.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "testsupport.h"

#include <QAction>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QList<Message> storedPath(const ChatFixture &f, const QString &sessionId)
{
    std::unique_ptr<Store> store = f.store();
    const Session s = store->sessions().get(sessionId).value();
    return s.activeLeafId.isEmpty() ? QList<Message> {} : store->messages().path(s.activeLeafId).value();
}

} // namespace

class TestChatConcurrency final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twoConversationsStreamAtOnce()
    {
        ChatFixture f;
        f.script = slowReply;
        QVERIFY(f.start());
        f.type(u"alpha"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy() && f.thread()->rowCount() == 2, 10000);
        const QString a = f.controller()->currentSessionId();
        QTRY_VERIFY(!f.content(1).isEmpty()); // A is streaming

        // A new conversation while A streams: nothing waits in a queue.
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty() && f.controller()->currentSessionId() != a);
        const QString b = f.controller()->currentSessionId();
        QVERIFY(!f.controller()->isBusy());
        SessionListModel *sessions = f.controller()->sessionModel();
        QTRY_COMPARE(sessions->activity(a), int(Conversations::Activity::Running));
        QVERIFY(sessions->index(sessions->rowOf(a)).data(Qt::AccessibleDescriptionRole).toString() == u"Replying"_s);
        f.type(u"beta"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy() && f.thread()->rowCount() == 2, 10000);
        QCOMPARE(f.controller()->queuedCount(), 0);
        // Both run: the server has both requests before either reply is complete.
        QTRY_COMPARE_WITH_TIMEOUT(f.server.requestCount(), 2, 10000);
        QCOMPARE(sessions->activity(a), int(Conversations::Activity::Running));
        QCOMPARE(sessions->activity(b), int(Conversations::Activity::Running));
        QTRY_VERIFY(f.content(1).startsWith(u"Reply to beta"_s));

        // Back to A: its document kept streaming while it was not shown.
        f.controller()->openSession(a);
        QTRY_COMPARE(f.controller()->currentSessionId(), a);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 20000);
        QVERIFY(f.content(1).startsWith(u"Reply to alpha"_s));
        QTRY_VERIFY_WITH_TIMEOUT(sessions->activity(b) == 0, 20000);

        // Stored: each conversation has its own complete exchange.
        for (const auto &[id, word] : {std::pair {a, u"alpha"_s}, std::pair {b, u"beta"_s}}) {
            const QList<Message> path = storedPath(f, id);
            QCOMPARE(path.size(), 2);
            QCOMPARE(path.at(0).content, word);
            QVERIFY(path.at(1).content.startsWith(u"Reply to "_s + word));
            QVERIFY(path.at(1).status == MessageStatus::Complete);
        }
    }

    void escStopsOnlyTheConversationShown()
    {
        ChatFixture f;
        f.script = slowReply;
        QVERIFY(f.start());
        f.type(u"first"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy() && f.thread()->rowCount() == 2, 10000);
        const QString a = f.controller()->currentSessionId();
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty() && f.controller()->currentSessionId() != a);
        const QString b = f.controller()->currentSessionId();
        f.type(u"second"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy() && f.thread()->rowCount() == 2, 10000);
        QTRY_VERIFY(!f.content(1).isEmpty());

        QAction *stop = f.window->findChild<QAction *>(u"actionStop"_s);
        QVERIFY(stop->isEnabled());
        stop->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!f.controller()->isBusy(), 10000);
        QVERIFY(f.controller()->activity(a) != Conversations::Activity::Idle); // A goes on
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->activity(a) == Conversations::Activity::Idle, 20000);

        const QList<Message> first = storedPath(f, a);
        QCOMPARE(first.size(), 2);
        QVERIFY(first.at(1).status == MessageStatus::Complete);
        const QList<Message> second = storedPath(f, b);
        QCOMPARE(second.size(), 2);
        QVERIFY(second.at(1).status == MessageStatus::Cancelled);
        QVERIFY(!second.at(1).content.isEmpty()); // what arrived is kept
    }
};

SKEIN_TEST_MAIN(TestChatConcurrency, QApplication)
#include "tst_chatconcurrency.moc"
