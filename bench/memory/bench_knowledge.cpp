// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_knowledge: knowledge update (docs/benchmarks.md, "Knowledge update"; docs/memory.md).
//
//   bench_knowledge [--users N] [--turns T] [--seed S]
//
// For each of N users a conversation of T turns is written turn by turn into a real database:
// small talk, and 20 personal facts (home city, job, dog's name, ...) stated early and changed
// one to three times later, sometimes twice within one extraction batch, sometimes repeated
// unchanged. Every 3 turns — the app's default batch — MemoryExtractor asks the extraction model
// over HTTP on 127.0.0.1, exactly as after a real turn, and applies its decisions.
//
// The extraction model is a script (ExtractionScript below) that speaks the real wire format (an
// OpenAI chat completion) and answers the request Skein really sends: it reads the JSON data of
// the request — the existing memories it was shown and the user's own words — and decides per
// statement: "add" for a fact it was not shown, "none" with the id for one it was shown with
// the same value (a confirmation), "supersede" with the id for one whose value changed. It knows
// nothing the request does not contain; in particular it targets the memory it was shown, never
// one added earlier in the same reply, so a fact changed twice in one batch relies on Skein
// following the chain.
//
// After each extraction some facts stated so far are asked about: the question becomes the draft
// of the next request (ContextLoader::load + ContextAssembler::assemble, as `skein-cli context
// --draft` does) and the memories the context carries are read. A question counts when the
// injected memories hold the fact's current value and none of its earlier values.
//
// Baseline in the same run: the same script without "supersede" — a changed value is added as a
// new memory, as an extractor that only knows add/update/none does when it takes the new value for
// a new fact — so the stale value keeps being injected next to the new one.

#include "core/domain/ids.h"
#include "core/domain/session.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/memoryops.h"
#include "engine/memory/memorysettings.h"
#include "llm/providerclient.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <random>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

struct Slot
{
    QString label; // "home city"
    QStringList values;
};

QList<Slot> slots()
{
    return {
        {u"home city"_s, {u"Berlin"_s, u"Osaka"_s, u"Lisbon"_s, u"Toronto"_s, u"Nairobi"_s, u"Porto"_s}},
        {u"job"_s, {u"nurse"_s, u"paramedic"_s, u"teacher"_s, u"carpenter"_s, u"pilot"_s, u"architect"_s}},
        {u"employer"_s, {u"Acme Ltd"_s, u"Globex"_s, u"Initech"_s, u"Umbrella Labs"_s, u"Hooli"_s, u"Vandelay"_s}},
        {u"dog's name"_s, {u"Rex"_s, u"Biscuit"_s, u"Luna"_s, u"Pepper"_s, u"Mochi"_s, u"Scout"_s}},
        {u"car"_s, {u"Volvo V60"_s, u"Toyota Prius"_s, u"Fiat Panda"_s, u"Tesla Model 3"_s, u"Skoda Octavia"_s}},
        {u"phone"_s, {u"Pixel 8"_s, u"iPhone 13"_s, u"Fairphone 5"_s, u"Galaxy S23"_s, u"Nokia G42"_s}},
        {u"favourite food"_s, {u"ramen"_s, u"paella"_s, u"pierogi"_s, u"tacos"_s, u"dal"_s, u"risotto"_s}},
        {u"partner's name"_s, {u"Ines"_s, u"Tomas"_s, u"Keiko"_s, u"Amara"_s, u"Lars"_s, u"Priya"_s}},
        {u"gym"_s, {u"Iron Temple"_s, u"FitHub"_s, u"Blue Wave Pool"_s, u"Summit Climbing"_s, u"CoreBox"_s}},
        {u"second language"_s, {u"Japanese"_s, u"Spanish"_s, u"Swahili"_s, u"Polish"_s, u"Korean"_s}},
        {u"football team"_s, {u"Benfica"_s, u"Celtic"_s, u"Ajax"_s, u"Napoli"_s, u"Boca Juniors"_s}},
        {u"code editor"_s, {u"Vim"_s, u"Emacs"_s, u"Kate"_s, u"Helix"_s, u"Zed"_s, u"Qt Creator"_s}},
        {u"laptop"_s, {u"ThinkPad X1"_s, u"Framework 13"_s, u"MacBook Air"_s, u"XPS 13"_s, u"Pinebook"_s}},
        {u"coffee order"_s, {u"flat white"_s, u"espresso"_s, u"oat latte"_s, u"cortado"_s, u"cold brew"_s}},
        {u"favourite band"_s, {u"Radiohead"_s, u"ABBA"_s, u"Khruangbin"_s, u"Daft Punk"_s, u"Fela Kuti"_s}},
        {u"current book"_s, {u"Dune"_s, u"Middlemarch"_s, u"The Overstory"_s, u"Piranesi"_s, u"Kindred"_s}},
        {u"weekly running distance"_s, {u"10 km"_s, u"25 km"_s, u"40 km"_s, u"5 km"_s, u"60 km"_s}},
        {u"diet"_s, {u"vegetarian"_s, u"vegan"_s, u"pescatarian"_s, u"omnivore"_s, u"keto"_s}},
        {u"main hobby"_s, {u"pottery"_s, u"bouldering"_s, u"chess"_s, u"birdwatching"_s, u"sailing"_s}},
        {u"commute"_s, {u"bike"_s, u"train"_s, u"bus"_s, u"car"_s, u"on foot"_s, u"ferry"_s}},
    };
}

