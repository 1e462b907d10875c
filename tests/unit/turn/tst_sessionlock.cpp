// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The cross-process session lock, with real processes: this test binary started again as a
// holder ("--hold"), killed with SIGKILL at the worst moments, and racing copies of itself.

#include "engine/turn/sessionlock.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace Skein;

namespace {

const QString Session = u"0b0e1c62-5d2b-4f57-9a0e-000000000001"_s;

// Child modes. "--hold DIR [spawn]": take the lock, optionally start `sleep 600` (a tool server
// outliving its parent), print "locked <sleep pid>" and wait to be killed. "--race DIR N": take
// and release the lock N times; while holding it, create DIR/owner exclusively, so two holders at
// once show up as a failed create. Prints the number of times it held the lock.
int childMain(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString mode = QString::fromLocal8Bit(argv[1]);
    const QString dir = QString::fromLocal8Bit(argv[2]);
    if (mode == "--hold"_L1) {
        SessionLock lock(dir, Session);
        if (!lock.tryLock())
            return 3;
        qint64 grandchild = 0;
        if (argc > 3 && qstrcmp(argv[3], "spawn") == 0) {
            QProcess sleeper;
            sleeper.setProgram(u"sleep"_s);
            sleeper.setArguments({u"600"_s});
            if (!sleeper.startDetached(&grandchild))
                return 4;
        }
        std::printf("locked %lld\n", static_cast<long long>(grandchild));
        std::fflush(stdout);
        for (;;)
            QThread::sleep(1);
    }
    const int rounds = QString::fromLocal8Bit(argv[3]).toInt();
    const QByteArray owner = QFile::encodeName(QDir(dir).filePath(u"owner"_s));
    int held = 0;
    for (int i = 0; i < rounds; ++i) {
        SessionLock lock(dir, Session);
        if (!lock.tryLock())
            continue;
        const int fd = ::open(owner.constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0) {
            std::printf("two holders at once\n");
            return 5;
        }
        ::close(fd);
        ++held;
        ::unlink(owner.constData());
        lock.unlock();
    }
    std::printf("%d\n", held);
    return 0;
}

} // namespace

class TestSessionLock : public QObject
{
    Q_OBJECT

    // A holder started as another process; returns its "locked" line.
    static QByteArray startHolder(QProcess &p, const QString &dir, bool spawn = false)
    {
        QStringList args {u"--hold"_s, dir};
        if (spawn)
            args << u"spawn"_s;
        p.start(QCoreApplication::applicationFilePath(), args);
        if (!p.waitForStarted(10000) || !p.waitForReadyRead(30000))
            return {};
        return p.readLine().trimmed();
    }

private Q_SLOTS:
    // What a QLockFile holder killed between creating its file and writing its PID left behind
    // (an empty file), and a file naming a process that is gone, never block a session.
    void leftoverFilesDoNotBlock()
    {
        for (const QByteArray &content : {QByteArray(), QByteArray("999999\nskein-cli\nhost\n")}) {
            QTemporaryDir dir;
            QDir(dir.path()).mkpath(u"locks"_s);
            QFile leftover(SessionLock::path(dir.path(), Session));
            QVERIFY(leftover.open(QIODevice::WriteOnly));
            leftover.write(content);
            leftover.close();
            QVERIFY(!SessionLock::isHeldElsewhere(dir.path(), Session));
            SessionLock lock(dir.path(), Session);
            qint64 pid = -1;
            QVERIFY2(lock.tryLock(&pid), content.constData());
            QVERIFY(lock.isLocked());
        }
    }

