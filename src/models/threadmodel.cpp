#include "threadmodel.h"

#include <QJsonObject>
#include <QLocale>
#include <QVariantMap>

namespace Skein {

ThreadModel::ThreadModel(QObject *parent)
    : QAbstractListModel(parent)
{
    connect(&m_tree, &ConversationTree::activeLeafChanged, this, [this](const QString &, const QString &leaf) {
        syncRows();
        Q_EMIT activeLeafChanged(leaf);
    });
    connect(&m_tree, &ConversationTree::nodeAdded, this,
            [this](const QString &id, const QString &parentId, int) { nodeAdded(id, parentId); });
    connect(&m_tree, &ConversationTree::subtreeRemoved, this,
            [this](const QString &id, const QString &parentId, int) { subtreeRemoved(id, parentId); });
}

ThreadModel::~ThreadModel() = default;

bool ThreadModel::load(const QString &sessionId, const QList<Message> &messages, const QString &activeLeafId)
{
    QList<ConversationNode> nodes;
    nodes.reserve(messages.size());
    for (const Message &m : messages)
        nodes.append(ConversationNode {m.id, m.parentId, m.role, m.createdAt});
    beginResetModel();
    const QSignalBlocker block(&m_tree);
    const bool ok = m_tree.load(nodes, activeLeafId).ok();
    m_messages.clear();
    m_revision.clear();
    m_textEpoch.clear();
    m_loadEpoch = m_nextEpoch++;
    m_toolStates.clear();
    if (ok) {
        m_sessionId = sessionId;
        m_messages.reserve(messages.size());
        for (const Message &m : messages)
            m_messages.insert(m.id, m);
    } else {
        m_sessionId.clear();
        m_tree.clear();
    }
    m_rows = m_tree.activePath();
    m_rowOf.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowOf.insert(m_rows.at(i), i);
    endResetModel();
    Q_EMIT activeLeafChanged(m_tree.activeLeaf());
    return ok;
}

void ThreadModel::clear()
{
    load({}, {}, {});
}

void ThreadModel::syncRows()
{
    const QStringList path = m_tree.activePath();
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

void ThreadModel::nodeAdded(const QString &id, const QString &parentId)
{
    Q_UNUSED(id)
    // A new alternative changes the `n / m` of the sibling shown on the active path.
    const int row = parentId.isEmpty() ? 0 : (rowOf(parentId) < 0 ? -1 : rowOf(parentId) + 1);
    if (row >= 0 && row < m_rows.size())
        Q_EMIT dataChanged(index(row), index(row));
}

void ThreadModel::subtreeRemoved(const QString &id, const QString &parentId)
{
    if (m_rowOf.contains(id))
        return; // the active leaf moves next; syncRows follows
    nodeAdded(id, parentId);
}

bool ThreadModel::addMessage(const Message &message, bool makeActive)
{
    if (message.id.isEmpty() || m_messages.contains(message.id))
        return false;
    if (!message.parentId.isEmpty() && !m_tree.contains(message.parentId))
        return false;
    m_messages.insert(message.id, message);
    m_textEpoch.insert(message.id, m_nextEpoch++);
    if (!m_tree.addNode(ConversationNode {message.id, message.parentId, message.role, message.createdAt}, makeActive)) {
        m_messages.remove(message.id);
        return false;
    }
    return true;
}

void ThreadModel::appendText(const QString &id, const QString &content, const QString &reasoning)
{
    auto it = m_messages.find(id);
    if (it == m_messages.end() || (content.isEmpty() && reasoning.isEmpty()))
        return;
    it->content += content;
    it->reasoning += reasoning;
    ++m_revision[id];
    rowChanged(id);
}

void ThreadModel::updateMessage(const Message &message)
{
    auto it = m_messages.find(message.id);
    if (it == m_messages.end())
        return;
    Message updated = message;
    updated.parentId = it->parentId;
    if (*it == updated)
        return;
    // The stored row of a streamed reply usually holds what was shown, or more of it.
    if (!updated.content.startsWith(it->content) || !updated.reasoning.startsWith(it->reasoning))
        m_textEpoch.insert(message.id, m_nextEpoch++);
    *it = updated;
    ++m_revision[message.id];
    rowChanged(message.id);
}

void ThreadModel::setStatus(const QString &id, MessageStatus status, const QString &error)
{
    auto it = m_messages.find(id);
    if (it == m_messages.end() || (it->status == status && it->error == error))
        return;
    it->status = status;
    it->error = error;
    ++m_revision[id];
    rowChanged(id);
}

bool ThreadModel::switchSibling(const QString &id, ConversationTree::Direction direction)
{
    return m_tree.switchSibling(id, direction);
}

bool ThreadModel::showBranchOf(const QString &id)
{
    if (!m_tree.contains(id))
        return false;
    if (m_tree.isOnActivePath(id))
        return true;
    return m_tree.setActiveLeaf(m_tree.leafFollowingLatest(id));
}

QStringList ThreadModel::removeBranch(const QString &id)
{
    const QStringList removed = m_tree.removeSubtree(id);
    for (const QString &gone : removed) {
        m_messages.remove(gone);
        m_revision.remove(gone);
        m_textEpoch.remove(gone);
    }
    return removed;
}

void ThreadModel::setModelInfo(const QList<ModelInfo> &models)
{
    m_prices.clear();
    for (const ModelInfo &m : models)
        m_prices.insert(m.id, m);
}

void ThreadModel::setToolCallState(const QString &callId, const QString &state)
{
    m_toolStates.insert(callId, state);
    for (const QString &id : std::as_const(m_rows)) {
        const Message &m = m_messages[id];
        bool owns = m.toolCallId == callId;
        for (const QJsonValue &call : m.toolCalls)
            owns = owns || call.toObject().value(QLatin1String("id")).toString() == callId;
        if (owns) {
            ++m_revision[id];
            rowChanged(id);
        }
    }
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
    const auto it = m_messages.constFind(id);
    if (it == m_messages.cend())
        return {};
    const Message &m = *it;
    switch (role) {
    case Qt::DisplayRole:
    case ContentRole:
        return m.content;
    case Qt::AccessibleTextRole:
        return m.content.left(500);
    case Qt::ToolTipRole: {
        const QString usage = usageText(m);
        return usage.isEmpty() ? QVariant() : QVariant(usage);
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
    case ToolStatesRole: {
        QVariantMap states;
        if (!m.toolCallId.isEmpty() && m_toolStates.contains(m.toolCallId))
            states.insert(m.toolCallId, m_toolStates.value(m.toolCallId));
        for (const QJsonValue &call : m.toolCalls) {
            const QString callId = call.toObject().value(QLatin1String("id")).toString();
            if (m_toolStates.contains(callId))
                states.insert(callId, m_toolStates.value(callId));
        }
        return states;
    }
    case SiblingIndexRole:
        return m_tree.siblingIndex(id).index;
    case SiblingCountRole:
        return m_tree.siblingIndex(id).count;
    case RevisionRole:
        return m_revision.value(id);
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
