/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"

#include <QAbstractTableModel>
#include <QList>
#include <QSet>
#include <QSortFilterProxyModel>
#include <optional>

namespace Skein {

// The memories shown by the memory inspector (SPEC §6), one row each. The inspector loads them off
// the GUI thread and hands the list over with setMemories(); "injected" marks the memories the
// selected reply's context snapshot carried.
class MemoryTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryTableModel)

public:
    enum Column { ContentColumn, TypeColumn, ScopeColumn, StatusColumn, UsesColumn, UpdatedColumn, ColumnCount };
    enum Roles {
        IdRole = Qt::UserRole + 1,
        ScopeRole, // int(MemoryScope)
        TypeRole, // int(MemoryType)
        StatusRole, // int(MemoryStatus)
        InjectedRole, // bool
        SourceMessageRole,
        ContentRole, // the full text
        EndedRole, // bool: superseded or past its valid_to (issue 17)
        ArchiveProposedRole, // bool: the cap on active memories proposes archiving it
    };

    explicit MemoryTableModel(QObject *parent = nullptr);

    // Pending first, then active, disabled, rejected; the given order within each status.
    void setMemories(const QList<Memory> &memories);
    const QList<Memory> &memories() const { return m_memories; }
    // The row of a memory id, or -1.
    int rowOf(const QString &id) const;
    std::optional<Memory> memory(const QString &id) const;
    void setInjected(const QSet<QString> &ids);
    const QSet<QString> &injected() const { return m_injected; }
    int count(MemoryStatus status) const;
    // Active memories the cap proposes to archive (issue 17).
    int archiveProposals() const;

    static QString scopeName(MemoryScope scope);
    static QString typeName(MemoryType type);
    static QString statusName(MemoryStatus status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Memory> m_memories;
    QSet<QString> m_injected;
};

// Filters for the memory table: scope, type, status, free text, and "injected only".
class MemoryFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryFilterModel)

public:
    explicit MemoryFilterModel(QObject *parent = nullptr);

    void setScope(std::optional<MemoryScope> scope);
    void setType(std::optional<MemoryType> type);
    void setStatus(std::optional<MemoryStatus> status);
    void setSearch(const QString &text);
    void setInjectedOnly(bool on);
    // Issue 17: memories that still hold, those that ended (superseded), or both.
    enum class Lifecycle { Any, Current, Ended, ArchiveProposed };
    void setLifecycle(Lifecycle lifecycle);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    std::optional<MemoryScope> m_scope;
    std::optional<MemoryType> m_type;
    std::optional<MemoryStatus> m_status;
    QString m_search;
    bool m_injectedOnly = false;
    Lifecycle m_lifecycle = Lifecycle::Any;
};

} // namespace Skein
