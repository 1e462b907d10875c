// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Governance (SPEC §4.4) and the legality of every request the context engine builds: unit
// cases, then a property test over thousands of random paths serialized for each provider kind.

#include "chainvalidator.h"
#include "core/domain/ids.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextengine.h"
#include "engine/context/governance.h"
#include "engine/context/tooldigest.h"
#include "llm/wirerequest.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

ToolCall call(const QString &id, const QString &name = u"lookup"_s)
{
    ToolCall c;
    c.id = id;
    c.name = name;
    c.argumentsJson = u"{\"q\":\"x\"}"_s;
    return c;
}

QString bigJson(int items)
{
    QJsonArray rows;
    for (int i = 0; i < items; ++i)
        rows.append(QJsonObject {{u"id"_s, i},
                                 {u"name"_s, u"row number %1 with some descriptive text"_s.arg(i)},
                                 {u"note"_s, QJsonValue::Null},
                                 {u"tags"_s, QJsonArray {u"alpha"_s, u"beta"_s, u"gamma"_s}}});
    return QString::fromUtf8(QJsonDocument(QJsonObject {{u"rows"_s, rows}, {u"total"_s, items}}).toJson());
}

QString bigText(int lines)
{
    QString text;
    for (int i = 0; i < lines; ++i)
        text += u"line %1: the quick brown fox jumps over the lazy dog\n"_s.arg(i);
    return text;
}

// A random path as the store could hold it after tool calls, interrupted calls, deleted branches
// (messages missing from the middle) and failed replies.
QList<Message> randomPath(QRandomGenerator &rng, const QString &sessionId)
{
    QList<Message> path;
    QString parent;
    int callCounter = 0;
    auto add = [&](Role role, const QString &content) -> Message & {
        Message m = Message::create(sessionId, parent, role, content);
        parent = m.id;
        path.append(m);
        return path.last();
    };
    const int turns = 1 + int(rng.bounded(30));
    for (int t = 0; t < turns; ++t) {
        const int kind = int(rng.bounded(100));
        if (kind < 3 && t > 0) {
            add(Role::Assistant, u"an assistant message where a user turn was expected"_s);
        }
        add(Role::User, u"question %1: please help with item %2"_s.arg(t).arg(rng.bounded(1000)));
        if (rng.bounded(100) < 4)
            add(Role::User, u"and another thought"_s); // a failed reply left out
        const bool last = t == turns - 1;
        if (last && rng.bounded(100) < 60)
            break; // the current user message
        const int shape = int(rng.bounded(100));
        if (shape < 10) {
            Message &a = add(Role::Assistant, QString());
            a.status = MessageStatus::Failed; // failed reply: no text, no calls
            continue;
        }
        int loops = shape < 55 ? 1 + int(rng.bounded(3)) : 0;
        for (int l = 0; l < loops; ++l) {
            const int n = 1 + int(rng.bounded(3));
            QJsonArray calls;
            QStringList ids;
            for (int c = 0; c < n; ++c) {
                const QString id = u"call_%1"_s.arg(++callCounter);
                ids << id;
                // Some replies were cut by max_tokens inside the arguments, some are not JSON at all.
                const int broken = int(rng.bounded(100));
                const QString arguments = broken < 5 ? u"{\"n\": %1, \"q\": \"unfinish"_s.arg(c)
                    : broken < 7                     ? u"n=%1"_s.arg(c)
                    : broken < 8                     ? u"[%1]"_s.arg(c)
                                                     : u"{\"n\":%1}"_s.arg(c);
                calls.append(QJsonObject {
                    {u"id"_s, id}, {u"name"_s, c % 2 ? u"search"_s : u"fetch"_s}, {u"arguments"_s, arguments}});
            }
            Message &a = add(Role::Assistant, rng.bounded(2) ? u"Let me check."_s : QString());
            a.toolCalls = calls;
            const int fate = int(rng.bounded(100));
            for (int c = 0; c < n; ++c) {
                if (fate < 15 && c == n - 1)
                    break; // interrupted before the last result
                const int size = int(rng.bounded(100));
                QString result = size < 8 ? bigJson(40 + int(rng.bounded(200)))
                    : size < 14           ? bigText(100 + int(rng.bounded(400)))
                                          : u"result of %1"_s.arg(ids.at(c));
                const QString toolName = c % 2 ? u"search"_s : u"fetch"_s;
                Message &r = add(Role::Tool, result);
                r.toolCallId = ids.at(c);
                r.toolName = toolName;
                if (fate >= 15 && fate < 20 && c == 0) { // a duplicate result
                    Message &dup = add(Role::Tool, u"again"_s);
                    dup.toolCallId = ids.at(c);
                    dup.toolName = toolName;
                }
            }
            if (fate >= 20 && fate < 24) { // an orphan from a deleted branch
                Message &o = add(Role::Tool, u"orphan"_s);
                o.toolCallId = u"call_gone_%1"_s.arg(callCounter);
                o.toolName = u"fetch"_s;
            }
        }
        if (last)
            break; // the agent loop is between calls, or the current user message
        if (rng.bounded(100) < 90)
            add(Role::Assistant, u"Here is the answer to question %1."_s.arg(t));
    }
    // Deleted branches: holes anywhere but the last message.
    const int holes = rng.bounded(100) < 30 ? 1 + int(rng.bounded(3)) : 0;
    for (int h = 0; h < holes && path.size() > 2; ++h) {
        const qsizetype at = qsizetype(rng.bounded(quint32(path.size() - 1)));
        qsizetype lastUser = -1;
        for (qsizetype i = 0; i < path.size(); ++i)
            if (path.at(i).role == Role::User)
                lastUser = i;
        if (at != lastUser) // the current message is never deleted
            path.removeAt(at);
    }
    return path;
}

