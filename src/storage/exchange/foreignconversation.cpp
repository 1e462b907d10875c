// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "foreignconversation.h"

#include "core/domain/ids.h"
#include "jsonreader.h"

#include <QHash>
#include <QJsonObject>
#include <QUuid>

#include <algorithm>

namespace Skein::Exchange {

namespace {

// Skein's namespace for ids derived from other clients' ids (a random UUID, fixed forever).
const QUuid kImportNamespace(QStringLiteral("{6f1d5c0e-2b7a-4c49-9a51-3e8f0d2c7b14}"));

QString callId(const QString &format, const QString &conversation, const QString &sourceCall)
{
    // Providers accept [A-Za-z0-9_-] in call ids.
    return QStringLiteral("call_")
        + derivedId(format, conversation, QStringLiteral("call:") + sourceCall).remove(QLatin1Char('-')).left(24);
}

QString joined(const QString &a, const QString &b)
{
    if (a.isEmpty())
        return b;
    if (b.isEmpty())
        return a;
    return a + QStringLiteral("\n\n") + b;
}

} // namespace

QString derivedId(const QString &format, const QString &conversation, const QString &node)
{
    QString name = format + QLatin1Char('\n') + conversation;
    if (!node.isNull())
        name += QLatin1Char('\n') + node;
    return QUuid::createUuidV5(kImportNamespace, name).toString(QUuid::WithoutBraces);
}

bool ForeignConversation::build(const QString &format, SessionContent *out, QString *error)
{
    auto fail = [error](const QString &path, const QString &reason) {
        *error = path + QStringLiteral(": ") + reason;
        return false;
    };
    const qsizetype count = nodes.size();
    QHash<QString, qsizetype> index;
    index.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        const ForeignNode &n = nodes.at(i);
        if (n.sourceId.isEmpty())
            return fail(n.path, Text::tr("a message without an id"));
        if (const auto it = index.constFind(n.sourceId); it != index.constEnd())
            return fail(n.path,
                        Text::tr("the id \"%1\" is used twice (also at %2)").arg(n.sourceId, nodes.at(*it).path));
        index.insert(n.sourceId, i);
    }

    // Parents by index; an excerpt may start at one node whose parent is not in the file.
    QList<qsizetype> parent(count, -1);
    qsizetype dangling = -1;
    for (qsizetype i = 0; i < count; ++i) {
        const ForeignNode &n = nodes.at(i);
        if (n.parentSourceId.isEmpty())
            continue;
        if (n.parentSourceId == n.sourceId)
            return fail(n.path, Text::tr("the message is its own parent"));
        const auto it = index.constFind(n.parentSourceId);
        if (it != index.constEnd()) {
            parent[i] = *it;
            continue;
        }
        if (dangling >= 0)
            return fail(n.path,
                        Text::tr("the parent \"%1\" is not in the file (nor the parent of %2)")
                            .arg(n.parentSourceId, nodes.at(dangling).path));
        dangling = i;
    }
    if (dangling >= 0)
        notes << Text::tr("an excerpt: its first message's parent (%1) is not in the file; it starts there")
                     .arg(nodes.at(dangling).parentSourceId);

    // Children in file order, then a walk from the roots: a node it does not reach is in a cycle.
    QList<QList<qsizetype>> children(count);
    QList<qsizetype> roots;
    for (qsizetype i = 0; i < count; ++i)
        (parent.at(i) < 0 ? roots : children[parent.at(i)]).append(i);
    QList<qsizetype> order; // pre-order, parents first
    order.reserve(count);
    {
        QList<qsizetype> stack(roots.crbegin(), roots.crend());
        while (!stack.isEmpty()) {
            const qsizetype i = stack.takeLast();
            order.append(i);
            const QList<qsizetype> &next = children.at(i);
            stack.append(QList<qsizetype>(next.crbegin(), next.crend()));
        }
    }
    if (order.size() != count) {
        QList<bool> seen(count, false);
        for (qsizetype i : std::as_const(order))
            seen[i] = true;
        const qsizetype first = std::find(seen.cbegin(), seen.cend(), false) - seen.cbegin();
        return fail(nodes.at(first).path, Text::tr("the parents form a cycle"));
    }

    // Kept nodes: dropped ones hand their children to their parent; a thinking step folds into
    // the one answer that follows it (else it stays, as an answer with reasoning only).
    QList<qsizetype> keptParent(count, -1); // nearest kept ancestor
    QList<bool> kept(count, true);
    QList<qsizetype> foldedInto(count, -1);
    QList<qsizetype> keptChildren(count, 0);
    for (qsizetype i : std::as_const(order)) {
        const qsizetype p = parent.at(i);
        keptParent[i] = p < 0 ? -1 : (kept.at(p) ? p : keptParent.at(p));
        ForeignNode &n = nodes[i];
        if (n.kind == ForeignNode::Kind::Dropped) {
            kept[i] = false;
        } else if (n.kind == ForeignNode::Kind::Reasoning && children.at(i).size() == 1) {
            ForeignNode &next = nodes[children.at(i).first()];
            if (next.message.role == Role::Assistant && next.kind != ForeignNode::Kind::Dropped) {
                next.message.reasoning = joined(n.message.reasoning, next.message.reasoning);
                if (next.message.createdAt == 0)
                    next.message.createdAt = n.message.createdAt;
                kept[i] = false;
                foldedInto[i] = children.at(i).first();
            }
        }
        if (kept.at(i) && keptParent.at(i) >= 0)
            ++keptChildren[keptParent.at(i)];
    }

