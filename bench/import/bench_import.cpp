// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_import: importing a 1 GB ChatGPT-shaped export (20,000 conversations, about 2 M nodes,
// branches; tests/support/chatgptexport.cpp) — docs/import.md, docs/benchmarks.md "Import".
//
// Baselines in the same run, on the same file: reading it (1 MB chunks), and reading, cutting and
// parsing it (JsonArrayStream + QJsonDocument per conversation) without converting or writing.
// Then the import itself into a fresh database (Importer::importPath, one transaction), and the
// import as the app runs it (File → Import in an offscreen main window, the storage thread doing
// the work) with a 2 ms heartbeat on the GUI thread: the GUI's stalls while it runs. Both are also
// timed to the end of indexing the search backlog the import leaves (docs/storage.md).
// Peak RSS (VmHWM) is reset before each phase.
//
// SKEIN_BENCH_IMPORT_CONVERSATIONS (default 20000) scales the file; it is written once into
// SKEIN_BENCH_DATA (default: ./bench-data) and reused.

#include "app/appcontext.h"
#include "app/services/sessionservice.h"
#include "app/settings/dataservice.h"
#include "chatgptexport.h"
#include "engine/memory/extraction.h"
#include "gui/mainwindow.h"
#include "secrets/memorysecretstore.h"
#include "storage/exchange/importer.h"
#include "storage/exchange/jsonarraystream.h"
#include "storage/searchrepository.h"
#include "storage/store.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <malloc.h>
#include <unistd.h>

using namespace Skein;

namespace {

double mb(qint64 bytes)
{
    return double(bytes) / (1 << 20);
}

// Before each phase: what the earlier phases wrote goes to the disk (the kernel slows down a
// writer while gigabytes of another's writes are still waiting), what they freed goes back to
// the system (glibc keeps it per thread's arena otherwise, and a phase on another thread would
// count it again), then VmHWM is reset to the current RSS.
void resetPeak()
{
    ::sync();
    malloc_trim(0);
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    if (f.open(QIODevice::WriteOnly))
        f.write("5");
}

qint64 peakKb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return 0;
}

struct Phase
{
    const char *name;
    double seconds;
    qint64 bytes;
    qint64 peak;
};

void print(const Phase &p, double baseline)
{
    std::printf("%-34s %8.1f s %8.1f MB/s %8.1f MB peak RSS %7.2fx the read baseline\n", p.name, p.seconds,
                mb(p.bytes) / p.seconds, double(p.peak) / 1024.0, p.seconds / baseline);
}

QString dataFile(int conversations, Test::ChatGptExportCounts *counts)
{
    const QString dir = qEnvironmentVariable("SKEIN_BENCH_DATA", QStringLiteral("bench-data"));
    QDir().mkpath(dir);
    // 45 turns with a regeneration every fifth: 101 nodes a conversation, about 530 bytes a node.
    const Test::ChatGptExportShape shape {conversations, 45, 160};
    QString path = QDir(dir).filePath(
        QStringLiteral("chatgpt-%1x%2x%3.json").arg(conversations).arg(shape.turns).arg(shape.textBytes));
    QFile meta(path + QStringLiteral(".counts"));
    if (QFileInfo::exists(path) && meta.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> v = meta.readAll().split(' ');
        if (v.size() == 3 && v.at(0).toLongLong() == QFileInfo(path).size()) {
            *counts = {v.at(0).toLongLong(), v.at(1).toLongLong(), v.at(2).toLongLong()};
            return path;
        }
    }
    std::printf("writing %s …\n", qPrintable(path));
    std::fflush(stdout);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    *counts = Test::writeChatGptExport(&out, shape, 1);
    out.close();
    if (meta.open(QIODevice::WriteOnly))
        meta.write(QByteArray::number(counts->bytes) + ' ' + QByteArray::number(counts->messages) + ' '
                   + QByteArray::number(counts->branches));
    return path;
}

