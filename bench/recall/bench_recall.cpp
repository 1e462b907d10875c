// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_recall: what recall brings back and what it costs (docs/benchmarks.md, "Recall").
//
//   bench_recall [--conversations N] [--turns T] [--evidence-only | --cost-only] [--sizes 1000,100000]
//
// Evidence: N generated conversations of T turns (longconversation.h) in a real database; each
// planted question is asked at the end the way `skein-cli context SID --draft Q --window W` asks
// it (ContextLoader::load with the draft and the window, then ContextAssembler::assemble). A
// question counts when every evidence turn is in the window or recalled. Windows of 4k, 8k and
// 16k tokens, with recall and without it (recall_share 0: the recency-only baseline), in one run.
//
// Cost: conversations of each size (one database each); 200 model calls, each after a new turn,
// timing Recall::find and the whole load with recall on and off. The first call after opening
// walks the whole path once (the path cache) and is reported apart.

#include "core/domain/session.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "longconversation.h"
#include "storage/embeddingrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <random>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QString pct(qint64 hits, qint64 total)
{
    return total == 0 ? u"-"_s : QString::number(double(hits) / double(total), 'f', 3);
}

struct Tally
{
    qint64 hits = 0;
    qint64 total = 0;
    qint64 overBudget = 0;
    qint64 recalled = 0; // passages, summed
};

bool runEvidence(QTextStream &out, int conversations, int turns)
{
    QTemporaryDir dir;
    auto opened = Store::open(dir.path());
    if (!opened) {
        out << "cannot open a store: " << opened.error().message << Qt::endl;
        return false;
    }
    Store &store = *opened.value();
    struct Asked
    {
        Session session;
        Bench::PlantedQuestion question;
    };
    QList<Asked> asked;
    qint64 messages = 0;
    for (int c = 0; c < conversations; ++c) {
        Session s = Session::create(u"Generated %1"_s.arg(c));
        s.model = u"gpt-4o"_s;
        const Bench::LongConversation conv = Bench::generateConversation(s.id, turns, quint32(1000 + c));
        s.activeLeafId = conv.messages.last().id;
        if (!store.sessions().create(s) || !store.messages().insertBatch(conv.messages)) {
            out << "cannot write conversation " << c << Qt::endl;
            return false;
        }
        messages += conv.messages.size();
        for (const Bench::PlantedQuestion &q : conv.questions)
            asked.append({s, q});
    }
    out << "== Evidence recall: " << conversations << " conversations of " << turns << " turns (" << messages
        << " messages), " << asked.size() << " questions ==" << Qt::endl;

    const QList<qint64> windows {4096, 8192, 16384};
    QMap<QString, Tally> tallies; // "window/recall/kind"
    QElapsedTimer timer;
    timer.start();
    qint64 calls = 0;
    for (const Asked &a : std::as_const(asked)) {
        for (const qint64 window : windows) {
            for (const bool recall : {false, true}) {
                Session session = a.session;
                if (!recall)
                    session.contextSettings = QJsonObject {{u"recall_share"_s, 0}};
                ContextLoader::Options options;
                options.draft = a.question.question;
                options.window = window;
                auto loaded = ContextLoader::load(store, session, session.activeLeafId, options);
                if (!loaded) {
                    out << "load failed: " << loaded.error().message << Qt::endl;
                    return false;
                }
                const AssembledContext ctx = ContextAssembler::assemble(session, *loaded.value());
                ++calls;
                QSet<QString> seen(ctx.includedIds.cbegin(), ctx.includedIds.cend());
                for (const RecallPassage &p : ctx.recalled.passages)
                    seen.insert(p.messageId);
                const bool hit = std::ranges::all_of(a.question.evidenceIds,
                                                     [&seen](const QString &id) { return seen.contains(id); });
                for (const QString &kind : {a.question.kind, u"all"_s}) {
                    Tally &t = tallies[u"%1/%2/%3"_s.arg(window).arg(recall ? 1 : 0).arg(kind)];
                    t.hits += hit ? 1 : 0;
                    ++t.total;
                    t.overBudget += ctx.snapshot.estimatedTokens > ctx.budget.input ? 1 : 0;
                    t.recalled += ctx.recalled.passages.size();
                }
            }
        }
    }
    out << "window   kind      n    recency only   with recall   passages   over budget" << Qt::endl;
    for (const qint64 window : windows) {
        for (const QString &kind : {u"all"_s, u"single"_s, u"two-hop"_s, u"update"_s}) {
            const Tally off = tallies.value(u"%1/0/%2"_s.arg(window).arg(kind));
            const Tally on = tallies.value(u"%1/1/%2"_s.arg(window).arg(kind));
            out << QString::number(window).leftJustified(9) << kind.leftJustified(9)
                << QString::number(on.total).rightJustified(4) << pct(off.hits, off.total).rightJustified(15)
                << pct(on.hits, on.total).rightJustified(14)
                << QString::number(on.total ? double(on.recalled) / double(on.total) : 0.0, 'f', 1).rightJustified(11)
                << QString::number(on.overBudget + off.overBudget).rightJustified(14) << Qt::endl;
        }
    }
    out << "(" << calls << " assemblies in " << timer.elapsed() << " ms)" << Qt::endl;
    return true;
}

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v.at(std::min(v.size() - 1, qsizetype(p * double(v.size()))));
}

