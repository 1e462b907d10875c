// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Consolidation (SPEC §4.5): the planner on constructed paths, then the Consolidator for real —
// a scripted model on loopback HTTP writing deterministic summaries, summaries stored in SQLite.

#include "core/tokens/tokenestimator.h"
#include "engine/memory/consolidationplan.h"
#include "engine/memory/consolidator.h"
#include "engine/memory/pathspans.h"
#include "memoryfixture.h"
#include "storage/attachmentrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/summaryrepository.h"
#include "testsupport.h"

#include <QRegularExpression>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 20000;

// A linear path of n turns; every message costs `tokens` (stored estimate).
QList<Message> makePath(int turns, qint64 tokens, bool withTools = false)
{
    QList<Message> path;
    QString parent;
    auto add = [&](Role role, const QString &text) {
        Message m = Message::create(u"s"_s, parent, role, text);
        m.tokenEstimate = tokens;
        parent = m.id;
        path.append(m);
    };
    for (int i = 0; i < turns; ++i) {
        add(Role::User, u"question %1"_s.arg(i));
        if (withTools && i % 3 == 0) {
            add(Role::Assistant, {});
            add(Role::Tool, u"result %1"_s.arg(i));
        }
        add(Role::Assistant, u"answer %1"_s.arg(i));
    }
    return path;
}

QList<TurnSpec> plantedTurns(int count, int firstFact)
{
    QList<TurnSpec> out;
    for (int i = 0; i < count; ++i) {
        TurnSpec t;
        t.user = u"Turn %1: note FACT-%2 for later, and tell me about topic %1 in some detail please."_s.arg(i).arg(
            firstFact + i);
        t.assistant = u"Here is a fairly long answer about topic %1 with several sentences of explanation so "
                      "that the turn has a realistic size for the estimator to count."_s.arg(i);
        if (i % 4 == 1) {
            t.toolName = u"search"_s;
            t.toolResult = u"{\"hits\": [\"FACT-%1 appears in the results\"], \"count\": 3}"_s.arg(firstFact + i);
        }
        out.append(t);
    }
    return out;
}

QStringList factsIn(const QString &text)
{
    QStringList out;
    static const QRegularExpression fact(u"FACT-\\d+"_s);
    auto it = fact.globalMatch(text);
    while (it.hasNext()) {
        const QString f = it.next().captured();
        if (!out.contains(f))
            out.append(f);
    }
    return out;
}

} // namespace

class TestConsolidation final : public QObject
{
    Q_OBJECT

private:
    TokenEstimator m_estimator;

    void serve(MemoryFixture &f, const bool *failSegments = nullptr)
    {
        f.server.route("POST", "/v1/chat/completions", [failSegments](const RecordedRequest &r) -> ReplayResponse {
            switch (askOf(r)) {
            case Ask::Segment:
                if (failSegments && *failSegments)
                    return openAiError(500, u"server_error"_s, u"the summariser is down"_s);
                return openAiText(u"Segment summary. Facts: "_s + factsIn(dataText(r)).join(u", "_s));
            case Ask::RollUp:
                return openAiText(u"Session summary. Facts: "_s + factsIn(dataText(r)).join(u", "_s));
            default:
                return openAiError(400, u"unexpected"_s, u"unexpected request"_s);
            }
        });
    }

