// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/branchlayout.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

using namespace Skein;

namespace {

BranchNode node(const QString &id, const QString &parent, qint64 at, Role role = Role::User)
{
    return {id, parent, role, MessageStatus::Complete, id, at};
}

// A straight line n0 -> n1 -> ... -> n(count-1).
QList<BranchNode> chain(int count, const QString &prefix = QStringLiteral("n"))
{
    QList<BranchNode> nodes;
    for (int i = 0; i < count; ++i)
        nodes << node(prefix + QString::number(i), i ? prefix + QString::number(i - 1) : QString(), i,
                      i % 2 ? Role::Assistant : Role::User);
    return nodes;
}

BranchLayout::Item itemOf(const BranchLayout::Result &r, const QString &id)
{
    return r.items.at(r.itemOfMessage.value(id));
}

BranchLayout::Options plain()
{
    BranchLayout::Options o;
    o.compact = false;
    return o;
}

} // namespace

class TestBranchLayout final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chainIsOneColumnOnTheActivePath()
    {
        const auto r = BranchLayout::layout(chain(3), {}, QStringLiteral("n2"), plain());
        QCOMPARE(r.items.size(), 3);
        QCOMPARE(r.columns, 1);
        QCOMPARE(r.rows, 3);
        for (int i = 0; i < 3; ++i) {
            const auto &item = itemOf(r, QStringLiteral("n%1").arg(i));
            QCOMPARE(item.row, i);
            QCOMPARE(item.column, 0);
            QVERIFY(item.onActivePath);
            QCOMPARE(item.isLeaf, i == 2);
        }
        QCOMPARE(itemOf(r, QStringLiteral("n1")).parent, r.itemOfMessage.value(QStringLiteral("n0")));
        QVERIFY(itemOf(r, QStringLiteral("n1")).role == Role::Assistant);
    }

    void laterSiblingsOpenColumnsToTheRight()
    {
        // r -> a -> a1, a2 ; r -> b -> b1 ; b is newer than a.
        const QList<BranchNode> nodes {node(QStringLiteral("r"), {}, 0),
                                       node(QStringLiteral("b"), QStringLiteral("r"), 5),
                                       node(QStringLiteral("a"), QStringLiteral("r"), 1),
                                       node(QStringLiteral("a1"), QStringLiteral("a"), 2),
                                       node(QStringLiteral("a2"), QStringLiteral("a"), 3),
                                       node(QStringLiteral("b1"), QStringLiteral("b"), 6)};
        const auto r = BranchLayout::layout(nodes, {}, QStringLiteral("a1"), plain());
        QCOMPARE(itemOf(r, QStringLiteral("a")).column, 0);
        QCOMPARE(itemOf(r, QStringLiteral("a1")).column, 0);
        QCOMPARE(itemOf(r, QStringLiteral("a2")).column, 1);
        QCOMPARE(itemOf(r, QStringLiteral("b")).column, 2);
        QCOMPARE(itemOf(r, QStringLiteral("b1")).column, 2);
        QCOMPARE(itemOf(r, QStringLiteral("b1")).row, 2);
        QCOMPARE(r.columns, 3);
        QVERIFY(itemOf(r, QStringLiteral("a1")).onActivePath);
        QVERIFY(!itemOf(r, QStringLiteral("b")).onActivePath);

        // The active path always runs down the first column, whichever branch it is.
        const auto other = BranchLayout::layout(nodes, {}, QStringLiteral("b1"), plain());
        for (const char *id : {"r", "b", "b1"}) {
            QCOMPARE(itemOf(other, QLatin1String(id)).column, 0);
            QVERIFY(itemOf(other, QLatin1String(id)).onActivePath);
        }
        QCOMPARE(itemOf(other, QStringLiteral("a")).column, 1);
        QCOMPARE(itemOf(other, QStringLiteral("a1")).column, 1);
        QCOMPARE(itemOf(other, QStringLiteral("a2")).column, 2);
        QVERIFY(!itemOf(other, QStringLiteral("a")).onActivePath);
    }

    void innerActiveLeafDescendsToTheLatestLeaf()
    {
        const QList<BranchNode> nodes {node(QStringLiteral("r"), {}, 0),
                                       node(QStringLiteral("x"), QStringLiteral("r"), 1),
                                       node(QStringLiteral("y"), QStringLiteral("r"), 2)};
        const auto r = BranchLayout::layout(nodes, {}, QStringLiteral("r"), plain());
        QVERIFY(itemOf(r, QStringLiteral("y")).onActivePath);
        QVERIFY(!itemOf(r, QStringLiteral("x")).onActivePath);
    }

    void segmentSummaryReplacesItsSpanInCompactMode()
    {
        const QList<BranchNode> nodes = chain(6);
        const BranchSummary summary {QStringLiteral("s1"), SummaryLevel::Segment,         QStringLiteral("n0"),
                                     QStringLiteral("n3"), QStringLiteral("covers four"), 42};
        BranchLayout::Options compact;
        const auto r = BranchLayout::layout(nodes, {summary}, QStringLiteral("n5"), compact);
        QCOMPARE(r.items.size(), 3); // summary, n4, n5
        const auto &s = itemOf(r, QStringLiteral("n2"));
        QCOMPARE(s.kind, BranchLayout::Kind::Summary);
        QCOMPARE(s.id, QStringLiteral("s1"));
        QCOMPARE(s.hiddenCount, 4);
        QCOMPARE(s.tokenCount, 42);
        QVERIFY(s.onActivePath);
        for (const char *id : {"n0", "n1", "n3"})
            QCOMPARE(r.itemOfMessage.value(QLatin1String(id)), r.itemOfMessage.value(QStringLiteral("n2")));
        QCOMPARE(itemOf(r, QStringLiteral("n4")).row, 1);
        QCOMPARE(itemOf(r, QStringLiteral("n4")).parent, r.itemOfMessage.value(QStringLiteral("n0")));
        QVERIFY(r.brackets.isEmpty());

        // Expanded: the messages come back and the summary becomes a bracket that can collapse again.
        compact.expanded.insert(s.expandKey);
        const auto open = BranchLayout::layout(nodes, {summary}, QStringLiteral("n5"), compact);
        QCOMPARE(open.items.size(), 6);
        QCOMPARE(open.brackets.size(), 1);
        QCOMPARE(open.brackets.first().firstRow, 0);
        QCOMPARE(open.brackets.first().lastRow, 3);
        QCOMPARE(open.brackets.first().expandKey, s.expandKey);

        // Not compact: a bracket that cannot collapse.
        const auto full = BranchLayout::layout(nodes, {summary}, QStringLiteral("n5"), plain());
        QCOMPARE(full.items.size(), 6);
        QCOMPARE(full.brackets.size(), 1);
        QVERIFY(full.brackets.first().expandKey.isEmpty());
    }

    void summaryOverABranchPointStaysABracket()
    {
        QList<BranchNode> nodes = chain(4);
        nodes << node(QStringLiteral("alt"), QStringLiteral("n1"), 10); // n1 has two children
        const BranchSummary summary {
            QStringLiteral("s"), SummaryLevel::Segment, QStringLiteral("n0"), QStringLiteral("n3"), {}, 10};
        const auto r = BranchLayout::layout(nodes, {summary}, QStringLiteral("n3"), BranchLayout::Options {});
        QCOMPARE(itemOf(r, QStringLiteral("n2")).kind, BranchLayout::Kind::Message);
        QCOMPARE(r.brackets.size(), 1);
        QCOMPARE(r.brackets.first().lastRow, 3);
    }

    void longRunsCollapseKeepingEnds()
    {
        const QList<BranchNode> nodes = chain(20);
        BranchLayout::Options compact;
        const auto r = BranchLayout::layout(nodes, {}, QStringLiteral("n19"), compact);
        QCOMPARE(r.items.size(), 3);
        QCOMPARE(itemOf(r, QStringLiteral("n0")).kind, BranchLayout::Kind::Message);
        QCOMPARE(itemOf(r, QStringLiteral("n19")).kind, BranchLayout::Kind::Message);
        const auto &run = itemOf(r, QStringLiteral("n7"));
        QCOMPARE(run.kind, BranchLayout::Kind::Collapsed);
        QCOMPARE(run.hiddenCount, 18);
        QCOMPARE(itemOf(r, QStringLiteral("n19")).row, 2);

        // A message that must stay visible splits the run.
        compact.keepVisible.insert(QStringLiteral("n10"));
        const auto split = BranchLayout::layout(nodes, {}, QStringLiteral("n19"), compact);
        QCOMPARE(itemOf(split, QStringLiteral("n10")).kind, BranchLayout::Kind::Message);
        QCOMPARE(itemOf(split, QStringLiteral("n5")).hiddenCount, 9); // n1..n9
        QCOMPARE(itemOf(split, QStringLiteral("n15")).hiddenCount, 8); // n11..n18

        compact.keepVisible.clear();
        compact.expanded.insert(run.expandKey);
        QCOMPARE(BranchLayout::layout(nodes, {}, QStringLiteral("n19"), compact).items.size(), 20);
        // Short runs never collapse.
        QCOMPARE(BranchLayout::layout(chain(4), {}, {}, BranchLayout::Options {}).items.size(), 4);
    }

    void unknownParentsBecomeRoots()
    {
        const QList<BranchNode> nodes {node(QStringLiteral("a"), QStringLiteral("missing"), 0),
                                       node(QStringLiteral("b"), QStringLiteral("a"), 1)};
        const auto r = BranchLayout::layout(nodes, {}, {}, plain());
        QCOMPARE(r.items.size(), 2);
        QCOMPARE(itemOf(r, QStringLiteral("a")).parent, -1);
    }

    void twoThousandNodes()
    {
        // A random tree shaped like real use: mostly linear, with regenerations and edits.
        QRandomGenerator random(7);
        QList<BranchNode> nodes;
        QStringList ids;
        for (int i = 0; i < 2000; ++i) {
            QString parent;
            if (i > 0)
                parent = random.bounded(10) < 8 ? ids.last() : ids.at(random.bounded(int(ids.size())));
            ids << QStringLiteral("m%1").arg(i);
            nodes << node(ids.last(), parent, i, i % 2 ? Role::Assistant : Role::User);
        }
        for (bool compact : {false, true}) {
            BranchLayout::Options options;
            options.compact = compact;
            QElapsedTimer timer;
            timer.start();
            const auto r = BranchLayout::layout(nodes, {}, ids.last(), options);
            qInfo("2,000 nodes, compact=%d: %lld us, %lld items, %d columns, %d rows", compact,
                  qint64(timer.nsecsElapsed() / 1000), qint64(r.items.size()), r.columns, r.rows);
            QCOMPARE(r.itemOfMessage.size(), 2000);
            if (!compact)
                QCOMPARE(r.items.size(), 2000);
            else
                QVERIFY(r.items.size() < 2000);
            QSet<quint64> cells;
            for (const auto &item : r.items) {
                QVERIFY(!cells.contains(quint64(item.row) << 32 | quint64(item.column)));
                cells.insert(quint64(item.row) << 32 | quint64(item.column));
                if (item.parent >= 0) {
                    QCOMPARE(item.row, r.items.at(item.parent).row + 1);
                    QVERIFY(item.column >= r.items.at(item.parent).column);
                }
            }
            QVERIFY(itemOf(r, ids.last()).onActivePath);
            QVERIFY(itemOf(r, ids.first()).onActivePath);
        }
    }
};

SKEIN_CORE_TEST_MAIN(TestBranchLayout)
#include "tst_branchlayout.moc"