// A new database in dir holding session (for gpt-4o); null when it cannot be written.
std::unique_ptr<Store> openWith(const QTemporaryDir &dir, Session &session)
{
    auto opened = Store::open(dir.path());
    if (!opened)
        return nullptr;
    std::unique_ptr<Store> store = std::move(opened.value());
    session.model = u"gpt-4o"_s;
    if (!store->sessions().create(session))
        return nullptr;
    return store;
}

bool runCost(QTextStream &out, const QList<int> &sizes)
{
    out << "== Recall cost per model call (200 calls, a new turn before each) ==" << Qt::endl;
    out << "messages     first call   find p50   find p95   load p50 (recall on / off)   load p95 (on / off)"
        << Qt::endl;
    QList<double> p95s;
    for (const int size : sizes) {
        QTemporaryDir dir;
        Session session = Session::create(u"Cost"_s);
        std::unique_ptr<Store> opened = openWith(dir, session);
        if (!opened)
            return false;
        Store &store = *opened;
        std::mt19937 rng(7);
        QList<Message> batch;
        QString parent;
        auto turn = [&](const QString &question) {
            Message u = Message::create(session.id, parent, Role::User,
                                        question.isEmpty() ? Bench::fillerText(rng) : question);
            Message a = Message::create(session.id, u.id, Role::Assistant, Bench::fillerText(rng));
            parent = a.id;
            batch << u << a;
        };
        for (int i = 0; i < size / 2; ++i) {
            turn(i % 97 == 0 ? u"Remember that locker %1 at the station holds the spare keys."_s.arg(i) : QString());
            if (batch.size() >= 5000 || i + 1 == size / 2) {
                if (!store.transaction([&] { return store.messages().insertBatch(batch); }))
                    return false;
                batch.clear();
            }
        }
        QList<double> find;
        QList<double> loadOn;
        QList<double> loadOff;
        double first = 0.0;
        for (int call = 0; call < 200; ++call) {
            turn(call % 3 == 0 ? u"Which locker holds the spare keys, number %1?"_s.arg(call * 7 % size) : QString());
            if (!store.messages().insertBatch(batch))
                return false;
            batch.clear();
            session.activeLeafId = parent;
            QElapsedTimer t;
            t.start();
            auto loaded = ContextLoader::load(store, session, parent, {});
            const double on = double(t.nsecsElapsed()) / 1e6;
            if (!loaded)
                return false;
            t.restart();
            auto found = Recall::find(store, session, loaded.value()->path, parent, {});
            const double f = double(t.nsecsElapsed()) / 1e6;
            if (!found)
                return false;
            Session off = session;
            off.contextSettings = QJsonObject {{u"recall_share"_s, 0}};
            t.restart();
            if (!ContextLoader::load(store, off, parent, {}))
                return false;
            const double o = double(t.nsecsElapsed()) / 1e6;
            if (call == 0) {
                first = on;
                continue;
            }
            find << f;
            loadOn << on;
            loadOff << o;
        }
        p95s << percentile(find, 0.95);
        out << QString::number(size).leftJustified(13) << QString::number(first, 'f', 1).rightJustified(8) << " ms"
            << QString::number(percentile(find, 0.5), 'f', 2).rightJustified(8) << " ms"
            << QString::number(percentile(find, 0.95), 'f', 2).rightJustified(8) << " ms"
            << QString::number(percentile(loadOn, 0.5), 'f', 2).rightJustified(12) << " / "
            << QString::number(percentile(loadOff, 0.5), 'f', 2) << " ms"
            << QString::number(percentile(loadOn, 0.95), 'f', 2).rightJustified(16) << " / "
            << QString::number(percentile(loadOff, 0.95), 'f', 2) << " ms" << Qt::endl;
    }
    if (p95s.size() >= 2 && p95s.first() > 0.0)
        out << "find p95 ratio, largest / smallest: " << QString::number(p95s.last() / p95s.first(), 'f', 2)
            << Qt::endl;
    return true;
}

