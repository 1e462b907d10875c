// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memorybench.h"

#include "core/domain/session.h"
#include "core/tokens/tokenestimator.h"
#include "engine/context/contextengine.h"
#include "engine/memory/consolidator.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/memorysettings.h"
#include "engine/turn/modelcall.h"
#include "engine/turn/resultdigest.h"
#include "llm/providerclient.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>

namespace Skein::Bench {

namespace {

using namespace Qt::StringLiterals;
using Test::RecordedRequest;
using Test::ReplayResponse;
using Test::ReplayServer;

constexpr qint64 window = 16000; // the model's context window in every run
const QString model = u"bench-model"_s;

struct Fact
{
    QString statement;
    QString question;
    QString code; // what must be in the request when the question is asked
};

struct Turn
{
    QString user;
    int toolRecords = 0; // > 0: the model calls search_docs, which returns this many records
    QString asks; // the code of a planted fact this turn's question needs
};

struct Script
{
    QString name;
    QList<Turn> turns;
};

Fact fact(int script, int k)
{
    static const char *prefixes[] = {"HERON", "KESTREL", "OSPREY", "MERLIN", "PLOVER"};
    const QString code = u"%1-%2"_s.arg(QLatin1StringView(prefixes[k % 5])).arg(1000 + (script * 37 + k * 911) % 9000);
    switch (k % 5) {
    case 0:
        return {u"Please remember: the budget code for project Heron is %1."_s.arg(code),
                u"What was the budget code for project Heron again?"_s, code};
    case 1:
        return {u"My staging server is called %1, keep that in mind."_s.arg(code),
                u"What is my staging server called?"_s, code};
    case 2:
        return {u"I prefer that every weekly report starts with the ticket %1."_s.arg(code),
                u"Which ticket should my weekly report start with?"_s, code};
    case 3:
        return {u"The database I work on is named %1."_s.arg(code), u"Which database do I work on?"_s, code};
    default:
        return {u"My manager's employee id is %1."_s.arg(code), u"What is my manager's employee id?"_s, code};
    }
}

const QStringList topics {u"deployment"_s, u"caching"_s,    u"logging"_s, u"billing"_s,
                          u"search"_s,     u"onboarding"_s, u"backups"_s, u"monitoring"_s};

// A deterministic conversation: facts planted early, tool calls every 2–4 turns (every other one
// with a large output, 120–370 records), the questions that need the facts late.
Script makeScript(int index, int length)
{
    Script s;
    s.name = u"%1-turn #%2"_s.arg(length).arg(index + 1);
    const QList<int> plantAt = length <= 20 ? QList<int> {1, 3, 5} : QList<int> {1, 4, 8, 20, 35};
    const QList<int> askAt = length <= 20 ? QList<int> {15, 17, 19} : QList<int> {70, 80, 88, 94, 99};
    const int every = 2 + index % 3; // a tool call every 2nd, 3rd or 4th turn
    for (int t = 0; t < length; ++t) {
        Turn turn;
        const QString topic = topics[(t + index) % topics.size()];
        turn.user = u"[turn %1] Let us continue with the %2 work: what should we check next, and which risks "
                    "do you see for the %2 part of the system this week?"_s.arg(t)
                        .arg(topic);
        if (const qsizetype k = plantAt.indexOf(t); k >= 0)
            turn.user = u"[turn %1] %2 Then tell me one more thing about %3."_s.arg(t).arg(
                fact(index, int(k)).statement, topic);
        if (const qsizetype k = askAt.indexOf(t); k >= 0) {
            turn.user = u"[turn %1] %2"_s.arg(t).arg(fact(index, int(k)).question);
            turn.asks = fact(index, int(k)).code;
        } else if (t % every == every - 1) {
            // Every other tool call returns a large output; sizes differ between scripts.
            turn.toolRecords = (t / every) % 2 ? 120 + 50 * index : 15 + 5 * index;
        }
        s.turns.append(turn);
    }
    return s;
}

QString toolOutput(int turn, int records)
{
    QJsonArray rows;
    for (int i = 0; i < records; ++i)
        rows.append(QJsonObject {{u"id"_s, turn * 1000 + i},
                                 {u"title"_s, u"Document %1 about section %2"_s.arg(i).arg(turn)},
                                 {u"status"_s, i % 3 ? u"ok"_s : u"stale"_s},
                                 {u"score"_s, double((i * 7919) % 1000) / 1000.0},
                                 {u"owner"_s, QJsonValue()}});
    return QString::fromUtf8(QJsonDocument(QJsonObject {{u"results"_s, rows}}).toJson(QJsonDocument::Compact));
}

int turnOf(const QString &text)
{
    static const QRegularExpression marker(u"\\[turn (\\d+)\\]"_s);
    const auto m = marker.match(text);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QString systemOf(const QJsonArray &messages)
{
    for (const QJsonValue &m : messages)
        if (m.toObject().value("role"_L1).toString() == "system"_L1)
            return Test::contentText(m.toObject().value("content"_L1));
    return {};
}

// Every tool result answers a declared call, every declared call has its result before the next
// user or assistant message.
bool validChain(const QJsonArray &messages)
{
    QSet<QString> open;
    for (const QJsonValue &v : messages) {
        const QJsonObject m = v.toObject();
        const QString role = m.value("role"_L1).toString();
        if (role == "tool"_L1) {
            if (!open.remove(m.value("tool_call_id"_L1).toString()))
                return false;
            continue;
        }
        if (!open.isEmpty())
            return false;
        if (role == "assistant"_L1)
            for (const QJsonValue &c : m.value("tool_calls"_L1).toArray())
                open.insert(c.toObject().value("id"_L1).toString());
    }
    return open.isEmpty();
}

qint64 requestTokens(const QJsonObject &body, const TokenEstimator &estimator)
{
    qint64 total = TokenEstimator::replyPriming();
    for (const QJsonValue &v : body.value("messages"_L1).toArray()) {
        const QJsonObject m = v.toObject();
        const QString calls = m.contains("tool_calls"_L1)
            ? QString::fromUtf8(QJsonDocument(m.value("tool_calls"_L1).toArray()).toJson(QJsonDocument::Compact))
            : QString();
        total += estimator.estimateMessage(m.value("role"_L1).toString(), Test::contentText(m.value("content"_L1)),
                                           calls);
    }
    return total;
}

// The deterministic summariser: the opening words of every user turn and every sentence that
// carries a code, as a careful summariser following our prompt would keep them.
QString summarise(const QString &data, bool rollUp)
{
    static const QRegularExpression code(u"\\b[A-Z]{3,}-\\d{3,}\\b"_s);
    static const QRegularExpression sentence(u"[^.!?\\n]*[.!?]"_s);
    QStringList lines;
    QStringList codes;
    auto it = sentence.globalMatch(data);
    while (it.hasNext()) {
        QString s = it.next().captured().trimmed();
        while (s.startsWith(u'-'))
            s = s.mid(1).trimmed();
        const auto m = code.match(s);
        if (m.hasMatch() && !codes.contains(m.captured())) {
            codes.append(m.captured());
            lines.append(u"- "_s + s);
        }
    }
    // Topic lines: one per user turn of a segment; a roll-up keeps the ten most recent (its prompt
    // caps it at 400 words).
    QStringList topicLines;
    static const QRegularExpression asked(u"- The user asked: [^\n]*"_s);
    if (rollUp) {
        auto lineIt = asked.globalMatch(data);
        while (lineIt.hasNext())
            topicLines.append(lineIt.next().captured());
        topicLines = topicLines.mid(std::max<qsizetype>(0, topicLines.size() - 10));
    } else {
        for (const QString &block : data.split(u"[user]"_s).mid(1))
            topicLines.append(u"- The user asked: "_s + block.simplified().split(u' ').mid(0, 12).join(u' '));
    }
    return (lines + topicLines).join(u'\n');
}

QJsonArray extractDecisions(const QJsonObject &data)
{
    static const QRegularExpression code(u"\\b[A-Z]{3,}-\\d{3,}\\b"_s);
    static const QRegularExpression sentence(u"[^.!?\\n]*[.!?]"_s);
    QJsonArray out;
    for (const QJsonValue &v : data.value("user_messages"_L1).toArray()) {
        const QJsonObject m = v.toObject();
        auto it = sentence.globalMatch(m.value("own_words"_L1).toString());
        while (it.hasNext()) {
            const QString s = it.next().captured().trimmed();
            if (code.match(s).hasMatch())
                out.append(QJsonObject {{u"action"_s, u"add"_s},
                                        {u"type"_s, s.contains(u"prefer"_s) ? u"preference"_s : u"fact"_s},
                                        {u"content"_s, QString(u"The user noted: "_s + s)},
                                        {u"source_message_id"_s, m.value("id"_L1)}});
        }
    }
    if (out.isEmpty())
        out.append(QJsonObject {{u"action"_s, u"none"_s}});
    return out;
}

enum class Mode { Full, Summaries, Memory };

QString modeName(Mode mode)
{
    switch (mode) {
    case Mode::Full:
        return u"full history"_s;
    case Mode::Summaries:
        return u"window + summaries"_s;
    case Mode::Memory:
        return u"window + summaries + memory"_s;
    }
    return {};
}

struct RunStats
{
    QList<qint64> tokens; // per chat request
    QList<qint64> turnPeak; // per turn: the largest request of the turn
    int rejected = 0;
    int failedTurns = 0;
    int asked = 0;
    int available = 0;
    int verbatim = 0;
    int inSummary = 0;
    int inMemory = 0;
    int summaries = 0;
    int brokenSummaries = 0; // rows whose span is not on the path (must be 0 on a linear path)
    int memories = 0;
    qint64 elapsedMs = 0;

    qint64 peak() const { return tokens.isEmpty() ? 0 : *std::max_element(tokens.begin(), tokens.end()); }
    double mean() const
    {
        return tokens.isEmpty()
            ? 0.0
            : double(std::accumulate(tokens.begin(), tokens.end(), qint64(0))) / double(tokens.size());
    }
};

bool waitFor(const std::function<bool()> &done, int timeoutMs = 30000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    }
    return true;
}

void must(bool ok, const char *what)
{
    if (!ok)
        qFatal("seed experiment: %s failed", what);
}

RunStats run(const Script &script, Mode mode, bool digestResults)
{
    RunStats stats;
    QElapsedTimer clock;
    clock.start();
    QTemporaryDir dir;
    AsyncStore store;
    bool opened = false;
    QObject context;
    store.open(dir.path(), {}, &context, [&](Result<AsyncStore::OpenReport> r) {
        must(r.ok(), "opening the database");
        opened = true;
    });
    must(waitFor([&] { return opened; }), "opening the database");

    Session session = Session::create(script.name);
    session.model = model;
    session.systemPrompt = u"You are a careful engineering assistant."_s;
    session.contextSettings = QJsonObject {{u"window"_s, window}};
    {
        auto sync = Store::open(dir.path());
        must(sync.ok(), "opening a connection");
        must(sync.value()->sessions().create(session).ok(), "creating the session");
        MemorySettings settings;
        settings.reviewRequired = false; // the experiment measures what memory can carry
        must(settings.save(sync.value()->settings()).ok(), "saving settings");
    }

    const TokenEstimator estimator = TokenEstimator::forModel(model);
    int currentTurn = -1;
    std::optional<QJsonObject> firstRequestOfTurn;
    qint64 turnPeak = 0;
    ReplayServer server;
    must(server.listen(), "listening");
    server.route("POST", "/v1/chat/completions", [&](const RecordedRequest &r) -> ReplayResponse {
        const QJsonObject body = Test::requestJson(r);
        const QJsonArray messages = body.value("messages"_L1).toArray();
        const QString system = systemOf(messages);
        if (system.contains("condense part of a long conversation"_L1))
            return Test::openAiText(summarise(Test::lastUserText(r), false));
        if (system.contains("running summary of a whole conversation"_L1))
            return Test::openAiText(summarise(Test::lastUserText(r), true));
        if (system.contains("long-term memory"_L1)) {
            const QJsonObject data = QJsonDocument::fromJson(Test::lastUserText(r).toUtf8()).object();
            return Test::openAiText(QString::fromUtf8(
                QJsonDocument(QJsonObject {{u"decisions"_s, extractDecisions(data)}}).toJson(QJsonDocument::Compact)));
        }
        if (!validChain(messages)) {
            ++stats.rejected;
            return Test::openAiError(400, u"invalid_request_error"_s,
                                     u"messages with role 'tool' must be a response to a preceding tool_calls"_s);
        }
        const qint64 tokens = requestTokens(body, estimator);
        stats.tokens.append(tokens);
        turnPeak = std::max(turnPeak, tokens);
        if (!firstRequestOfTurn)
            firstRequestOfTurn = body;
        const QJsonObject last = messages.last().toObject();
        const int turn = turnOf(Test::lastUserText(r));
        Test::ScriptedReply reply;
        reply.promptTokens = int(tokens);
        reply.chunkChars = 4096;
        if (last.value("role"_L1).toString() == "user"_L1 && turn >= 0 && turn < script.turns.size()
            && script.turns[turn].toolRecords > 0) {
            reply.toolCalls.append(
                {u"call_%1"_s.arg(turn), u"search_docs"_s, QJsonObject {{u"query"_s, u"turn %1"_s.arg(turn)}}});
        } else {
            reply.text = u"For turn %1: check the configuration, then the alerts, then the open tickets; the "
                         "main risk is an unreviewed change reaching production before the freeze."_s.arg(turn);
        }
        return Test::openAiReply(reply);
    });
    QNetworkAccessManager network;
    ProviderEndpoint endpoint
        = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), u"sk-bench"_s);
    endpoint.retry.maxRetries = 0;
    ProviderClient client(&network, endpoint);
    // The baseline replays the whole path, as a client without a context engine does.
    std::shared_ptr<const ContextSource> source;
    if (mode == Mode::Full)
        source = std::make_shared<WholePathSource>();
    else
        source = std::make_shared<ContextEngine>();
    Consolidator consolidator(&store);
    MemoryExtractor extractor(&store);
    Consolidator::Options options;
    options.historyShare = Consolidator::historyShareFor(session, nullptr, model);

