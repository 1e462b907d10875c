// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "threadmodel.h"

#include "models/plaintooltip.h"
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
                                     m_rows = m_conversation->activePath();
                                     m_rowOf.clear();
                                     for (int i = 0; i < m_rows.size(); ++i)
                                         m_rowOf.insert(m_rows.at(i), i);
                                     endResetModel();
                                 })
                      << connect(tree, &ConversationTree::nodeAdded, this,
                                 [this](const QString &, const QString &parentId, int) { siblingsChanged(parentId); })
                      << connect(tree, &ConversationTree::subtreeRemoved, this,
                                 [this](const QString &id, const QString &parentId, int) {
                                     if (!m_rowOf.contains(id)) // else the active leaf moves next
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

void ThreadModel::rebuild()
{
    beginResetModel();
    m_rows = m_conversation ? m_conversation->activePath() : QStringList();
    m_rowOf.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowOf.insert(m_rows.at(i), i);
    endResetModel();
}

void ThreadModel::syncRows()
{
    const QStringList path = m_conversation ? m_conversation->activePath() : QStringList();
    qsizetype keep = 0;
    const qsizetype common = std::min(path.size(), m_rows.size());
    while (keep < common && path.at(keep) == m_rows.at(keep))
        ++keep;
    if (keep < m_rows.size()) {
        beginRemoveRows({}, int(keep), int(m_rows.size()) - 1);
        for (qsizetype i = keep; i < m_rows.size(); ++i)
            m_rowOf.remove(m_rows.at(i));
        m_rows.resize(keep);
        endRemoveRows();
    }
    if (keep < path.size()) {
        beginInsertRows({}, int(keep), int(path.size()) - 1);
        for (qsizetype i = keep; i < path.size(); ++i) {
            m_rows.append(path.at(i));
            m_rowOf.insert(path.at(i), int(i));
        }
        endInsertRows();
    }
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
    const int row = parentId.isEmpty() ? 0 : (rowOf(parentId) < 0 ? -1 : rowOf(parentId) + 1);
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
    const auto price = m_prices.constFind(m.model);
    if (price != m_prices.cend() && (price->inputPricePerMTok > 0 || price->outputPricePerMTok > 0)) {
        const double cached = double(m.usage.cachedTokens.value_or(0));
        const double input = double(m.usage.promptTokens.value_or(0)) - cached;
        const double cachedPrice
            = price->cachedInputPricePerMTok > 0 ? price->cachedInputPricePerMTok : price->inputPricePerMTok;
        const double cost = (input * price->inputPricePerMTok + cached * cachedPrice
                             + double(m.usage.completionTokens.value_or(0)) * price->outputPricePerMTok)
            / 1e6;
        parts << tr("Cost: $%1").arg(locale.toString(cost, 'f', cost < 0.01 ? 5 : 3));
    }
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
    const Message *found = m_conversation ? m_conversation->find(id) : nullptr;
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
