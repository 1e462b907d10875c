/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/conversationtree.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "core/domain/summary.h"
#include "core/domain/toolcallstate.h"
#include "engine/conversation/compactmessages.h"
#include "storage/result.h"

#include <QCache>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Skein {

class AsyncStore;

// One open conversation (Tiled's MapDocument is the model): the session row, every message of its
// tree (with the messages of the session a fork hangs below), the active leaf, its summaries and
// the live state of tool calls. In a process this is the only place they change: the user's
// navigation goes through here and is written to storage from here, and the turns running in the
// session feed it what they store (Conversations wires that). Views adapt its signals — the tree's
// structural ones (tree()) plus messageChanged / sessionChanged / summariesChanged — and keep no
// copy: ThreadModel (the chat's rows), the branch view, the inspectors.
class Conversation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Conversation)

public:
    // store may be null (tests that fill the document with reset()).
    Conversation(AsyncStore *store, const QString &sessionId, QObject *parent = nullptr);
    ~Conversation() override;

    // Reads the session, its messages and summaries off the calling thread; loaded() follows.
    // Again at any time (after a crash repair); the document is replaced as a whole. The first
    // time, the last PreviewCount messages of the active branch are read first and shown alone
    // (a preview: no siblings, no summaries, not isLoaded()) until the whole document replaces
    // them, so a long conversation shows as soon as its end is read.
    void load();
    static constexpr int PreviewCount = 400;
    // Replaces the whole document (what load() does with what it read). False, and an empty
    // tree, when the messages do not form a tree.
    bool reset(const Session &session, const QList<Message> &messages, const QList<Summary> &summaries = {});
    bool isLoaded() const { return m_loaded; }
    // Runs then once the document is loaded (at once when it is).
    void whenLoaded(QObject *context, std::function<void()> then);

    QString sessionId() const { return m_sessionId; }
    const Session &session() const { return m_session; }
    const ConversationTree &tree() const { return m_tree; }
    QString activeLeaf() const { return m_tree.activeLeaf(); }
    QStringList activePath() const { return m_tree.activePath(); }
    const QList<Summary> &summaries() const { return m_summaries; }

    bool contains(const QString &id) const { return m_live.contains(id) || m_packed.contains(id); }
    // The message, or nothing when it is not in the document. Most messages are kept packed
    // (CompactMessages) and unpacked for each call: a walk over the whole tree asks brief().
    std::optional<Message> find(const QString &id) const;
    Message message(const QString &id) const { return find(id).value_or(Message()); }
    // Session, role, status, token estimate of a message, without unpacking it.
    std::optional<CompactMessages::Brief> brief(const QString &id) const;
    int messageCount() const { return int(m_live.size() + m_packed.size()); }
    // Grows with every change of the message (views cache renderings by id + revision).
    quint32 revision(const QString &id) const { return m_revision.value(id); }
    // Unchanged while the message's texts were only appended to (streaming); any other change of
    // them gives a new value, unique in the document.
    quint64 textEpoch(const QString &id) const { return m_textEpoch.value(id, m_loadEpoch); }
    ToolCallState toolCallState(const QString &callId) const { return m_toolStates.value(callId); }
    // The states of the calls a message makes, or of the call it answers.
    ToolCallStates toolCallStates(const Message &message) const;

    // A reply is being written below the active leaf: the user's branch switches wait.
    void setTurnRunning(bool running);
    bool isTurnRunning() const { return m_turnRunning; }

    // --- The user's navigation (stored at once; a failure is reported through storageFailed).
    // Alt+Left / Alt+Right on a message: the latest leaf under its previous / next sibling.
    bool switchSibling(const QString &id, ConversationTree::Direction direction);
    // The branch through id: id itself when it is a leaf, else its latest leaf. stored runs once
    // the new active leaf is on disk (or could not be stored).
    bool showBranchOf(const QString &id, std::function<void(Status)> stored = {});
    // Deletes id and everything below it (storage first, then the tree); done gets the result.
    void deleteBranch(const QString &id, QObject *context = nullptr, const std::function<void(Status)> &done = {});

    // --- What turns store (Conversations applies a Turn's reports here).
    // A message as it is on disk: added (as the active leaf) when new, else its fields replaced
    // (its place in the tree never changes).
    void applyStored(const Message &message);
    // Streaming: text that arrived for a reply (shown before the next flush reaches the disk).
    void appendText(const QString &id, const QString &content, const QString &reasoning = {});
    void setToolCallState(const QString &callId, ToolCallState state);
    // The session row as stored now (title, model, state after a turn).
    void setSession(const Session &session);
    // The summaries changed (the housekeeper wrote one): read them again.
    void reloadSummaries();

Q_SIGNALS:
    void loaded(bool ok);
    // One message's fields changed (text, status, tool calls, tool-call states).
    void messageChanged(const QString &id);
    void sessionChanged();
    void summariesChanged();
    // After the tree's own activeLeafChanged, once the document is consistent.
    void activeLeafChanged(const QString &leafId);
    // A write of the user's navigation failed (plain words).
    void storageFailed(const QString &message);

private:
    struct Loaded;
    void preview(const Session &session, const QList<Message> &tail);
    bool replace(const Session &session, CompactMessages &&messages, const QList<Summary> &summaries,
                 ConversationTree::Prepared &&tree, bool sameTexts = false);
    // The message, unpacked into m_live for a change (nullptr when it is not in the document).
    Message *live(const QString &id);
    void persistActiveLeaf(std::function<void(Status)> stored = {});
    void changed(const QString &id);

    QPointer<AsyncStore> m_store;
    QString m_sessionId;
    Session m_session;
    ConversationTree m_tree;
    // Every message is in one of the two: the ones changed since the load (a reply being written)
    // as they are, the others packed.
    QHash<QString, Message> m_live;
    CompactMessages m_packed;
    // The messages unpacked last (a view asks for the same rows many times per paint): copies
    // share their texts instead of decoding them again.
    mutable QCache<QString, Message> m_unpacked {UnpackedKept};
    static constexpr int UnpackedKept = 256;
    QHash<QString, quint32> m_revision;
    QHash<QString, quint64> m_textEpoch; // messages whose texts changed since the load
    quint64 m_loadEpoch = 0; // the others
    quint64 m_nextEpoch = 1;
    ToolCallStates m_toolStates;
    QList<Summary> m_summaries;
    quint64 m_loadGeneration = 0;
    bool m_loaded = false;
    bool m_turnRunning = false;
};

} // namespace Skein
