// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "threadmodel.h"

#include "models/plaintooltip.h"
#include <QDateTime>
#include <QJsonObject>
#include <QLocale>

namespace Skein {

ThreadModel::ThreadModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

ThreadModel::~ThreadModel() = default;

void ThreadModel::setConversation(Conversation *conversation)
{
    if (conversation == m_conversation && conversation)
        return;
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_conversation = conversation;
    if (conversation) {
        const ConversationTree *tree = &conversation->tree();
        m_connections << connect(tree, &ConversationTree::aboutToBeReset, this, [this] { beginResetModel(); })
                      << connect(tree, &ConversationTree::resetDone, this,
                                 [this] {
                                     // The document read again (or its preview replaced): the
                                     // same messages stay in view where they still are.
                                     const bool followedEnd = reachesEnd();
                                     const QString first = m_rows.value(0);
                                     const qsizetype count = std::max<qsizetype>(m_rows.size(), WindowStart);
                                     m_path = m_conversation->activePath();
                                     const qsizetype at = followedEnd || first.isEmpty() ? -1 : m_path.indexOf(first);
                                     setWindow(at >= 0 ? at : m_path.size(), count);
                                     endResetModel();
                                 })
                      << connect(tree, &ConversationTree::nodeAdded, this,
                                 [this](const QString &, const QString &parentId, int) { siblingsChanged(parentId); })
                      << connect(tree, &ConversationTree::subtreeRemoved, this,
                                 [this](const QString &id, const QString &parentId, int) {
                                     if (!m_pathIndexOf.contains(id)) // else the active leaf moves next
                                         siblingsChanged(parentId);
                                 })
                      << connect(conversation, &Conversation::activeLeafChanged, this,
                                 [this](const QString &leaf) {
                                     syncRows();
                                     Q_EMIT activeLeafChanged(leaf);
                                 })
                      << connect(conversation, &Conversation::messageChanged, this, &ThreadModel::rowChanged)
                      << connect(conversation, &QObject::destroyed, this, [this] { setConversation(nullptr); });
    }
    rebuild();
    Q_EMIT conversationChanged();
    Q_EMIT activeLeafChanged(activeLeaf());
}

QString ThreadModel::sessionId() const
{
    return m_conversation ? m_conversation->sessionId() : QString();
}

bool ThreadModel::contains(const QString &id) const
{
    return m_conversation && m_conversation->contains(id);
}

Message ThreadModel::message(const QString &id) const
{
    return m_conversation ? m_conversation->message(id) : Message();
}

QString ThreadModel::activeLeaf() const
{
    return m_conversation ? m_conversation->activeLeaf() : QString();
}

quint32 ThreadModel::revision(const QString &id) const
{
    return m_conversation ? m_conversation->revision(id) : 0;
}

quint64 ThreadModel::textEpoch(const QString &id) const
{
    return m_conversation ? m_conversation->textEpoch(id) : 0;
}

ToolCallStates ThreadModel::toolCallStates(const QString &id) const
{
    const std::optional<Message> m = m_conversation ? m_conversation->find(id) : std::nullopt;
    return m ? m_conversation->toolCallStates(*m) : ToolCallStates();
}

void ThreadModel::rebuild()
{
    m_path = m_conversation ? m_conversation->activePath() : QStringList();
    resetWindow(m_path.size() - WindowStart, WindowStart);
}

void ThreadModel::resetWindow(qsizetype first, qsizetype count)
{
    beginResetModel();
    setWindow(first, count);
    endResetModel();
}

void ThreadModel::setWindow(qsizetype first, qsizetype count)
{
    m_first = std::clamp<qsizetype>(first, 0, std::max<qsizetype>(0, m_path.size() - count));
    m_rows = m_path.mid(m_first, count);
    m_pathIndexOf.clear();
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        m_pathIndexOf.insert(m_rows.at(i), m_first + i);
}

void ThreadModel::trimFront(qsizetype count)
{
    if (count <= 0)
        return;
    beginRemoveRows({}, 0, int(count) - 1);
    for (qsizetype i = 0; i < count; ++i)
        m_pathIndexOf.remove(m_rows.at(i));
    m_rows.remove(0, count);
    m_first += count;
    endRemoveRows();
}

void ThreadModel::trimBack(qsizetype count)
{
    if (count <= 0)
        return;
    const qsizetype keep = m_rows.size() - count;
    beginRemoveRows({}, int(keep), int(m_rows.size()) - 1);
    for (qsizetype i = keep; i < m_rows.size(); ++i)
        m_pathIndexOf.remove(m_rows.at(i));
    m_rows.resize(keep);
    endRemoveRows();
}

int ThreadModel::growBackward(int count)
{
    const qsizetype add = std::min<qsizetype>(count, m_first);
    if (add <= 0)
        return 0;
    beginInsertRows({}, 0, int(add) - 1);
    m_first -= add;
    QStringList rows = m_path.mid(m_first, add);
    for (qsizetype i = 0; i < add; ++i)
        m_pathIndexOf.insert(rows.at(i), m_first + i);
    m_rows = rows + m_rows;
    endInsertRows();
    trimBack(m_rows.size() - WindowMax);
    return int(add);
}

int ThreadModel::growForward(int count)
{
    const qsizetype end = m_first + m_rows.size();
    const qsizetype add = std::min<qsizetype>(count, m_path.size() - end);
    if (add <= 0)
        return 0;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + add) - 1);
    for (qsizetype i = end; i < end + add; ++i) {
        m_rows.append(m_path.at(i));
        m_pathIndexOf.insert(m_path.at(i), i);
    }
    endInsertRows();
    trimFront(m_rows.size() - WindowMax);
    return int(add);
}

