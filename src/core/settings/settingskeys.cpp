// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "settingskeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace Skein::Settings {

qint64 value(const Values &stored, const IntKey &key)
{
    const auto it = stored.constFind(QString(key.key));
    if (it == stored.constEnd())
        return key.defaultValue;
    bool ok = false;
    const qint64 v = it->trimmed().toLongLong(&ok);
    if (!ok)
        return key.defaultValue;
    return std::clamp(v, key.minimum, key.maximum);
}

bool value(const Values &stored, const BoolKey &key)
{
    const auto it = stored.constFind(QString(key.key));
    if (it == stored.constEnd())
        return key.defaultValue;
    const QString v = it->trimmed().toLower();
    if (v == u"true" || v == u"1")
        return true;
    if (v == u"false" || v == u"0")
        return false;
    return key.defaultValue;
}

QString value(const Values &stored, const TextKey &key)
{
    return stored.value(QString(key.key));
}

QString text(qint64 value)
{
    return QString::number(value);
}

QString text(bool value)
{
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

ContextDefaults ContextDefaults::from(const Values &stored)
{
    ContextDefaults d;
    d.outputReservePercent = int(value(stored, Keys::outputReservePercent));
    d.outputReserveMaxTokens = value(stored, Keys::outputReserveMaxTokens);
    d.shareSystemPercent = int(value(stored, Keys::shareSystemPercent));
    d.shareToolsPercent = int(value(stored, Keys::shareToolsPercent));
    d.shareHistoryPercent = int(value(stored, Keys::shareHistoryPercent));
    d.shareCurrentPercent = int(value(stored, Keys::shareCurrentPercent));
    d.historyCountCap = int(value(stored, Keys::historyCountCap));
    d.digestThresholdTokens = value(stored, Keys::digestThresholdTokens);
    d.digestKeepTurns = int(value(stored, Keys::digestKeepTurns));
    d.toolResultSharePercent = int(value(stored, Keys::toolResultSharePercent));
    d.consolidateStartPercent = int(value(stored, Keys::consolidateStartPercent));
    d.consolidateTargetPercent = int(value(stored, Keys::consolidateTargetPercent));
    d.consolidateAfterTurns = int(value(stored, Keys::consolidateAfterTurns));
    d.keepVerbatimTurns = int(value(stored, Keys::keepVerbatimTurns));
    d.idleTtlMinutes = int(value(stored, Keys::idleTtlMinutes));
    d.hardCapMessages = value(stored, Keys::hardCapMessages);
    d.recallSharePercent = int(value(stored, Keys::recallSharePercent));
    d.recallAllConversations = value(stored, Keys::recallAllConversations);
    d.pinnedSharePercent = int(value(stored, Keys::pinnedSharePercent));
    d.utilityProviderId = value(stored, Keys::utilityProviderId);
    d.utilityModel = value(stored, Keys::utilityModel);
    return d;
}

Values ContextDefaults::toValues() const
{
    return {
        {QString(Keys::outputReservePercent.key), text(qint64(this->outputReservePercent))},
        {QString(Keys::outputReserveMaxTokens.key), text(this->outputReserveMaxTokens)},
        {QString(Keys::shareSystemPercent.key), text(qint64(this->shareSystemPercent))},
        {QString(Keys::shareToolsPercent.key), text(qint64(this->shareToolsPercent))},
        {QString(Keys::shareHistoryPercent.key), text(qint64(this->shareHistoryPercent))},
        {QString(Keys::shareCurrentPercent.key), text(qint64(this->shareCurrentPercent))},
        {QString(Keys::historyCountCap.key), text(qint64(this->historyCountCap))},
        {QString(Keys::digestThresholdTokens.key), text(this->digestThresholdTokens)},
        {QString(Keys::digestKeepTurns.key), text(qint64(this->digestKeepTurns))},
        {QString(Keys::toolResultSharePercent.key), text(qint64(this->toolResultSharePercent))},
        {QString(Keys::consolidateStartPercent.key), text(qint64(this->consolidateStartPercent))},
        {QString(Keys::consolidateTargetPercent.key), text(qint64(this->consolidateTargetPercent))},
        {QString(Keys::consolidateAfterTurns.key), text(qint64(this->consolidateAfterTurns))},
        {QString(Keys::keepVerbatimTurns.key), text(qint64(this->keepVerbatimTurns))},
        {QString(Keys::idleTtlMinutes.key), text(qint64(this->idleTtlMinutes))},
        {QString(Keys::hardCapMessages.key), text(this->hardCapMessages)},
        {QString(Keys::recallSharePercent.key), text(qint64(this->recallSharePercent))},
        {QString(Keys::recallAllConversations.key), text(this->recallAllConversations)},
        {QString(Keys::pinnedSharePercent.key), text(qint64(this->pinnedSharePercent))},
        {QString(Keys::utilityProviderId.key), this->utilityProviderId},
        {QString(Keys::utilityModel.key), this->utilityModel},
    };
}

double ContextDefaults::shareFraction(int sharePercent) const
{
    const int sum = shareSystemPercent + shareToolsPercent + shareHistoryPercent + shareCurrentPercent;
    if (sum <= 0)
        return 0.25;
    return double(sharePercent) / double(sum);
}

QJsonObject ContextDefaults::toContextJson() const
{
    return QJsonObject {
        {QStringLiteral("shares"),
         QJsonObject {{QStringLiteral("system"), shareFraction(shareSystemPercent)},
                      {QStringLiteral("tools"), shareFraction(shareToolsPercent)},
                      {QStringLiteral("history"), shareFraction(shareHistoryPercent)},
                      {QStringLiteral("current"), shareFraction(shareCurrentPercent)}}},
        {QStringLiteral("history_count"), historyCountCap},
        {QStringLiteral("hard_cap"), double(hardCapMessages)},
        {QStringLiteral("digest_threshold"), double(digestThresholdTokens)},
        {QStringLiteral("digest_keep_turns"), digestKeepTurns},
        {QStringLiteral("tool_result_share"), toolResultSharePercent / 100.0},
        {QStringLiteral("recall_share"), recallSharePercent / 100.0},
        {QStringLiteral("recall_scope"), recallAllConversations ? QStringLiteral("all") : QStringLiteral("session")},
        {QStringLiteral("pinned_share"), pinnedSharePercent / 100.0},
    };
}

AgentDefaults AgentDefaults::from(const Values &stored)
{
    AgentDefaults d;
    d.maxIterations = int(value(stored, Keys::maxIterations));
    d.toolTimeoutSeconds = int(value(stored, Keys::toolTimeoutSeconds));
    return d;
}

Values AgentDefaults::toValues() const
{
    return {
        {QString(Keys::maxIterations.key), text(qint64(maxIterations))},
        {QString(Keys::toolTimeoutSeconds.key), text(qint64(toolTimeoutSeconds))},
    };
}

MemoryDefaults MemoryDefaults::from(const Values &stored)
{
    MemoryDefaults d;
    d.autoExtract = value(stored, Keys::memoryAutoExtract);
    d.reviewRequired = value(stored, Keys::memoryReviewRequired);
    d.paused = value(stored, Keys::memoryPaused);
    d.activeCap = int(value(stored, Keys::memoryActiveCap));
    return d;
}

Values MemoryDefaults::toValues() const
{
    return {
        {QString(Keys::memoryAutoExtract.key), text(autoExtract)},
        {QString(Keys::memoryReviewRequired.key), text(reviewRequired)},
        {QString(Keys::memoryPaused.key), text(paused)},
        {QString(Keys::memoryActiveCap.key), text(qint64(activeCap))},
    };
}

QList<ToolApproval> toolApprovals(const QString &storedJson)
{
    QList<ToolApproval> out;
    const QJsonArray array = QJsonDocument::fromJson(storedJson.toUtf8()).array();
    for (const QJsonValue v : array) {
        const QJsonObject o = v.toObject();
        ToolApproval a;
        a.tool = o.value(QStringLiteral("tool")).toString();
        a.definitionHash = o.value(QStringLiteral("definition_hash")).toString();
        a.grantedAt = qint64(o.value(QStringLiteral("granted_at")).toDouble());
        if (!a.tool.isEmpty())
            out.append(a);
    }
    return out;
}

QString toolApprovalsJson(const QList<ToolApproval> &approvals)
{
    QJsonArray array;
    for (const ToolApproval &a : approvals)
        array.append(QJsonObject {
            {QStringLiteral("tool"), a.tool},
            {QStringLiteral("definition_hash"), a.definitionHash},
            {QStringLiteral("granted_at"), double(a.grantedAt)},
        });
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

} // namespace Skein::Settings
