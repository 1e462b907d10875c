// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessioncontent.h"

#include "attachmentcodec.h"
#include "jsoncodec.h"
#include "storage/attachmentrepository.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <algorithm>
#include <ranges>

namespace Skein::Exchange {

namespace {

template<typename T, typename Key> void sortBy(QList<T> &list, Key key)
{
    std::stable_sort(list.begin(), list.end(), [&](const T &a, const T &b) { return key(a) < key(b); });
}

QList<Message> treeOrder(QList<Message> messages)
{
    sortBy(messages, [](const Message &m) { return std::pair(m.createdAt, m.id); });
    QSet<QString> ids;
    for (const Message &m : std::as_const(messages))
        ids.insert(m.id);
    QHash<QString, QList<qsizetype>> children;
    QList<qsizetype> roots;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QString &parent = messages.at(i).parentId;
        if (parent.isEmpty() || !ids.contains(parent))
            roots.append(i);
        else
            children[parent].append(i);
    }
    QList<Message> out;
    out.reserve(messages.size());
    QList<qsizetype> stack(roots.crbegin(), roots.crend());
    while (!stack.isEmpty()) {
        const qsizetype i = stack.takeLast();
        out.append(messages.at(i));
        const QList<qsizetype> kids = children.value(messages.at(i).id);
        for (const qsizetype k : std::views::reverse(kids))
            stack.append(k);
    }
    return out;
}

template<typename T> QJsonArray toArray(const QList<T> &items)
{
    QJsonArray a;
    for (const T &item : items)
        a.append(toJson(item));
    return a;
}

template<typename T> bool take(Result<T> result, T *out, QString *error, bool *notFound = nullptr)
{
    if (!result) {
        *error = result.error().message;
        if (notFound)
            *notFound = result.error().kind == StorageError::Kind::NotFound;
        return false;
    }
    *out = std::move(result).value();
    return true;
}

} // namespace

bool loadSessionContent(Store &store, const QString &sessionId, SessionContent *out, QString *error, bool *notFound)
{
    if (notFound)
        *notFound = false;
    QList<Memory> memories;
    if (!take(store.sessions().get(sessionId), &out->session, error, notFound)
        || !take(store.messages().bySession(sessionId), &out->messages, error)
        || !take(store.summaries().bySession(sessionId, true), &out->summaries, error)
        || !take(store.memories().bySourceSession(sessionId), &memories, error)
        || !take(store.toolLog().bySession(sessionId), &out->toolLog, error)
        || !take(store.snapshots().bySession(sessionId), &out->snapshots, error))
        return false;
    out->memories.clear();
    for (const Memory &memory : std::as_const(memories)) {
        MemoryWithHistory m {memory, {}};
        if (!take(store.memories().versions(memory.id), &m.versions, error))
            return false;
        out->memories.append(m);
    }
    // The content of its attachments, once each (an export holds it whole: kMaxAttachmentBytes).
    out->contents.clear();
    for (const Message &m : std::as_const(out->messages))
        for (const Attachment &a : m.attachments) {
            if (!a.hasContent() || out->contents.contains(a.sha256))
                continue;
            QByteArray bytes;
            if (!take(store.attachments().content(a.sha256, kMaxAttachmentBytes), &bytes, error))
                return false;
            out->contents.insert(a.sha256, bytes);
        }
    return true;
}

QJsonObject toCanonicalJson(const SessionContent &content)
{
    QList<Summary> summaries = content.summaries;
    sortBy(summaries, [](const Summary &x) { return std::pair(x.createdAt, x.id); });
    QList<MemoryWithHistory> memories = content.memories;
    sortBy(memories, [](const MemoryWithHistory &x) { return std::pair(x.memory.createdAt, x.memory.id); });
    QList<ToolLogEntry> toolLog = content.toolLog;
    sortBy(toolLog, [](const ToolLogEntry &x) { return std::pair(x.startedAt, x.requestId); });
    QList<ContextSnapshot> snapshots = content.snapshots;
    sortBy(snapshots, [](const ContextSnapshot &x) { return std::pair(x.createdAt, x.id); });

    QJsonArray memoryArray;
    for (const MemoryWithHistory &m : std::as_const(memories))
        memoryArray.append(toJson(m.memory, m.versions));

    QJsonObject o;
    o.insert(QStringLiteral("session"), toJson(content.session));
    o.insert(QStringLiteral("messages"), toArray(treeOrder(content.messages)));
    o.insert(QStringLiteral("summaries"), toArray(summaries));
    o.insert(QStringLiteral("memories"), memoryArray);
    o.insert(QStringLiteral("tool_log"), toArray(toolLog));
    o.insert(QStringLiteral("context_snapshots"), toArray(snapshots));
    if (!content.contents.isEmpty())
        o.insert(QStringLiteral("attachment_contents"), contentsToJson(content.contents));
    return o;
}

} // namespace Skein::Exchange
