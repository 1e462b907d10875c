#pragma once

#include "core/conversationtree.h"
#include "core/domain/message.h"
#include "core/domain/providerconfig.h"

#include <QAbstractListModel>
#include <QHash>
#include <QStringList>

namespace Skein {

// The chat view's rows: the messages on the active branch of one session, root first. Owns
// the session's ConversationTree (every branch) and the loaded messages; rows follow the tree's
// signals, so switching branch only removes and inserts the rows below the fork point, and a
// streamed delta changes one row (RevisionRole grows, so views can cache renderings by
// id + revision; TextEpochRole stays while the texts only grow, so views can render just what
// was appended). The model does no I/O: the controller loads and stores.
class ThreadModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThreadModel)

public:
    enum Roles {
        IdRole = Qt::UserRole + 1,
        RoleRole, // Skein::Role as int
        ContentRole,
        ReasoningRole,
        StatusRole, // Skein::MessageStatus as int
        ErrorRole,
        ToolCallsRole, // QJsonArray [{id, name, arguments}]
        ToolNameRole,
        ToolCallIdRole,
        ToolStatesRole, // QVariantMap call id -> state ("awaiting", "running", "done", ...)
        SiblingIndexRole, // 1-based
        SiblingCountRole,
        RevisionRole,
        ModelNameRole,
        // Unchanged while content and reasoning were only appended to (streaming); any other
        // change of them gives a new value, unique in this model.
        TextEpochRole,
    };

    explicit ThreadModel(QObject *parent = nullptr);
    ~ThreadModel() override;

    // Replaces the session shown; false (and an empty model) when the messages do not form a tree.
    bool load(const QString &sessionId, const QList<Message> &messages, const QString &activeLeafId);
    void clear();
    QString sessionId() const { return m_sessionId; }
    const ConversationTree &tree() const { return m_tree; }

    bool contains(const QString &id) const { return m_messages.contains(id); }
    Message message(const QString &id) const { return m_messages.value(id); }
    int rowOf(const QString &id) const { return m_rowOf.value(id, -1); }
    QString idAt(int row) const { return m_rows.value(row); }
    QString activeLeaf() const { return m_tree.activeLeaf(); }
    // RevisionRole without a QVariant (the view asks for every row on each layout).
    quint32 revision(const QString &id) const { return m_revision.value(id); }
    quint64 textEpoch(const QString &id) const { return m_textEpoch.value(id, m_loadEpoch); }
    QStringList rows() const { return m_rows; }

    // A message that just appeared (sent, or a reply starting); false if its parent is unknown.
    bool addMessage(const Message &message, bool makeActive);
    // Streaming: appends to the text of one message (one dataChanged for its row).
    void appendText(const QString &id, const QString &content, const QString &reasoning = {});
    // Replaces the stored fields of a known message (its place in the tree never changes).
    void updateMessage(const Message &message);
    void setStatus(const QString &id, MessageStatus status, const QString &error = {});

    // Alt+Left / Alt+Right on a row's message.
    bool switchSibling(const QString &id, ConversationTree::Direction direction);
    // Shows the branch through id: id itself when it is a leaf, else its latest leaf.
    bool showBranchOf(const QString &id);
    // Removes id and its descendants; returns the removed ids.
    QStringList removeBranch(const QString &id);

    // Prices for the cost shown on hover.
    void setModelInfo(const QList<ModelInfo> &models);
    // The agent loop's hook: the state of a tool call, shown on its card.
    void setToolCallState(const QString &callId, const QString &state);

    // Tokens and cost of a message, as shown on hover (empty when nothing was reported).
    QString usageText(const Message &message) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void activeLeafChanged(const QString &leafId);

private:
    void syncRows();
    void rowChanged(const QString &id);
    void nodeAdded(const QString &id, const QString &parentId);
    void subtreeRemoved(const QString &id, const QString &parentId);

    QString m_sessionId;
    ConversationTree m_tree;
    QHash<QString, Message> m_messages;
    QHash<QString, quint32> m_revision;
    QHash<QString, quint64> m_textEpoch; // messages whose texts changed since the load
    quint64 m_loadEpoch = 0; // the others
    quint64 m_nextEpoch = 1;
    QHash<QString, QString> m_toolStates;
    QHash<QString, ModelInfo> m_prices;
    QStringList m_rows;
    QHash<QString, int> m_rowOf;
};

} // namespace Skein