QList<ToolDefinition> someTools()
{
    const QJsonObject params {{u"type"_s, u"object"_s},
                              {u"properties"_s, QJsonObject {{u"n"_s, QJsonObject {{u"type"_s, u"integer"_s}}}}}};
    return {{u"fetch"_s, u"Fetches a document by number. "_s + bigText(20), params},
            {u"search"_s, u"Searches the index.\nLonger explanation follows."_s, params}};
}

} // namespace

class TestGovernance final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dropsOrphansAndSynthesizesMissingResults()
    {
        ChatRequest r;
        r.messages = {ChatMessage::toolResult(u"x"_s, u"lookup"_s, u"orphan before any user"_s),
                      ChatMessage::user(u"hi"_s),
                      ChatMessage::assistant(QString(), {call(u"a"_s), call(u"b"_s)}),
                      ChatMessage::toolResult(u"b"_s, u"lookup"_s, u"B"_s),
                      ChatMessage::toolResult(u"b"_s, u"lookup"_s, u"B again"_s),
                      ChatMessage::toolResult(u"zzz"_s, u"lookup"_s, u"orphan"_s),
                      ChatMessage::user(u"next"_s)};
        const GovernanceReport report = makeLegal(r);
        QCOMPARE(report.orphansDropped, 3);
        QCOMPARE(report.resultsSynthesized, 1);
        QCOMPARE(r.messages.size(), 5);
        QCOMPARE(r.messages.at(2).toolCallId, u"b"_s);
        QCOMPARE(r.messages.at(3).toolCallId, u"a"_s);
        QVERIFY(r.messages.at(3).isError);
        QCOMPARE(r.messages.at(3).content, interruptedResultText());
        for (ProviderKind k : {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(k, WireRequest::body(k, r)), QString());
    }

    // A reply cut by max_tokens inside a call's arguments (or a model's invalid JSON): the request
    // copy carries {} for every kind, so no provider rejects it (llama.cpp answers HTTP 500 to the
    // raw text); the stored message is not touched.
    void brokenArgumentsGoOnTheWireAsAnEmptyObject()
    {
        ToolCall cut = call(u"c1"_s, u"calculator"_s);
        cut.argumentsJson = u"{\"expression\": \"1+1+1+"_s;
        ToolCall notJson = call(u"c2"_s, u"calculator"_s);
        notJson.argumentsJson = u"{'expression': 2}"_s;
        ToolCall array = call(u"c3"_s, u"calculator"_s);
        array.argumentsJson = u"[1, 2]"_s;
        ToolCall fine = call(u"c4"_s, u"calculator"_s);
        ToolCall blank = call(u"c5"_s, u"calculator"_s);
        blank.argumentsJson = QString();
        ChatRequest r;
        r.messages
            = {ChatMessage::user(u"sum"_s), ChatMessage::assistant(QString(), {cut, notJson, array, fine, blank})};
        for (const QString &id : {u"c1"_s, u"c2"_s, u"c3"_s, u"c4"_s, u"c5"_s})
            r.messages.append(ChatMessage::toolResult(id, u"calculator"_s, u"result"_s));
        r.messages.append(ChatMessage::user(u"and?"_s));
        ChatRequest governed = r;
        const GovernanceReport report = makeLegal(governed);
        QCOMPARE(report.argumentsRepaired, 3);
        const QList<ToolCall> calls = governed.messages.at(1).toolCalls;
        QCOMPARE(calls.size(), 5);
        QCOMPARE(calls.at(0).argumentsJson, u"{}"_s);
        QCOMPARE(calls.at(1).argumentsJson, u"{}"_s);
        QCOMPARE(calls.at(2).argumentsJson, u"{}"_s);
        QCOMPARE(calls.at(3).argumentsJson, fine.argumentsJson);
        for (ProviderKind k : {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(k, WireRequest::body(k, governed)), QString());
        // The wire format is legal even for a copy that skipped governance: every kind's builder
        // sends an object (OpenAI as text), never the raw text.
        const QJsonArray sent = WireRequest::body(ProviderKind::OpenAiCompatible, r)[u"messages"_s].toArray();
        QCOMPARE(sent.at(1)[u"tool_calls"_s][0][u"function"_s][u"arguments"_s].toString(), u"{}"_s);
        QCOMPARE(sent.at(1)[u"tool_calls"_s][3][u"function"_s][u"arguments"_s].toString(), fine.argumentsJson);
        QCOMPARE(sent.at(1)[u"tool_calls"_s][4][u"function"_s][u"arguments"_s].toString(), u"{}"_s);
        for (ProviderKind k : {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(k, WireRequest::body(k, r)), QString());
    }

    void mergesConsecutiveTurnsAndDropsEmptyReplies()
    {
        ChatRequest r;
        r.messages = {ChatMessage::user(u"one"_s),    ChatMessage::assistant(QString()), ChatMessage::user(u"two"_s),
                      ChatMessage::assistant(u"a"_s), ChatMessage::assistant(u"b"_s),    ChatMessage::user(u"three"_s)};
        QList<QStringList> sources {{u"1"_s}, {u"2"_s}, {u"3"_s}, {u"4"_s}, {u"5"_s}, {u"6"_s}};
        const GovernanceReport report = makeLegal(r, &sources);
        QCOMPARE(r.messages.size(), 3);
        QCOMPARE(r.messages.at(0).content, u"one\n\ntwo"_s);
        QCOMPARE(r.messages.at(1).content, u"a\n\nb"_s);
        QCOMPARE(sources.at(0), QStringList({u"1"_s, u"3"_s}));
        QCOMPARE(sources.at(1), QStringList({u"4"_s, u"5"_s}));
        QCOMPARE(report.droppedIds, QStringList {u"2"_s});
    }

    void digestsOldLargeOutputsOnly()
    {
        ChatRequest r;
        const QString big = bigJson(300);
        r.messages = {ChatMessage::user(u"q1"_s),
                      ChatMessage::assistant(QString(), {call(u"a"_s)}),
                      ChatMessage::toolResult(u"a"_s, u"lookup"_s, big),
                      ChatMessage::assistant(u"done"_s),
                      ChatMessage::user(u"q2"_s),
                      ChatMessage::assistant(QString(), {call(u"b"_s)}),
                      ChatMessage::toolResult(u"b"_s, u"lookup"_s, big),
                      ChatMessage::assistant(u"done"_s),
                      ChatMessage::user(u"q3"_s)};
        GovernanceLimits limits;
        limits.keepTurns = 2;
        const GovernanceReport report = govern(r, limits);
        QCOMPARE(report.digested, 1);
        const QString digested = r.messages.at(2).content;
        QVERIFY(digested.startsWith(u"[Digest of a tool output"_s));
        QVERIFY(digested.contains(u"nulls dropped"_s));
        QVERIFY(digested.contains(u"more items"_s));
        QVERIFY(limits.estimator.estimateText(digested) <= limits.digestThreshold);
        QCOMPARE(r.messages.at(6).content, big); // within the last 2 turns: kept raw
    }

    void digestOfPlainTextKeepsHeadAndTail()
    {
        const TokenEstimator estimator;
        const QString text = bigText(800);
        const QString d = ToolDigest::digest(text, 300, estimator);
        QVERIFY(estimator.estimateText(d) <= 330);
        QVERIFY(d.contains(u"line 0:"_s));
        QVERIFY(d.contains(u"line 799:"_s));
        QVERIFY(d.contains(u"characters ("_s));
        QVERIFY(!d.contains(u"line 400:"_s));
        QCOMPARE(ToolDigest::digest(u"short"_s, 300, estimator), u"short"_s);
    }

    void capsToolResultsAndDropsOldTurns()
    {
        ChatRequest r;
        const QString big = bigText(200);
        for (int t = 0; t < 6; ++t) {
            const QString id = u"c%1"_s.arg(t);
            r.messages << ChatMessage::user(u"question %1"_s.arg(t)) << ChatMessage::assistant(QString(), {call(id)})
                       << ChatMessage::toolResult(id, u"lookup"_s, big) << ChatMessage::assistant(u"answer"_s);
        }
        r.messages << ChatMessage::user(u"last"_s);
        GovernanceLimits limits;
        limits.digestThreshold = 0; // only the cap acts
        limits.toolResultBudget = 3000;
        limits.messageBudget = 2500;
        const GovernanceReport report = govern(r, limits);
        qint64 toolTokens = 0;
        qint64 total = 0;
        for (const ChatMessage &m : std::as_const(r.messages)) {
            total += messageTokens(limits.estimator, m);
            if (m.role == ChatMessage::Role::Tool)
                toolTokens += messageTokens(limits.estimator, m);
        }
        QVERIFY(report.digested + report.omitted > 0);
        QVERIFY(report.turnsDropped > 0);
        QVERIFY2(total <= limits.messageBudget, qPrintable(QString::number(total)));
        QCOMPARE(total, report.tokens);
        QVERIFY(toolTokens <= limits.toolResultBudget);
        QVERIFY(r.messages.first().role == ChatMessage::Role::User);
        QCOMPARE(r.messages.last().content, u"last"_s);
        for (ProviderKind k : {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(k, WireRequest::body(k, r)), QString());
    }

    // The property: whatever the path, every built request is a valid chain for every provider
    // kind and stays within the input budget unless the current turn alone exceeds it.
    void randomPathsAlwaysGiveValidChains()
    {
        QRandomGenerator rng(20261129);
        const qint64 windows[] = {1024, 2048, 4096, 16384, 128000};
        int overBudget = 0;
        int digested = 0;
        int synthesized = 0;
        int orphans = 0;
        int dropped = 0;
        int repaired = 0;
        constexpr int Paths = 2500;
        for (int n = 0; n < Paths; ++n) {
            Session session = Session::create(u"p"_s);
            session.model = u"gpt-4o"_s;
            session.systemPrompt = n % 3 ? u"You are terse."_s : QString();
            const qint64 window = windows[rng.bounded(quint32(std::size(windows)))];
            session.contextSettings
                = QJsonObject {{u"window"_s, window}, {u"history_count"_s, 10 + int(rng.bounded(60))}};
            ContextEngine source;
            if (rng.bounded(2))
                source.setTools(someTools());
            const QList<Message> path = randomPath(rng, session.id);
            const auto inputs = source.inputsFor(session, path);
            const AssembledContext built = ContextAssembler::assemble(session, *inputs);
            const ChatRequest &request = built.request;
            for (ProviderKind k :
                 {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative}) {
                const QString problem = chainProblem(k, WireRequest::body(k, request));
                if (!problem.isEmpty()) {
                    QString dump;
                    for (const Message &m : path)
                        dump += toString(m.role) + u"("_s + m.toolCallId + u") "_s;
                    QFAIL(qPrintable(u"path %1, kind %2: %3\npath: %4"_s.arg(n).arg(int(k)).arg(problem, dump)));
                }
            }
            if (built.governance.overBudget) {
                ++overBudget;
            } else {
                QVERIFY2(built.snapshot.estimatedTokens <= built.budget.input,
                         qPrintable(
                             u"path %1: %2 > %3"_s.arg(n).arg(built.snapshot.estimatedTokens).arg(built.budget.input)));
            }
            // Ids are accounted for: sent or excluded, never both.
            const QSet<QString> sent(built.includedIds.cbegin(), built.includedIds.cend());
            for (const QString &id : built.excludedIds)
                QVERIFY(!sent.contains(id));
            QCOMPARE(built.includedIds.size() + built.excludedIds.size(), path.size());
            digested += built.governance.digested;
            synthesized += built.governance.resultsSynthesized;
            orphans += built.governance.orphansDropped;
            dropped += built.governance.turnsDropped;
            repaired += built.governance.argumentsRepaired;
        }
        // The generator exercised every mechanism.
        QVERIFY(digested > 0);
        QVERIFY(synthesized > 0);
        QVERIFY(orphans > 0);
        QVERIFY(dropped > 0);
        QVERIFY(repaired > 0);
        QVERIFY(overBudget < Paths / 10);
        qInfo("%d paths x 3 kinds valid; %d over budget by their current turn alone; %d digests, %d synthetic "
              "results, %d orphans dropped, %d turns dropped",
              Paths, overBudget, digested, synthesized, orphans, dropped);
    }
};

SKEIN_CORE_TEST_MAIN(TestGovernance)
#include "tst_governance.moc"
