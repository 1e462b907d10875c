// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/conversationtree.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSignalSpy>

#include <algorithm>
#include <random>
#include <thread>

Q_DECLARE_METATYPE(Skein::ConversationNode)

using namespace Skein;

namespace {

ConversationNode makeNode(const QString &id, const QString &parent, qint64 at, Role role = Role::User)
{
    return ConversationNode {id, parent, role, at};
}

QString s(const char *text)
{
    return QString::fromLatin1(text);
}

QStringList ids(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *id : list)
        out.append(QString::fromLatin1(id));
    return out;
}

// A copy of the tree kept only from its signals, the way an item model would keep one.
class Mirror final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Mirror)

public:
    explicit Mirror(ConversationTree *tree)
        : m_tree(tree)
    {
        rebuild();
        connect(tree, &ConversationTree::nodeAboutToBeAdded, this, [this](const QString &parent, int row) {
            check(!m_pendingAdd, "nested add");
            check(m_children.contains(parent), "add under a parent the mirror does not know");
            check(row >= 0 && row <= m_children.value(parent).size(), "add row out of range");
            check(m_tree->childCount(parent) == m_children.value(parent).size(), "tree changed before about-to");
            m_pendingAdd = true;
            m_pendingParent = parent;
            m_pendingRow = row;
        });
        connect(tree, &ConversationTree::nodeAdded, this, [this](const QString &id, const QString &parent, int row) {
            check(m_pendingAdd && parent == m_pendingParent && row == m_pendingRow, "added differs from about-to");
            check(m_tree->childAt(parent, row) == id, "tree does not hold the node at the announced row");
            m_pendingAdd = false;
            m_children[parent].insert(row, id);
            m_children.insert(id, {});
        });
        connect(tree, &ConversationTree::subtreeAboutToBeRemoved, this,
                [this](const QString &id, const QString &parent, int row) {
                    check(m_children.value(parent).value(row) == id, "remove announces a wrong row");
                    check(m_tree->contains(id), "tree removed before about-to");
                    m_pendingRemove = id;
                });
        connect(tree, &ConversationTree::subtreeRemoved, this,
                [this](const QString &id, const QString &parent, int row) {
                    check(m_pendingRemove == id, "removed differs from about-to");
                    check(!m_tree->contains(id), "tree still holds the removed node");
                    m_pendingRemove.clear();
                    m_children[parent].removeAt(row);
                    QStringList gone {id};
                    for (qsizetype i = 0; i < gone.size(); ++i)
                        gone.append(m_children.take(gone.at(i)));
                });
        connect(tree, &ConversationTree::activeLeafChanged, this,
                [this](const QString &oldLeaf, const QString &newLeaf) {
                    check(oldLeaf == m_active, "activeLeafChanged old value is stale");
                    check(oldLeaf != newLeaf, "activeLeafChanged without a change");
                    check(newLeaf == m_tree->activeLeaf(), "activeLeafChanged new value differs from activeLeaf()");
                    m_active = newLeaf;
                });
        connect(tree, &ConversationTree::aboutToBeReset, this, [this] { m_inReset = true; });
        connect(tree, &ConversationTree::resetDone, this, [this] {
            check(m_inReset, "reset without about-to");
            m_inReset = false;
            const QString active = m_active;
            rebuild();
            m_active = active; // activeLeafChanged follows the reset
        });
    }

    // Whether the mirror equals the tree.
    bool matches() const
    {
        if (m_active != m_tree->activeLeaf())
            return false;
        if (m_children.size() != m_tree->size() + 1)
            return false;
        for (auto it = m_children.cbegin(); it != m_children.cend(); ++it) {
            if (m_tree->children(it.key()) != it.value())
                return false;
        }
        return true;
    }

    QStringList errors;

private:
    void check(bool ok, const char *what)
    {
        if (!ok)
            errors.append(QString::fromLatin1(what));
    }
    void rebuild()
    {
        m_children.clear();
        m_active = m_tree->activeLeaf();
        QStringList queue {QString()};
        for (qsizetype i = 0; i < queue.size(); ++i) {
            const QStringList kids = m_tree->children(queue.at(i));
            m_children.insert(queue.at(i), kids);
            queue.append(kids);
        }
    }

    ConversationTree *m_tree;
    QHash<QString, QStringList> m_children; // "" = roots
    QString m_active;
    bool m_pendingAdd = false;
    QString m_pendingParent;
    int m_pendingRow = -1;
    QString m_pendingRemove;
    bool m_inReset = false;
};