    auto chat = [&](const std::function<void(ModelCall &)> &start) -> std::unique_ptr<ModelCall> {
        auto turn = std::make_unique<ModelCall>(&store, &client);
        turn->setModel(model);
        turn->setFlushInterval(5);
        turn->setContextSource(source);
        start(*turn);
        must(waitFor([&] { return turn->isFinished(); }), "a chat turn");
        return turn;
    };

    for (int t = 0; t < script.turns.size(); ++t) {
        const Turn &turn = script.turns[t];
        currentTurn = t;
        firstRequestOfTurn.reset();
        turnPeak = 0;
        auto first = chat([&](ModelCall &c) { c.send(session.id, turn.user); });
        bool ok = first->status() == MessageStatus::Complete;
        if (ok && first->turn().hasToolCalls()) {
            const ToolCall call = first->turn().toolCalls.first();
            Message result
                = Message::create(session.id, first->assistantMessageId(), Role::Tool, toolOutput(t, turn.toolRecords));
            // Stored as the agent loop stores a tool result (Turn::storeResult, SPEC §5.2): the
            // raw output, and a digest for the model when it is over 1,200 tokens. Both modes send
            // the digest (WholePathSource and the context engine read render_content alike).
            if (digestResults)
                result.renderContent = ResultDigest::make(result.content);
            result.toolCallId = call.id;
            result.toolName = call.name;
            bool written = false;
            store.write(
                &context,
                [result](Store &s) -> Status {
                    if (Status st = s.messages().insert(result); !st)
                        return st;
                    return s.sessions().setActiveLeaf(result.sessionId, result.id);
                },
                [&](Status st) {
                    must(st.ok(), "writing a tool result");
                    written = true;
                });
            must(waitFor([&] { return written; }), "writing a tool result");
            auto second = chat([&](ModelCall &c) { c.reply(session.id); });
            ok = second->status() == MessageStatus::Complete;
        }
        if (!ok)
            ++stats.failedTurns;
        stats.turnPeak.append(turnPeak);
        if (!turn.asks.isEmpty() && firstRequestOfTurn) {
            ++stats.asked;
            const QJsonArray messages = firstRequestOfTurn->value("messages"_L1).toArray();
            const QString system = systemOf(messages);
            QString history;
            for (const QJsonValue &m : messages)
                if (m.toObject().value("role"_L1).toString() != "system"_L1)
                    history += Test::contentText(m.toObject().value("content"_L1)) + u'\n';
            const qsizetype memStart = system.indexOf(u"<memories>"_s);
            const qsizetype memEnd = system.indexOf(u"</memories>"_s);
            const QString memories
                = memStart >= 0 && memEnd > memStart ? system.mid(memStart, memEnd - memStart) : QString();
            QString rest = system;
            if (!memories.isEmpty())
                rest.remove(memStart, memEnd - memStart);
            const bool inHistory = history.contains(turn.asks);
            const bool inMemory = memories.contains(turn.asks);
            const bool inSummary = rest.contains(turn.asks);
            stats.verbatim += inHistory;
            stats.inMemory += inMemory;
            stats.inSummary += inSummary;
            stats.available += inHistory || inMemory || inSummary;
        }
        if (mode != Mode::Full) {
            bool done = false;
            consolidator.run(session.id, ModelRoute {&client, model}, options,
                             [&](const Consolidator::Report &) { done = true; });
            must(waitFor([&] { return done; }), "consolidation");
        }
        if (mode == Mode::Memory && (t % 3 == 2 || t + 1 == script.turns.size())) {
            bool done = false;
            extractor.run(session.id, ModelRoute {&client, model},
                          [&](const MemoryExtractor::Report &) { done = true; });
            must(waitFor([&] { return done; }), "memory extraction");
        }
    }
    Q_UNUSED(currentTurn)
    {
        auto sync = Store::open(dir.path());
        const QList<Message> path
            = sync.value()->messages().path(sync.value()->sessions().get(session.id)->activeLeafId).value();
        QSet<QString> onPath;
        for (const Message &m : path)
            onPath.insert(m.id);
        const QList<Summary> rows = sync.value()->summaries().bySession(session.id, true).value();
        for (const Summary &row : rows)
            if (!onPath.contains(row.firstMessageId) || !onPath.contains(row.lastMessageId))
                ++stats.brokenSummaries;
        stats.summaries = int(rows.size());
        stats.memories = int(sync.value()->memories().list({}).value().size());
    }
    stats.elapsedMs = clock.elapsed();
    return stats;
}

} // namespace

