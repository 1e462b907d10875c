/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "domain/enums.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <unordered_map>

namespace Skein {

// The shape of one message in the tree: just enough to navigate. Storage keeps the full message.
struct ConversationNode
{
    QString id; // client-generated UUID
    QString parentId; // empty for a root
    Role role = Role::User;
    qint64 createdAt = 0; // ms since epoch; siblings are ordered by (createdAt, id)

    friend bool operator==(const ConversationNode &, const ConversationNode &) = default;
};

// `‹ index / count ›` as shown on a message with alternatives; index is 1-based.
struct SiblingIndex
{
    int index = 0;
    int count = 0;

    friend bool operator==(const SiblingIndex &, const SiblingIndex &) = default;
};

// The branching conversation of one session (SPEC §2.2): nodes, their order among siblings and the
// active leaf (the tip of the branch the user is on; always a leaf). Every change goes through this
// class and is announced with signals shaped for QAbstractItemModel's begin…/end… calls, so item
// models adapt them one to one. Lookups are hash-based: operations cost O(depth) or O(children).
class ConversationTree final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConversationTree)

    struct Node
    {
        ConversationNode data;
        Node *parent = nullptr;
        QList<Node *> children; // creation order
        int depth = 0;
    };
    using NodeMap = std::unordered_map<QString, Node>;

public:
    enum class LoadError {
        None,
        EmptyId,
        DuplicateId,
        UnknownParent,
        Cycle,
    };
    // Why load() refused its input, and the first node found at fault.
    struct LoadResult
    {
        LoadError error = LoadError::None;
        QString nodeId;
        bool ok() const { return error == LoadError::None; }
    };
    enum class Direction {
        Previous,
        Next,
    };

    explicit ConversationTree(QObject *parent = nullptr);
    ~ConversationTree() override;

    // A tree built by prepare() on any thread (it is pure), then taken over by adopt() on the
    // tree's own thread without rebuilding: a 100,000-node tree costs its owner next to nothing.
    // Move-only (its nodes point at each other).
    class Prepared
    {
    public:
        Prepared() = default;
        Prepared(Prepared &&) = default;
        Prepared &operator=(Prepared &&) = default;
        Prepared(const Prepared &) = delete;
        Prepared &operator=(const Prepared &) = delete;
        ~Prepared() = default;
        LoadResult result;

    private:
        friend class ConversationTree;
        NodeMap nodes;
        QList<Node *> roots;
    };
    static Prepared prepare(const QList<ConversationNode> &nodes);
    // Replaces the whole tree with a prepared one (as load() does); refused when it was invalid.
    LoadResult adopt(Prepared &&prepared, const QString &activeLeafId = {});

    // Replaces the whole tree with `nodes` (any order). On invalid input nothing changes. The
    // active leaf becomes `activeLeafId` when that is a node (descending to its latest leaf if it
    // is not a leaf), otherwise the latest leaf of the latest root.
    LoadResult load(const QList<ConversationNode> &nodes, const QString &activeLeafId = {});
    void clear();

    // Adds a node under node.parentId (or a new root when that is empty). Fails on an empty or
    // duplicate id or an unknown parent. The new node becomes the active leaf when `makeActive` is
    // set, when its parent was the active leaf, or when the tree was empty.
    bool addNode(const ConversationNode &node, bool makeActive = false);
    // Edit / regenerate: adds `node` as a sibling of `siblingOfId` (its parentId is taken from
    // that node) and makes it the active leaf.
    bool addSibling(const QString &siblingOfId, const ConversationNode &node);
    // Removes `id` and everything below it; returns the removed ids (empty when `id` is unknown).
    // When the active leaf was inside, it moves to leafFollowingLatest() of the nearest surviving
    // ancestor (or of the latest root when a whole root went).
    QStringList removeSubtree(const QString &id);

    // Makes `leafId` the active leaf; refuses unknown ids and inner nodes.
    bool setActiveLeaf(const QString &leafId);
    // Alt+Left / Alt+Right on a message: activates the latest leaf under the previous / next
    // sibling of `nodeId`. Returns false at either end or for an unknown node.
    bool switchSibling(const QString &nodeId, Direction direction);

    QString activeLeaf() const { return m_activeLeaf; }
    // The root → leaf chain the model sees.
    QStringList activePath() const { return path(m_activeLeaf); }
    // Whether `id` lies on the active path (O(depth)).
    bool isOnActivePath(const QString &id) const;

    bool contains(const QString &id) const { return m_nodes.contains(id); }
    int size() const { return int(m_nodes.size()); }
    bool isEmpty() const { return m_nodes.empty(); }
    // The node, or a default one with an empty id when unknown.
    ConversationNode node(const QString &id) const;
    QString parentId(const QString &id) const;
    QStringList roots() const { return children({}); }
    // Children in creation order; the roots for an empty `parentId`.
    QStringList children(const QString &parentId) const;
    int childCount(const QString &parentId) const;
    // The child at `row` of `parentId` (roots for an empty id), or an empty string.
    QString childAt(const QString &parentId, int row) const;
    // The node's position among its siblings (0-based), or -1.
    int row(const QString &id) const;
    // The node and its alternatives (same parent) in creation order.
    QStringList siblings(const QString &id) const;
    SiblingIndex siblingIndex(const QString &id) const;
    // 0 for a root, -1 for an unknown node.
    int depth(const QString &id) const;
    bool isLeaf(const QString &id) const;
    // Root → `id`, or empty when unknown.
    QStringList path(const QString &id) const;
    // The deepest node on both paths (empty when they share no root): a thread view keeps the rows
    // above it when the active leaf moves from `a` to `b`.
    QString commonAncestor(const QString &a, const QString &b) const;
    // Follows the most recent child from `id` down to a leaf (`id` itself when it is a leaf).
    QString leafFollowingLatest(const QString &id) const;
    // Every node, parents before children and siblings in creation order (a depth-first walk from
    // the roots), without a list of ids per node: what a view of the whole tree builds from.
    void forEachDepthFirst(const std::function<void(const ConversationNode &)> &visit) const;

Q_SIGNALS:
    // `row` is the position the node will have among the children of `parentId` (empty = roots).
    void nodeAboutToBeAdded(const QString &parentId, int row);
    void nodeAdded(const QString &id, const QString &parentId, int row);
    // The subtree rooted at `id`, at `row` under `parentId`, is about to go / has gone.
    void subtreeAboutToBeRemoved(const QString &id, const QString &parentId, int row);
    void subtreeRemoved(const QString &id, const QString &parentId, int row);
    // Emitted after the structural signal of the change that moved it.
    void activeLeafChanged(const QString &oldLeaf, const QString &newLeaf);
    void aboutToBeReset();
    void resetDone();

private:
    const Node *find(const QString &id) const;
    // The children of `parentId` (the roots for an empty id), or nullptr for an unknown node.
    const QList<Node *> *childList(const QString &parentId) const;
    static QList<Node *> &siblingList(Node *node, QList<Node *> &roots);
    static QStringList idsOf(const QList<Node *> &nodes);
    static bool comesBefore(const ConversationNode &a, const ConversationNode &b);
    static const Node *latestLeafUnder(const Node *node);
    void changeActiveLeaf(const QString &leaf);
    QString latestLeafOverall() const;

    // Node-based: a Node's address stays valid until it is erased, so nodes link by pointer and
    // walking a path costs no hashing.
    NodeMap m_nodes;
    QList<Node *> m_roots;
    QString m_activeLeaf;
};

} // namespace Skein
