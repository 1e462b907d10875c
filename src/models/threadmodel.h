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

namespace Skein {

// The chat view's rows: the messages on the active branch of one open conversation, root first.
// An adapter of the Conversation document: rows follow its tree's signals, so switching branch only
// removes and inserts the rows below the fork point, and a streamed delta changes one row
// (RevisionRole grows, so views can cache renderings by id + revision; TextEpochRole stays while
// the texts only grow, so views can render just what was appended). It keeps no copy of messages.
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
    };

    explicit ThreadModel(QObject *parent = nullptr);
    ~ThreadModel() override;

    // The conversation shown (nullptr: none). The model follows it until another is set or it
    // is destroyed.
    void setConversation(Conversation *conversation);
    Conversation *conversation() const { return m_conversation; }
    QString sessionId() const;

    bool contains(const QString &id) const;
    Message message(const QString &id) const;
    int rowOf(const QString &id) const { return m_rowOf.value(id, -1); }
    QString idAt(int row) const { return m_rows.value(row); }
    QString activeLeaf() const;
    // RevisionRole without a QVariant (the view asks for every row on each layout).
    quint32 revision(const QString &id) const;
    quint64 textEpoch(const QString &id) const;
    QStringList rows() const { return m_rows; }

    // Prices for the cost shown on hover.
    void setModelInfo(const QList<ModelInfo> &models);

    // Tokens and cost of a message, as shown on hover (empty when nothing was reported).
    QString usageText(const Message &message) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void activeLeafChanged(const QString &leafId);
    // Another conversation is shown (or none).
    void conversationChanged();

private:
    void rebuild();
    void syncRows();
    void rowChanged(const QString &id);
    void siblingsChanged(const QString &parentId);

    QPointer<Conversation> m_conversation;
    QList<QMetaObject::Connection> m_connections;
    QHash<QString, ModelInfo> m_prices;
    QStringList m_rows;
    QHash<QString, int> m_rowOf;
};

} // namespace Skein
