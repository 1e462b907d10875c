// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "startup.h"

#include "corpus.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <cstdio>
#include <functional>

namespace Skein::Bench {

namespace {

bool generate(const QString &dir, int sessions, qint64 messages)
{
    auto opened = Store::open(dir);
    if (!opened) {
        std::fprintf(stderr, "open: %s\n", qPrintable(opened.error().message));
        return false;
    }
    Store &store = *opened.value();
    Corpus corpus(20261129);
    const int perSession = int(std::max<qint64>(4, messages / sessions));
    qint64 clock = 1'700'000'000'000;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < sessions; ++i) {
        Session session = Session::create(QStringLiteral("bench %1").arg(i));
        session.createdAt = session.updatedAt = clock;
        const QList<Message> batch = corpus.sessionMessages(session, perSession, clock);
        clock += perSession + 1;
        session.activeLeafId = batch.last().id;
        Status s = store.transaction([&]() -> Status {
            if (Status r = store.sessions().create(session); !r)
                return r;
            return store.messages().insertBatch(batch);
        });
        if (!s) {
            std::fprintf(stderr, "insert: %s\n", qPrintable(s.error().message));
            return false;
        }
        if ((i + 1) % 100 == 0)
            std::printf("  generated %d/%d sessions (%.0f s)\n", i + 1, sessions, double(timer.elapsed()) / 1000.0);
    }
    return true;
}

void spinUntil(const std::function<bool()> &done)
{
    while (!done()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QThread::msleep(1);
    }
}

// The order the reader thread used to run things in: open, quick_check, then the list.
void sequential(const QString &dir)
{
    QElapsedTimer timer;
    timer.start();
    Database::Options options;
    options.readOnly = true;
    options.migrate = false;
    auto store = Store::open(dir, options);
    if (!store)
        return;
    const Status integrity = store.value()->database().quickCheck();
    const qint64 checked = timer.elapsed();
    const qsizetype count = store.value()->sessions().list().value().size();
    std::printf("  before (check, then list on one thread): sessions listed %lld ms (%lld sessions), "
                "check done %lld ms, %s\n",
                qlonglong(timer.elapsed()), qlonglong(count), qlonglong(checked), integrity ? "ok" : "damaged");
}

void concurrent(const QString &dir)
{
    QObject context;
    QElapsedTimer timer;
    qint64 listed = -1;
    qint64 checked = -1;
    qsizetype count = 0;
    bool ok = false;
    {
        AsyncStore store;
        timer.start();
        store.open(
            dir, {}, &context,
            [&](Result<AsyncStore::OpenReport> opened) {
                if (!opened) {
                    listed = 0;
                    return;
                }
                store.read<QList<Session>>(
                    &context, [](Store &s) { return s.sessions().list(); },
                    [&](Result<QList<Session>> sessions) {
                        listed = timer.elapsed();
                        count = sessions ? sessions->size() : -1;
                    });
            },
            [&](Status integrity) {
                checked = timer.elapsed();
                ok = integrity.ok();
            });
        spinUntil([&] { return listed >= 0 && checked >= 0; });
    }
    std::printf("  after (AsyncStore, check on its own thread): sessions listed %lld ms (%lld sessions), "
                "check done %lld ms, %s\n",
                qlonglong(listed), qlonglong(count), qlonglong(checked), ok ? "ok" : "damaged");
}

} // namespace

int runStartup(const QString &dir, int sessions, qint64 messages)
{
    const QString file = QDir(dir).filePath(Database::fileName());
    if (!QFileInfo::exists(file)) {
        std::printf("startup: generating %lld messages in %d sessions in %s\n", qlonglong(messages), sessions,
                    qPrintable(dir));
        QDir().mkpath(dir);
        if (!generate(dir, sessions, messages))
            return 1;
    }
    std::printf("startup: %s, %.0f MB\n", qPrintable(file), double(QFileInfo(file).size()) / 1048576.0);
    // Alternating, so neither order nor a warm page cache favours one side.
    for (int round = 0; round < 2; ++round) {
        sequential(dir);
        concurrent(dir);
    }
    return 0;
}

} // namespace Skein::Bench