    Consolidator::Report runAndWait(Consolidator &c, const QString &sessionId, const ModelRoute &route,
                                    const Consolidator::Options &options)
    {
        std::optional<Consolidator::Report> report;
        c.run(sessionId, route, options, [&](const Consolidator::Report &r) { report = r; });
        if (!QTest::qWaitFor([&] { return report.has_value(); }, Wait))
            return {};
        return *report;
    }

private Q_SLOTS:
    void plansByTokensKeepingTheTailVerbatim()
    {
        const QList<Message> path = makePath(30, 50); // 100 tokens a turn
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, {}, 2000, {}, m_estimator);
        QCOMPARE(plan.reason, ConsolidationPlan::Reason::Tokens);
        QCOMPARE(plan.unsummarisedTokens, 3000);
        QCOMPARE(plan.segments.size(), 2);
        for (const ConsolidationSegment &s : plan.segments) {
            QCOMPARE(s.turns, 10);
            QCOMPARE(toString(path[s.firstIndex].role), toString(Role::User)); // starts at a turn boundary
        }
        QCOMPARE(plan.segments[1].firstIndex, plan.segments[0].lastIndex + 1);
        QVERIFY(plan.projectedTokens <= 1000); // back to 50% of the share
        // The last 8 turns (16 messages) are never summarised.
        QVERIFY(plan.segments.last().lastIndex < path.size() - 16);
    }

    void plansByTurnCount()
    {
        const QList<Message> path = makePath(14, 5);
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, {}, 100000, {}, m_estimator);
        QCOMPARE(plan.reason, ConsolidationPlan::Reason::Turns);
        QCOMPARE(plan.segments.size(), 1);
        QCOMPARE(plan.segments[0].turns, 6); // 14 − 8 verbatim
        QCOMPARE(ConsolidationPlanner::plan(makePath(12, 5), {}, 100000, {}, m_estimator).reason,
                 ConsolidationPlan::Reason::None);
    }

    void shortTailsWaitUnlessHeavy()
    {
        // 10 turns, the last 8 verbatim: 2 eligible turns are too few for a call of their own ...
        const ConsolidationPlan light = ConsolidationPlanner::plan(makePath(10, 50), {}, 1000, {}, m_estimator);
        QCOMPARE(light.reason, ConsolidationPlan::Reason::Tokens);
        QVERIFY(light.isEmpty());
        // ... unless they hold a quarter of the share.
        const ConsolidationPlan heavy = ConsolidationPlanner::plan(makePath(10, 150), {}, 1000, {}, m_estimator);
        QCOMPARE(heavy.segments.size(), 1);
        QCOMPARE(heavy.segments[0].turns, 2);
        QCOMPARE(ConsolidationPlanner::plan(makePath(11, 50), {}, 1000, {}, m_estimator).segments.size(), 1);
    }

    void oldToolOutputsCountAsDigests()
    {
        // 11 turns, a 5,000-token tool output every third: governance digests those older than the
        // last two turns (turn 9 is recent, turns 0, 3 and 6 are not).
        QList<Message> path = makePath(11, 10, true);
        for (Message &m : path)
            if (m.role == Role::Tool)
                m.tokenEstimate = 5000;
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, {}, 100000, {}, m_estimator);
        int tools = 0;
        for (const Message &m : path)
            tools += m.role == Role::Tool;
        const qint64 plain = (path.size() - tools) * 10;
        const int recentTools = 1;
        QCOMPARE(plan.unsummarisedTokens, plain + (tools - recentTools) * 1200 + recentTools * 5000);
    }

    void segmentsNeverSplitAToolChain()
    {
        const QList<Message> path = makePath(40, 40, true);
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, {}, 2000, {}, m_estimator);
        QVERIFY(!plan.isEmpty());
        for (const ConsolidationSegment &s : plan.segments) {
            QCOMPARE(toString(path[s.firstIndex].role), toString(Role::User));
            QVERIFY(s.lastIndex + 1 >= path.size() || path[s.lastIndex + 1].role == Role::User);
        }
    }

    void summariesShiftTheStartAndBranchesDropThem()
    {
        const QList<Message> path = makePath(30, 50);
        Summary covered;
        covered.id = u"sum-1"_s;
        covered.level = SummaryLevel::Segment;
        covered.firstMessageId = path[0].id;
        covered.lastMessageId = path[19].id; // turns 0..9
        const QList<Summary> valid = PathSpans::validFor(path, {covered});
        QCOMPARE(valid.size(), 1);
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, valid, 2000, {}, m_estimator);
        QCOMPARE(plan.coveredEnd, 20);
        QCOMPARE(plan.unsummarisedTokens, 2000);
        QCOMPARE(plan.segments.first().firstIndex, 20);

        // Another branch that diverges inside the span (at turn 5) does not see that summary.
        QList<Message> branch = path.mid(0, 10);
        Message fork = Message::create(u"s"_s, branch.last().id, Role::User, u"other"_s);
        branch.append(fork);
        QVERIFY(PathSpans::validFor(branch, {covered}).isEmpty());
        // A superseded summary is never valid.
        covered.supersededBy = u"sum-2"_s;
        QVERIFY(PathSpans::validFor(path, {covered}).isEmpty());
    }

    void blockedSpanStopsThePlan()
    {
        const QList<Message> path = makePath(30, 50);
        const ConsolidationPlan plan = ConsolidationPlanner::plan(path, {}, 2000, {}, m_estimator,
                                                                  ConsolidationPlanner::Mode::Threshold, {path[0].id});
        QCOMPARE(plan.reason, ConsolidationPlan::Reason::Blocked);
        QVERIFY(plan.isEmpty());
    }

    void compactLeavesAShortTail()
    {
        const QList<Message> path = makePath(20, 5);
        const ConsolidationPlan plan
            = ConsolidationPlanner::plan(path, {}, 100000, {}, m_estimator, ConsolidationPlanner::Mode::Compact);
        QCOMPARE(plan.reason, ConsolidationPlan::Reason::Compact);
        QCOMPARE(plan.segments.size(), 1); // 12 eligible: 10 now, 2 wait for more turns
        QCOMPARE(plan.segments[0].turns, 10);
        QVERIFY(ConsolidationPlanner::plan(makePath(10, 5), {}, 100000, {}, m_estimator,
                                           ConsolidationPlanner::Mode::Compact)
                    .isEmpty());
    }

    void consolidatesRollsUpAndSupersedes()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        serve(f);
        QStringList ids;
        const Session session = f.conversation(plantedTurns(30, 100), &ids);
        auto sync = f.sync();
        // A file attached to the first message: the summariser reads it by name, with its text.
        Attachment plan;
        plan.id = u"att-plan"_s;
        plan.messageId = ids.first();
        plan.name = u"plan.md"_s;
        plan.mimeType = u"text/markdown"_s;
        plan.kind = AttachmentKind::Text;
        plan.text = u"# Migration plan\nMove the cluster on 2026-05-04."_s;
        plan.size = plan.text.toUtf8().size();
        plan.sha256 = sync->attachments().storeContent(plan.text.toUtf8()).value();
        QVERIFY(sync->attachments().insert(plan));
        const QList<Message> before = sync->messages().bySession(session.id).value();

        Consolidator consolidator(&f.store);
        Consolidator::Options options;
        options.historyShare = 2500;
        const Consolidator::Report report = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY2(report.ok(), qPrintable(report.errors.join(u"; "_s)));
        QCOMPARE(report.plan.reason, ConsolidationPlan::Reason::Tokens);
        QVERIFY(report.created.size() >= 1);
        QVERIFY(report.sessionSummary.has_value());

        // Stored rows cover spans of the path; the messages themselves are untouched.
        QCOMPARE(sync->messages().bySession(session.id).value(), before);
        const QList<Summary> stored = sync->summaries().bySession(session.id).value();
        QCOMPARE(stored.size(), report.created.size() + 1);
        const QList<Message> path = sync->messages().path(session.activeLeafId).value();
        for (const Summary &s : report.created) {
            const qsizetype first = PathSpans::indexOf(path, s.firstMessageId);
            const qsizetype last = PathSpans::indexOf(path, s.lastMessageId);
            QVERIFY(first >= 0 && last > first);
            QCOMPARE(toString(path[first].role), toString(Role::User));
            QCOMPARE(s.model, u"utility-model"_s);
            // Every fact planted in the span made it into its summary.
            QString span;
            for (qsizetype i = first; i <= last; ++i)
                span += path[i].content + u'\n';
            for (const QString &fact : factsIn(span))
                QVERIFY2(s.content.contains(fact), qPrintable(fact));
        }
        const int turnsKept
            = int(PathSpans::turns(path, PathSpans::indexOf(path, report.created.last().lastMessageId) + 1).size());
        QVERIFY(turnsKept >= 8);

        // The request kept the transcript delimited and asked to keep numbers and open tasks.
        const RecordedRequest first = f.server.requests().first();
        QVERIFY(systemText(first).contains(u"number"_s));
        QVERIFY(systemText(first).contains(u"Open:"_s));
        QVERIFY(systemText(first).contains(u"not instructions"_s));
        QVERIFY(dataText(first).startsWith(u"<transcript>"_s));
        // …and to name what was attached, which the transcript shows with its text.
        QVERIFY(systemText(first).contains(u"every file that was attached"_s));
        QVERIFY2(dataText(first).contains(u"[Attachment: plan.md, text/markdown"_s), qPrintable(dataText(first)));
        QVERIFY(dataText(first).contains(u"Move the cluster on 2026-05-04."_s));

        // Nothing more to do: no model call.
        const qsizetype calls = f.server.requestCount();
        const Consolidator::Report idle = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY(idle.ok());
        QCOMPARE(idle.plan.reason, ConsolidationPlan::Reason::None);
        QCOMPARE(f.server.requestCount(), calls);

        // Twelve more turns: a new segment and a new session summary superseding the old one.
        f.appendTurns(session.id, path.last().id, plantedTurns(13, 500));
        const Consolidator::Report more = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY2(more.ok(), qPrintable(more.errors.join(u"; "_s)));
        QVERIFY(!more.created.isEmpty());
        QVERIFY(more.sessionSummary.has_value());
        QCOMPARE(more.supersededId, report.sessionSummary->id);
        const Summary old = sync->summaries().get(report.sessionSummary->id).value();
        QCOMPARE(old.supersededBy, more.sessionSummary->id);
        QVERIFY(more.sessionSummary->content.contains(u"FACT-100"_s)); // carried over from the old roll-up
    }

    void failedCallIsRetriedLaterWithoutBlocking()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        bool fail = true;
        serve(f, &fail);
        const Session session = f.conversation(plantedTurns(25, 100));
        Consolidator consolidator(&f.store);
        qint64 now = 1'000'000;
        consolidator.backoff().setClock([&now] { return now; });
        consolidator.backoff().setDelays(60'000, 600'000);
        Consolidator::Options options;
        options.historyShare = 2000;

        const Consolidator::Report failed = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY(!failed.ok());
        QVERIFY(failed.created.isEmpty());
        QVERIFY(failed.errors.first().contains(u"summariser is down"_s));
        auto sync = f.sync();
        QVERIFY(sync->summaries().bySession(session.id).value().isEmpty());

        // Within the backoff the span waits: no model call at all.
        const qsizetype calls = f.server.requestCount();
        const Consolidator::Report waiting = runAndWait(consolidator, session.id, f.route(), options);
        QCOMPARE(waiting.plan.reason, ConsolidationPlan::Reason::Blocked);
        QCOMPARE(f.server.requestCount(), calls);

        // Later, with the model back, the span is summarised.
        fail = false;
        now += 61'000;
        const Consolidator::Report retried = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY2(retried.ok(), qPrintable(retried.errors.join(u"; "_s)));
        QVERIFY(!retried.created.isEmpty());
    }

    void branchDivergingInsideASpanGetsItsOwnSummaries()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        serve(f);
        QStringList ids;
        const Session session = f.conversation(plantedTurns(30, 100), &ids);
        Consolidator consolidator(&f.store);
        Consolidator::Options options;
        options.historyShare = 2500;
        const Consolidator::Report a = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY(a.ok() && !a.created.isEmpty());

        // Branch off after the first reply (inside the first summarised span).
        f.appendTurns(session.id, ids[1], plantedTurns(30, 700));
        auto sync = f.sync();
        const Session branched = sync->sessions().get(session.id).value();
        const QList<Message> path = sync->messages().path(branched.activeLeafId).value();
        QVERIFY(PathSpans::validFor(path, sync->summaries().bySession(session.id).value()).isEmpty());

        const Consolidator::Report b = runAndWait(consolidator, session.id, f.route(), options);
        QVERIFY2(b.ok(), qPrintable(b.errors.join(u"; "_s)));
        QVERIFY(!b.created.isEmpty());
        QCOMPARE(b.supersededId, QString()); // the other branch's session summary stays
        QVERIFY(b.sessionSummary->content.contains(u"FACT-700"_s));
        QVERIFY(!b.sessionSummary->content.contains(u"FACT-110"_s)); // only on the first branch
        QVERIFY(sync->summaries().get(a.sessionSummary->id)->supersededBy.isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestConsolidation)
#include "tst_consolidation.moc"
