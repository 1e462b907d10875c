// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "conversationtree.h"

#include <QSet>
#include <QThreadPool>

#include <algorithm>
#include <ranges>

namespace Skein {

namespace {
constexpr size_t FreeOnWorker = 20000;
} // namespace

ConversationTree::ConversationTree(QObject *parent)
    : QObject(parent)
{ }

ConversationTree::~ConversationTree()
{
    // Freeing 100,000 nodes takes about 60 ms: a worker does it, the GUI thread goes on.
    if (m_nodes.size() >= FreeOnWorker)
        QThreadPool::globalInstance()->start([nodes = std::move(m_nodes)]() mutable { NodeMap().swap(nodes); });
}

bool ConversationTree::comesBefore(const ConversationNode &a, const ConversationNode &b)
{
    if (a.createdAt != b.createdAt)
        return a.createdAt < b.createdAt;
    return a.id < b.id;
}

ConversationTree::LoadResult ConversationTree::load(const QList<ConversationNode> &nodes, const QString &activeLeafId)
{
    return adopt(prepare(nodes), activeLeafId);
}

ConversationTree::Prepared ConversationTree::prepare(const QList<ConversationNode> &nodes)
{
    Prepared out;
    const auto fail = [&out](LoadError error, const QString &id) {
        out.nodes.clear();
        out.roots.clear();
        out.result = {error, id};
        return std::move(out);
    };
    NodeMap &built = out.nodes;
    built.reserve(size_t(nodes.size()));
    for (const ConversationNode &n : nodes) {
        if (n.id.isEmpty())
            return fail(LoadError::EmptyId, {});
        if (!built.try_emplace(n.id, Node {n, nullptr, {}, 0}).second)
            return fail(LoadError::DuplicateId, n.id);
    }
    QList<Node *> &roots = out.roots;
    for (const ConversationNode &n : nodes) {
        Node &node = built.find(n.id)->second;
        if (n.parentId.isEmpty()) {
            roots.append(&node);
            continue;
        }
        auto parent = built.find(n.parentId);
        if (parent == built.end())
            return fail(LoadError::UnknownParent, n.id);
        node.parent = &parent->second;
        parent->second.children.append(&node);
    }
    const auto order = [](const Node *a, const Node *b) { return comesBefore(a->data, b->data); };
    std::sort(roots.begin(), roots.end(), order);
    for (auto &entry : built)
        std::sort(entry.second.children.begin(), entry.second.children.end(), order);

    // Every node reachable from a root gets its depth; whatever is left over sits on a cycle.
    QList<Node *> queue = roots;
    for (qsizetype i = 0; i < queue.size(); ++i) {
        for (Node *child : std::as_const(queue.at(i)->children)) {
            child->depth = queue.at(i)->depth + 1;
            queue.append(child);
        }
    }
    if (size_t(queue.size()) != built.size()) {
        QSet<QString> reached;
        for (const Node *node : std::as_const(queue))
            reached.insert(node->data.id);
        for (const ConversationNode &n : nodes) {
            if (!reached.contains(n.id))
                return fail(LoadError::Cycle, n.id);
        }
    }
    return out;
}

ConversationTree::LoadResult ConversationTree::adopt(Prepared &&prepared, const QString &activeLeafId)
{
    if (!prepared.result.ok())
        return prepared.result;
    const QString oldLeaf = m_activeLeaf;
    Q_EMIT aboutToBeReset();
    m_nodes = std::move(prepared.nodes);
    m_roots = std::move(prepared.roots);
    m_activeLeaf = contains(activeLeafId) ? leafFollowingLatest(activeLeafId) : latestLeafOverall();
    Q_EMIT resetDone();
    if (oldLeaf != m_activeLeaf)
        Q_EMIT activeLeafChanged(oldLeaf, m_activeLeaf);
    return {};
}

void ConversationTree::clear()
{
    const QString oldLeaf = m_activeLeaf;
    Q_EMIT aboutToBeReset();
    m_roots.clear();
    m_nodes.clear();
    m_activeLeaf.clear();
    Q_EMIT resetDone();
    if (!oldLeaf.isEmpty())
        Q_EMIT activeLeafChanged(oldLeaf, {});
}

bool ConversationTree::addNode(const ConversationNode &node, bool makeActive)
{
    if (node.id.isEmpty() || contains(node.id))
        return false;
    Node *parent = nullptr;
    if (!node.parentId.isEmpty()) {
        auto it = m_nodes.find(node.parentId);
        if (it == m_nodes.end())
            return false;
        parent = &it->second;
    }
    QList<Node *> &list = parent ? parent->children : m_roots;
    // New messages almost always sort last, so scan from the end.
    qsizetype row = list.size();
    while (row > 0 && comesBefore(node, list.at(row - 1)->data))
        --row;
    const bool activate = makeActive || m_activeLeaf.isEmpty() || m_activeLeaf == node.parentId;

    Q_EMIT nodeAboutToBeAdded(node.parentId, int(row));
    Node &added = m_nodes.try_emplace(node.id, Node {node, parent, {}, parent ? parent->depth + 1 : 0}).first->second;
    list.insert(row, &added);
    Q_EMIT nodeAdded(node.id, node.parentId, int(row));
    if (activate)
        changeActiveLeaf(node.id);
    return true;
}

bool ConversationTree::addSibling(const QString &siblingOfId, const ConversationNode &node)
{
    const Node *of = find(siblingOfId);
    if (!of)
        return false;
    ConversationNode sibling = node;
    sibling.parentId = of->data.parentId;
    return addNode(sibling, true);
}

QStringList ConversationTree::removeSubtree(const QString &id)
{
    auto it = m_nodes.find(id);
    if (it == m_nodes.end())
        return {};
    Node *top = &it->second;
    const QString parent = top->data.parentId;
    QList<Node *> &list = siblingList(top, m_roots);
    const int r = int(list.indexOf(top));
    const bool activeInside = isOnActivePath(id);

    QList<const Node *> doomed {top};
    for (qsizetype i = 0; i < doomed.size(); ++i) {
        for (const Node *child : doomed.at(i)->children)
            doomed.append(child);
    }
    QStringList removed;
    removed.reserve(doomed.size());
    for (const Node *n : std::as_const(doomed))
        removed.append(n->data.id);

    Q_EMIT subtreeAboutToBeRemoved(id, parent, r);
    list.removeAt(r);
    for (const QString &gone : std::as_const(removed))
        m_nodes.erase(gone);
    const QString oldLeaf = m_activeLeaf;
    if (activeInside)
        m_activeLeaf = parent.isEmpty() ? latestLeafOverall() : leafFollowingLatest(parent);
    Q_EMIT subtreeRemoved(id, parent, r);
    if (activeInside)
        Q_EMIT activeLeafChanged(oldLeaf, m_activeLeaf);
    return removed;
}

bool ConversationTree::setActiveLeaf(const QString &leafId)
{
    if (!isLeaf(leafId))
        return false;
    changeActiveLeaf(leafId);
    return true;
}

bool ConversationTree::switchSibling(const QString &nodeId, Direction direction)
{
    const Node *n = find(nodeId);
    if (!n)
        return false;
    const QList<Node *> &list = n->parent ? n->parent->children : m_roots;
    const qsizetype target = list.indexOf(n) + (direction == Direction::Next ? 1 : -1);
    if (target < 0 || target >= list.size())
        return false;
    changeActiveLeaf(latestLeafUnder(list.at(target))->data.id);
    return true;
}

void ConversationTree::changeActiveLeaf(const QString &leaf)
{
    if (leaf == m_activeLeaf)
        return;
    const QString old = m_activeLeaf;
    m_activeLeaf = leaf;
    Q_EMIT activeLeafChanged(old, leaf);
}

QString ConversationTree::latestLeafOverall() const
{
    return m_roots.isEmpty() ? QString() : latestLeafUnder(m_roots.constLast())->data.id;
}

const ConversationTree::Node *ConversationTree::latestLeafUnder(const Node *node)
{
    while (!node->children.isEmpty())
        node = node->children.constLast();
    return node;
}

QList<ConversationTree::Node *> &ConversationTree::siblingList(Node *node, QList<Node *> &roots)
{
    return node->parent ? node->parent->children : roots;
}

QStringList ConversationTree::idsOf(const QList<Node *> &nodes)
{
    QStringList ids;
    ids.reserve(nodes.size());
    for (const Node *n : nodes)
        ids.append(n->data.id);
    return ids;
}

bool ConversationTree::isOnActivePath(const QString &id) const
{
    const Node *target = find(id);
    const Node *cursor = find(m_activeLeaf);
    if (!target || !cursor)
        return false;
    while (cursor->depth > target->depth)
        cursor = cursor->parent;
    return cursor == target;
}

const ConversationTree::Node *ConversationTree::find(const QString &id) const
{
    auto it = m_nodes.find(id);
    return it == m_nodes.end() ? nullptr : &it->second;
}

const QList<ConversationTree::Node *> *ConversationTree::childList(const QString &parentId) const
{
    if (parentId.isEmpty())
        return &m_roots;
    const Node *n = find(parentId);
    return n ? &n->children : nullptr;
}

ConversationNode ConversationTree::node(const QString &id) const
{
    const Node *n = find(id);
    return n ? n->data : ConversationNode();
}

QString ConversationTree::parentId(const QString &id) const
{
    const Node *n = find(id);
    return n ? n->data.parentId : QString();
}

QStringList ConversationTree::children(const QString &parentId) const
{
    const QList<Node *> *list = childList(parentId);
    return list ? idsOf(*list) : QStringList();
}

int ConversationTree::childCount(const QString &parentId) const
{
    const QList<Node *> *list = childList(parentId);
    return list ? int(list->size()) : 0;
}

QString ConversationTree::childAt(const QString &parentId, int row) const
{
    const QList<Node *> *list = childList(parentId);
    return list && row >= 0 && row < list->size() ? list->at(row)->data.id : QString();
}

int ConversationTree::row(const QString &id) const
{
    const Node *n = find(id);
    if (!n)
        return -1;
    return int((n->parent ? n->parent->children : m_roots).indexOf(n));
}

QStringList ConversationTree::siblings(const QString &id) const
{
    const Node *n = find(id);
    return n ? idsOf(n->parent ? n->parent->children : m_roots) : QStringList();
}

SiblingIndex ConversationTree::siblingIndex(const QString &id) const
{
    const Node *n = find(id);
    if (!n)
        return {};
    const QList<Node *> &list = n->parent ? n->parent->children : m_roots;
    return {int(list.indexOf(n)) + 1, int(list.size())};
}

int ConversationTree::depth(const QString &id) const
{
    const Node *n = find(id);
    return n ? n->depth : -1;
}

bool ConversationTree::isLeaf(const QString &id) const
{
    const Node *n = find(id);
    return n && n->children.isEmpty();
}

QStringList ConversationTree::path(const QString &id) const
{
    const Node *n = find(id);
    if (!n)
        return {};
    QStringList chain(n->depth + 1);
    for (qsizetype i = chain.size() - 1; i >= 0; --i, n = n->parent)
        chain[i] = n->data.id;
    return chain;
}

QString ConversationTree::commonAncestor(const QString &a, const QString &b) const
{
    const Node *x = find(a);
    const Node *y = find(b);
    if (!x || !y)
        return {};
    while (x->depth > y->depth)
        x = x->parent;
    while (y->depth > x->depth)
        y = y->parent;
    while (x != y) {
        x = x->parent;
        y = y->parent;
    }
    return x ? x->data.id : QString();
}

QString ConversationTree::leafFollowingLatest(const QString &id) const
{
    const Node *n = find(id);
    return n ? latestLeafUnder(n)->data.id : QString();
}

void ConversationTree::forEachDepthFirst(const std::function<void(const ConversationNode &)> &visit) const
{
    // A stack: the next node to visit is last, so siblings go on in reverse.
    QList<const Node *> todo;
    todo.reserve(m_roots.size());
    for (const Node *root : std::views::reverse(m_roots))
        todo.append(root);
    while (!todo.isEmpty()) {
        const Node *node = todo.takeLast();
        visit(node->data);
        for (const Node *child : std::views::reverse(node->children))
            todo.append(child);
    }
}

} // namespace Skein
