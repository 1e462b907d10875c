// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/contextitemmodel.h"

#include "core/tokens/tokenestimator.h"
#include "models/memorytablemodel.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QPalette>
#include <QSet>

namespace Skein {

namespace {

QString roleLabel(Role role)
{
    switch (role) {
    case Role::System:
        return ContextItemModel::tr("System");
    case Role::User:
        return ContextItemModel::tr("User");
    case Role::Assistant:
        return ContextItemModel::tr("Assistant");
    case Role::Tool:
        return ContextItemModel::tr("Tool");
    }
    return {};
}

QString oneLine(const QString &text, int max = 160)
{
    QString line = text.simplified();
    if (line.size() > max)
        line = line.left(max - 1) + QChar(0x2026);
    return line;
}

} // namespace

ContextItemModel::ContextItemModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ContextItemModel::setRequest(const ContextSnapshot &snapshot, const QList<Message> &pathMessages,
                                  const QList<Memory> &memories, const QList<Summary> &summaries)
{
    const TokenEstimator estimator = TokenEstimator::forModel(snapshot.model);
    const QSet<QString> sentMessages(snapshot.messageIds.cbegin(), snapshot.messageIds.cend());
    const QSet<QString> sentMemories(snapshot.memoryIds.cbegin(), snapshot.memoryIds.cend());
    const QSet<QString> sentSummaries(snapshot.summaryIds.cbegin(), snapshot.summaryIds.cend());
    QList<Item> items;
    QList<Item> unsentMemories;
    for (const Memory &m : memories) {
        const bool sent = sentMemories.contains(m.id);
        if (!sent && m.status != MemoryStatus::Active)
            continue;
        Item item {Kind::Memory,
                   m.id,
                   MemoryTableModel::typeName(m.type),
                   oneLine(m.content),
                   estimator.estimateText(m.content),
                   sent,
                   sent};
        (sent ? items : unsentMemories).append(item);
    }
    items += unsentMemories;
    for (const Summary &s : summaries) {
        if (!sentSummaries.contains(s.id))
            continue;
        const QString label = s.level == SummaryLevel::Session ? tr("Session summary") : tr("Segment summary");
        items.append({Kind::Summary, s.id, label, oneLine(s.content),
                      s.tokenCount > 0 ? s.tokenCount : estimator.estimateText(s.content), true, true});
    }
    // Images the request left out to save space (issue 16), by message.
    QHash<QString, QStringList> leftOut;
    const QLocale locale;
    for (const QJsonValue v : snapshot.sectionTokens.value(QStringLiteral("images_left_out")).toArray())
        leftOut[v[QStringLiteral("message_id")].toString()]
            << (v[QStringLiteral("pages")].toBool() ? tr("%1: pages dropped — %2 tokens")
                                                    : tr("%1: image dropped — %2 tokens"))
                   .arg(v[QStringLiteral("name")].toString(), locale.toString(v[QStringLiteral("tokens")].toInteger()));
    // What the images a message sent cost comes on top of its text (the snapshot has it).
    const QJsonObject imageTokens = snapshot.sectionTokens.value(QStringLiteral("image_tokens")).toObject();
    // Earlier messages recall quoted: their score and what they took.
    QHash<QString, QJsonObject> recalled;
    QStringList recalledOrder;
    for (const QJsonValue v : snapshot.sectionTokens.value(QStringLiteral("recalled")).toArray()) {
        recalled.insert(v[QStringLiteral("message_id")].toString(), v.toObject());
        recalledOrder << v[QStringLiteral("message_id")].toString();
    }
    auto recalledItem = [&](const QString &id, const QString &label, const QString &text) {
        const QJsonObject r = recalled.take(id);
        const QString score = locale.toString(r.value(QStringLiteral("score")).toDouble(), 'f', 4);
        const bool added = r.value(QStringLiteral("added")).toBool(); // by the user, for a re-run
        return Item {Kind::Recalled,
                     id,
                     tr("Recalled · %1").arg(label),
                     added ? tr("added by you · %1").arg(text) : tr("score %1 · %2").arg(score, text),
                     r.value(QStringLiteral("tokens")).toInteger(),
                     true,
                     true};
    };
    for (const Message &m : pathMessages) {
        const bool sent = sentMessages.contains(m.id);
        if (!sent && recalled.contains(m.id)) {
            items.append(recalledItem(m.id, roleLabel(m.role), oneLine(m.modelText())));
            continue;
        }
        const QString text = m.modelText();
        const qint64 tokens
            = (m.tokenEstimate > 0 ? m.tokenEstimate : estimator.estimateMessage(toString(m.role), text))
            + (sent ? imageTokens.value(m.id).toInteger() : 0);
        QString shown = text;
        if (const QStringList notes = leftOut.value(m.id); !notes.isEmpty())
            shown = notes.join(QStringLiteral("; ")) + QStringLiteral(" · ") + text;
        items.append({Kind::Message, m.id, roleLabel(m.role), oneLine(shown), tokens, sent, sent});
    }
    for (const QString &id : std::as_const(recalledOrder)) // beyond the path read, or another conversation's
        if (recalled.contains(id))
            items.append(
                recalledItem(id,
                             recalled.value(id).value(QStringLiteral("session_id")).toString() == snapshot.sessionId
                                 ? tr("from earlier in this conversation")
                                 : tr("from another conversation"),
                             id));
    beginResetModel();
    m_snapshot = snapshot;
    m_items = items;
    endResetModel();
    updateModified();
}

void ContextItemModel::clear()
{
    beginResetModel();
    m_items.clear();
    m_snapshot = {};
    endResetModel();
    updateModified();
}

qint64 ContextItemModel::tokens(Kind kind, bool sent) const
{
    qint64 sum = 0;
    for (const Item &i : m_items) {
        if (i.kind == kind && i.sent == sent)
            sum += i.tokens;
    }
    return sum;
}

int ContextItemModel::count(Kind kind, bool sent) const
{
    int n = 0;
    for (const Item &i : m_items)
        n += i.kind == kind && i.sent == sent;
    return n;
}

bool ContextItemModel::isModified() const
{
    return m_modified;
}

void ContextItemModel::resetChoices()
{
    for (Item &i : m_items)
        i.wanted = i.sent;
    if (!m_items.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    updateModified();
}

ContextRerunRequest ContextItemModel::rerunRequest(const QString &replyId, const QString &parentId) const
{
    ContextRerunRequest request;
    request.sessionId = m_snapshot.sessionId;
    request.snapshotId = m_snapshot.id;
    request.replyId = replyId;
    request.parentId = parentId;
    for (const Item &i : m_items) {
        if (i.wanted == i.sent)
            continue;
        if (i.kind == Kind::Message || i.kind == Kind::Recalled)
            (i.wanted ? request.includeMessageIds : request.excludeMessageIds) << i.id;
        else if (i.kind == Kind::Memory)
            (i.wanted ? request.includeMemoryIds : request.excludeMemoryIds) << i.id;
    }
    return request;
}

int ContextItemModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int ContextItemModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ContextItemModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Item &item = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == TokensColumn)
            return QLocale().toString(item.tokens);
        return QString(item.label + QStringLiteral(" · ") + item.text);
    case Qt::ToolTipRole:
        if (item.sent)
            return item.wanted ? tr("Sent with this request") : tr("Sent; left out of the re-run");
        return item.wanted ? tr("Not sent; added to the re-run") : tr("Not sent with this request");
    case Qt::CheckStateRole:
        if (index.column() == ItemColumn && item.kind != Kind::Summary)
            return item.wanted ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::ForegroundRole:
        if (!item.sent)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::FontRole:
        if (item.wanted != item.sent) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == TokensColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return item.id;
    case KindRole:
        return int(item.kind);
    case SentRole:
        return item.sent;
    case WantedRole:
        return item.wanted;
    case TokensRole:
        return item.tokens;
    default:
        return {};
    }
}

bool ContextItemModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)
        || role != Qt::CheckStateRole || index.column() != ItemColumn)
        return false;
    Item &item = m_items[index.row()];
    if (item.kind == Kind::Summary)
        return false;
    const bool wanted = value.value<Qt::CheckState>() == Qt::Checked;
    if (wanted == item.wanted)
        return true;
    item.wanted = wanted;
    Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    updateModified();
    return true;
}

Qt::ItemFlags ContextItemModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ItemColumn && m_items.at(index.row()).kind != Kind::Summary)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant ContextItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == TokensColumn ? tr("Tokens") : tr("Item");
}

void ContextItemModel::updateModified()
{
    bool modified = false;
    for (const Item &i : m_items)
        modified = modified || i.wanted != i.sent;
    if (modified == m_modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

} // namespace Skein
