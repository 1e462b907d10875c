// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "streambench.h"

#include "core/domain/enums.h"
#include "core/domain/ids.h"
#include "core/domain/message.h"
#include "core/stream/streamdecoder.h"
#include "core/stream/streamdelta.h"
#include "core/stream/turnassembler.h"
#include "engine/conversation/conversation.h"
#include "engine/turn/turn.h"
#include "gui/chatcontroller.h"
#include "gui/chatview.h"
#include "gui/mainwindow.h"
#include "models/threadmodel.h"
#include "shapeserver.h"
#include "streamshapes.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <unistd.h>

namespace Skein::Bench {

using namespace Qt::StringLiterals;

namespace {

double pss()
{
    QFile f(u"/proc/self/smaps_rollup"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("Pss:"))
            return line.mid(4).trimmed().split(' ').first().toDouble() / 1024.0;
    return -1;
}

// CPU time (ms) of this process's threads by name: the GUI thread (the process's name), the
// storage writer, QNetworkAccessManager's thread, the bench server.
QHash<QString, double> threadCpu()
{
    QHash<QString, double> cpu;
    const long tick = sysconf(_SC_CLK_TCK);
    for (const QString &tid : QDir(u"/proc/self/task"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(u"/proc/self/task/%1/stat"_s.arg(tid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const qsizetype open = stat.indexOf('(');
        const qsizetype close = stat.lastIndexOf(')');
        const QString name = QString::fromUtf8(stat.mid(open + 1, close - open - 1));
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        // After the name: state(3) ... utime(14) stime(15), counted from field 3.
        cpu[name] += double(fields.value(11).toLongLong() + fields.value(12).toLongLong()) * 1000.0 / double(tick);
    }
    return cpu;
}

QString cpuSince(const QHash<QString, double> &before)
{
    const QHash<QString, double> now = threadCpu();
    auto delta = [&](const QString &prefix) {
        double sum = 0;
        for (auto it = now.cbegin(); it != now.cend(); ++it)
            if (it.key().startsWith(prefix))
                sum += it.value() - before.value(it.key());
        return sum;
    };
    double total = 0;
    for (auto it = now.cbegin(); it != now.cend(); ++it)
        total += it.value() - before.value(it.key());
    return u"CPU ms: GUI %1, storage writer %2, network %3, server %4, all %5"_s.arg(delta(u"bench_gui"_s), 0, 'f', 0)
        .arg(delta(u"skein-storage-w"_s), 0, 'f', 0)
        .arg(delta(u"QNetworkAccess"_s), 0, 'f', 0)
        .arg(delta(u"bench-server"_s), 0, 'f', 0)
        .arg(total, 0, 'f', 0);
}

qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double loadAverage()
{
    QFile f(u"/proc/loadavg"_s);
    return f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').value(0).toDouble() : -1;
}

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size()))));
}

bool waitUntil(const std::function<bool()> &done, qint64 timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

struct Sample
{
    qint64 at;
    qint64 chars;
};

// When the server had written `chars` reply characters.
qint64 serverTimeOf(const QList<ServedStream::Step> &steps, qint64 chars)
{
    auto it = std::lower_bound(steps.cbegin(), steps.cend(), chars,
                               [](const ServedStream::Step &s, qint64 c) { return s.chars < c; });
    return it == steps.cend() ? -1 : it->at;
}

struct Lag
{
    double p99 = 0;
    double max = 0;
};

Lag lagOf(const QList<Sample> &samples, const QList<ServedStream::Step> &steps, qint64 from)
{
    QList<double> lags;
    for (const Sample &s : samples) {
        if (s.at < from)
            continue;
        const qint64 sent = serverTimeOf(steps, s.chars);
        if (sent >= 0)
            lags << double(s.at - sent) / 1e6;
    }
    return Lag {percentile(lags, 0.99), percentile(lags, 1.0)};
}

// The same stream read by a bare QNetworkAccessManager: the server-only baseline.
double rawRead(ShapeServer &server, quint16 port, const StreamPlan &plan, qint64 *bytes)
{
    StreamPlan p = plan;
    p.marker = "SHAPE:raw-" + QByteArray::number(benchNow());
    server.setPlan(p);
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/chat/completions"_s.arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply *reply = nam.post(request, "{\"marker\":\"" + p.marker + "\"}");
    qint64 first = 0;
    qint64 last = 0;
    *bytes = 0;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        if (first == 0)
            first = benchNow();
        *bytes += reply->readAll().size();
        last = benchNow();
    });
    bool done = false;
    QObject::connect(reply, &QNetworkReply::finished, reply, [&] { done = true; });
    waitUntil([&] { return done; }, 600'000);
    reply->deleteLater();
    return double(last - first) / 1e6;
}

