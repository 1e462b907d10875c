// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The chat area's item models, GUI-less: SessionListModel (groups, pinned first, hide for undo,
// inline rename), ThreadModel (rows follow the active branch of a real ConversationTree,
// streaming touches one row) and SearchResultModel, each under QAbstractItemModelTester.
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "testsupport.h"
#include "threadfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

Session session(const QString &id, const QDateTime &updated, bool pinned = false, const QString &title = {})
{
    Session s;
    s.id = id;
    s.title = title.isEmpty() ? id : title;
    s.updatedAt = updated.toMSecsSinceEpoch();
    s.createdAt = s.updatedAt;
    s.pinned = pinned;
    return s;
}

Message msg(const QString &id, const QString &parent, Role role, qint64 at, const QString &text = {})
{
    Message m;
    m.id = id;
    m.sessionId = u"s"_s;
    m.parentId = parent;
    m.role = role;
    m.createdAt = at;
    m.content = text.isEmpty() ? u"text of "_s + id : text;
    return m;
}

QStringList column(const QAbstractItemModel &model, int role = Qt::DisplayRole)
{
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        out << model.index(r, 0).data(role).toString();
    return out;
}

} // namespace

class TestChatModels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sessionsAreGroupedWithPinnedFirst()
    {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QDateTime now(QDate(2026, 3, 10), QTime(15, 0));
        model.setNow(now);
        model.setSessions({session(u"old"_s, now.addDays(-30)), session(u"today"_s, now.addSecs(-3600)),
                           session(u"yesterday"_s, now.addDays(-1)), session(u"week"_s, now.addDays(-4)),
                           session(u"pinned"_s, now.addDays(-90), true), session(u"today2"_s, now.addSecs(-60))});
        QCOMPARE(column(model),
                 (QStringList {u"Pinned"_s, u"pinned"_s, u"Today"_s, u"today2"_s, u"today"_s, u"Yesterday"_s,
                               u"yesterday"_s, u"Previous 7 days"_s, u"week"_s, u"Older"_s, u"old"_s}));
        QVERIFY(model.index(0).data(SessionListModel::IsHeaderRole).toBool());
        QVERIFY(!(model.flags(model.index(0)) & Qt::ItemIsSelectable));
        QVERIFY(model.flags(model.index(1)) & Qt::ItemIsEditable);
        QCOMPARE(model.rowOf(u"today"_s), 4);
        QCOMPARE(model.idAt(4), u"today"_s);

        // A session updated now moves to the top of Today.
        model.upsert(session(u"old"_s, now));
        QCOMPARE(model.rowOf(u"old"_s), 3);
        QCOMPARE(column(model).mid(0, 4), (QStringList {u"Pinned"_s, u"pinned"_s, u"Today"_s, u"old"_s}));
        // Archived sessions leave the list.
        Session archived = session(u"week"_s, now.addDays(-4));
        archived.archived = true;
        model.upsert(archived);
        QCOMPARE(model.rowOf(u"week"_s), -1);
        QVERIFY(!column(model).contains(u"Previous 7 days"_s));
    }

    void hiddenSessionsComeBackOnUndo()
    {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QDateTime now = QDateTime::currentDateTime();
        model.setSessions({session(u"a"_s, now), session(u"b"_s, now.addSecs(-5))});
        QCOMPARE(model.rowCount(), 3);
        model.setHidden(u"a"_s, true);
        QCOMPARE(column(model), (QStringList {u"Today"_s, u"b"_s}));
        model.setHidden(u"a"_s, false);
        QCOMPARE(column(model), (QStringList {u"Today"_s, u"a"_s, u"b"_s}));
        model.remove(u"a"_s);
        model.remove(u"b"_s);
        QCOMPARE(model.rowCount(), 0);
    }

    void inlineRenameIsAnnounced()
    {
        SessionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSessions({session(u"a"_s, QDateTime::currentDateTime())});
        QSignalSpy edited(&model, &SessionListModel::titleEdited);
        QVERIFY(!model.setData(model.index(0), u"Header"_s)); // headers are not editable
        QVERIFY(model.setData(model.index(1), u"  New   name "_s));
        QCOMPARE(edited.size(), 1);
        QCOMPARE(edited.at(0).at(0).toString(), u"a"_s);
        QCOMPARE(edited.at(0).at(1).toString(), u"New name"_s);
        QCOMPARE(model.index(1).data().toString(), u"New name"_s);
        QVERIFY(model.session(u"a"_s).titleIsUserSet);
        QVERIFY(!model.setData(model.index(1), u"   "_s));
    }

    void manySessionsLoadQuickly()
    {
        SessionListModel model;
        const QDateTime now = QDateTime::currentDateTime();
        QList<Session> many;
        for (int i = 0; i < 5000; ++i)
            many << session(u"s%1"_s.arg(i), now.addSecs(-i * 600), i % 97 == 0);
        model.setSessions(many);
        QCOMPARE(model.sessionCount(), 5000);
        QVERIFY(model.rowCount() > 5000);
        QVERIFY(model.rowCount() <= 5005);
        QVERIFY(model.index(1).data(SessionListModel::PinnedRole).toBool());
    }

    void threadRowsFollowTheActiveBranch()
    {
        Test::ThreadFixture t;
        QAbstractItemModelTester tester(&t.model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // u1 -> a1 -> u2 -> a2a
        //                \-> a2b (later: the active one)
        const QList<Message> messages {msg(u"u1"_s, {}, Role::User, 1), msg(u"a1"_s, u"u1"_s, Role::Assistant, 2),
                                       msg(u"u2"_s, u"a1"_s, Role::User, 3), msg(u"a2a"_s, u"u2"_s, Role::Assistant, 4),
                                       msg(u"a2b"_s, u"u2"_s, Role::Assistant, 5)};
        QVERIFY(t.load(messages, u"a2b"_s));
        ThreadModel &model = t.model;
        QCOMPARE(model.rows(), (QStringList {u"u1"_s, u"a1"_s, u"u2"_s, u"a2b"_s}));
        QCOMPARE(model.index(3).data(ThreadModel::SiblingIndexRole).toInt(), 2);
        QCOMPARE(model.index(3).data(ThreadModel::SiblingCountRole).toInt(), 2);
        QCOMPARE(model.index(0).data(ThreadModel::SiblingCountRole).toInt(), 1);

        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QVERIFY(t.doc.switchSibling(u"a2b"_s, ConversationTree::Direction::Previous));
        QCOMPARE(model.rows(), (QStringList {u"u1"_s, u"a1"_s, u"u2"_s, u"a2a"_s}));
        // Only the rows below the fork point changed.
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 3);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 3);
        QVERIFY(!t.doc.switchSibling(u"a2a"_s, ConversationTree::Direction::Previous));

        // An edit: a new user message as sibling of u2, then its reply.
        t.doc.applyStored(msg(u"u2b"_s, u"a1"_s, Role::User, 6));
        QCOMPARE(model.rows(), (QStringList {u"u1"_s, u"a1"_s, u"u2b"_s}));
        QCOMPARE(model.index(2).data(ThreadModel::SiblingIndexRole).toInt(), 2);
        t.doc.applyStored(msg(u"a3"_s, u"u2b"_s, Role::Assistant, 7, u""_s));
        QCOMPARE(model.activeLeaf(), u"a3"_s);
        t.doc.applyStored(msg(u"orphan"_s, u"nope"_s, Role::User, 8));
        QVERIFY(!model.contains(u"orphan"_s));

        // Jumping to a message on another branch shows that branch.
        QVERIFY(t.doc.showBranchOf(u"u2"_s));
        QCOMPARE(model.rows(), (QStringList {u"u1"_s, u"a1"_s, u"u2"_s, u"a2b"_s}));
    }

    void longBranchesAreShownThroughAWindow()
    {
        // m0 … m1999, with a 10-message branch b1000… beside m1000 and a 4-message one c1900…
        // beside m1900.
        QList<Message> messages;
        const auto chain = [&](const QString &prefix, int from, int to, const QString &parent) {
            QString last = parent;
            for (int i = from; i < to; ++i) {
                messages << msg(prefix + QString::number(i), last, i % 2 ? Role::Assistant : Role::User,
                                prefix == u"m"_s ? i : 10000 + i);
                last = messages.constLast().id;
            }
        };
        chain(u"m"_s, 0, 2000, {});
        chain(u"b"_s, 1000, 1010, u"m999"_s);
        chain(u"c"_s, 1900, 1904, u"m1899"_s);
        Test::ThreadFixture t;
        QAbstractItemModelTester tester(&t.model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(t.load(messages, u"m1999"_s));
        ThreadModel &model = t.model;
        const auto consistent = [&] {
            const QStringList path = model.path();
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.idAt(r) != path.at(model.firstPathIndex() + r)
                    || model.index(r).data(ThreadModel::IdRole).toString() != model.idAt(r)
                    || model.rowOf(model.idAt(r)) != r)
                    return false;
            return model.rowCount() <= ThreadModel::WindowMax;
        };

        // It opens on the newest messages.
        QCOMPARE(model.path().size(), 2000);
        QCOMPARE(model.rowCount(), ThreadModel::WindowStart);
        QCOMPARE(model.idAt(0), u"m1700"_s);
        QVERIFY(model.reachesEnd() && !model.reachesStart());
        QCOMPARE(model.rowOf(u"m1000"_s), -1);
        QVERIFY(model.contains(u"m1000"_s)); // in the document all the same
        QVERIFY(consistent());

        // Growing upwards, then past the most kept: the bottom goes.
        QCOMPARE(model.growBackward(), ThreadModel::WindowStep);
        QCOMPARE(model.idAt(0), u"m1500"_s);
        QCOMPARE(model.rowOf(u"m1999"_s), 499);
        for (int i = 0; i < 6; ++i)
            model.growBackward();
        QCOMPARE(model.rowCount(), ThreadModel::WindowMax);
        QCOMPARE(model.firstPathIndex(), 300);
        QVERIFY(!model.reachesEnd());
        QCOMPARE(model.rowOf(u"m1999"_s), -1);
        QVERIFY(consistent());
        QCOMPARE(model.growForward(), ThreadModel::WindowStep);
        QVERIFY(model.reachesEnd());
        QCOMPARE(model.firstPathIndex(), 500);
        QVERIFY(consistent());

        // A new message at the end joins a window that shows the end, the top making room.
        t.doc.applyStored(msg(u"m2000"_s, u"m1999"_s, Role::User, 2000));
        QCOMPARE(model.rowCount(), ThreadModel::WindowMax);
        QCOMPARE(model.idAt(model.rowCount() - 1), u"m2000"_s);
        QVERIFY(consistent());

        // Far away: the window moves there; a message arriving meanwhile is not a row yet.
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QVERIFY(model.reveal(u"m10"_s));
        QCOMPARE(resets.size(), 1);
        QVERIFY(model.reachesStart() && !model.reachesEnd());
        QVERIFY(model.rowOf(u"m10"_s) >= 0);
        t.doc.applyStored(msg(u"m2001"_s, u"m2000"_s, Role::Assistant, 2001));
        QCOMPARE(model.rowCount(), ThreadModel::WindowStart);
        QCOMPARE(model.path().constLast(), u"m2001"_s);
        QVERIFY(!model.reveal(u"b1005"_s)); // not on the active branch
        QVERIFY(consistent());
        // Near: the window grows to it instead.
        QVERIFY(model.reveal(u"m%1"_s.arg(ThreadModel::WindowStart + 50)));
        QCOMPARE(resets.size(), 1);
        QCOMPARE(model.firstPathIndex(), 0);
        QVERIFY(consistent());

        // A branch switch deep down changes only the rows below the fork.
        QVERIFY(model.reveal(u"m1000"_s));
        QCOMPARE(resets.size(), 2);
        const int fork = model.rowOf(u"m1000"_s);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QVERIFY(t.doc.switchSibling(u"m1000"_s, ConversationTree::Direction::Next));
        QCOMPARE(model.activeLeaf(), u"b1009"_s);
        QCOMPARE(resets.size(), 2);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), fork);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), fork);
        QCOMPARE(inserted.at(0).at(2).toInt(), fork + 9);
        QCOMPARE(model.idAt(fork), u"b1000"_s);
        QVERIFY(model.reachesEnd());
        QCOMPARE(model.index(fork).data(ThreadModel::SiblingCountRole).toInt(), 2);
        QVERIFY(consistent());

        // A switch above the window replaces all of it: the new branch is shown from the fork.
        QVERIFY(t.doc.showBranchOf(u"c1902"_s));
        QVERIFY(model.reveal(u"c1902"_s));
        QVERIFY(model.reachesEnd());
        const int resetsBefore = int(resets.size());
        QVERIFY(t.doc.switchSibling(u"m1000"_s, ConversationTree::Direction::Next));
        QCOMPARE(resets.size(), resetsBefore + 1);
        QCOMPARE(model.activeLeaf(), u"b1009"_s);
        QVERIFY(model.reachesEnd());
        QVERIFY(model.rowOf(u"b1000"_s) >= 0);
        QVERIFY(consistent());
        // And back to the newest messages.
        QVERIFY(model.reveal(u"m10"_s));
        model.showEnd();
        QVERIFY(model.reachesEnd());
        QCOMPARE(model.rowCount(), ThreadModel::WindowStart);
        QVERIFY(consistent());
    }

    void streamingChangesOneRow()
    {
        Test::ThreadFixture t;
        ThreadModel &model = t.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(t.load({msg(u"u"_s, {}, Role::User, 1), msg(u"a"_s, u"u"_s, Role::Assistant, 2, u"He"_s)}, u"a"_s));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const uint before = model.index(1).data(ThreadModel::RevisionRole).toUInt();
        t.doc.appendText(u"a"_s, u"llo"_s);
        t.doc.appendText(u"a"_s, u" world"_s, u"thinking"_s);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 1);
        QCOMPARE(model.index(1).data(ThreadModel::ContentRole).toString(), u"Hello world"_s);
        QCOMPARE(model.index(1).data(ThreadModel::ReasoningRole).toString(), u"thinking"_s);
        QCOMPARE(model.index(1).data(ThreadModel::RevisionRole).toUInt(), before + 2);
        Message stopped = t.doc.message(u"a"_s);
        stopped.status = MessageStatus::Interrupted;
        stopped.error = u"lost"_s;
        t.doc.applyStored(stopped);
        QVERIFY(MessageStatus(model.index(1).data(ThreadModel::StatusRole).toInt()) == MessageStatus::Interrupted);
    }

    void usageAndCostOnHover()
    {
        Test::ThreadFixture t;
        ThreadModel &model = t.model;
        Message a = msg(u"a"_s, {}, Role::Assistant, 1);
        a.model = u"m1"_s;
        a.usage.promptTokens = 1000;
        a.usage.completionTokens = 500;
        QVERIFY(t.load({a}, u"a"_s));
        QString tip = model.index(0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"1,000"_s) && tip.contains(u"500"_s), qPrintable(tip));
        QVERIFY(!tip.contains(u"Cost"_s));
        ModelInfo info;
        info.id = u"m1"_s;
        info.inputPricePerMTok = 2.0;
        info.outputPricePerMTok = 8.0;
        model.setModelInfo({info});
        tip = model.index(0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"$0.006"_s), qPrintable(tip)); // 1000*2/1e6 + 500*8/1e6
    }

    void removingABranchMovesToASurvivor()
    {
        Test::ThreadFixture t;
        ThreadModel &model = t.model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(t.load({msg(u"u"_s, {}, Role::User, 1), msg(u"a1"_s, u"u"_s, Role::Assistant, 2),
                        msg(u"a2"_s, u"u"_s, Role::Assistant, 3)},
                       u"a2"_s));
        t.doc.deleteBranch(u"a2"_s);
        QCOMPARE(model.rows(), (QStringList {u"u"_s, u"a1"_s}));
        QVERIFY(!model.contains(u"a2"_s));
        QCOMPARE(model.index(1).data(ThreadModel::SiblingCountRole).toInt(), 1);
        // Removing an off-path branch keeps the rows.
        t.doc.applyStored(msg(u"a3"_s, u"u"_s, Role::Assistant, 4));
        QVERIFY(t.doc.showBranchOf(u"a1"_s));
        QCOMPARE(model.rows(), (QStringList {u"u"_s, u"a1"_s}));
        QCOMPARE(model.index(1).data(ThreadModel::SiblingCountRole).toInt(), 2);
        t.doc.deleteBranch(u"a3"_s);
        QCOMPARE(model.rows(), (QStringList {u"u"_s, u"a1"_s}));
        QCOMPARE(model.index(1).data(ThreadModel::SiblingCountRole).toInt(), 1);
        QVERIFY(!t.load({msg(u"x"_s, u"missing"_s, Role::User, 1)}, {}));
        QCOMPARE(model.rowCount(), 0);
    }

    void searchSnippetsAreEscapedAndHighlighted()
    {
        SearchResultModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        SearchHit hit;
        hit.messageId = u"m"_s;
        hit.sessionId = u"s"_s;
        hit.sessionTitle = u"Title"_s;
        hit.snippet = u"a <img src=x> \x02match\x03 & more"_s;
        model.setHits(u"match"_s, {hit});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0).data().toString(), u"a <img src=x> match & more"_s);
        QCOMPARE(SearchResultModel::snippetHtml(hit.snippet), u"a &lt;img src=x&gt; <b>match</b> &amp; more"_s);
        QCOMPARE(model.index(0).data(SearchResultModel::MessageIdRole).toString(), u"m"_s);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

SKEIN_CORE_TEST_MAIN(TestChatModels)
#include "tst_chatmodels.moc"
