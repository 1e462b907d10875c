// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/settings/settingskeys.h"
#include "testsupport.h"

#include <QCoreApplication>

using namespace Skein;
using namespace Skein::Settings;
using namespace Qt::StringLiterals;

// The typed registry: defaults from the spec, clamping, junk falling back to defaults.
class TestSettingsKeys final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsFollowTheSpec()
    {
        const ContextDefaults c = ContextDefaults::from({});
        QCOMPARE(c.digestThresholdTokens, 1200);
        QCOMPARE(c.idleTtlMinutes, 15);
        QCOMPARE(c.hardCapMessages, 5000);
        QCOMPARE(c.historyCountCap, 50);
        QCOMPARE(c.outputReservePercent, 25);
        QCOMPARE(c.keepVerbatimTurns, 8);
        // The context engine's defaults (ContextSettings): 15 / 20 / 40 / 25, reserve capped at 8,192.
        QCOMPARE(c.shareSystemPercent, 15);
        QCOMPARE(c.shareToolsPercent, 20);
        QCOMPARE(c.shareHistoryPercent, 40);
        QCOMPARE(c.shareCurrentPercent, 25);
        QCOMPARE(c.outputReserveMaxTokens, 8192);
        QCOMPARE(c.toolResultSharePercent, 50);
        QCOMPARE(c.shareSystemPercent + c.shareToolsPercent + c.shareHistoryPercent + c.shareCurrentPercent, 100);
        const AgentDefaults a = AgentDefaults::from({});
        QCOMPARE(a.maxIterations, 6);
        QCOMPARE(a.toolTimeoutSeconds, 30);
        const MemoryDefaults m = MemoryDefaults::from({});
        QVERIFY(m.autoExtract);
        QVERIFY(m.reviewRequired);
    }

    void storedValuesWinAndAreClamped()
    {
        const Values stored {
            {u"context/history_count_cap"_s, u"80"_s},         {u"context/idle_ttl_minutes"_s, u"-5"_s},
            {u"context/digest_threshold_tokens"_s, u"lots"_s}, {u"agent/max_iterations"_s, u" 9 "_s},
            {u"memory/review_required"_s, u"false"_s},         {u"memory/auto_extract"_s, u"maybe"_s},
        };
        const ContextDefaults c = ContextDefaults::from(stored);
        QCOMPARE(c.historyCountCap, 80);
        QCOMPARE(c.idleTtlMinutes, int(Keys::idleTtlMinutes.minimum));
        QCOMPARE(c.digestThresholdTokens, Keys::digestThresholdTokens.defaultValue);
        QCOMPARE(AgentDefaults::from(stored).maxIterations, 9);
        QVERIFY(!MemoryDefaults::from(stored).reviewRequired);
        QVERIFY(MemoryDefaults::from(stored).autoExtract);
    }

    void valuesRoundTrip()
    {
        ContextDefaults c;
        c.historyCountCap = 77;
        c.hardCapMessages = 12345;
        c.utilityModel = u"gpt-4.1-mini"_s;
        QCOMPARE(ContextDefaults::from(c.toValues()), c);
        AgentDefaults a;
        a.toolTimeoutSeconds = 90;
        QCOMPARE(AgentDefaults::from(a.toValues()), a);
        MemoryDefaults m;
        m.autoExtract = false;
        QCOMPARE(MemoryDefaults::from(m.toValues()), m);
    }

    void sharesAreScaled()
    {
        ContextDefaults c;
        c.shareSystemPercent = 10;
        c.shareToolsPercent = 10;
        c.shareHistoryPercent = 20;
        c.shareCurrentPercent = 10; // sums to 50
        QCOMPARE(c.shareFraction(c.shareHistoryPercent), 0.4);
    }

    void contextJsonHasTheEngineShape()
    {
        ContextDefaults c;
        c.shareSystemPercent = 10;
        c.shareToolsPercent = 10;
        c.shareHistoryPercent = 20;
        c.shareCurrentPercent = 10;
        c.historyCountCap = 64;
        const QJsonObject json = c.toContextJson();
        const QJsonObject shares = json.value(u"shares"_s).toObject();
        double sum = 0;
        for (const QString &k : {u"system"_s, u"tools"_s, u"history"_s, u"current"_s})
            sum += shares.value(k).toDouble();
        QCOMPARE(sum, 1.0);
        QCOMPARE(shares.value(u"history"_s).toDouble(), 0.4);
        QCOMPARE(json.value(u"history_count"_s).toInt(), 64);
        QCOMPARE(json.value(u"digest_threshold"_s).toInt(), 1200);
        QCOMPARE(json.value(u"hard_cap"_s).toInt(), 5000);
        QCOMPARE(json.value(u"tool_result_share"_s).toDouble(), 0.5);
    }

    void approvalsRoundTripAndSkipJunk()
    {
        const QList<ToolApproval> approvals {
            {u"files__write_file"_s, u"abc123"_s, 1700000000000},
            {u"shell__run"_s, u"def456"_s, 1700000001000},
        };
        QCOMPARE(toolApprovals(toolApprovalsJson(approvals)), approvals);
        QCOMPARE(toolApprovals(u"[{\"tool\":\"\"}, 3, {\"tool\":\"x\",\"definition_hash\":\"h\"}]"_s).size(), 1);
        QVERIFY(toolApprovals(u"not json"_s).isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestSettingsKeys)
#include "tst_settingskeys.moc"