bool runSeedExperiment(QTextStream &out, bool perTurn, bool digestToolResults)
{
    out << "\n== Seed experiment: full history vs window + summaries (+ memory) ==\n"
        << "scripted model on loopback HTTP, window " << window << " tokens, prompt tokens by TokenEstimator\n"
        << (digestToolResults ? "tool results stored as the agent loop stores them (raw + digest over 1,200 tokens)\n"
                              : "tool results stored raw only (the model reads each whole; --digest-tool-results: as "
                                "the agent loop stores them)\n");
    QList<Script> scripts;
    for (int i = 0; i < 3; ++i)
        scripts.append(makeScript(i, 20));
    for (int i = 3; i < 6; ++i)
        scripts.append(makeScript(i, 100));
    bool ok = true;
    qint64 worstRatioPermille = 0;
    int asked = 0;
    int available = 0;
    int rejected = 0;
    int failedTurns = 0;
    const QList<Mode> modes {Mode::Full, Mode::Summaries, Mode::Memory};
    out << QStringLiteral("%1 | %2 | %3 | %4 | %5 | %6 | %7 | %8\n")
               .arg(u"conversation"_s, -14)
               .arg(u"mode"_s, -28)
               .arg(u"peak"_s, 7)
               .arg(u"mean"_s, 7)
               .arg(u"peak/full"_s, 9)
               .arg(u"rejected"_s, 8)
               .arg(u"facts (verbatim/summary/memory)"_s, -32)
               .arg(u"summaries/memories"_s);
    const int only
        = qEnvironmentVariableIsSet("SKEIN_BENCH_ONLY") ? qEnvironmentVariableIntValue("SKEIN_BENCH_ONLY") : -1;
    for (qsizetype i = 0; i < scripts.size(); ++i) {
        if (only >= 0 && i != only)
            continue;
        const Script &script = scripts[i];
        qint64 fullPeak = 0;
        for (Mode mode : modes) {
            const RunStats s = run(script, mode, digestToolResults);
            if (mode == Mode::Full)
                fullPeak = s.peak();
            const double ratio = fullPeak > 0 ? double(s.peak()) / double(fullPeak) : 0.0;
            if (mode == Mode::Memory) {
                worstRatioPermille = std::max(worstRatioPermille, qint64(ratio * 1000));
                asked += s.asked;
                available += s.available;
            }
            rejected += s.rejected;
            failedTurns += s.failedTurns;
            ok = ok && s.rejected == 0 && s.failedTurns == 0;
            out << QStringLiteral("%1 | %2 | %3 | %4 | %5 | %6 | %7 | %8")
                       .arg(script.name, -14)
                       .arg(modeName(mode), -28)
                       .arg(s.peak(), 7)
                       .arg(qint64(s.mean()), 7)
                       .arg(u"%1%"_s.arg(ratio * 100, 0, 'f', 1), 9)
                       .arg(s.rejected, 8)
                       .arg(u"%1/%2 (%3/%4/%5)"_s.arg(s.available)
                                .arg(s.asked)
                                .arg(s.verbatim)
                                .arg(s.inSummary)
                                .arg(s.inMemory),
                            -32)
                       .arg(u"%1/%2"_s.arg(s.summaries).arg(s.memories))
                << (s.brokenSummaries ? u"  [%1 summary rows off the path]"_s.arg(s.brokenSummaries) : QString())
                << "\n";
            if (perTurn) {
                QStringList peaks;
                for (qint64 p : s.turnPeak)
                    peaks.append(QString::number(p));
                out << "  per turn: " << peaks.join(u' ') << '\n';
            }
            out.flush();
        }
    }
    const double availability = asked > 0 ? 100.0 * available / asked : 0.0;
    out << QStringLiteral("worst peak ratio (window + summaries + memory vs full): %1% (target <= 35%)\n")
               .arg(double(worstRatioPermille) / 10.0, 0, 'f', 1)
        << QStringLiteral("fact availability with memory: %1/%2 = %3% (target >= 95%)\n")
               .arg(available)
               .arg(asked)
               .arg(availability, 0, 'f', 1)
        << QStringLiteral("requests rejected for invalid tool chains: %1 (must be 0)\n").arg(rejected);
    return ok;
}

} // namespace Skein::Bench