bool runOne(MainWindow &window, ShapeServer &server, quint16 port, const StreamShape &shape, const QString &rate,
            const StreamBenchOptions &options, int runIndex)
{
    ChatController *chat = window.chatController();
    ChatView *view = window.chatView();
    ThreadModel *thread = chat->threadModel();

    StreamPlan plan;
    plan.body = shapeSse(shape, &plan.eventEnds, &plan.eventChars);
    const qint64 totalChars = plan.eventChars.constLast();
    const qint64 shownTotal = shape.text.size() + shape.reasoning.size();
    int tokens = 0;
    for (qsizetype i = 0; i < plan.eventChars.size(); ++i)
        tokens += plan.eventChars.at(i) > (i == 0 ? 0 : plan.eventChars.at(i - 1)) ? 1 : 0;
    const bool paced = rate != "max"_L1;
    qint64 burstChars = 0;
    if (paced) {
        plan.eventsPerSecond = rate.toDouble();
        const int pacedEvents
            = std::min<int>(int(plan.eventEnds.size()), int(plan.eventsPerSecond * options.pacedSeconds));
        plan.burstEvents = int(plan.eventEnds.size()) - pacedEvents;
        burstChars = plan.burstEvents > 0 ? plan.eventChars.at(plan.burstEvents - 1) : 0;
    }

    // Baseline: the server alone, read raw, as fast as the socket delivers (max runs only).
    double rawMs = 0;
    qint64 rawBytes = 0;
    ServedStream rawServed;
    if (!paced) {
        rawMs = rawRead(server, port, plan, &rawBytes);
        rawServed = server.lastServed();
    }

    plan.marker = "SHAPE:" + shape.name.toUtf8() + "#" + QByteArray::number(runIndex) + " ";
    server.setPlan(plan);
    view->messageDelegate()->clearCaches();
    view->scrollToBottom();
    waitUntil([] { return false; }, 300);

    QList<Sample> reads;
    QList<Sample> shown;
    qint64 readChars = 0;
    QString target;
    QPointer<Turn> run;
    QMetaObject::Connection runConnection;
    auto watchRun = [&] {
        if (run)
            return;
        run = chat->findChild<Turn *>();
        if (!run)
            return;
        runConnection = QObject::connect(run, &Turn::deltasReceived, &window, [&](const QList<StreamDelta> &deltas) {
            if (readChars >= totalChars)
                return; // the call after the tool result
            for (const StreamDelta &d : deltas) {
                if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Reasoning
                    || d.kind == StreamDelta::Kind::Refusal)
                    readChars += d.text.size();
                else if (d.kind == StreamDelta::Kind::ToolCall)
                    readChars += d.toolCall.arguments.size();
            }
            reads << Sample {benchNow(), readChars};
        });
    };
    auto rowsConnection = QObject::connect(
        thread, &QAbstractItemModel::rowsInserted, &window, [&](const QModelIndex &, int first, int last) {
            for (int row = first; row <= last && target.isEmpty(); ++row) {
                const QModelIndex index = thread->index(row);
                if (Role(index.data(ThreadModel::RoleRole).toInt()) == Role::Assistant) {
                    target = index.data(ThreadModel::IdRole).toString();
                    if (shape.expandReasoning)
                        view->messageDelegate()->toggle(target, u"r:"_s + target);
                }
            }
        });
    auto dataConnection
        = QObject::connect(thread, &QAbstractItemModel::dataChanged, &window, [&](const QModelIndex &topLeft) {
              if (target.isEmpty() || topLeft.data(ThreadModel::IdRole).toString() != target)
                  return;
              const qint64 n = topLeft.data(ThreadModel::ContentRole).toString().size()
                  + topLeft.data(ThreadModel::ReasoningRole).toString().size();
              if (shown.isEmpty() || shown.constLast().chars != n)
                  shown << Sample {benchNow(), n};
          });

    // The GUI thread's heartbeat: a 2 ms timer; the interval between its ticks is the stall.
    // Also the GUI thread's own CPU time in each interval: what the stall would be if no other
    // process wanted the cores (the machine is shared; the wall-clock gaps include waiting).
    struct Tick
    {
        qint64 at;
        double gapMs;
        double cpuMs;
    };
    QList<Tick> ticks;
    ticks.reserve(200000);
    qint64 lastTick = benchNow();
    qint64 lastCpu = threadCpuNs();
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(2);
    QObject::connect(&heartbeat, &QTimer::timeout, &window, [&] {
        const qint64 now = benchNow();
        const qint64 cpuNow = threadCpuNs();
        ticks << Tick {now, double(now - lastTick) / 1e6, double(cpuNow - lastCpu) / 1e6};
        lastTick = now;
        lastCpu = cpuNow;
        watchRun();
    });
    bool busy = false;
    auto busyConnection = QObject::connect(chat, &ChatController::busyChanged, &window, [&](bool b) { busy = b; });
    QTimer blocker;
    blocker.setInterval(100);
    QObject::connect(&blocker, &QTimer::timeout, &window, [&] {
        QElapsedTimer spin;
        spin.start();
        while (spin.elapsed() < options.blockGuiMs) { }
    });
    if (options.blockGuiMs > 0)
        blocker.start();
    heartbeat.start();
    const QHash<QString, double> cpuBefore = threadCpu();
    const int rendersBefore = view->messageDelegate()->renderCount();
    const qint64 sentAt = benchNow();
    chat->send(u"SHAPE:"_s + shape.name + u"#"_s + QString::number(runIndex) + u" — stream it, please."_s);
    waitUntil([&] { return busy; }, 10'000);
    const bool finished = waitUntil([&] { return !busy; }, 900'000);
    const qint64 endedAt = benchNow();
    const QString cpu = cpuSince(cpuBefore);
    waitUntil([] { return false; }, 300);
    heartbeat.stop();
    blocker.stop();
    QObject::disconnect(runConnection);
    QObject::disconnect(rowsConnection);
    QObject::disconnect(dataConnection);
    QObject::disconnect(busyConnection);

    const ServedStream served = server.lastServed();
    const bool whole = readChars == totalChars;
    QString stored;
    if (!target.isEmpty()) {
        const Message m = thread->message(target);
        stored = m.content;
    }
    const bool sameText = stored == shape.text;

    // The window measured: max runs from the first delta; paced runs from when the burst was
    // shown (the reply is long from then on); both until the reply was read and shown whole.
    const qint64 firstRead = reads.isEmpty() ? sentAt : reads.constFirst().at;
    const qint64 lastRead = reads.isEmpty() ? endedAt : reads.constLast().at;
    qint64 shownDone = -1;
    for (const Sample &s : std::as_const(shown))
        if (s.chars >= shownTotal) {
            shownDone = s.at;
            break;
        }
    qint64 from = firstRead;
    if (paced && burstChars > 0) {
        const QList<Sample> &progress = shownTotal > 0 ? shown : reads;
        const qint64 need = shownTotal > 0 ? std::min(burstChars, shownTotal) : burstChars;
        for (const Sample &s : progress)
            if (s.chars >= need) {
                from = s.at;
                break;
            }
    }
    const qint64 to = std::max(lastRead, shownDone) + 100'000'000;
    QList<double> gaps;
    QList<double> cpuGaps;
    for (const Tick &t : std::as_const(ticks))
        if (t.at >= from && t.at <= to) {
            gaps << t.gapMs;
            cpuGaps << t.cpuMs;
        }
    int over16 = 0;
    int over50 = 0;
    for (double g : std::as_const(gaps)) {
        over16 += g > 16 ? 1 : 0;
        over50 += g > 50 ? 1 : 0;
    }
    const double readMs = double(lastRead - firstRead) / 1e6;
    const double serverMs = double(served.handedOver - served.started) / 1e6;
    const double shownMs = shownDone < 0 ? -1 : double(shownDone - firstRead) / 1e6;

    std::printf("%-15s %5s%s: %6d tok, %8.1f KB SSE | ", qPrintable(shape.name), qPrintable(rate),
                options.blockGuiMs > 0 ? qPrintable(u" (GUI blocked %1 ms every 100 ms)"_s.arg(options.blockGuiMs))
                                       : "",
                tokens, double(plan.body.size()) / 1024.0);
    if (paced) {
        const Lag readLag = lagOf(reads, served.steps, from);
        const Lag shownLag = lagOf(shown, served.steps, from);
        std::printf("paced %d tok over %.1f s: read lag p99 %.1f max %.1f ms, shown lag p99 %.1f max %.1f ms",
                    int(plan.eventEnds.size()) - plan.burstEvents, serverMs / 1000.0, readLag.p99, readLag.max,
                    shownLag.p99, shownLag.max);
    } else {
        std::printf("server-only %.0f tok/s (%.1f ms) | app read %.0f tok/s (%.1f ms, %.2fx baseline), shown after "
                    "%.1f ms, server handed over in %.1f ms",
                    tokens / (rawMs / 1000.0), rawMs, tokens / (readMs / 1000.0), readMs, readMs / rawMs, shownMs,
                    serverMs);
    }
    std::printf(" | stalls n=%lld p50 %.1f p99 %.1f max %.1f ms, >16: %d, >50: %d; GUI CPU per interval p99 %.1f "
                "max %.1f ms | PSS %.0f MB | load %.2f%s%s\n",
                qint64(gaps.size()), percentile(gaps, 0.5), percentile(gaps, 0.99), percentile(gaps, 1.0), over16,
                over50, percentile(cpuGaps, 0.99), percentile(cpuGaps, 1.0), pss(), loadAverage(),
                whole && sameText && finished ? "" : " | INCOMPLETE", finished ? "" : " (timed out)");
    std::printf("  %s\n", qPrintable(cpu));
    if (options.trace) {
        std::printf("  trace: rows %d, documents rendered %d, raw %lld bytes (server %.1f ms)\n", thread->rowCount(),
                    view->messageDelegate()->renderCount() - rendersBefore, rawBytes,
                    double(rawServed.handedOver - rawServed.started) / 1e6);
        for (const Tick &t : std::as_const(ticks))
            if (t.at >= from && t.at <= to && t.gapMs > 50)
                std::printf("  stall %.1f ms (GUI CPU %.1f ms) at +%.2f s\n", t.gapMs, t.cpuMs,
                            double(t.at - firstRead) / 1e9);
    }
    std::fflush(stdout);
    return whole && sameText && finished;
}

// One flush of the chat's streaming path without the network: the SSE events of the flush
// through StreamDecoder and TurnAssembler (as StreamingCall does), the text into the ThreadModel
// (as ChatController::flushStream does), and the paint and layout that posts.
// Counts the paints of a widget.
class Paints final : public QObject
{
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *e) override
    {
        count += e->type() == QEvent::Paint ? 1 : 0;
        return false;
    }
};