// Checks every structural invariant; returns a description of the first violation.
QString violatedInvariant(const ConversationTree &tree, const QStringList &allIds)
{
    if (tree.size() != allIds.size())
        return QStringLiteral("size %1, expected %2").arg(tree.size()).arg(allIds.size());
    qsizetype listed = tree.roots().size();
    for (const QString &id : allIds) {
        const ConversationNode n = tree.node(id);
        if (n.id != id)
            return QStringLiteral("node %1 missing").arg(id);
        if (!n.parentId.isEmpty() && !tree.contains(n.parentId))
            return QStringLiteral("parent of %1 missing").arg(id);
        if (tree.siblings(id).count(id) != 1)
            return QStringLiteral("%1 not listed once among its siblings").arg(id);
        const int expectedDepth = n.parentId.isEmpty() ? 0 : tree.depth(n.parentId) + 1;
        if (tree.depth(id) != expectedDepth)
            return QStringLiteral("depth of %1").arg(id);
        const QStringList kids = tree.children(id);
        listed += kids.size();
        if (tree.isLeaf(id) != kids.isEmpty())
            return QStringLiteral("isLeaf of %1").arg(id);
    }
    if (listed != allIds.size())
        return QStringLiteral("children lists hold %1 entries for %2 nodes").arg(listed).arg(allIds.size());
    QStringList parents = allIds;
    parents.append(QString());
    for (const QString &parent : parents) {
        const QStringList kids = tree.children(parent);
        for (int i = 0; i < kids.size(); ++i) {
            if (tree.siblingIndex(kids.at(i)) != SiblingIndex {i + 1, int(kids.size())})
                return QStringLiteral("sibling index of %1").arg(kids.at(i));
            if (tree.row(kids.at(i)) != i || tree.childAt(parent, i) != kids.at(i))
                return QStringLiteral("row of %1").arg(kids.at(i));
            if (tree.parentId(kids.at(i)) != parent)
                return QStringLiteral("%1 listed under a foreign parent").arg(kids.at(i));
            if (i > 0) {
                const ConversationNode a = tree.node(kids.at(i - 1));
                const ConversationNode b = tree.node(kids.at(i));
                if (a.createdAt > b.createdAt || (a.createdAt == b.createdAt && a.id >= b.id))
                    return QStringLiteral("children of '%1' not in creation order").arg(parent);
            }
        }
    }
    const QString leaf = tree.activeLeaf();
    if (tree.isEmpty() != leaf.isEmpty())
        return QStringLiteral("active leaf '%1' with %2 nodes").arg(leaf).arg(tree.size());
    if (!leaf.isEmpty()) {
        if (!tree.isLeaf(leaf))
            return QStringLiteral("active %1 is not a leaf").arg(leaf);
        const QStringList path = tree.activePath();
        if (path.isEmpty() || path.constLast() != leaf || !tree.parentId(path.constFirst()).isEmpty())
            return QStringLiteral("active path ends wrong");
        if (path.size() != tree.depth(leaf) + 1)
            return QStringLiteral("active path length");
        for (int i = 0; i < path.size(); ++i) {
            if (i > 0 && tree.parentId(path.at(i)) != path.at(i - 1))
                return QStringLiteral("active path broken at %1").arg(i);
            if (!tree.isOnActivePath(path.at(i)))
                return QStringLiteral("isOnActivePath false for %1").arg(path.at(i));
        }
    }
    return {};
}

// The leaf an independent reading of the rules expects: follow the last child.
QString expectedLatestLeaf(const ConversationTree &tree, QString id)
{
    while (tree.childCount(id) > 0)
        id = tree.children(id).constLast();
    return id;
}

} // namespace

