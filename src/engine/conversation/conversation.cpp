// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/conversation/conversation.h"

#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QJsonObject>
#include <QThreadPool>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace Skein {

struct Conversation::Loaded
{
    Session session;
    QList<Message> messages;
    QList<Summary> summaries;
    // Built on the storage thread for the whole document, so the GUI thread only swaps them in.
    CompactMessages packed;
    ConversationTree::Prepared tree;

    // Every read of the document starts from the session's row.
    static Result<Loaded> withSession(Store &store, const QString &sessionId)
    {
        Result<Session> session = store.sessions().get(sessionId);
        if (!session)
            return session.error();
        Loaded data;
        data.session = session.value();
        return data;
    }
};

namespace {

// Reading a long conversation frees about as much as it keeps (rows, their values, the lists
// they came in), spread over the threads' malloc arenas, which keep it: tens of megabytes of
// PSS for a 100,000-message one. glibc gives back what it can when asked.
constexpr qsizetype TrimAfter = 20000;

void returnFreedMemory()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

QList<ConversationNode> nodesOf(const QList<Message> &messages)
{
    QList<ConversationNode> nodes;
    nodes.reserve(messages.size());
    for (const Message &m : messages)
        nodes.append(ConversationNode {m.id, m.parentId, m.role, m.createdAt});
    return nodes;
}

CompactMessages packedOf(const QList<Message> &messages)
{
    CompactMessages packed;
    for (const Message &m : messages)
        packed.insert(m);
    return packed;
}

} // namespace