struct FlushPath
{
    Conversation doc {nullptr, QString()};
    ThreadModel model;
    ChatView view;
    StreamDecoder decoder {WireFormat::OpenAiChat};
    TurnAssembler assembler;
    QString id;
    Paints paints;
};

void flush(FlushPath &p, QByteArrayView bytes, bool paint)
{
    const QList<StreamDelta> deltas = p.decoder.feed(bytes);
    p.assembler.apply(deltas);
    QString text;
    QString reasoning;
    for (const StreamDelta &d : deltas) {
        if (d.kind == StreamDelta::Kind::Text)
            text += d.text;
        else if (d.kind == StreamDelta::Kind::Reasoning)
            reasoning += d.text;
    }
    p.doc.appendText(p.id, text, reasoning);
    // As in the app: dataChanged schedules one paint (and, when a height changed, a layout of the
    // view), which the event loop runs a few milliseconds later (QWindow::requestUpdate). Tool
    // arguments change nothing on screen while they stream.
    if (!paint || (text.isEmpty() && reasoning.isEmpty()))
        return;
    const int before = p.paints.count;
    QElapsedTimer waited;
    waited.start();
    while (p.paints.count == before && waited.elapsed() < 1000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    QCoreApplication::processEvents();
}

// What callgrind collects (--toggle-collect='*measuredFlush*').
Q_NEVER_INLINE void measuredFlush(FlushPath &p, QByteArrayView bytes)
{
    flush(p, bytes, true);
}

} // namespace

