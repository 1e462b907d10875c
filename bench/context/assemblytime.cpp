// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "assemblytime.h"

#include "core/domain/ids.h"
#include "core/domain/session.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace Skein::Bench {

namespace {

// A storage failure makes every figure meaningless: stop.
void must(const Status &status)
{
    if (!status)
        qFatal("storage failed: %s", qPrintable(status.error().message));
}

struct PathInStore
{
    Session session;
    QList<QString> ids; // root first
};

// A linear conversation of n messages: user turns, answers, every fifth turn a tool call with a
// result of a few hundred characters.
PathInStore buildPath(Store &store, int n)
{
    PathInStore p;
    p.session = Session::create(u"bench %1"_s.arg(n));
    p.session.model = u"gpt-4o"_s;
    p.session.systemPrompt = u"You are a helpful assistant."_s;
    must(store.sessions().create(p.session));
    QList<Message> batch;
    QString parent;
    int turn = 0;
    auto add = [&](Role role, const QString &text) -> Message & {
        Message m = Message::create(p.session.id, parent, role, text);
        parent = m.id;
        p.ids.append(m.id);
        batch.append(m);
        return batch.last();
    };
    while (p.ids.size() < n) {
        add(Role::User,
            u"Question %1: how should the deployment of service %2 be organised this week?"_s.arg(turn).arg(turn % 17));
        if (p.ids.size() < n && turn % 5 == 4 && p.ids.size() + 3 <= n) {
            Message &a = add(Role::Assistant, QString());
            const QString id = u"call_%1"_s.arg(turn);
            a.toolCalls = QJsonArray {
                QJsonObject {{u"id"_s, id}, {u"name"_s, u"search"_s}, {u"arguments"_s, u"{\"q\":\"deploy\"}"_s}}};
            Message &r = add(Role::Tool, u"Result: "_s + u"deployment notes line; "_s.repeated(20));
            r.toolCallId = id;
            r.toolName = u"search"_s;
        }
        if (p.ids.size() < n)
            add(Role::Assistant,
                u"Answer %1: split it into three stages, test each on staging first, then roll out "
                u"during the quiet hours and keep the previous version ready."_s.arg(turn));
        ++turn;
        if (batch.size() >= 5000) {
            must(store.messages().insertBatch(batch));
            batch.clear();
        }
    }
    must(store.messages().insertBatch(batch));
    p.session.activeLeafId = p.ids.last();
    must(store.sessions().setActiveLeaf(p.session.id, p.session.activeLeafId));
    return p;
}

// Summaries as consolidation leaves them: a session summary of the older part and two segments.
void addSummaries(Store &store, const PathInStore &p)
{
    const qsizetype n = p.ids.size();
    auto add = [&](SummaryLevel level, qsizetype first, qsizetype last) {
        Summary s;
        s.id = Ids::create();
        s.sessionId = p.session.id;
        s.level = level;
        s.firstMessageId = p.ids.at(first);
        s.lastMessageId = p.ids.at(last);
        s.content = u"Summary of messages %1 to %2: the user organised deployments in stages."_s.arg(first).arg(last);
        s.createdAt = Ids::nowMs();
        must(store.summaries().create(s));
    };
    add(SummaryLevel::Session, 0, n - 81);
    add(SummaryLevel::Segment, n - 80, n - 61);
    add(SummaryLevel::Segment, n - 60, n - 41);
    Memory m;
    m.id = Ids::create();
    m.content = u"Deploys on Fridays are forbidden."_s;
    m.status = MemoryStatus::Active;
    m.createdAt = m.updatedAt = Ids::nowMs();
    must(store.memories().create(m));
}

// Milliseconds of one load + assemble, and the number of messages sent.
std::pair<double, qsizetype> assembleOnce(Store &store, const PathInStore &p)
{
    QElapsedTimer t;
    t.start();
    auto inputs = ContextLoader::load(store, p.session, p.session.activeLeafId, {});
    if (!inputs)
        qFatal("loading the context failed");
    const AssembledContext c = ContextAssembler::assemble(p.session, *inputs.value());
    return {double(t.nsecsElapsed()) / 1e6, c.includedIds.size()};
}

struct Figures
{
    double median = 0.0;
    double best = 0.0;
    qsizetype sent = 0;
};

Figures figuresOf(QList<double> times, qsizetype sent)
{
    std::sort(times.begin(), times.end());
    return {times.at(times.size() / 2), times.first(), sent};
}

// Rounds over all sizes, so that the load of a busy machine drifts over every size alike.
QList<Figures> measureInterleaved(std::vector<std::unique_ptr<Store>> &stores, const QList<PathInStore> &paths,
                                  int repetitions)
{
    QList<QList<double>> times(paths.size());
    QList<qsizetype> sent(paths.size());
    for (qsizetype k = 0; k < paths.size(); ++k)
        assembleOnce(*stores[k], paths.at(k)); // warm-up
    for (int r = 0; r < repetitions; ++r) {
        for (qsizetype k = 0; k < paths.size(); ++k) {
            const auto [ms, n] = assembleOnce(*stores[k], paths.at(k));
            times[k].append(ms);
            sent[k] = n;
        }
    }
    QList<Figures> out;
    for (qsizetype k = 0; k < paths.size(); ++k)
        out.append(figuresOf(times.at(k), sent.at(k)));
    return out;
}

// Baseline: reading the whole path, as a builder without the tail query had to.
double measureFullPath(Store &store, const PathInStore &p, int repetitions)
{
    QList<double> times;
    for (int i = 0; i < repetitions; ++i) {
        QElapsedTimer t;
        t.start();
        auto path = store.messages().path(p.session.activeLeafId);
        if (!path)
            return -1.0;
        times.append(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times.at(times.size() / 2);
}

} // namespace

bool runAssemblyTime(QTextStream &out, int repetitions)
{
    out << "== Context assembly time (load tail + summaries + memories, budget, select, govern, assemble)\n";
    const QList<int> sizes {1000, 10000, 100000};
    QList<QTemporaryDir *> dirs;
    std::vector<std::unique_ptr<Store>> stores;
    QList<PathInStore> paths;
    for (int n : sizes) {
        dirs.append(new QTemporaryDir);
        auto opened = Store::open(dirs.last()->path());
        if (!opened)
            qFatal("cannot open a store");
        stores.push_back(std::move(opened).value());
        QElapsedTimer fill;
        fill.start();
        paths.append(buildPath(*stores.back(), n));
        out << QString::asprintf("filled a path of %6d messages in %lld ms\n", n, fill.elapsed());
        out.flush();
    }
    const QList<Figures> plain = measureInterleaved(stores, paths, repetitions);
    for (qsizetype k = 0; k < paths.size(); ++k)
        addSummaries(*stores[k], paths.at(k));
    const QList<Figures> summarised = measureInterleaved(stores, paths, repetitions);
    for (qsizetype k = 0; k < paths.size(); ++k) {
        const double full = measureFullPath(*stores[k], paths.at(k), 3);
        out << QString::asprintf("path %6d: %6.3f ms median (best %6.3f), %zd sent | with summaries and a memory: "
                                 "%6.3f ms (best %6.3f), %zd sent | baseline, reading the whole path: %8.2f ms\n",
                                 sizes.at(k), plain.at(k).median, plain.at(k).best, size_t(plain.at(k).sent),
                                 summarised.at(k).median, summarised.at(k).best, size_t(summarised.at(k).sent), full);
        if (k == 0 || k == 2)
            out.flush();
    }
    stores.clear(); // close before the directories go
    qDeleteAll(dirs);
    const double ratio = plain.at(2).median / plain.at(0).median;
    const double ratioSummaries = summarised.at(2).median / summarised.at(0).median;
    out << QString::asprintf("ratio 100k/1k of medians: %.2f (no summaries), %.2f (with summaries); of bests: %.2f, "
                             "%.2f; target <= 1.5: %s\n",
                             ratio, ratioSummaries, plain.at(2).best / plain.at(0).best,
                             summarised.at(2).best / summarised.at(0).best,
                             ratio <= 1.5 && ratioSummaries <= 1.5 ? "met" : "MISSED");
    return ratio <= 1.5 && ratioSummaries <= 1.5;
}

} // namespace Skein::Bench