// Semantic recall's added cost (issue 17): every message with a vector of `dims` floats (random:
// the cost does not depend on what they mean), Recall::find with and without the query's vector.
bool runSemanticCost(QTextStream &out, const QList<int> &sizes, int dims)
{
    out << "== Semantic recall cost per model call (" << dims << " dimensions, 100 calls) ==" << Qt::endl;
    out << "messages     find p50 words / +vectors   find p95 words / +vectors" << Qt::endl;
    for (const int size : sizes) {
        QTemporaryDir dir;
        Session session = Session::create(u"Semantic cost"_s);
        std::unique_ptr<Store> opened = openWith(dir, session);
        if (!opened)
            return false;
        Store &store = *opened;
        std::mt19937 rng(11);
        std::normal_distribution<float> normal;
        auto randomVector = [&] {
            QList<float> v(dims);
            for (float &f : v)
                f = normal(rng);
            return v;
        };
        QList<Message> batch;
        QString parent;
        for (int i = 0; i < size / 2; ++i) {
            Message u = Message::create(session.id, parent, Role::User, Bench::fillerText(rng));
            Message a = Message::create(session.id, u.id, Role::Assistant, Bench::fillerText(rng));
            parent = a.id;
            batch << u << a;
            if (batch.size() >= 5000 || i + 1 == size / 2) {
                const Status written = store.transaction([&]() -> Status {
                    if (Status st = store.messages().insertBatch(batch); !st)
                        return st;
                    EmbeddingRepository vectors(store.database());
                    for (const Message &m : std::as_const(batch))
                        if (Status st = vectors.putFor(m.id, u"bench"_s, randomVector()); !st)
                            return st;
                    return {};
                });
                if (!written)
                    return false;
                batch.clear();
            }
        }
        Message question = Message::create(session.id, parent, Role::User, u"Which locker holds the spare keys?"_s);
        if (!store.messages().insert(question))
            return false;
        session.activeLeafId = question.id;
        auto loaded = ContextLoader::load(store, session, question.id, {});
        if (!loaded)
            return false;
        QList<double> words;
        QList<double> both;
        for (int call = 0; call < 101; ++call) {
            Recall::Options options;
            QElapsedTimer t;
            t.start();
            if (!Recall::find(store, session, loaded.value()->path, question.id, options))
                return false;
            const double w = double(t.nsecsElapsed()) / 1e6;
            options.embedding = {u"bench"_s, randomVector()};
            t.restart();
            if (!Recall::find(store, session, loaded.value()->path, question.id, options))
                return false;
            const double b = double(t.nsecsElapsed()) / 1e6;
            if (call == 0)
                continue; // the first call reads the path and warms the caches
            words << w;
            both << b;
        }
        out << QString::number(size).leftJustified(13)
            << QString::number(percentile(words, 0.5), 'f', 2).rightJustified(10) << " / "
            << QString::number(percentile(both, 0.5), 'f', 2) << " ms"
            << QString::number(percentile(words, 0.95), 'f', 2).rightJustified(16) << " / "
            << QString::number(percentile(both, 0.95), 'f', 2) << " ms" << Qt::endl;
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments();
    auto value = [&args](const QString &name, const QString &fallback) {
        const qsizetype i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
    };
    const int conversations = std::max(1, value(u"--conversations"_s, u"10"_s).toInt());
    const int turns = std::max(20, value(u"--turns"_s, u"320"_s).toInt());
    QList<int> sizes;
    for (const QString &s : value(u"--sizes"_s, u"1000,100000"_s).split(u','))
        sizes << std::max(20, s.toInt());
    bool ok = true;
    if (!args.contains(u"--cost-only"_s))
        ok = runEvidence(out, conversations, turns) && ok;
    if (!args.contains(u"--evidence-only"_s))
        ok = runCost(out, sizes) && ok;
    if (!args.contains(u"--evidence-only"_s))
        ok = runSemanticCost(out, sizes, std::max(8, value(u"--dims"_s, u"384"_s).toInt())) && ok;
    return ok ? 0 : 1;
}
