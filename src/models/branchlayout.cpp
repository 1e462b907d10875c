// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/branchlayout.h"

#include <algorithm>
#include <vector>

namespace Skein {

namespace {

struct Group
{
    BranchLayout::Kind kind = BranchLayout::Kind::Collapsed;
    int head = -1;
    int tail = -1;
    int count = 0;
    int summary = -1;
    QString key;
};

QString summaryKey(const QString &id)
{
    return QStringLiteral("s:") + id;
}

QString runKey(const QString &firstHiddenId)
{
    return QStringLiteral("r:") + firstHiddenId;
}

} // namespace

BranchLayout::Result BranchLayout::layout(const QList<BranchNode> &nodes, const QList<BranchSummary> &summaries,
                                          const QString &activeLeafId, const Options &options)
{
    Result result;
    const int n = int(nodes.size());
    QHash<QString, int> index;
    index.reserve(n);
    for (int i = 0; i < n; ++i)
        index.insert(nodes.at(i).id, i);

    std::vector<int> parent(size_t(n), -1);
    std::vector<std::vector<int>> children(static_cast<size_t>(n));
    std::vector<int> roots;
    for (int i = 0; i < n; ++i) {
        const int p = nodes.at(i).parentId.isEmpty() ? -1 : index.value(nodes.at(i).parentId, -1);
        if (p >= 0 && p != i) {
            parent[size_t(i)] = p;
            children[size_t(p)].push_back(i);
        } else {
            roots.push_back(i);
        }
    }
    const auto before = [&nodes](int a, int b) {
        const BranchNode &x = nodes.at(a);
        const BranchNode &y = nodes.at(b);
        return x.createdAt != y.createdAt ? x.createdAt < y.createdAt : x.id < y.id;
    };
    for (auto &list : children) {
        if (list.size() > 1)
            std::sort(list.begin(), list.end(), before);
    }
    std::sort(roots.begin(), roots.end(), before);

    // Like ConversationTree: an inner node as active leaf means the latest leaf below it.
    int activeLeaf = index.value(activeLeafId, -1);
    for (int guard = 0; activeLeaf >= 0 && !children[size_t(activeLeaf)].empty() && guard <= n; ++guard)
        activeLeaf = children[size_t(activeLeaf)].back();
    std::vector<char> active(size_t(n), 0);
    for (int a = activeLeaf, guard = 0; a >= 0 && guard <= n; a = parent[size_t(a)], ++guard)
        active[size_t(a)] = 1;
    // The active path runs straight down the first column; alternatives open columns to its right.
    const auto activeFirst = [&active](std::vector<int> &list) {
        std::stable_partition(list.begin(), list.end(), [&active](int i) { return active[size_t(i)] != 0; });
    };
    for (auto &list : children) {
        if (list.size() > 1)
            activeFirst(list);
    }
    activeFirst(roots);

    std::vector<int> group(size_t(n), -1);
    std::vector<Group> groups;
    std::vector<char> summaryCollapsed(size_t(summaries.size()), 0);
    // Messages a run must not hide: the ones asked for, and those of summaries the user expanded.
    std::vector<char> pinned(size_t(n), 0);
    for (const QString &id : options.keepVisible) {
        if (const int i = index.value(id, -1); i >= 0)
            pinned[size_t(i)] = 1;
    }
    for (const BranchSummary &summary : summaries) {
        if (!options.expanded.contains(summaryKey(summary.id)))
            continue;
        const int first = index.value(summary.firstMessageId, -1);
        for (int cur = index.value(summary.lastMessageId, -1), guard = 0; cur >= 0 && guard <= n;
             cur = parent[size_t(cur)], ++guard) {
            pinned[size_t(cur)] = 1;
            if (cur == first)
                break;
        }
    }
    const auto keep = [&](int i) { return pinned[size_t(i)] != 0; };

    if (options.compact) {
        // Segment summaries replace the linear span they cover.
        for (int s = 0; s < summaries.size(); ++s) {
            const BranchSummary &summary = summaries.at(s);
            const QString key = summaryKey(summary.id);
            if (summary.level != SummaryLevel::Segment || options.expanded.contains(key))
                continue;
            const int first = index.value(summary.firstMessageId, -1);
            const int last = index.value(summary.lastMessageId, -1);
            if (first < 0 || last < 0)
                continue;
            std::vector<int> span;
            bool linear = true;
            for (int cur = last;; cur = parent[size_t(cur)]) {
                if (cur < 0 || group[size_t(cur)] >= 0 || keep(cur) || int(span.size()) > n
                    || (cur != last && children[size_t(cur)].size() != 1)) {
                    linear = false;
                    break;
                }
                span.push_back(cur);
                if (cur == first)
                    break;
            }
            if (!linear)
                continue;
            const int g = int(groups.size());
            groups.push_back({Kind::Summary, first, last, int(span.size()), s, key});
            for (int i : span)
                group[size_t(i)] = g;
            summaryCollapsed[size_t(s)] = 1;
        }
        // Long linear runs of plain messages keep their first and last message.
        for (int v = 0; v < n; ++v) {
            if (group[size_t(v)] >= 0)
                continue;
            const int p = parent[size_t(v)];
            if (p >= 0 && group[size_t(p)] < 0 && children[size_t(p)].size() == 1)
                continue; // not the start of a run
            std::vector<int> run {v};
            for (int cur = v; children[size_t(cur)].size() == 1;) {
                cur = children[size_t(cur)].front();
                if (group[size_t(cur)] >= 0)
                    break;
                run.push_back(cur);
            }
            const int inner = int(run.size()) - 2;
            int start = 1;
            for (int i = 1; i <= inner + 1; ++i) {
                const bool end = i == inner + 1 || keep(run[size_t(i)]);
                if (!end)
                    continue;
                const int length = i - start;
                if (length >= std::max(1, options.minRun - 2)) {
                    const QString key = runKey(nodes.at(run[size_t(start)]).id);
                    if (!options.expanded.contains(key)) {
                        const int g = int(groups.size());
                        groups.push_back({Kind::Collapsed, run[size_t(start)], run[size_t(i - 1)], length, -1, key});
                        for (int k = start; k < i; ++k)
                            group[size_t(run[size_t(k)])] = g;
                    }
                }
                start = i + 1;
            }
        }
    }

    // Depth-first, first child first: the first child continues its parent's column.
    struct Pending
    {
        int node;
        int parentItem;
        bool inherit;
    };
    std::vector<Pending> stack;
    for (auto it = roots.rbegin(); it != roots.rend(); ++it)
        stack.push_back({*it, -1, false});
    int nextColumn = 0;
    int maxRow = -1;
    result.items.reserve(n);
    result.itemOfMessage.reserve(n);
    while (!stack.empty()) {
        const Pending p = stack.back();
        stack.pop_back();
        Item item;
        const int g = group[size_t(p.node)];
        int tail = p.node;
        if (g < 0) {
            const BranchNode &node = nodes.at(p.node);
            item.kind = Kind::Message;
            item.id = node.id;
            item.role = node.role;
            item.status = node.status;
            item.text = node.text;
            item.onActivePath = active[size_t(p.node)];
        } else {
            const Group &grp = groups[size_t(g)];
            tail = grp.tail;
            item.kind = grp.kind;
            item.hiddenCount = grp.count;
            item.expandKey = grp.key;
            item.onActivePath = active[size_t(grp.head)] || active[size_t(grp.tail)];
            if (grp.kind == Kind::Summary) {
                const BranchSummary &summary = summaries.at(grp.summary);
                item.id = summary.id;
                item.text = summary.text;
                item.tokenCount = summary.tokenCount;
            } else {
                item.id = nodes.at(grp.head).id;
            }
        }
        item.parent = p.parentItem;
        item.column = p.inherit ? result.items.at(p.parentItem).column : nextColumn++;
        item.row = p.parentItem < 0 ? 0 : result.items.at(p.parentItem).row + 1;
        maxRow = std::max(maxRow, item.row);
        const std::vector<int> &next = children[size_t(tail)];
        item.isLeaf = next.empty();
        const int itemIndex = int(result.items.size());
        result.items.append(item);
        if (g < 0) {
            result.itemOfMessage.insert(item.id, itemIndex);
        } else {
            for (int cur = tail;; cur = parent[size_t(cur)]) {
                result.itemOfMessage.insert(nodes.at(cur).id, itemIndex);
                if (cur == groups[size_t(g)].head)
                    break;
            }
        }
        for (size_t c = next.size(); c-- > 0;)
            stack.push_back({next[c], itemIndex, c == 0});
    }
    result.columns = nextColumn;
    result.rows = maxRow + 1;

    for (int s = 0; s < summaries.size(); ++s) {
        if (summaryCollapsed[size_t(s)])
            continue;
        const BranchSummary &summary = summaries.at(s);
        const int first = result.itemOfMessage.value(summary.firstMessageId, -1);
        const int last = result.itemOfMessage.value(summary.lastMessageId, -1);
        if (first < 0 || last < 0)
            continue;
        Bracket bracket;
        bracket.summaryId = summary.id;
        bracket.level = summary.level;
        bracket.text = summary.text;
        bracket.tokenCount = summary.tokenCount;
        bracket.column = result.items.at(last).column;
        bracket.firstRow = std::min(result.items.at(first).row, result.items.at(last).row);
        bracket.lastRow = std::max(result.items.at(first).row, result.items.at(last).row);
        const QString key = summaryKey(summary.id);
        if (options.compact && options.expanded.contains(key))
            bracket.expandKey = key;
        result.brackets.append(bracket);
    }
    // Inner (shorter) brackets sit next to the cards; ones that overlap them step outwards.
    std::stable_sort(result.brackets.begin(), result.brackets.end(), [](const Bracket &a, const Bracket &b) {
        return a.column != b.column ? a.column < b.column : (a.lastRow - a.firstRow) < (b.lastRow - b.firstRow);
    });
    for (int i = 0; i < result.brackets.size(); ++i) {
        Bracket &b = result.brackets[i];
        for (int j = i - 1; j >= 0 && result.brackets.at(j).column == b.column; --j) {
            const Bracket &o = result.brackets.at(j);
            if (o.firstRow <= b.lastRow && b.firstRow <= o.lastRow)
                b.slot = std::max(b.slot, o.slot + 1);
        }
    }
    return result;
}

} // namespace Skein
