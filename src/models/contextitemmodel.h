/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/summary.h"
#include "models/contextrerunrequest.h"

#include <QAbstractTableModel>
#include <QList>

namespace Skein {

// What a request carried and what it left out, one row per memory, summary and message, with the
// tokens of each (SPEC §4.9); a message recall quoted is a Recalled row with its score. Memory and message rows are
// checkable: the check state is the context the user wants for "re-run with this context"; rerunRequest() turns the
// changes into a request.
class ContextItemModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextItemModel)

public:
    // Recalled: an earlier message quoted in the request by recall (issue 17), with its score.
    enum class Kind { Memory, Summary, Message, Recalled };
    enum Column { ItemColumn, TokensColumn, ColumnCount };
    enum Roles {
        IdRole = Qt::UserRole + 1,
        KindRole, // int(Kind)
        SentRole, // bool: part of the stored request
        WantedRole, // bool: part of the re-run
        TokensRole, // qint64
    };

    struct Item
    {
        Kind kind = Kind::Message;
        QString id;
        QString label; // role, memory type or summary level
        QString text;
        qint64 tokens = 0;
        bool sent = false;
        bool wanted = false;
    };

    explicit ContextItemModel(QObject *parent = nullptr);

    // Rows for a stored request: its memories (plus other candidate memories, unsent), its
    // summaries, and every message of the path it answered (sent or left out). pathMessages is
    // root -> last message before the reply.
    void setRequest(const ContextSnapshot &snapshot, const QList<Message> &pathMessages, const QList<Memory> &memories,
                    const QList<Summary> &summaries);
    void clear();
    const QList<Item> &items() const { return m_items; }
    const ContextSnapshot &snapshot() const { return m_snapshot; }
    qint64 tokens(Kind kind, bool sent) const;
    int count(Kind kind, bool sent) const;
    // Whether any check state differs from what was sent.
    bool isModified() const;
    void resetChoices();
    // The changes as a request to regenerate replyId as a sibling.
    ContextRerunRequest rerunRequest(const QString &replyId, const QString &parentId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void modifiedChanged(bool modified);

private:
    QList<Item> m_items;
    ContextSnapshot m_snapshot;
    bool m_modified = false;
    void updateModified();
};

} // namespace Skein