bool ThreadModel::reveal(const QString &id)
{
    if (m_pathIndexOf.contains(id))
        return true;
    const qsizetype at = m_path.indexOf(id);
    if (at < 0)
        return false;
    const qsizetype end = m_first + m_rows.size();
    if (at < m_first && m_first - at <= WindowStep)
        growBackward(int(m_first - at));
    else if (at >= end && at - end < WindowStep)
        growForward(int(at - end + 1));
    else // Far away: a window around it, more of what follows than of what leads to it.
        resetWindow(at - WindowStep / 2, WindowStart);
    return true;
}

void ThreadModel::showEnd()
{
    if (!reachesEnd())
        resetWindow(m_path.size() - WindowStart, WindowStart);
}

void ThreadModel::syncRows()
{
    QStringList path = m_conversation ? m_conversation->activePath() : QStringList();
    qsizetype keep = 0;
    const qsizetype common = std::min(path.size(), m_path.size());
    while (keep < common && path.at(keep) == m_path.at(keep))
        ++keep;
    const bool followedEnd = reachesEnd();
    m_path = std::move(path);
    const qsizetype end = m_first + m_rows.size();
    if (keep < m_first) {
        // Every row changed: show the new branch from the fork on.
        resetWindow(keep, WindowStart);
        return;
    }
    if (keep < end) // Rows below the fork point go, ...
        trimBack(end - keep);
    else if (!followedEnd) // ... else the window stays where it was, unless it showed the end.
        return;
    // ... and rows of the new branch take their place, a step at a time beyond the first.
    growForward(int(std::max<qsizetype>(WindowStep, end - keep)));
}

void ThreadModel::rowChanged(const QString &id)
{
    const int row = rowOf(id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row));
}

void ThreadModel::siblingsChanged(const QString &parentId)
{
    // A new or removed alternative changes the `n / m` of the sibling shown on the active path.
    // The child on the path may be row 0 with its parent just above the window.
    const qsizetype parentAt = parentId.isEmpty() ? -1 : m_pathIndexOf.value(parentId, -2);
    const bool aboveFirst = parentId.isEmpty() ? m_first == 0 : (m_first > 0 && m_path.at(m_first - 1) == parentId);
    const int row = aboveFirst ? 0 : (parentAt < 0 ? -1 : int(parentAt - m_first) + 1);
    if (row >= 0 && row < m_rows.size())
        Q_EMIT dataChanged(index(row), index(row));
}

void ThreadModel::setModelInfo(const QList<ModelInfo> &models)
{
    m_prices.clear();
    for (const ModelInfo &m : models)
        m_prices.insert(m.id, m);
}

