// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/memorytablemodel.h"

#include "core/domain/ids.h"
#include "models/plaintooltip.h"
#include <QDateTime>
#include <QFont>
#include <QLocale>
#include <QPalette>
#include <algorithm>

namespace Skein {

MemoryTableModel::MemoryTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void MemoryTableModel::setMemories(const QList<Memory> &memories)
{
    beginResetModel();
    m_memories = memories;
    // The review inbox on top, then what is in use; disabled and rejected ones last.
    std::stable_sort(m_memories.begin(), m_memories.end(),
                     [](const Memory &a, const Memory &b) { return int(a.status) < int(b.status); });
    endResetModel();
}

int MemoryTableModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_memories.size(); ++i) {
        if (m_memories.at(i).id == id)
            return i;
    }
    return -1;
}

std::optional<Memory> MemoryTableModel::memory(const QString &id) const
{
    const int row = rowOf(id);
    if (row < 0)
        return std::nullopt;
    return m_memories.at(row);
}

void MemoryTableModel::setInjected(const QSet<QString> &ids)
{
    if (ids == m_injected)
        return;
    m_injected = ids;
    if (!m_memories.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int MemoryTableModel::count(MemoryStatus status) const
{
    return int(std::count_if(m_memories.cbegin(), m_memories.cend(),
                             [status](const Memory &m) { return m.status == status; }));
}

int MemoryTableModel::archiveProposals() const
{
    return int(std::count_if(m_memories.cbegin(), m_memories.cend(), [](const Memory &m) {
        return m.archiveProposedAt > 0 && m.status == MemoryStatus::Active;
    }));
}

QString MemoryTableModel::scopeName(MemoryScope scope)
{
    switch (scope) {
    case MemoryScope::Global:
        return tr("Global");
    case MemoryScope::Session:
        return tr("Conversation");
    case MemoryScope::Branch:
        return tr("Branch");
    }
    return {};
}

QString MemoryTableModel::typeName(MemoryType type)
{
    switch (type) {
    case MemoryType::Preference:
        return tr("Preference");
    case MemoryType::Fact:
        return tr("Fact");
    case MemoryType::Profile:
        return tr("Profile");
    case MemoryType::Instruction:
        return tr("Instruction");
    case MemoryType::Task:
        return tr("Task");
    case MemoryType::Pinned:
        return tr("Pinned note");
    }
    return {};
}

QString MemoryTableModel::statusName(MemoryStatus status)
{
    switch (status) {
    case MemoryStatus::Pending:
        return tr("Pending review");
    case MemoryStatus::Active:
        return tr("Active");
    case MemoryStatus::Disabled:
        return tr("Disabled");
    case MemoryStatus::Rejected:
        return tr("Rejected");
    }
    return {};
}

int MemoryTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_memories.size());
}

int MemoryTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemoryTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Memory &m = m_memories.at(index.row());
    const bool injected = m_injected.contains(m.id);
    const bool ended = m.validTo > 0 && m.validTo <= Ids::nowMs();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ContentColumn:
            return QString(m.content).replace(QLatin1Char('\n'), QLatin1Char(' '));
        case TypeColumn:
            return typeName(m.type);
        case ScopeColumn:
            return scopeName(m.scope);
        case StatusColumn:
            if (ended)
                return m.supersededBy.isEmpty() ? tr("Ended") : tr("Superseded");
            if (m.archiveProposedAt > 0 && m.status == MemoryStatus::Active)
                return tr("Archive?");
            return statusName(m.status);
        case UsesColumn:
            return QLocale().toString(m.useCount);
        case UpdatedColumn: {
            if (m.updatedAt <= 0)
                return QString();
            const QDateTime at = QDateTime::fromMSecsSinceEpoch(m.updatedAt);
            // Today: the time; this year: day and month (a narrow dock needs the room for the text).
            const QDate today = QDate::currentDate();
            if (at.date() == today)
                return QLocale().toString(at.time(), tr("HH:mm", "QTime format of today's updates"));
            if (at.date().year() == today.year())
                return QLocale().toString(at.date(), tr("d MMM", "QDate format: day and month"));
            return QLocale().toString(at.date(), QLocale::ShortFormat);
        }
        default:
            break;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = plainToolTip(m.content);
        if (injected)
            tip += QStringLiteral("<br><i>") + tr("Injected in the selected reply").toHtmlEscaped()
                + QStringLiteral("</i>");
        if (ended)
            tip += QStringLiteral("<br><i>")
                + tr("Held until %1; see its timeline")
                      .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(m.validTo), QLocale::ShortFormat))
                      .toHtmlEscaped()
                + QStringLiteral("</i>");
        if (!m.reason.isEmpty())
            tip += QStringLiteral("<br>") + tr("Why: %1").arg(m.reason).toHtmlEscaped();
        if (m.confidence > 0)
            tip += QStringLiteral("<br>")
                + tr("Confidence: %1").arg(QLocale().toString(m.confidence * 100, 'f', 0) + QLatin1Char('%'));
        if (m.updatedAt > 0)
            tip += QStringLiteral("<br>")
                + tr("Updated %1")
                      .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(m.updatedAt), QLocale::ShortFormat))
                      .toHtmlEscaped();
        return tip;
    }
    case Qt::FontRole:
        if (injected || m.status == MemoryStatus::Pending || ended) {
            QFont font;
            font.setBold(injected);
            font.setItalic(m.status == MemoryStatus::Pending);
            font.setStrikeOut(ended && index.column() == ContentColumn);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (ended)
            return QPalette().brush(QPalette::PlaceholderText);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == UsesColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return m.id;
    case ScopeRole:
        return int(m.scope);
    case TypeRole:
        return int(m.type);
    case StatusRole:
        return int(m.status);
    case InjectedRole:
        return injected;
    case SourceMessageRole:
        return m.sourceMessageId;
    case ContentRole:
        return m.content;
    case EndedRole:
        return ended;
    case ArchiveProposedRole:
        return m.archiveProposedAt > 0;
    default:
        break;
    }
    return {};
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ContentColumn:
        return tr("Memory");
    case TypeColumn:
        return tr("Type");
    case ScopeColumn:
        return tr("Scope");
    case StatusColumn:
        return tr("Status");
    case UsesColumn:
        return tr("Uses");
    case UpdatedColumn:
        return tr("Updated");
    default:
        break;
    }
    return {};
}

MemoryFilterModel::MemoryFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{ }

void MemoryFilterModel::setScope(std::optional<MemoryScope> scope)
{
    m_scope = scope;
    invalidateRowsFilter();
}

void MemoryFilterModel::setType(std::optional<MemoryType> type)
{
    m_type = type;
    invalidateRowsFilter();
}

void MemoryFilterModel::setStatus(std::optional<MemoryStatus> status)
{
    m_status = status;
    invalidateRowsFilter();
}

void MemoryFilterModel::setSearch(const QString &text)
{
    m_search = text.trimmed();
    invalidateRowsFilter();
}

void MemoryFilterModel::setLifecycle(Lifecycle lifecycle)
{
    m_lifecycle = lifecycle;
    invalidateRowsFilter();
}

void MemoryFilterModel::setInjectedOnly(bool on)
{
    m_injectedOnly = on;
    invalidateRowsFilter();
}

bool MemoryFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_scope && i.data(MemoryTableModel::ScopeRole).toInt() != int(*m_scope))
        return false;
    if (m_type && i.data(MemoryTableModel::TypeRole).toInt() != int(*m_type))
        return false;
    if (m_status && i.data(MemoryTableModel::StatusRole).toInt() != int(*m_status))
        return false;
    if (m_injectedOnly && !i.data(MemoryTableModel::InjectedRole).toBool())
        return false;
    if (m_lifecycle == Lifecycle::ArchiveProposed) {
        if (!i.data(MemoryTableModel::ArchiveProposedRole).toBool()
            || i.data(MemoryTableModel::StatusRole).toInt() != int(MemoryStatus::Active))
            return false;
    } else if (m_lifecycle != Lifecycle::Any
               && i.data(MemoryTableModel::EndedRole).toBool() != (m_lifecycle == Lifecycle::Ended)) {
        return false;
    }
    return m_search.isEmpty()
        || i.data(MemoryTableModel::ContentRole).toString().contains(m_search, Qt::CaseInsensitive);
}

} // namespace Skein