class TestConversationTree final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyTree()
    {
        ConversationTree tree;
        QVERIFY(tree.isEmpty());
        QVERIFY(tree.activeLeaf().isEmpty());
        QVERIFY(tree.activePath().isEmpty());
        QCOMPARE(tree.depth(s("x")), -1);
        QCOMPARE(tree.row(s("x")), -1);
        QCOMPARE(tree.siblingIndex(s("x")), SiblingIndex {});
        QVERIFY(tree.children({}).isEmpty());
        QVERIFY(tree.leafFollowingLatest(s("x")).isEmpty());
        QVERIFY(!tree.isOnActivePath(s("x")));
        QVERIFY(tree.node(s("x")).id.isEmpty());
    }

    void aTreePreparedOnAnotherThreadIsAdoptedWhole()
    {
        // r -> a -> b1 (older) / b2 (newer) -> c: built on a worker, adopted here.
        const QList<ConversationNode> nodes {makeNode(s("c"), s("b2"), 5), makeNode(s("b1"), s("a"), 3),
                                             makeNode(s("b2"), s("a"), 4), makeNode(s("a"), s("r"), 2),
                                             makeNode(s("r"), {}, 1)};
        ConversationTree::Prepared prepared;
        std::thread worker([&] { prepared = ConversationTree::prepare(nodes); });
        worker.join();
        QVERIFY(prepared.result.ok());
        ConversationTree tree;
        QSignalSpy reset(&tree, &ConversationTree::resetDone);
        QSignalSpy leaf(&tree, &ConversationTree::activeLeafChanged);
        QVERIFY(tree.adopt(std::move(prepared), s("b1")).ok());
        QCOMPARE(reset.size(), 1);
        QCOMPARE(leaf.size(), 1);
        QCOMPARE(tree.activePath(), (QStringList {s("r"), s("a"), s("b1")}));
        QCOMPARE(tree.children(s("a")), (QStringList {s("b1"), s("b2")}));
        QCOMPARE(tree.depth(s("c")), 3);
        QCOMPARE(tree.leafFollowingLatest(s("a")), s("c"));
        QVERIFY(tree.switchSibling(s("b1"), ConversationTree::Direction::Next));
        QCOMPARE(tree.activeLeaf(), s("c"));

        // An invalid one is refused as load() refuses it, and changes nothing.
        ConversationTree::Prepared broken
            = ConversationTree::prepare({makeNode(s("x"), s("y"), 1), makeNode(s("y"), s("x"), 2)});
        QCOMPARE(broken.result.error, ConversationTree::LoadError::Cycle);
        QCOMPARE(tree.adopt(std::move(broken)).error, ConversationTree::LoadError::Cycle);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(tree.size(), 5);
        QCOMPARE(ConversationTree::prepare({makeNode(s("x"), s("nope"), 1)}).result.error,
                 ConversationTree::LoadError::UnknownParent);
    }

    void aDepthFirstWalkVisitsParentsFirstAndSiblingsInOrder()
    {
        // Two roots (r2 newer), siblings given out of order: r1 -> a -> (b1, b2 -> c), r1 -> d; r2.
        ConversationTree tree;
        QVERIFY(tree.load({makeNode(s("r2"), {}, 9), makeNode(s("d"), s("r1"), 8), makeNode(s("c"), s("b2"), 5),
                           makeNode(s("b2"), s("a"), 4), makeNode(s("b1"), s("a"), 3), makeNode(s("a"), s("r1"), 2),
                           makeNode(s("r1"), {}, 1)})
                    .ok());
        QStringList order;
        QStringList parents;
        tree.forEachDepthFirst([&](const ConversationNode &node) {
            order << node.id;
            parents << node.parentId;
        });
        QCOMPARE(order, ids({"r1", "a", "b1", "b2", "c", "d", "r2"}));
        QCOMPARE(parents, (QStringList {{}, s("r1"), s("a"), s("a"), s("b2"), s("r1"), {}}));
        int visits = 0;
        ConversationTree().forEachDepthFirst([&](const ConversationNode &) { ++visits; });
        QCOMPARE(visits, 0);
    }

    void chainFollowsTheActiveLeaf()
    {
        ConversationTree tree;
        QVERIFY(tree.addNode(makeNode(s("r"), {}, 1, Role::System)));
        QVERIFY(tree.addNode(makeNode(s("u"), s("r"), 2)));
        QVERIFY(tree.addNode(makeNode(s("a"), s("u"), 3, Role::Assistant)));
        QCOMPARE(tree.activeLeaf(), s("a"));
        QCOMPARE(tree.activePath(), ids({"r", "u", "a"}));
        QCOMPARE(tree.depth(s("r")), 0);
        QCOMPARE(tree.depth(s("a")), 2);
        QVERIFY(tree.node(s("a")).role == Role::Assistant);
        QCOMPARE(tree.node(s("a")).createdAt, qint64(3));
        QCOMPARE(tree.parentId(s("a")), s("u"));
        QVERIFY(tree.isOnActivePath(s("u")));
        QCOMPARE(tree.siblingIndex(s("u")), (SiblingIndex {1, 1}));
    }

    void addAnnouncesRowThenNodeThenActiveLeaf()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("b"), s("r"), 20));
        tree.addNode(makeNode(s("c"), s("r"), 30));
        QCOMPARE(tree.activeLeaf(), s("b")); // c went under r, which was no longer the active leaf

        QStringList log;
        connect(&tree, &ConversationTree::nodeAboutToBeAdded, this, [&](const QString &parent, int row) {
            log.append(QStringLiteral("about %1 %2 present=%3").arg(parent).arg(row).arg(tree.contains(s("a"))));
        });
        connect(&tree, &ConversationTree::nodeAdded, this, [&](const QString &id, const QString &parent, int row) {
            log.append(QStringLiteral("added %1 %2 %3 at=%4").arg(id, parent).arg(row).arg(tree.childAt(parent, row)));
        });
        connect(&tree, &ConversationTree::activeLeafChanged, this, [&](const QString &from, const QString &to) {
            log.append(QStringLiteral("active %1 -> %2").arg(from, to));
        });
        // Older than its siblings: goes first.
        QVERIFY(tree.addNode(makeNode(s("a"), s("r"), 10), true));
        QCOMPARE(log, QStringList({s("about r 0 present=0"), s("added a r 0 at=a"), s("active b -> a")}));
        QCOMPARE(tree.children(s("r")), ids({"a", "b", "c"}));
    }

    void addWithoutActivationKeepsTheActiveLeaf()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("x"), s("r"), 2));
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QSignalSpy added(&tree, &ConversationTree::nodeAdded);
        QVERIFY(tree.addNode(makeNode(s("y"), s("r"), 3)));
        QCOMPARE(active.count(), 0);
        QCOMPARE(added.count(), 1);
        QCOMPARE(added.at(0), (QVariantList {s("y"), s("r"), 1}));
        QCOMPARE(tree.activeLeaf(), s("x"));
        // Adding under the active leaf extends the conversation.
        QVERIFY(tree.addNode(makeNode(s("x1"), s("x"), 4)));
        QCOMPARE(active.count(), 1);
        QCOMPARE(active.at(0), (QVariantList {s("x"), s("x1")}));
    }

    void invalidAddsChangeNothing()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        QSignalSpy about(&tree, &ConversationTree::nodeAboutToBeAdded);
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QVERIFY(!tree.addNode(makeNode({}, s("r"), 2)));
        QVERIFY(!tree.addNode(makeNode(s("r"), {}, 2)));
        QVERIFY(!tree.addNode(makeNode(s("z"), s("nope"), 2)));
        QVERIFY(!tree.addSibling(s("nope"), makeNode(s("z"), {}, 2)));
        QVERIFY(!tree.addSibling(s("r"), makeNode(s("r"), {}, 2)));
        QCOMPARE(about.count(), 0);
        QCOMPARE(active.count(), 0);
        QCOMPARE(tree.size(), 1);
    }

    void siblingsAreOrderedByTimeThenId()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        QSignalSpy about(&tree, &ConversationTree::nodeAboutToBeAdded);
        tree.addNode(makeNode(s("m"), s("r"), 5));
        tree.addNode(makeNode(s("k"), s("r"), 5)); // same time: id decides
        tree.addNode(makeNode(s("z"), s("r"), 2));
        tree.addNode(makeNode(s("n"), s("r"), 9));
        QCOMPARE(tree.children(s("r")), ids({"z", "k", "m", "n"}));
        QCOMPARE(about.at(1), (QVariantList {s("r"), 0}));
        QCOMPARE(about.at(2), (QVariantList {s("r"), 0}));
        QCOMPARE(about.at(3), (QVariantList {s("r"), 3}));
        QCOMPARE(tree.siblingIndex(s("m")), (SiblingIndex {3, 4}));
        QCOMPARE(tree.siblings(s("k")), tree.children(s("r")));
        QCOMPARE(tree.leafFollowingLatest(s("r")), s("n"));
    }

    void editAsSiblingBranches()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("u1"), {}, 1));
        tree.addNode(makeNode(s("a1"), s("u1"), 2, Role::Assistant));
        tree.addNode(makeNode(s("u2"), s("a1"), 3));
        tree.addNode(makeNode(s("a2"), s("u2"), 4, Role::Assistant));

        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QSignalSpy added(&tree, &ConversationTree::nodeAdded);
        // The parentId given is ignored: a sibling always shares the parent.
        QVERIFY(tree.addSibling(s("u2"), makeNode(s("u2b"), s("bogus"), 5)));
        QCOMPARE(added.at(0), (QVariantList {s("u2b"), s("a1"), 1}));
        QCOMPARE(active.at(0), (QVariantList {s("a2"), s("u2b")}));
        QCOMPARE(tree.activePath(), ids({"u1", "a1", "u2b"}));
        QCOMPARE(tree.siblingIndex(s("u2b")), (SiblingIndex {2, 2}));
        QCOMPARE(tree.siblingIndex(s("u2")), (SiblingIndex {1, 2}));
        QVERIFY(!tree.isOnActivePath(s("u2")));
        QVERIFY(tree.contains(s("a2"))); // nothing is overwritten
        QVERIFY(tree.addNode(makeNode(s("a2b"), s("u2b"), 6, Role::Assistant)));
        QCOMPARE(tree.activeLeaf(), s("a2b"));
    }

    void editingTheFirstMessageMakesAnotherRoot()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("u1"), {}, 1));
        tree.addNode(makeNode(s("a1"), s("u1"), 2));
        QSignalSpy about(&tree, &ConversationTree::nodeAboutToBeAdded);
        QVERIFY(tree.addSibling(s("u1"), makeNode(s("u1b"), {}, 3)));
        QCOMPARE(about.at(0), (QVariantList {QString(), 1}));
        QCOMPARE(tree.roots(), ids({"u1", "u1b"}));
        QCOMPARE(tree.siblingIndex(s("u1b")), (SiblingIndex {2, 2}));
        QCOMPARE(tree.activePath(), ids({"u1b"}));
        QVERIFY(tree.switchSibling(s("u1b"), ConversationTree::Direction::Previous));
        QCOMPARE(tree.activePath(), ids({"u1", "a1"}));
    }

    void setActiveLeafAcceptsLeavesOnly()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("a"), s("r"), 2));
        tree.addNode(makeNode(s("b"), s("r"), 3));
        QCOMPARE(tree.activeLeaf(), s("a"));
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QVERIFY(!tree.setActiveLeaf(s("r")));
        QVERIFY(!tree.setActiveLeaf(s("nope")));
        QVERIFY(!tree.setActiveLeaf({}));
        QVERIFY(tree.setActiveLeaf(s("a"))); // already active: no signal
        QCOMPARE(active.count(), 0);
        QVERIFY(tree.setActiveLeaf(s("b")));
        QCOMPARE(active.count(), 1);
        QCOMPARE(active.at(0), (QVariantList {s("a"), s("b")}));
        QCOMPARE(tree.leafFollowingLatest(s("r")), s("b"));
    }

    void leafFollowingLatestUsesCreationTimeNotInsertionOrder()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("late"), s("r"), 50));
        tree.addNode(makeNode(s("early"), s("r"), 10));
        tree.addNode(makeNode(s("late.1"), s("late"), 60));
        tree.addNode(makeNode(s("early.1"), s("early"), 70));
        QCOMPARE(tree.leafFollowingLatest(s("r")), s("late.1"));
        QCOMPARE(tree.leafFollowingLatest(s("early")), s("early.1"));
        QCOMPARE(tree.leafFollowingLatest(s("late.1")), s("late.1"));
    }

    void commonAncestorOfTwoLeaves()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("a"), s("r"), 2));
        tree.addNode(makeNode(s("a.1"), s("a"), 3));
        tree.addNode(makeNode(s("a.1.1"), s("a.1"), 4));
        tree.addNode(makeNode(s("a.2"), s("a"), 5));
        tree.addNode(makeNode(s("r2"), {}, 6));
        QCOMPARE(tree.commonAncestor(s("a.1.1"), s("a.2")), s("a"));
        QCOMPARE(tree.commonAncestor(s("a.2"), s("a.1.1")), s("a"));
        QCOMPARE(tree.commonAncestor(s("a.1.1"), s("a.1")), s("a.1"));
        QCOMPARE(tree.commonAncestor(s("a.2"), s("a.2")), s("a.2"));
        QVERIFY(tree.commonAncestor(s("a.2"), s("r2")).isEmpty());
        QVERIFY(tree.commonAncestor(s("a.2"), s("nope")).isEmpty());
    }

    void switchSiblingSelectsTheLatestLeafUnderIt()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("a"), s("r"), 2));
        tree.addNode(makeNode(s("a.1"), s("a"), 3));
        tree.addNode(makeNode(s("a.2"), s("a"), 4));
        tree.addNode(makeNode(s("a.2.x"), s("a.2"), 5));
        tree.addNode(makeNode(s("b"), s("r"), 6));
        tree.addNode(makeNode(s("c"), s("r"), 7));
        QVERIFY(tree.setActiveLeaf(s("c")));

        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QVERIFY(tree.switchSibling(s("c"), ConversationTree::Direction::Previous));
        QCOMPARE(tree.activeLeaf(), s("b"));
        QVERIFY(tree.switchSibling(s("b"), ConversationTree::Direction::Previous));
        QCOMPARE(tree.activeLeaf(), s("a.2.x"));
        QCOMPARE(active.at(1), (QVariantList {s("b"), s("a.2.x")}));
        QVERIFY(!tree.switchSibling(s("a"), ConversationTree::Direction::Previous));
        QVERIFY(!tree.switchSibling(s("c"), ConversationTree::Direction::Next));
        QVERIFY(!tree.switchSibling(s("r"), ConversationTree::Direction::Next));
        QVERIFY(!tree.switchSibling(s("nope"), ConversationTree::Direction::Next));
        QCOMPARE(active.count(), 2);
        // Switching on an inner node of the active path.
        QVERIFY(tree.switchSibling(s("a.2"), ConversationTree::Direction::Previous));
        QCOMPARE(tree.activePath(), ids({"r", "a", "a.1"}));
        QVERIFY(tree.switchSibling(s("a"), ConversationTree::Direction::Next));
        QCOMPARE(tree.activeLeaf(), s("b"));
    }

    void removeSubtreeAnnouncesAndReturnsIds()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("a"), s("r"), 2));
        tree.addNode(makeNode(s("a.1"), s("a"), 3));
        tree.addNode(makeNode(s("a.1.1"), s("a.1"), 4));
        tree.addNode(makeNode(s("a.2"), s("a"), 5));
        tree.addNode(makeNode(s("b"), s("r"), 6));
        QCOMPARE(tree.activeLeaf(), s("a.1.1"));
        QVERIFY(tree.setActiveLeaf(s("b")));

        QStringList log;
        connect(&tree, &ConversationTree::subtreeAboutToBeRemoved, this,
                [&](const QString &id, const QString &parent, int row) {
                    log.append(QStringLiteral("about %1 %2 %3 size=%4").arg(id, parent).arg(row).arg(tree.size()));
                });
        connect(&tree, &ConversationTree::subtreeRemoved, this, [&](const QString &id, const QString &parent, int row) {
            log.append(QStringLiteral("removed %1 %2 %3 size=%4").arg(id, parent).arg(row).arg(tree.size()));
        });
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QStringList removed = tree.removeSubtree(s("a"));
        removed.sort();
        QCOMPARE(removed, ids({"a", "a.1", "a.1.1", "a.2"}));
        QCOMPARE(log, QStringList({s("about a r 0 size=6"), s("removed a r 0 size=2")}));
        QCOMPARE(active.count(), 0);
        QCOMPARE(tree.activeLeaf(), s("b"));
        QCOMPARE(tree.siblingIndex(s("b")), (SiblingIndex {1, 1}));
        QVERIFY(!tree.contains(s("a.1.1")));

        log.clear();
        QVERIFY(tree.removeSubtree(s("a")).isEmpty());
        QVERIFY(tree.removeSubtree({}).isEmpty());
        QVERIFY(log.isEmpty());
    }

    void removingTheActiveBranchMovesToTheLatestRemainingLeaf()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        tree.addNode(makeNode(s("a"), s("r"), 2));
        tree.addNode(makeNode(s("a.1"), s("a"), 3));
        tree.addNode(makeNode(s("a.2"), s("a"), 4));
        tree.addNode(makeNode(s("a.2.1"), s("a.2"), 5));
        tree.addNode(makeNode(s("a.3"), s("a"), 6));
        tree.addNode(makeNode(s("a.3.1"), s("a.3"), 7));
        QVERIFY(tree.switchSibling(s("a.3"), ConversationTree::Direction::Previous));
        QCOMPARE(tree.activeLeaf(), s("a.2.1"));

        QStringList order;
        connect(&tree, &ConversationTree::subtreeRemoved, this, [&] {
            order.append(s("removed"));
            // Already moved when the structural signal arrives, so models never see a dead leaf.
            QVERIFY(tree.contains(tree.activeLeaf()));
        });
        connect(&tree, &ConversationTree::activeLeafChanged, this, [&](const QString &from, const QString &to) {
            order.append(QStringLiteral("active %1 -> %2").arg(from, to));
        });
        // Removing an inner node of the active path: the nearest survivor is a, whose latest child is a.3.
        tree.removeSubtree(s("a.2"));
        QCOMPARE(order, QStringList({s("removed"), s("active a.2.1 -> a.3.1")}));
        QCOMPARE(tree.siblingIndex(s("a.3")), (SiblingIndex {2, 2}));
        QCOMPARE(tree.siblingIndex(s("a.1")), (SiblingIndex {1, 2}));

        order.clear();
        tree.removeSubtree(s("a.3.1")); // the leaf itself: its parent becomes the leaf
        QCOMPARE(order, QStringList({s("removed"), s("active a.3.1 -> a.3")}));
        tree.removeSubtree(s("a.3"));
        QCOMPARE(tree.activeLeaf(), s("a.1"));
        QCOMPARE(tree.siblingIndex(s("a.1")), (SiblingIndex {1, 1}));
        tree.removeSubtree(s("a.1"));
        QCOMPARE(tree.activeLeaf(), s("a"));
        QCOMPARE(tree.activePath(), ids({"r", "a"}));
    }

    void removingARootMovesToTheLatestRemainingRoot()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r1"), {}, 1));
        tree.addNode(makeNode(s("r1.a"), s("r1"), 2));
        tree.addNode(makeNode(s("r2"), {}, 3));
        tree.addNode(makeNode(s("r3"), {}, 4));
        tree.addNode(makeNode(s("r3.a"), s("r3"), 5));
        QVERIFY(tree.setActiveLeaf(s("r2")));
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QSignalSpy about(&tree, &ConversationTree::subtreeAboutToBeRemoved);
        QCOMPARE(tree.removeSubtree(s("r2")), ids({"r2"}));
        QCOMPARE(about.at(0), (QVariantList {s("r2"), QString(), 1}));
        QCOMPARE(active.at(0), (QVariantList {s("r2"), s("r3.a")}));
        QCOMPARE(tree.siblingIndex(s("r3")), (SiblingIndex {2, 2}));
        tree.removeSubtree(s("r3"));
        QCOMPARE(tree.activeLeaf(), s("r1.a"));
        tree.removeSubtree(s("r1"));
        QVERIFY(tree.isEmpty());
        QVERIFY(tree.activeLeaf().isEmpty());
        QCOMPARE(active.count(), 3);
        QCOMPARE(active.at(2), (QVariantList {s("r1.a"), QString()}));
        // An empty tree takes a first message as its active leaf.
        QVERIFY(tree.addNode(makeNode(s("n"), {}, 9)));
        QCOMPARE(tree.activeLeaf(), s("n"));
    }

    void loadAcceptsAnyOrder()
    {
        const QList<ConversationNode> nodes {
            makeNode(s("a.2"), s("a"), 5), makeNode(s("b"), {}, 9),       makeNode(s("a.1.1"), s("a.1"), 4),
            makeNode(s("a"), {}, 1),       makeNode(s("a.1"), s("a"), 3),
        };
        ConversationTree tree;
        QSignalSpy aboutReset(&tree, &ConversationTree::aboutToBeReset);
        QSignalSpy reset(&tree, &ConversationTree::resetDone);
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        QVERIFY(tree.load(nodes, s("a.1.1")).ok());
        QCOMPARE(aboutReset.count(), 1);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(active.at(0), (QVariantList {QString(), s("a.1.1")}));
        QCOMPARE(tree.size(), 5);
        QCOMPARE(tree.roots(), ids({"a", "b"}));
        QCOMPARE(tree.children(s("a")), ids({"a.1", "a.2"}));
        QCOMPARE(tree.depth(s("a.1.1")), 2);
        QCOMPARE(tree.activePath(), ids({"a", "a.1", "a.1.1"}));
        QCOMPARE(tree.node(s("a.2")), nodes.at(0));

        QVERIFY(tree.load(nodes, s("a")).ok()); // an inner node descends to its latest leaf
        QCOMPARE(tree.activeLeaf(), s("a.2"));
        QVERIFY(tree.load(nodes, s("gone")).ok()); // unknown: the latest leaf of the latest root
        QCOMPARE(tree.activeLeaf(), s("b"));
        QVERIFY(tree.load({}).ok());
        QVERIFY(tree.isEmpty());
        QVERIFY(tree.activeLeaf().isEmpty());
    }

    void loadRejectsBadInput_data()
    {
        QTest::addColumn<QList<ConversationNode>>("nodes");
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("nodeId");
        const int emptyId = int(ConversationTree::LoadError::EmptyId);
        const int duplicate = int(ConversationTree::LoadError::DuplicateId);
        const int unknown = int(ConversationTree::LoadError::UnknownParent);
        const int cycle = int(ConversationTree::LoadError::Cycle);
        QTest::newRow("empty id") << QList {makeNode(s("a"), {}, 1), makeNode({}, s("a"), 2)} << emptyId << QString();
        QTest::newRow("duplicate") << QList {makeNode(s("a"), {}, 1), makeNode(s("b"), s("a"), 2),
                                             makeNode(s("b"), {}, 3)}
                                   << duplicate << s("b");
        QTest::newRow("unknown parent") << QList {makeNode(s("a"), {}, 1), makeNode(s("b"), s("x"), 2)} << unknown
                                        << s("b");
        QTest::newRow("self loop") << QList {makeNode(s("a"), {}, 1), makeNode(s("b"), s("b"), 2)} << cycle << s("b");
        QTest::newRow("two-cycle") << QList {makeNode(s("a"), {}, 1), makeNode(s("b"), s("c"), 2),
                                             makeNode(s("c"), s("b"), 3)}
                                   << cycle << s("b");
        QTest::newRow("cycle with a tail")
            << QList {makeNode(s("t"), s("c1"), 4), makeNode(s("c1"), s("c3"), 1), makeNode(s("c2"), s("c1"), 2),
                      makeNode(s("c3"), s("c2"), 3), makeNode(s("root"), {}, 0)}
            << cycle << s("t");
        QTest::newRow("cycle without roots")
            << QList {makeNode(s("x"), s("y"), 1), makeNode(s("y"), s("x"), 2)} << cycle << s("x");
    }

    void loadRejectsBadInput()
    {
        QFETCH(QList<ConversationNode>, nodes);
        QFETCH(int, error);
        QFETCH(QString, nodeId);
        ConversationTree tree;
        tree.addNode(makeNode(s("keep"), {}, 1));
        QSignalSpy reset(&tree, &ConversationTree::aboutToBeReset);
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        const ConversationTree::LoadResult result = tree.load(nodes);
        QVERIFY(!result.ok());
        QCOMPARE(int(result.error), error);
        QCOMPARE(result.nodeId, nodeId);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(active.count(), 0);
        QCOMPARE(tree.roots(), ids({"keep"}));
        QCOMPARE(tree.activeLeaf(), s("keep"));
    }

    void clearResets()
    {
        ConversationTree tree;
        tree.addNode(makeNode(s("r"), {}, 1));
        QSignalSpy reset(&tree, &ConversationTree::resetDone);
        QSignalSpy active(&tree, &ConversationTree::activeLeafChanged);
        tree.clear();
        QCOMPARE(reset.count(), 1);
        QCOMPARE(active.at(0), (QVariantList {s("r"), QString()}));
        QVERIFY(tree.isEmpty());
        QVERIFY(tree.roots().isEmpty());
    }

    void deepChainPathIsLinear()
    {
        constexpr int Depth = 3000;
        QList<ConversationNode> nodes;
        for (int i = 0; i < Depth; ++i)
            nodes.append(makeNode(QString::number(i), i ? QString::number(i - 1) : QString(), i));
        std::reverse(nodes.begin(), nodes.end());
        ConversationTree tree;
        QElapsedTimer timer;
        timer.start();
        QVERIFY(tree.load(nodes).ok());
        const qint64 loadNs = timer.nsecsElapsed();
        QCOMPARE(tree.activeLeaf(), QString::number(Depth - 1));
        timer.restart();
        constexpr int Rounds = 200;
        qsizetype total = 0;
        for (int i = 0; i < Rounds; ++i)
            total += tree.activePath().size();
        const qint64 pathNs = timer.nsecsElapsed() / Rounds;
        QCOMPARE(total, qsizetype(Depth) * Rounds);
        const QStringList path = tree.activePath();
        QCOMPARE(path.constFirst(), s("0"));
        QCOMPARE(path.at(1500), s("1500"));
        QCOMPARE(tree.depth(QString::number(Depth - 1)), Depth - 1);
        QVERIFY(tree.isOnActivePath(s("0")));
        // Figures for the record; speed targets live in the benchmarks, not in tests.
        qInfo("3000-deep chain: load %.2f ms, path %.1f us", loadNs / 1e6, pathNs / 1e3);
        // Removing near the top moves the leaf up in one step.
        QCOMPARE(tree.removeSubtree(s("1")).size(), Depth - 1);
        QCOMPARE(tree.activeLeaf(), s("0"));
    }

    void randomOperationsKeepTheInvariants()
    {
        std::mt19937 rng(20261129);
        const auto chance = [&rng](int percent) { return int(rng() % 100) < percent; };
        ConversationTree tree;
        Mirror mirror(&tree);
        QStringList all;
        const auto pick = [&]() { return all.at(rng() % all.size()); };
        qint64 clock = 1000;
        int counter = 0;
        const auto freshNode = [&](const QString &parent) {
            clock += rng() % 3; // equal timestamps exercise the id tie-break
            const qint64 at = chance(10) ? clock - qint64(rng() % 50) : clock; // some arrive late
            return makeNode(QStringLiteral("n%1").arg(counter++, 5, 10, QLatin1Char('0')), parent, at, Role(rng() % 4));
        };
        QHash<QString, int> done;
        constexpr int Operations = 6000;
        for (int op = 0; op < Operations; ++op) {
            const int kind = int(rng() % 100);
            const QString before = tree.activeLeaf();
            QString label;
            if (all.isEmpty() || kind < 35) {
                label = s("add");
                const QString parent = all.isEmpty() || chance(4) ? QString() : pick();
                const bool makeActive = chance(20);
                const ConversationNode n = freshNode(parent);
                QVERIFY(tree.addNode(n, makeActive));
                all.append(n.id);
                const bool expectActive = makeActive || before.isEmpty() || before == parent;
                QCOMPARE(tree.activeLeaf(), expectActive ? n.id : before);
            } else if (kind < 45) {
                label = s("sibling");
                const QString of = pick();
                const ConversationNode n = freshNode(s("ignored"));
                QVERIFY(tree.addSibling(of, n));
                all.append(n.id);
                QCOMPARE(tree.parentId(n.id), tree.parentId(of));
                QCOMPARE(tree.activeLeaf(), n.id);
            } else if (kind < 45 + (all.size() > 150 ? 25 : 10)) {
                label = s("remove");
                const QString id = pick();
                const QString parent = tree.parentId(id);
                const bool activeInside = tree.isOnActivePath(id);
                const QStringList removed = tree.removeSubtree(id);
                QVERIFY(!removed.isEmpty());
                for (const QString &gone : removed) {
                    QVERIFY(!tree.contains(gone));
                    all.removeOne(gone);
                }
                QString expected = before;
                if (activeInside && !parent.isEmpty())
                    expected = expectedLatestLeaf(tree, parent);
                else if (activeInside)
                    expected = tree.roots().isEmpty() ? QString() : expectedLatestLeaf(tree, tree.roots().constLast());
                QCOMPARE(tree.activeLeaf(), expected);
            } else if (kind < 75) {
                label = s("switch");
                const QString id = pick();
                const QStringList pathBefore = tree.activePath();
                const bool next = chance(50);
                const QStringList sibs = tree.siblings(id);
                const qsizetype target = sibs.indexOf(id) + (next ? 1 : -1);
                const bool possible = target >= 0 && target < sibs.size();
                QCOMPARE(tree.switchSibling(
                             id, next ? ConversationTree::Direction::Next : ConversationTree::Direction::Previous),
                         possible);
                QCOMPARE(tree.activeLeaf(), possible ? expectedLatestLeaf(tree, sibs.at(target)) : before);
                // The shared part of the old and new path ends at the common ancestor.
                const QStringList pathAfter = tree.activePath();
                qsizetype shared = 0;
                while (shared < pathBefore.size() && shared < pathAfter.size()
                       && pathBefore.at(shared) == pathAfter.at(shared))
                    ++shared;
                QCOMPARE(tree.commonAncestor(before, tree.activeLeaf()), shared ? pathAfter.at(shared - 1) : QString());
            } else if (kind < 88) {
                label = s("set active");
                const QString id = pick();
                const bool leaf = tree.childCount(id) == 0;
                QCOMPARE(tree.setActiveLeaf(id), leaf);
                QCOMPARE(tree.activeLeaf(), leaf ? id : before);
            } else if (kind < 96) {
                label = s("invalid");
                QSignalSpy any(&tree, &ConversationTree::nodeAboutToBeAdded);
                QSignalSpy anyRemove(&tree, &ConversationTree::subtreeAboutToBeRemoved);
                QVERIFY(!tree.addNode(makeNode(pick(), {}, clock)));
                QVERIFY(!tree.addNode(makeNode(s("orphan"), s("missing"), clock)));
                QVERIFY(tree.removeSubtree(s("missing")).isEmpty());
                QVERIFY(!tree.switchSibling(s("missing"), ConversationTree::Direction::Next));
                QCOMPARE(any.count() + anyRemove.count(), 0);
                QCOMPARE(tree.activeLeaf(), before);
            } else {
                label = s("reload");
                QList<ConversationNode> snapshot;
                for (const QString &id : std::as_const(all))
                    snapshot.append(tree.node(id));
                std::shuffle(snapshot.begin(), snapshot.end(), rng);
                QHash<QString, QStringList> shape;
                for (const QString &id : std::as_const(all))
                    shape.insert(id, tree.children(id));
                const QStringList roots = tree.roots();
                QVERIFY(tree.load(snapshot, before).ok());
                QCOMPARE(tree.activeLeaf(), before);
                QCOMPARE(tree.roots(), roots);
                for (auto it = shape.cbegin(); it != shape.cend(); ++it)
                    QCOMPARE(tree.children(it.key()), it.value());
            }
            ++done[label];
            const QString broken = violatedInvariant(tree, all);
            QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("after op %1 (%2): %3").arg(op).arg(label, broken)));
            QVERIFY2(mirror.errors.isEmpty(), qPrintable(mirror.errors.join(u"; ")));
            QVERIFY2(mirror.matches(),
                     qPrintable(QStringLiteral("mirror differs after op %1 (%2)").arg(op).arg(label)));
        }
        // Every kind of operation ran many times.
        for (const char *kind : {"add", "sibling", "remove", "switch", "set active", "invalid", "reload"})
            QVERIFY2(done.value(s(kind)) > 100, kind);
        QVERIFY(tree.size() > 20);
    }
};

SKEIN_CORE_TEST_MAIN(TestConversationTree)
#include "tst_conversationtree.moc"
