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

// Median milliseconds of load + assemble, and the number of messages sent.
std::pair<double, qsizetype> measure(Store &store, const PathInStore &p, int repetitions)
{
    QList<double> times;
    qsizetype sent = 0;
    for (int i = 0; i < repetitions; ++i) {
        QElapsedTimer t;
        t.start();
        auto inputs = ContextLoader::load(store, p.session, p.session.activeLeafId, {});
        if (!inputs)
            return {-1.0, 0};
        const AssembledContext c = ContextAssembler::assemble(p.session, *inputs.value());
        times.append(double(t.nsecsElapsed()) / 1e6);
        sent = c.includedIds.size();
    }
    std::sort(times.begin(), times.end());
    return {times.at(times.size() / 2), sent};
}

} // namespace

bool runAssemblyTime(QTextStream &out, int repetitions)
{
    out << "== Context assembly time (load tail + summaries + memories, budget, select, govern, assemble)\n";
    const int sizes[] = {1000, 10000, 100000};
    double plain[3] = {};
    double summarised[3] = {};
    for (int k = 0; k < 3; ++k) {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        if (!opened) {
            out << "cannot open a store\n";
            return false;
        }
        Store &store = *opened.value();
        QElapsedTimer fill;
        fill.start();
        const PathInStore p = buildPath(store, sizes[k]);
        const qint64 fillMs = fill.elapsed();
        const auto [ms, sent] = measure(store, p, repetitions);
        addSummaries(store, p);
        const auto [msSummaries, sentSummaries] = measure(store, p, repetitions);
        plain[k] = ms;
        summarised[k] = msSummaries;
        out << QString::asprintf("path %6d messages (filled in %5lld ms): %7.3f ms median, %zd sent; with summaries "
                                 "and a memory: %7.3f ms, %zd sent\n",
                                 sizes[k], fillMs, ms, size_t(sent), msSummaries, size_t(sentSummaries));
        out.flush();
    }
    const double ratio = plain[2] / plain[0];
    const double ratioSummaries = summarised[2] / summarised[0];
    out << QString::asprintf("ratio 100k/1k: %.2f (no summaries), %.2f (with summaries); target <= 1.5: %s\n", ratio,
                             ratioSummaries, ratio <= 1.5 && ratioSummaries <= 1.5 ? "met" : "MISSED");
    return ratio <= 1.5 && ratioSummaries <= 1.5;
}

} // namespace Skein::Bench
