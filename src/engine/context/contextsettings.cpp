// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/contextsettings.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

void readShare(const QJsonObject &json, QLatin1StringView key, double &out)
{
    const QJsonValue v = json.value(key);
    if (v.isDouble() && v.toDouble() >= 0.0 && v.toDouble() <= 1.0)
        out = v.toDouble();
}

template<typename T> void readCount(const QJsonObject &json, QLatin1StringView key, T &out, qint64 minimum)
{
    const QJsonValue v = json.value(key);
    if (v.isDouble() && v.toDouble() >= double(minimum) && v.toDouble() < 1e12)
        out = T(v.toDouble());
}

qint64 share(qint64 total, double fraction)
{
    return qint64(std::floor(double(total) * fraction));
}

} // namespace

ContextSettings ContextSettings::fromJson(const QJsonObject &json)
{
    return ContextSettings {}.overriddenBy(json);
}

ContextSettings ContextSettings::overriddenBy(const QJsonObject &json) const
{
    ContextSettings s = *this;
    readCount(json, "window"_L1, s.window, 0);
    readCount(json, "max_output_tokens"_L1, s.maxOutputTokens, 0);
    const QJsonObject shares = json.value("shares"_L1).toObject();
    readShare(shares, "system"_L1, s.systemShare);
    readShare(shares, "tools"_L1, s.toolsShare);
    readShare(shares, "history"_L1, s.historyShare);
    readShare(shares, "current"_L1, s.currentShare);
    readCount(json, "history_count"_L1, s.historyCount, 1);
    readCount(json, "hard_cap"_L1, s.hardCap, 1);
    readCount(json, "digest_threshold"_L1, s.digestThreshold, 1);
    readCount(json, "digest_keep_turns"_L1, s.digestKeepTurns, 0);
    readShare(json, "tool_result_share"_L1, s.toolResultShare);
    readShare(json, "recall_share"_L1, s.recallShare);
    readShare(json, "pinned_share"_L1, s.pinnedShare);
    if (const QJsonValue scope = json.value("recall_scope"_L1); scope == "all"_L1 || scope == "session"_L1)
        s.recallAllSessions = scope == "all"_L1;
    return s;
}

QJsonObject ContextSettings::toJson() const
{
    return QJsonObject {
        {u"window"_s, window},
        {u"max_output_tokens"_s, maxOutputTokens},
        {u"shares"_s,
         QJsonObject {{u"system"_s, systemShare},
                      {u"tools"_s, toolsShare},
                      {u"history"_s, historyShare},
                      {u"current"_s, currentShare}}},
        {u"history_count"_s, historyCount},
        {u"hard_cap"_s, hardCap},
        {u"digest_threshold"_s, digestThreshold},
        {u"digest_keep_turns"_s, digestKeepTurns},
        {u"tool_result_share"_s, toolResultShare},
        {u"recall_share"_s, recallShare},
        {u"recall_scope"_s, recallAllSessions ? u"all"_s : u"session"_s},
        {u"pinned_share"_s, pinnedShare},
    };
}

ContextBudget ContextBudget::compute(qint64 window, const ContextSettings &settings, qint64 modelMaxOutput)
{
    ContextBudget b;
    b.window = std::max(window, ContextSettings::kMinWindow);
    qint64 reserve = settings.maxOutputTokens > 0 ? settings.maxOutputTokens
                                                  : std::min(b.window / 4, ContextSettings::kOutputReserveCap);
    if (modelMaxOutput > 0)
        reserve = std::min(reserve, modelMaxOutput);
    b.outputReserve = std::clamp<qint64>(reserve, 1, b.window / 2);
    b.input = b.window - b.outputReserve;
    b.system = share(b.input, settings.systemShare);
    b.tools = share(b.input, settings.toolsShare);
    b.history = share(b.input, settings.historyShare);
    b.current = share(b.input, settings.currentShare);
    b.recall = share(b.input, settings.recallShare);
    b.pinned = share(b.input, settings.pinnedShare);
    return b;
}

QJsonObject ContextBudget::toJson() const
{
    return QJsonObject {
        {u"window"_s, window},   {u"output_reserve"_s, outputReserve},
        {u"input"_s, input},     {u"system"_s, system},
        {u"tools"_s, tools},     {u"history"_s, history},
        {u"current"_s, current}, {u"recall"_s, recall},
        {u"pinned"_s, pinned},
    };
}

} // namespace Skein