    // Times: a missing one is its parent's (ChatGPT's hidden nodes, LibreChat's later messages).
    qint64 start = session.createdAt;
    if (start == 0)
        for (const ForeignNode &n : std::as_const(nodes))
            if (n.message.createdAt > 0 && (start == 0 || n.message.createdAt < start))
                start = n.message.createdAt;
    if (start == 0)
        start = Ids::nowMs();

    out->session = session;
    out->session.id = derivedId(format, sourceId);
    if (out->session.createdAt == 0)
        out->session.createdAt = start;
    out->messages.clear();
    out->contents = contents;
    assets.clear();
    QList<qint64> created(count, 0);
    QList<QString> ids(count); // ours, of the kept nodes
    QList<qsizetype> row(count, -1); // in out->messages
    QHash<QString, QString> callIds; // source call id -> ours
    qsizetype newestLeaf = -1;
    for (qsizetype i : std::as_const(order)) {
        const qsizetype kp = keptParent.at(i);
        ForeignNode &n = nodes[i];
        created[i]
            = n.message.createdAt > 0 ? n.message.createdAt : (parent.at(i) >= 0 ? created.at(parent.at(i)) : start);
        if (!kept.at(i))
            continue;
        Message m = n.message;
        m.id = ids[i] = derivedId(format, sourceId, n.sourceId);
        m.sessionId = out->session.id;
        m.parentId = kp >= 0 ? ids.at(kp) : QString(); // parents come first
        m.createdAt = created.at(i);
        if (m.completedAt == 0 && m.status != MessageStatus::Generating)
            m.completedAt = m.createdAt;
        if (n.kind == ForeignNode::Kind::Reasoning)
            m.role = Role::Assistant;
        for (qsizetype k = 0; k < m.attachments.size(); ++k) {
            Attachment &a = m.attachments[k];
            a.id = derivedId(format, sourceId, n.sourceId + QStringLiteral("#attachment") + QString::number(k));
            a.messageId = m.id;
            a.ordinal = int(k);
            a.createdAt = created.at(i);
            if (!n.assets.value(k).isEmpty())
                assets.insert(a.id, n.assets.at(k));
        }
        // Calls and results: the source's call ids become ours.
        QJsonArray calls;
        for (const auto &v : std::as_const(m.toolCalls)) {
            QJsonObject call = v.toObject();
            const QString theirs = call.value(QStringLiteral("id")).toString();
            const QString ours
                = callId(format, sourceId, theirs.isEmpty() ? n.sourceId + QString::number(calls.size()) : theirs);
            callIds.insert(theirs, ours);
            call.insert(QStringLiteral("id"), ours);
            calls.append(call);
        }
        m.toolCalls = calls;
        if (m.role == Role::Tool) {
            if (!m.toolCallId.isEmpty()) {
                m.toolCallId = callIds.value(m.toolCallId, callId(format, sourceId, m.toolCallId));
            } else {
                // A result of the assistant turn that addressed the tool: the first non-tool ancestor.
                qsizetype owner = kp;
                while (owner >= 0 && nodes.at(owner).message.role == Role::Tool)
                    owner = keptParent.at(owner);
                m.toolCallId = callId(format, sourceId, n.sourceId);
                if (owner >= 0 && !nodes.at(owner).callsTool.isEmpty()) {
                    Message &o = out->messages[row.at(owner)]; // owners come first (pre-order)
                    if (o.toolCalls.isEmpty())
                        o.content.clear(); // the code it ran is the call's arguments now
                    o.toolCalls.append(QJsonObject {{QStringLiteral("id"), m.toolCallId},
                                                    {QStringLiteral("name"), nodes.at(owner).callsTool},
                                                    {QStringLiteral("arguments"), nodes.at(owner).callArguments}});
                    if (m.toolName.isEmpty())
                        m.toolName = nodes.at(owner).callsTool;
                }
            }
        }
        row[i] = out->messages.size();
        out->messages.append(m);
        if (keptChildren.at(i) == 0 && (newestLeaf < 0 || created.at(i) >= created.at(newestLeaf)))
            newestLeaf = i;
    }
    if (out->messages.isEmpty())
        return fail(path, Text::tr("the conversation has no messages"));

    // The active leaf: the source's pointer, through a folded or dropped node; else the newest leaf.
    qsizetype active = -1;
    if (const auto it = index.constFind(activeSourceId); !activeSourceId.isEmpty() && it != index.constEnd()) {
        active = *it;
        while (active >= 0 && !kept.at(active))
            active = foldedInto.at(active) >= 0 ? foldedInto.at(active) : keptParent.at(active);
    } else if (!activeSourceId.isEmpty()) {
        notes
            << Text::tr("its current message (%1) is not in the file: the newest branch is active").arg(activeSourceId);
    }
    if (active < 0)
        active = newestLeaf;
    out->session.activeLeafId = ids.at(active);
    qint64 newest = 0;
    for (const Message &m : std::as_const(out->messages))
        newest = std::max(newest, m.createdAt);
    out->session.updatedAt = std::max(out->session.updatedAt, newest);
    branches
        = std::count(keptChildren.cbegin(), keptChildren.cend(), 0) - std::count(kept.cbegin(), kept.cend(), false);
    return true;
}

} // namespace Skein::Exchange