    // Held by another live process: refused, naming it; free the moment it is killed.
    void killedHolderFreesTheSessionAtOnce()
    {
        QTemporaryDir dir;
        QProcess holder;
        QCOMPARE(startHolder(holder, dir.path()), "locked 0"_ba);
        QVERIFY(SessionLock::isHeldElsewhere(dir.path(), Session));
        SessionLock lock(dir.path(), Session);
        qint64 pid = 0;
        QString error;
        QVERIFY(!lock.tryLock(&pid, &error));
        QCOMPARE(pid, holder.processId());
        QVERIFY(error.isEmpty());

        holder.kill(); // SIGKILL: no destructor, no unlock
        QVERIFY(holder.waitForFinished(10000));
        QVERIFY(!SessionLock::isHeldElsewhere(dir.path(), Session));
        QVERIFY(lock.tryLock(&pid));
        QVERIFY(!SessionLock::isHeldElsewhere(dir.path(), Session)); // held, but by this process
    }

    // A tool server started during a run outlives the killed run; it must not keep the lock.
    void childProcessesDoNotInheritTheLock()
    {
        QTemporaryDir dir;
        QProcess holder;
        const QByteArray line = startHolder(holder, dir.path(), true);
        QVERIFY2(line.startsWith("locked "), line.constData());
        const qint64 sleeper = line.mid(7).toLongLong();
        QVERIFY(sleeper > 0);
        auto reap = qScopeGuard([sleeper] { ::kill(pid_t(sleeper), SIGKILL); });
        holder.kill();
        QVERIFY(holder.waitForFinished(10000));
        QCOMPARE(::kill(pid_t(sleeper), 0), 0); // still running
        SessionLock lock(dir.path(), Session);
        QVERIFY(lock.tryLock());
    }

    // In one process, a second lock object on the same session is refused too; unlocking removes
    // the file and lets the next one in.
    void unlockRemovesTheFileAndFreesTheSession()
    {
        QTemporaryDir dir;
        SessionLock first(dir.path(), Session);
        SessionLock second(dir.path(), Session);
        QVERIFY(first.tryLock());
        QVERIFY(first.tryLock()); // already ours
        qint64 pid = 0;
        QVERIFY(!second.tryLock(&pid));
        QCOMPARE(pid, QCoreApplication::applicationPid());
        first.unlock();
        QVERIFY(!QFile::exists(SessionLock::path(dir.path(), Session)));
        QVERIFY(second.tryLock());
        QVERIFY(QFile::exists(SessionLock::path(dir.path(), Session)));
    }

    // A lock file that cannot be created is an error in plain words, not "busy" (here "locks" is
    // a file, which fails for root too).
    void uncreatableLockFileIsAnError()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(u"locks"_s));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        SessionLock lock(dir.path(), Session);
        qint64 pid = -1;
        QString error;
        QVERIFY(!lock.tryLock(&pid, &error));
        QCOMPARE(pid, 0);
        QCOMPARE(error, QString::fromLocal8Bit(std::strerror(ENOTDIR)));
        QVERIFY(!SessionLock::isHeldElsewhere(dir.path(), Session));
    }

    // Four processes take and release the lock as fast as they can: never two holders at once,
    // and every one of them gets it sometimes.
    void racingProcessesNeverHoldItTogether()
    {
        QTemporaryDir dir;
        std::vector<std::unique_ptr<QProcess>> racers;
        for (int i = 0; i < 4; ++i) {
            racers.push_back(std::make_unique<QProcess>());
            racers.back()->start(QCoreApplication::applicationFilePath(), {u"--race"_s, dir.path(), u"400"_s});
        }
        int total = 0;
        for (const auto &p : racers) {
            QVERIFY(p->waitForFinished(120000));
            const QByteArray out = p->readAllStandardOutput().trimmed();
            QVERIFY2(p->exitCode() == 0, out.constData());
            total += out.toInt();
        }
        QVERIFY(total >= int(racers.size())); // the lock was taken, not refused throughout
        QVERIFY(!QFile::exists(SessionLock::path(dir.path(), Session)));
    }
};

int main(int argc, char **argv)
{
    if (argc >= 3 && (qstrcmp(argv[1], "--hold") == 0 || qstrcmp(argv[1], "--race") == 0))
        return childMain(argc, argv);
    ::Skein::Test::prepareEnvironment();
    QCoreApplication app(argc, argv);
    TestSessionLock tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_sessionlock.moc"