int runFlushCost(const QString &shapeName, int deltas, int deltasPerFlush)
{
    StreamShape shape;
    for (const StreamShape &s : streamShapes())
        if (s.name == shapeName)
            shape = s;
    if (shape.name.isEmpty()) {
        std::fprintf(stderr, "unknown shape %s\n", qPrintable(shapeName));
        return 2;
    }
    QList<qint64> ends;
    QList<qint64> chars;
    const QByteArray sse = shapeSse(shape, &ends, &chars);
    deltas = std::clamp(deltas, deltasPerFlush + 1, int(ends.size()) - 3);
    FlushPath p;
    const QString session = Ids::create();
    Message user = Message::create(session, {}, Role::User, u"Stream it."_s);
    Message reply = Message::create(session, user.id, Role::Assistant, QString());
    reply.status = MessageStatus::Generating;
    p.id = reply.id;
    Session s;
    s.id = session;
    s.activeLeafId = reply.id;
    p.doc.reset(s, {user, reply});
    p.model.setConversation(&p.doc);
    p.view.setThreadModel(&p.model);
    p.view.resize(1000, 700);
    p.view.viewport()->installEventFilter(&p.paints);
    p.view.show();
    if (shape.expandReasoning)
        p.view.messageDelegate()->toggle(p.id, u"r:"_s + p.id);
    QCoreApplication::processEvents();
    // Everything before the measured flush, painted once, and settled.
    const qint64 before = ends.at(deltas - deltasPerFlush - 1);
    flush(p, QByteArrayView(sse).first(before), true);
    QElapsedTimer settle;
    settle.start();
    while ((p.view.messageDelegate()->pendingRenders() > 0 || settle.elapsed() < 200) && settle.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    p.view.viewport()->repaint();
    QCoreApplication::processEvents();
    const qint64 renders = p.view.messageDelegate()->renderCount();
    const int paintsBefore = p.paints.count;
    QElapsedTimer t;
    t.start();
    measuredFlush(p, QByteArrayView(sse).sliced(before, ends.at(deltas - 1) - before));
    const double ms = double(t.nsecsElapsed()) / 1e6;
    std::printf("flush-cost %s: flush of deltas %d..%d (%lld chars so far): %.2f ms, %lld documents rendered, "
                "%d paints\n",
                qPrintable(shape.name), deltas - deltasPerFlush + 1, deltas, chars.at(deltas - 1), ms,
                qint64(p.view.messageDelegate()->renderCount() - renders), p.paints.count - paintsBefore);
    return 0;
}

bool runStreamShapes(MainWindow &window, ShapeServer &server, const StreamBenchOptions &options)
{
    ChatController *chat = window.chatController();
    chat->chooseModel(ModelChoice {options.providerId, u"Shapes"_s, u"bench-1"_s, 0});
    server.setOther(shortSse());
    std::printf("\n== streaming shapes (%s build; load average %.2f at the start) ==\n",
#ifdef QT_NO_DEBUG
                "release",
#else
                "debug",
#endif
                loadAverage());
    std::printf("stalls: intervals of a 2 ms heartbeat timer on the GUI thread; read = deltas reaching Turn; "
                "shown = text in the ThreadModel\n");
    bool ok = true;
    int index = 0;
    for (const StreamShape &shape : streamShapes()) {
        if (!options.shapes.isEmpty() && !options.shapes.contains(shape.name))
            continue;
        for (const QString &rate : options.rates)
            ok = runOne(window, server, server.port(), shape, rate, options, ++index) && ok;
    }
    return ok;
}

} // namespace Skein::Bench