// How a user says it. The script reads {label} and {value} back from any of these.
QString statement(const QString &label, const QString &value, int kind)
{
    switch (kind) {
    case 0:
        return u"My %1 is %2."_s.arg(label, value);
    case 1:
        return u"Quick update: my %1 is now %2."_s.arg(label, value);
    case 2:
        return u"Things changed, my %1 is %2 these days."_s.arg(label, value);
    default:
        return u"Still the same: my %1 is still %2."_s.arg(label, value);
    }
}

const QRegularExpression &statementPattern()
{
    static const QRegularExpression re(u"\\bmy (.+?) is (?:now |still )?(.+?)(?: these days)?\\."_s,
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

QString memoryText(const QString &label, const QString &value)
{
    return u"The user's %1 is %2"_s.arg(label, value);
}

// The scripted extraction model (see the file comment).
class ExtractionScript
{
public:
    bool supersede = true;
    int calls = 0;

    ReplayResponse answer(const RecordedRequest &request)
    {
        ++calls;
        const QJsonObject data = QJsonDocument::fromJson(lastUserText(request).toUtf8()).object();
        QHash<QString, std::pair<QString, QString>> shown; // label → (id, value)
        static const QRegularExpression memoryRe(u"^The user's (.+?) is (.+)$"_s);
        for (const QJsonValue v : data.value("existing_memories"_L1).toArray()) {
            const QRegularExpressionMatch m = memoryRe.match(v[u"content"_s].toString());
            if (m.hasMatch() && !shown.contains(m.captured(1))) // newest first
                shown.insert(m.captured(1), {v[u"id"_s].toString(), m.captured(2)});
        }
        QJsonArray decisions;
        QHash<QString, qsizetype> addedHere; // label → its "add" in this reply
        for (const QJsonValue v : data.value("user_messages"_L1).toArray()) {
            const QString words = v[u"own_words"_s].toString();
            const QRegularExpressionMatch m = statementPattern().match(words);
            if (!m.hasMatch())
                continue;
            const QString label = m.captured(1);
            const QString value = m.captured(2);
            const QString source = v[u"id"_s].toString();
            const QJsonObject add {{u"action"_s, u"add"_s},
                                   {u"type"_s, u"fact"_s},
                                   {u"content"_s, memoryText(label, value)},
                                   {u"source_message_id"_s, source},
                                   {u"reason"_s, u"new fact"_s}};
            const auto known = shown.constFind(label);
            if (known == shown.cend()) {
                // New, or stated again in this batch before any memory existed: one add, with
                // the latest value.
                if (const auto earlier = addedHere.constFind(label); earlier != addedHere.cend()) {
                    decisions[*earlier] = add;
                } else {
                    addedHere.insert(label, decisions.size());
                    decisions.append(add);
                }
            } else if (known->second == value) {
                decisions.append(
                    QJsonObject {{u"action"_s, u"none"_s}, {u"id"_s, known->first}, {u"reason"_s, u"already known"_s}});
            } else if (supersede) {
                decisions.append(QJsonObject {{u"action"_s, u"supersede"_s},
                                              {u"id"_s, known->first},
                                              {u"type"_s, u"fact"_s},
                                              {u"content"_s, memoryText(label, value)},
                                              {u"source_message_id"_s, source},
                                              {u"reason"_s, u"the user's %1 changed"_s.arg(label)}});
            } else {
                decisions.append(add);
            }
        }
        if (decisions.isEmpty())
            decisions.append(QJsonObject {{u"action"_s, u"none"_s}, {u"reason"_s, u"small talk"_s}});
        if (qEnvironmentVariableIsSet("BENCH_DEBUG"))
            QTextStream(stdout) << "decisions: " << QJsonDocument(decisions).toJson(QJsonDocument::Compact) << Qt::endl;
        return openAiText(
            QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson(QJsonDocument::Compact)));
    }
};

struct Tally
{
    qint64 asked = 0;
    qint64 current = 0; // the current value injected
    qint64 clean = 0; // ... and no earlier value of the fact
    qint64 changedAsked = 0; // questions about a fact that had changed at least once
    qint64 changedClean = 0;
    qint64 historyKept = 0; // earlier values still in the database (as superseded memories)
    qint64 historyTotal = 0;
};

bool waitFor(const std::function<bool()> &done, int ms = 30000)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

bool runUser(AsyncStore &async, Store &store, const ModelRoute &route, std::mt19937 &rng, int turns, bool review,
             Tally &tally, QTextStream &out)
{
    const QList<Slot> all = slots();
    Session session = Session::create(u"knowledge"_s);
    session.model = u"chat-model"_s;
    if (!store.sessions().create(session))
        return false;

    // The script of the conversation: per turn, a statement (slot, value, phrasing) or small talk.
    struct Said
    {
        int slot = -1;
        QString value;
        int kind = 0;
    };
    QList<Said> plan(turns);
    QHash<int, QStringList> history; // slot → values in the order said
    std::uniform_int_distribution<int> early(0, turns / 5);
    std::uniform_int_distribution<int> later(turns / 5 + 1, turns - 2);
    for (int s = 0; s < all.size(); ++s) {
        QStringList values = all[s].values;
        std::shuffle(values.begin(), values.end(), rng);
        const int changes = 1 + int(rng() % 3);
        QList<int> at {early(rng)};
        for (int c = 0; c < changes; ++c)
            at.append(later(rng));
        std::sort(at.begin(), at.end());
        // Now and then a change right after the previous one: two in one extraction batch.
        if (rng() % 4 == 0 && at.size() > 2)
            at[2] = at[1] + 1;
        for (int i = 0; i < at.size(); ++i) {
            int t = at[i];
            while (t < turns && plan[t].slot >= 0)
                ++t;
            if (t >= turns)
                break;
            plan[t] = {s, values.at(i % values.size()), i == 0 ? 0 : 1 + int(rng() % 2)};
        }
        // A repetition of the current value somewhere later: a confirmation.
        const int again = later(rng);
        if (plan[again].slot < 0)
            plan[again] = {s, QString(), 3};
    }

    MemoryExtractor extractor(&async);
    QHash<int, QString> currentValue;
    QString parent;
    qint64 clock = 1'700'000'000'000;
    for (int t = 0; t < turns; ++t) {
        Said said = plan[t];
        QString text = u"Let's talk about topic %1 for a bit; what do you think about it?"_s.arg(t);
        if (said.slot >= 0) {
            if (said.kind == 3) {
                if (!currentValue.contains(said.slot))
                    said.slot = -1; // nothing to repeat yet
                else
                    said.value = currentValue.value(said.slot);
            }
            if (said.slot >= 0) {
                text = statement(all[said.slot].label, said.value, said.kind);
                if (said.kind != 3) {
                    currentValue.insert(said.slot, said.value);
                    history[said.slot].append(said.value);
                }
            }
        }
        if (qEnvironmentVariableIsSet("BENCH_DEBUG") && said.slot >= 0)
            out << "turn " << t << ": " << text << Qt::endl;
        Message user = Message::create(session.id, parent, Role::User, text);
        user.createdAt = user.completedAt = clock += 60000;
        Message reply = Message::create(session.id, user.id, Role::Assistant, u"Noted, thanks."_s);
        reply.createdAt = reply.completedAt = clock += 5000;
        parent = reply.id;
        if (!store.messages().insertBatch({user, reply}) || !store.sessions().setActiveLeaf(session.id, reply.id))
            return false;
        if ((t + 1) % 3 != 0 && t + 1 != turns)
            continue;

        // The turn's background work, as after a real turn.
        bool finished = false;
        MemoryExtractor::Report report;
        extractor.run(session.id, route, [&](const MemoryExtractor::Report &r) {
            report = r;
            finished = true;
        });
        if (!waitFor([&] { return finished; }) || !report.ok()) {
            out << "extraction failed: " << report.error << Qt::endl;
            return false;
        }

        if (qEnvironmentVariableIsSet("BENCH_DEBUG")) {
            for (const ExtractionOutcome::Note &n : report.outcome.dropped)
                out << "dropped: " << n.content << " — " << n.reason << Qt::endl;
            for (const ExtractionOutcome::Note &n : report.outcome.held)
                out << "held: " << n.content << " — " << n.reason << Qt::endl;
            if (report.skipped)
                out << "skipped at turn " << t << Qt::endl;
        }
        // With review on, the user goes through the inbox after each batch, in no particular order.
        if (review) {
            MemoryRepository::Filter pending;
            pending.status = MemoryStatus::Pending;
            QList<Memory> inbox = store.memories().list(pending).value();
            std::shuffle(inbox.begin(), inbox.end(), rng);
            for (const Memory &m : std::as_const(inbox))
                if (!MemoryOps::accept(store, m.id))
                    return false;
        }
        // Ask about up to three facts stated so far.
        QList<int> known = currentValue.keys();
        std::shuffle(known.begin(), known.end(), rng);
        session = store.sessions().get(session.id).value();
        for (qsizetype q = 0; q < std::min<qsizetype>(3, known.size()); ++q) {
            const int slot = known.at(q);
            ContextLoader::Options options;
            options.draft = u"Remind me, what is my %1?"_s.arg(all[slot].label);
            auto loaded = ContextLoader::load(store, session, session.activeLeafId, options);
            if (!loaded) {
                out << "load failed: " << loaded.error().message << Qt::endl;
                return false;
            }
            const AssembledContext ctx = ContextAssembler::assemble(session, *loaded.value());
            bool current = false;
            bool stale = false;
            for (const Memory &m : ctx.memories) {
                for (const QString &v : history.value(slot)) {
                    if (m.content != memoryText(all[slot].label, v))
                        continue;
                    if (v == currentValue.value(slot))
                        current = true;
                    else
                        stale = true;
                }
            }
            if (qEnvironmentVariableIsSet("BENCH_DEBUG") && !(current && !stale)) {
                out << "miss: " << all[slot].label << " now " << currentValue.value(slot) << " injected "
                    << ctx.memories.size() << Qt::endl;
                const QList<Memory> stored = store.memories().list({}).value();
                for (const Memory &m : stored)
                    if (m.content.contains(all[slot].label))
                        out << "   " << toString(m.status) << " to=" << m.validTo << " by=" << m.supersededBy.left(6)
                            << " id=" << m.id.left(6) << " " << m.content << Qt::endl;
            }
            ++tally.asked;
            tally.current += current ? 1 : 0;
            tally.clean += current && !stale ? 1 : 0;
            const QSet<QString> distinct(history.value(slot).cbegin(), history.value(slot).cend());
            if (distinct.size() > 1) {
                ++tally.changedAsked;
                tally.changedClean += current && !stale ? 1 : 0;
            }
        }
    }
    // Every value the user ever stated is still there, superseded or current.
    const QList<Memory> memories = store.memories().list({}).value();
    for (auto it = history.cbegin(); it != history.cend(); ++it)
        for (const QString &v : it.value()) {
            ++tally.historyTotal;
            tally.historyKept += std::ranges::any_of(
                memories, [&](const Memory &m) { return m.content == memoryText(all[it.key()].label, v); });
        }
    return true;
}

QString ratio(qint64 a, qint64 b)
{
    return b == 0 ? u"-"_s : QString::number(double(a) / double(b), 'f', 3);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    int users = 10;
    int turns = 320;
    unsigned seed = 17;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == "--users"_L1)
            users = args[i + 1].toInt();
        else if (args[i] == "--turns"_L1)
            turns = args[i + 1].toInt();
        else if (args[i] == "--seed"_L1)
            seed = args[i + 1].toUInt();
    }
    if (users < 1 || turns < 60) {
        out << "usage: bench_knowledge [--users N] [--turns T>=60] [--seed S]" << Qt::endl;
        return 2;
    }
    out << "knowledge update: " << users << " users x " << turns << " turns, 20 facts each, seed " << seed << Qt::endl;
    out << "variant          asked  current  current-only  changed-facts  history-kept  extraction-calls  ms"
        << Qt::endl;
    // The baseline, the lifecycle with memories active at once, and with review on: the user
    // accepts the inbox after each batch in random order.
    for (const int variant : {0, 1, 2}) {
        const bool supersede = variant > 0;
        const bool review = variant == 2;
        ReplayServer server;
        ExtractionScript script;
        script.supersede = supersede;
        if (!server.listen())
            return 1;
        server.route("POST", "/v1/chat/completions", [&script](const RecordedRequest &r) { return script.answer(r); });
        QNetworkAccessManager network;
        ProviderEndpoint endpoint
            = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), u"sk-bench"_s);
        endpoint.retry.maxRetries = 0;
        ProviderClient client(&network, endpoint);
        const ModelRoute route {&client, u"utility-model"_s};

        std::mt19937 rng(seed);
        Tally tally;
        QElapsedTimer timer;
        timer.start();
        for (int u = 0; u < users; ++u) {
            // Each user in a database of their own: global memories are per user.
            QTemporaryDir dir;
            AsyncStore async;
            bool opened = false;
            bool ok = false;
            QObject context;
            async.open(dir.path(), {}, &context, [&](const Result<AsyncStore::OpenReport> &r) {
                ok = r.ok();
                opened = true;
            });
            auto sync = waitFor([&] { return opened; }) && ok ? Store::open(dir.path())
                                                              : Result<std::unique_ptr<Store>>(StorageError {});
            if (!sync) {
                out << "cannot open a database in " << dir.path() << Qt::endl;
                return 1;
            }
            Store &store = *sync.value();
            MemorySettings settings = MemorySettings::load(store.settings());
            settings.reviewRequired = review;
            if (!settings.save(store.settings()) || !runUser(async, store, route, rng, turns, review, tally, out))
                return 1;
        }
        out << qSetFieldWidth(16) << Qt::left
            << (review          ? u"lifecycle+review"_s
                    : supersede ? u"lifecycle"_s
                                : u"add-only baseline"_s)
            << qSetFieldWidth(0) << ' ' << qSetFieldWidth(6) << Qt::right << tally.asked << qSetFieldWidth(0) << ' '
            << qSetFieldWidth(8) << ratio(tally.current, tally.asked) << qSetFieldWidth(0) << ' ' << qSetFieldWidth(13)
            << ratio(tally.clean, tally.asked) << qSetFieldWidth(0) << ' ' << qSetFieldWidth(14)
            << ratio(tally.changedClean, tally.changedAsked) << qSetFieldWidth(0) << ' ' << qSetFieldWidth(13)
            << ratio(tally.historyKept, tally.historyTotal) << qSetFieldWidth(0) << ' ' << qSetFieldWidth(17)
            << script.calls << qSetFieldWidth(0) << ' ' << qSetFieldWidth(6) << timer.elapsed() << qSetFieldWidth(0)
            << Qt::endl;
    }
    out << "current: the fact's current value is injected; current-only: and none of its earlier values;" << Qt::endl
        << "changed-facts: current-only, counting only facts that changed at least once." << Qt::endl;
    return 0;
}
