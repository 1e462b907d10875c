/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/conversationtree.h"
#include "core/domain/message.h"
#include "core/domain/providerconfig.h"
#include "engine/conversation/conversation.h"

#include <QAbstractListModel>
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <optional>

namespace Skein {

// The chat view's rows: a window onto the messages on the active branch of one open conversation,
// root first. An adapter of the Conversation document: rows follow its tree's signals, so switching
// branch only removes and inserts the rows below the fork point, and a streamed delta changes one
// row (RevisionRole grows, so views can cache renderings by id + revision; TextEpochRole stays while
// the texts only grow, so views can render just what was appended). It keeps no copy of messages.
//
// The rows are a contiguous window of the active path, not all of it: a conversation opens on its
// last WindowStart messages, and the view grows the window a step at a time as it nears either end
// (growBackward / growForward, which trim the far end beyond WindowMax) or moves it to a message
// (reveal). So what a view lays out stays bounded however long the conversation is; path() is the
// whole branch for what must see all of it (token counts, "the last reply").
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
        ToolStatesRole, // Skein::ToolCallStates: call id -> state, for the calls of this row
        SiblingIndexRole, // 1-based
        SiblingCountRole,
        RevisionRole,
        ModelNameRole,
        // Unchanged while content and reasoning were only appended to (streaming); any other
        // change of them gives a new value, unique in the document.
        TextEpochRole,
        // When it was written and what it cost, short ("14:02 · 410 tokens · $0.00052").
        MetaRole,
        AttachmentsRole, // QList<Skein::Attachment>, in order
    };

    explicit ThreadModel(QObject *parent = nullptr);
    ~ThreadModel() override;

    // The conversation shown (nullptr: none). The model follows it until another is set or it
    // is destroyed.
    void setConversation(Conversation *conversation);
    Conversation *conversation() const { return m_conversation; }
    QString sessionId() const;

    // Rows a conversation opens on, rows added per step, and the most kept.
    static constexpr int WindowStart = 300;
    static constexpr int WindowStep = 200;
    static constexpr int WindowMax = 1500;

    bool contains(const QString &id) const;
    Message message(const QString &id) const;
    // The row of a message, -1 when it is not in the window.
    int rowOf(const QString &id) const
    {
        const auto it = m_pathIndexOf.constFind(id);
        return it == m_pathIndexOf.cend() ? -1 : int(*it - m_first);
    }
    QString idAt(int row) const { return m_rows.value(row); }
    QString activeLeaf() const;
    // The whole active path, root first; row 0 is its message at firstPathIndex().
    QStringList path() const { return m_path; }
    qsizetype firstPathIndex() const { return m_first; }
    bool reachesStart() const { return m_first == 0; }
    bool reachesEnd() const { return m_first + m_rows.size() == m_path.size(); }
    // Add up to `count` rows of the path above the first row / below the last, trimming the other
    // end beyond WindowMax; returns the rows added.
    int growBackward(int count = WindowStep);
    int growForward(int count = WindowStep);
    // Brings a message of the active path into the window (growing it when that is near, else
    // moving it there, which resets the model); false when the message is not on the path.
    bool reveal(const QString &id);
    // Moves the window to the end of the path (the newest messages), if it is elsewhere.
    void showEnd();
    // RevisionRole without a QVariant (the view asks for every row on each layout).
    quint32 revision(const QString &id) const;
    quint64 textEpoch(const QString &id) const;
    // ToolStatesRole of any message, in the window or not.
    ToolCallStates toolCallStates(const QString &id) const;
    QStringList rows() const { return m_rows; }

    // Prices for the cost shown on hover.
    void setModelInfo(const QList<ModelInfo> &models);

    // Tokens and cost of a message, as shown on hover (empty when nothing was reported).
    QString usageText(const Message &message) const;
    // MetaRole's text.
    QString metaText(const Message &message) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void activeLeafChanged(const QString &leafId);
    // Another conversation is shown (or none).
    void conversationChanged();

private:
    // In dollars, when the model has prices.
    std::optional<double> cost(const Message &message) const;
    void rebuild();
    void resetWindow(qsizetype first, qsizetype count);
    void setWindow(qsizetype first, qsizetype count);
    void trimFront(qsizetype count);
    void trimBack(qsizetype count);
    void syncRows();
    void rowChanged(const QString &id);
    void siblingsChanged(const QString &parentId);

    QPointer<Conversation> m_conversation;
    QList<QMetaObject::Connection> m_connections;
    QHash<QString, ModelInfo> m_prices;
    QStringList m_path; // the active path
    qsizetype m_first = 0; // the path index of row 0
    QStringList m_rows; // m_path.mid(m_first, rowCount())
    QHash<QString, qsizetype> m_pathIndexOf; // of the rows only
};

} // namespace Skein