QString ThreadModel::usageText(const Message &m) const
{
    if (m.usage.isEmpty())
        return {};
    const QLocale locale;
    QStringList parts;
    if (m.usage.promptTokens)
        parts << tr("Input: %1 tokens").arg(locale.toString(*m.usage.promptTokens));
    if (m.usage.cachedTokens && *m.usage.cachedTokens > 0)
        parts << tr("cached: %1").arg(locale.toString(*m.usage.cachedTokens));
    if (m.usage.completionTokens)
        parts << tr("Output: %1 tokens").arg(locale.toString(*m.usage.completionTokens));
    if (m.usage.reasoningTokens && *m.usage.reasoningTokens > 0)
        parts << tr("reasoning: %1").arg(locale.toString(*m.usage.reasoningTokens));
    if (const std::optional<double> dollars = cost(m))
        parts << tr("Cost: $%1").arg(locale.toString(*dollars, 'f', *dollars < 0.01 ? 5 : 3));
    return parts.join(QStringLiteral(" · "));
}

std::optional<double> ThreadModel::cost(const Message &m) const
{
    const auto price = m_prices.constFind(m.model);
    if (m.usage.isEmpty() || price == m_prices.cend()
        || (price->inputPricePerMTok <= 0 && price->outputPricePerMTok <= 0))
        return std::nullopt;
    const double cached = double(m.usage.cachedTokens.value_or(0));
    const double input = double(m.usage.promptTokens.value_or(0)) - cached;
    const double cachedPrice
        = price->cachedInputPricePerMTok > 0 ? price->cachedInputPricePerMTok : price->inputPricePerMTok;
    return (input * price->inputPricePerMTok + cached * cachedPrice
            + double(m.usage.completionTokens.value_or(0)) * price->outputPricePerMTok)
        / 1e6;
}

QString ThreadModel::metaText(const Message &m) const
{
    const QLocale locale;
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(m.createdAt);
    QStringList parts {at.date() == QDate::currentDate() ? locale.toString(at.time(), QLocale::ShortFormat)
                                                         : locale.toString(at, QLocale::ShortFormat)};
    if (m.usage.completionTokens)
        parts << tr("%n token(s)", nullptr, int(*m.usage.completionTokens));
    if (const std::optional<double> dollars = cost(m))
        parts << QStringLiteral("$") + locale.toString(*dollars, 'f', *dollars < 0.01 ? 5 : 3);
    return parts.join(QStringLiteral(" · "));
}

int ThreadModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return {};
    const QString &id = m_rows.at(index.row());
    const std::optional<Message> found = m_conversation ? m_conversation->find(id) : std::nullopt;
    if (!found)
        return {};
    const Message &m = *found;
    switch (role) {
    case Qt::DisplayRole:
    case ContentRole:
        return m.content;
    case Qt::AccessibleTextRole:
        return m.content.left(500);
    case Qt::ToolTipRole: {
        const QString usage = usageText(m);
        return usage.isEmpty() ? QVariant() : QVariant(plainToolTip(usage));
    }
    case IdRole:
        return m.id;
    case RoleRole:
        return int(m.role);
    case ReasoningRole:
        return m.reasoning;
    case StatusRole:
        return int(m.status);
    case ErrorRole:
        return m.error;
    case ToolCallsRole:
        return m.toolCalls;
    case ToolNameRole:
        return m.toolName;
    case ToolCallIdRole:
        return m.toolCallId;
    case ToolStatesRole:
        return QVariant::fromValue(m_conversation->toolCallStates(m));
    case SiblingIndexRole:
        return m_conversation->tree().siblingIndex(id).index;
    case SiblingCountRole:
        return m_conversation->tree().siblingIndex(id).count;
    case RevisionRole:
        return m_conversation->revision(id);
    case ModelNameRole:
        return m.model;
    case TextEpochRole:
        return textEpoch(id);
    case MetaRole:
        return metaText(m);
    case AttachmentsRole:
        return m.attachments.isEmpty() ? QVariant() : QVariant::fromValue(m.attachments);
    default:
        return {};
    }
}

Qt::ItemFlags ThreadModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

} // namespace Skein