Conversation::Conversation(AsyncStore *store, const QString &sessionId, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_sessionId(sessionId)
{
    connect(&m_tree, &ConversationTree::activeLeafChanged, this,
            [this](const QString &, const QString &leaf) { Q_EMIT activeLeafChanged(leaf); });
}

Conversation::~Conversation()
{
    // Freeing a long conversation's messages takes a while; the GUI thread closes it at once and
    // a worker frees them (the tree does the same with its nodes).
    if (m_packed.size() >= TrimAfter)
        QThreadPool::globalInstance()->start([packed = std::move(m_packed)]() mutable {
            packed.clear();
            returnFreedMemory();
        });
}

void Conversation::load()
{
    if (!m_store)
        return;
    const quint64 generation = ++m_loadGeneration;
    const QString sessionId = m_sessionId;
    if (!m_loaded) {
        // First the end of the active branch, which is what the user looks at, so that a long
        // conversation shows at once; the whole document follows.
        m_store->read<Loaded>(
            this,
            [sessionId](Store &store) -> Result<Loaded> {
                Result<Loaded> read = Loaded::withSession(store, sessionId);
                if (!read)
                    return read;
                Loaded data = std::move(read).value();
                if (!data.session.activeLeafId.isEmpty())
                    if (Result<QList<Message>> tail
                        = store.messages().pathTail(data.session.activeLeafId, PreviewCount);
                        tail)
                        data.messages = tail.value();
                return data;
            },
            [this, generation](const Result<Loaded> &data) {
                if (generation == m_loadGeneration && !m_loaded && data && !data->messages.isEmpty())
                    preview(data->session, data->messages);
            });
    }
    m_store->read<Loaded>(
        this,
        [sessionId](Store &store) -> Result<Loaded> {
            Result<Loaded> read = Loaded::withSession(store, sessionId);
            if (!read)
                return read;
            Loaded data = std::move(read).value();
            // Each message is packed as it is read: the list of them all is never made.
            QList<ConversationNode> nodes;
            const auto keep = [&data, &nodes](Message &&m) {
                nodes.append(ConversationNode {m.id, m.parentId, m.role, m.createdAt});
                data.packed.insert(m);
            };
            // A forked session's first messages hang below another session's messages.
            if (!data.session.entryMessageId.isEmpty())
                if (Result<QList<Message>> entry = store.messages().path(data.session.entryMessageId); entry)
                    for (Message &m : entry.value())
                        keep(std::move(m));
            if (Status s = store.messages().eachInSession(sessionId, keep); !s)
                return s.error();
            Result<QList<Summary>> summaries = store.summaries().bySession(sessionId);
            if (!summaries)
                return summaries.error();
            data.summaries = summaries.value();
            data.tree = ConversationTree::prepare(nodes);
            if (nodes.size() >= TrimAfter) {
                nodes = {};
                returnFreedMemory();
            }
            return data;
        },
        [this, generation](Result<Loaded> data) {
            if (generation != m_loadGeneration)
                return;
            if (!data) {
                m_loaded = true;
                Q_EMIT storageFailed(tr("Could not open the conversation: %1").arg(data.error().message));
                Q_EMIT loaded(false);
                return;
            }
            Loaded whole = std::move(data).value();
            ++m_loadGeneration;
            // The preview's messages are the same ones, read moments earlier: what views
            // rendered of them stays valid.
            const bool afterPreview = !m_loaded;
            m_loaded = true;
            const bool ok
                = replace(whole.session, std::move(whole.packed), whole.summaries, std::move(whole.tree), afterPreview);
            if (!ok)
                Q_EMIT storageFailed(tr("This conversation's messages do not form a valid tree."));
            Q_EMIT loaded(ok);
        });
}

bool Conversation::reset(const Session &session, const QList<Message> &messages, const QList<Summary> &summaries)
{
    ++m_loadGeneration; // a load still in flight would bring older data
    m_loaded = true;
    return replace(session, packedOf(messages), summaries, ConversationTree::prepare(nodesOf(messages)));
}

void Conversation::preview(const Session &session, const QList<Message> &tail)
{
    // The tail's first message is the root of the preview: its parent was not read.
    QList<ConversationNode> nodes = nodesOf(tail);
    nodes.first().parentId.clear();
    replace(session, packedOf(tail), {}, ConversationTree::prepare(nodes));
}

bool Conversation::replace(const Session &session, CompactMessages &&messages, const QList<Summary> &summaries,
                           ConversationTree::Prepared &&tree, bool sameTexts)
{
    m_session = session;
    m_sessionId = session.id.isEmpty() ? m_sessionId : session.id;
    m_summaries = summaries;
    m_revision.clear();
    if (!sameTexts) {
        m_textEpoch.clear();
        m_loadEpoch = m_nextEpoch++;
    }
    m_toolStates.clear();
    // The messages are in place before the tree announces its reset: views rebuild from both.
    m_live.clear();
    m_unpacked.clear();
    m_packed = std::move(messages);
    const QString leafBefore = m_tree.activeLeaf();
    const bool ok = m_tree.adopt(std::move(tree), session.activeLeafId).ok();
    if (!ok) {
        m_packed.clear();
        m_unpacked.clear();
        m_tree.clear();
    }
    m_session.activeLeafId = m_tree.activeLeaf();
    Q_EMIT sessionChanged();
    Q_EMIT summariesChanged();
    if (m_tree.activeLeaf() == leafBefore) // the tree announced no move, but everything is new
        Q_EMIT activeLeafChanged(m_tree.activeLeaf());
    return ok;
}

void Conversation::whenLoaded(QObject *context, std::function<void()> then)
{
    if (m_loaded) {
        then();
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &Conversation::loaded, context, [connection, then = std::move(then)](bool) {
        QObject::disconnect(*connection);
        then();
    });
}

std::optional<Message> Conversation::find(const QString &id) const
{
    if (const auto it = m_live.constFind(id); it != m_live.cend())
        return *it;
    if (const Message *unpacked = m_unpacked.object(id))
        return *unpacked;
    std::optional<Message> packed = m_packed.value(id);
    if (packed)
        m_unpacked.insert(id, new Message(*packed));
    return packed;
}

std::optional<CompactMessages::Brief> Conversation::brief(const QString &id) const
{
    if (const auto it = m_live.constFind(id); it != m_live.cend())
        return CompactMessages::Brief {it->sessionId, it->role, it->status, it->tokenEstimate,
                                       !it->toolCalls.isEmpty() || !it->toolCallId.isEmpty()};
    return m_packed.brief(id);
}

Message *Conversation::live(const QString &id)
{
    if (const auto it = m_live.find(id); it != m_live.end())
        return &*it;
    std::optional<Message> packed = m_packed.value(id);
    if (!packed)
        return nullptr;
    m_packed.remove(id);
    m_unpacked.remove(id);
    return &*m_live.emplace(id, std::move(*packed));
}

ToolCallStates Conversation::toolCallStates(const Message &message) const
{
    ToolCallStates states;
    if (m_toolStates.isEmpty())
        return states;
    if (!message.toolCallId.isEmpty())
        if (auto it = m_toolStates.constFind(message.toolCallId); it != m_toolStates.cend())
            states.insert(it.key(), it.value());
    for (const auto &call : message.toolCalls) {
        const QString callId = call.toObject().value(QLatin1String("id")).toString();
        if (auto it = m_toolStates.constFind(callId); it != m_toolStates.cend())
            states.insert(it.key(), it.value());
    }
    return states;
}

void Conversation::setTurnRunning(bool running)
{
    m_turnRunning = running;
}

bool Conversation::switchSibling(const QString &id, ConversationTree::Direction direction)
{
    if (m_turnRunning)
        return false; // the reply being written stays on screen
    if (!m_tree.switchSibling(id, direction))
        return false;
    persistActiveLeaf();
    return true;
}

bool Conversation::showBranchOf(const QString &id, std::function<void(Status)> stored)
{
    if (!m_tree.contains(id))
        return false;
    if (m_tree.isOnActivePath(id)) {
        if (stored)
            stored({});
        return true;
    }
    if (!m_tree.setActiveLeaf(m_tree.leafFollowingLatest(id)))
        return false;
    persistActiveLeaf(std::move(stored));
    return true;
}

void Conversation::deleteBranch(const QString &id, QObject *context, const std::function<void(Status)> &done)
{
    if (!m_tree.contains(id) || m_turnRunning) {
        if (done)
            done(StorageError {StorageError::Kind::Invalid, tr("This message cannot be deleted now.")});
        return;
    }
    const QStringList removed = m_tree.removeSubtree(id);
    for (const QString &gone : removed) {
        m_live.remove(gone);
        m_packed.remove(gone);
        m_unpacked.remove(gone);
        m_revision.remove(gone);
        m_textEpoch.remove(gone);
    }
    const QString sessionId = m_sessionId;
    const QString leaf = m_tree.activeLeaf();
    m_session.activeLeafId = leaf;
    if (!m_store) {
        if (done)
            done(Status());
        return;
    }
    m_store->write(
        context ? context : this,
        [id, sessionId, leaf](Store &store) -> Status {
            Result<QStringList> gone = store.messages().deleteSubtree(id);
            if (!gone)
                return gone.error();
            return store.sessions().setActiveLeaf(sessionId, leaf);
        },
        [this, done](const Status &s) {
            if (!s)
                Q_EMIT storageFailed(tr("Could not delete the branch: %1").arg(s.error().message));
            if (done)
                done(s);
        });
}

void Conversation::persistActiveLeaf(std::function<void(Status)> stored)
{
    const QString sessionId = m_sessionId;
    const QString leaf = m_tree.activeLeaf();
    m_session.activeLeafId = leaf;
    if (!m_store || sessionId.isEmpty()) {
        if (stored)
            stored({});
        return;
    }
    m_store->write(
        this, [sessionId, leaf](Store &store) { return store.sessions().setActiveLeaf(sessionId, leaf); },
        [this, stored = std::move(stored)](const Status &s) {
            if (!s)
                Q_EMIT storageFailed(tr("Could not switch branch: %1").arg(s.error().message));
            if (stored)
                stored(s);
        },
        Durability::Full);
}

void Conversation::changed(const QString &id)
{
    ++m_revision[id];
    Q_EMIT messageChanged(id);
}

void Conversation::applyStored(const Message &message)
{
    if (message.id.isEmpty())
        return;
    Message *it = live(message.id);
    if (!it) {
        if (!message.parentId.isEmpty() && !m_tree.contains(message.parentId))
            return; // not of this document's tree (a stale report)
        m_live.insert(message.id, message);
        m_textEpoch.insert(message.id, m_nextEpoch++);
        if (!m_tree.addNode(ConversationNode {message.id, message.parentId, message.role, message.createdAt}, true))
            m_live.remove(message.id);
        else
            m_session.activeLeafId = m_tree.activeLeaf();
        return;
    }
    Message updated = message;
    updated.parentId = it->parentId;
    if (*it == updated)
        return;
    // The stored row of a streamed reply usually holds what was shown, or more of it.
    if (!updated.content.startsWith(it->content) || !updated.reasoning.startsWith(it->reasoning))
        m_textEpoch.insert(message.id, m_nextEpoch++);
    *it = updated;
    changed(message.id);
}

void Conversation::appendText(const QString &id, const QString &content, const QString &reasoning)
{
    if (content.isEmpty() && reasoning.isEmpty())
        return;
    Message *it = live(id);
    if (!it)
        return;
    it->content += content;
    it->reasoning += reasoning;
    changed(id);
}

void Conversation::setToolCallState(const QString &callId, ToolCallState state)
{
    if (m_toolStates.value(callId) == state)
        return;
    m_toolStates.insert(callId, state);
    // The call's card is on the reply that made it, its result on the tool message.
    const auto owns = [&callId](const Message &m) {
        bool found = m.toolCallId == callId;
        for (qsizetype i = 0; !found && i < m.toolCalls.size(); ++i)
            found = m.toolCalls.at(i).toObject().value(QLatin1String("id")).toString() == callId;
        return found;
    };
    QStringList owners;
    for (auto it = m_live.cbegin(); it != m_live.cend(); ++it)
        if (owns(*it))
            owners << it.key();
    for (const QString &id : m_packed.withToolCalls())
        if (const std::optional<Message> m = m_packed.value(id); m && owns(*m))
            owners << id;
    for (const QString &id : std::as_const(owners))
        changed(id);
}

void Conversation::setSession(const Session &session)
{
    if (session.id != m_sessionId || session == m_session)
        return;
    m_session = session;
    Q_EMIT sessionChanged();
}

void Conversation::reloadSummaries()
{
    if (!m_store)
        return;
    const QString sessionId = m_sessionId;
    m_store->read<QList<Summary>>(
        this, [sessionId](Store &store) { return store.summaries().bySession(sessionId); },
        [this](Result<QList<Summary>> summaries) {
            if (!summaries)
                return;
            m_summaries = summaries.value();
            Q_EMIT summariesChanged();
        });
}

} // namespace Skein