// What skein-cli import does after the import: the search backlog it left, in steps.
bool indexBacklog(Store &store)
{
    for (;;) {
        Result<qint64> left = store.transaction([&] { return store.search().indexBacklog(50000); });
        if (!left) {
            std::fprintf(stderr, "indexing failed: %s\n", qPrintable(left.error().message));
            return false;
        }
        if (*left == 0)
            return true;
    }
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int conversations = qEnvironmentVariableIntValue("SKEIN_BENCH_IMPORT_CONVERSATIONS") > 0
        ? qEnvironmentVariableIntValue("SKEIN_BENCH_IMPORT_CONVERSATIONS")
        : 20000;
    Test::ChatGptExportCounts counts;
    const QString path = dataFile(conversations, &counts);
    if (path.isEmpty()) {
        std::fprintf(stderr, "cannot write the export\n");
        return 1;
    }
    std::printf("export: %d conversations, %.1f MB, %lld messages, %lld branches\n", conversations, mb(counts.bytes),
                static_cast<long long>(counts.messages), static_cast<long long>(counts.branches));

    // 1. Reading the file.
    resetPeak();
    QElapsedTimer t;
    t.start();
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return 1;
        QByteArray chunk(1 << 20, Qt::Uninitialized);
        while (f.read(chunk.data(), chunk.size()) > 0) { }
    }
    const Phase read {"read (1 MB chunks)", t.elapsed() / 1000.0, counts.bytes, peakKb()};

    // 2. Reading, cutting and parsing every conversation.
    resetPeak();
    t.restart();
    qint64 parsed = 0;
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return 1;
        Exchange::JsonArrayStream stream(&f);
        QByteArray element;
        while (stream.next(&element))
            parsed += QJsonDocument::fromJson(element).object().isEmpty() ? 0 : 1;
    }
    const Phase parse {"read + cut + parse (QJsonDocument)", t.elapsed() / 1000.0, counts.bytes, peakKb()};

    // 3. The import into a fresh database.
    QTemporaryDir dir(QDir(qEnvironmentVariable("SKEIN_BENCH_DATA", QStringLiteral("bench-data")))
                          .filePath(QStringLiteral("db-XXXXXX")));
    qint64 imported = 0;
    double importSeconds = 0;
    resetPeak();
    t.restart();
    {
        QDir().mkpath(dir.filePath(QStringLiteral("cli")));
        Result<std::unique_ptr<Store>> opened = Store::open(dir.filePath(QStringLiteral("cli")));
        if (!opened) {
            std::fprintf(stderr, "cannot open the database: %s\n", qPrintable(opened.error().message));
            return 1;
        }
        std::unique_ptr<Store> store = std::move(opened).value();
        Result<Exchange::ImportReport> report
            = Exchange::Importer(*store, Extraction::importGuards()).importPath(path, {});
        if (!report) {
            std::fprintf(stderr, "import failed: %s\n", qPrintable(report.error().message));
            return 1;
        }
        imported = report->newMessages();
        importSeconds = t.elapsed() / 1000.0;
        if (!indexBacklog(*store))
            return 1;
    }
    const Phase import {"import (Importer, one transaction)", importSeconds, counts.bytes, peakKb()};
    const Phase indexed {"  + indexing the search backlog", t.elapsed() / 1000.0, counts.bytes, peakKb()};
    const qint64 dbBytes = QFileInfo(dir.filePath(QStringLiteral("cli/skein.db"))).size();
    QDir(dir.filePath(QStringLiteral("cli"))).removeRecursively();

    // 4. File → Import in the app, the GUI thread's heartbeat meanwhile.
    const QString appDir = dir.filePath(QStringLiteral("app"));
    QDir().mkpath(appDir);
    AppContext context(appDir);
    context.setSecretStore(std::make_unique<MemorySecretStore>());
    MainWindow window(context);
    window.resize(1200, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    QTest::qWait(500); // the database opens
    QList<qint64> gaps;
    QElapsedTimer beat;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(2);
    QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
        gaps << beat.nsecsElapsed();
        beat.restart();
    });
    qint64 backlog = -1;
    QObject::connect(&context.sessions(), &SessionService::searchBacklog, &window,
                     [&](qint64 remaining) { backlog = remaining; });
    resetPeak();
    t.restart();
    beat.start();
    heartbeat.start();
    window.importFile(path);
    // Looked for ten times a second: searching the window's widgets at every heartbeat would take
    // a core from the import.
    QMessageBox *summary = nullptr;
    double importedAt = 0;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!summary) {
            summary = window.findChild<QMessageBox *>(QStringLiteral("importSummary"));
            importedAt = t.elapsed() / 1000.0;
        }
        // The storage thread then indexes the backlog in steps, the GUI responsive meanwhile.
        if (summary && backlog == 0)
            loop.quit();
    });
    poll.start(100);
    loop.exec();
    heartbeat.stop();
    const Phase gui {"File -> Import in the app", importedAt, counts.bytes, peakKb()};
    const Phase guiIndexed {"  + indexing the search backlog", t.elapsed() / 1000.0, counts.bytes, peakKb()};
    const QString said = summary->informativeText();
    std::sort(gaps.begin(), gaps.end());
    auto at = [&](double q) { return gaps.isEmpty() ? 0.0 : gaps.at(qsizetype(q * double(gaps.size() - 1))) / 1e6; };

    std::printf("\n%-34s %10s %13s %16s\n", "phase", "time", "throughput", "peak");
    for (const Phase &p : {read, parse, import, indexed, gui, guiIndexed})
        print(p, read.seconds);
    std::printf("\nparsed %lld conversations; imported %lld messages (expected %lld); database %.1f MB\n",
                static_cast<long long>(parsed), static_cast<long long>(imported),
                static_cast<long long>(counts.messages), mb(dbBytes));
    std::printf("import / parse baseline: %.2fx\n", import.seconds / parse.seconds);
    std::printf("GUI heartbeat (2 ms) during File -> Import and indexing: %lld intervals, p50 %.2f ms, p99 %.2f ms, "
                "max %.2f ms\n",
                static_cast<long long>(gaps.size()), at(0.5), at(0.99), at(1.0));
    std::printf("summary: %s\n", qPrintable(said.section(QLatin1Char('\n'), 0, 0)));
    return imported == counts.messages ? 0 : 1;
}
