// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The kill test: skein-cli send streams from a slow ReplayServer and is SIGKILLed at random
// moments (fixed seed). After each kill, start-up recovery runs and the database must be intact:
// the user message is there once the CLI said it was saved, the partial reply holds what was
// flushed, and nothing is left `generating`.

#include "cliprocess.h"
#include "engine/turn/recovery.h"
#include "replayserver.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Kills = 32;
constexpr int Events = 120;
constexpr int EventDelayMs = 25; // 3 s of stream

QByteArray slowStream(QString *fullText, QList<int> *sizes)
{
    QByteArray body;
    for (int i = 0; i < Events; ++i) {
        const QString piece = u"token%1 "_s.arg(i);
        *fullText += piece;
        const QJsonObject chunk {
            {u"model"_s, u"slow-1"_s},
            {u"choices"_s,
             QJsonArray {QJsonObject {{u"index"_s, 0}, {u"delta"_s, QJsonObject {{u"content"_s, piece}}}}}},
        };
        const QByteArray event = "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
        sizes->append(int(event.size()));
        body += event;
    }
    const QByteArray end = "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}"
                           "\n\ndata: [DONE]\n\n";
    sizes->append(int(end.size()));
    return body + end;
}

} // namespace

class TestKillSend final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killAtRandomMoments()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReplayServer server;
        QVERIFY(server.listen());
        QString fullText;
        QList<int> sizes;
        const QByteArray body = slowStream(&fullText, &sizes);
        server.route("POST", "/v1/chat/completions",
                     {ReplayResponse::fromBytes(200, body, "text/event-stream").chunked(sizes, EventDelayMs)});

        QRandomGenerator random(20261129);
        const QRegularExpression saved(u"user message ([0-9a-f-]{36}) saved"_s);
        int committedRuns = 0;
        int partialChecked = 0;
        QElapsedTimer total;
        total.start();
        for (int run = 0; run < Kills; ++run) {
            const int killAfterMs = int(random.bounded(3200));
            QProcess p;
            p.start(QStringLiteral(SKEIN_CLI_PATH),
                    {u"--data-dir"_s, dir.path(), u"send"_s, u"--no-background"_s, u"--new"_s, u"--base-url"_s,
                     server.url(u"/v1"_s).toString(), u"--kind"_s, u"openai"_s, u"--model"_s, u"slow-1"_s,
                     u"message %1"_s.arg(run)});
            QVERIFY(p.waitForStarted(10000));
            QElapsedTimer clock;
            clock.start();
            QByteArray err;
            QList<std::pair<qint64, qsizetype>> printed; // (ms, stdout bytes so far)
            qsizetype outBytes = 0;
            QByteArray out;
            while (clock.elapsed() < killAfterMs && p.state() == QProcess::Running) {
                QTest::qWait(5);
                err += p.readAllStandardError();
                const QByteArray more = p.readAllStandardOutput();
                if (!more.isEmpty()) {
                    out += more;
                    outBytes += more.size();
                    printed.append({clock.elapsed(), outBytes});
                }
            }
            const qint64 killedAt = clock.elapsed();
            const bool finishedByItself = p.state() != QProcess::Running;
            p.kill(); // SIGKILL
            // A run whose stream (3 s) ended before the kill has finished already: Qt's
            // waitForFinished() says false for a process that is not running.
            QVERIFY(finishedByItself || p.waitForFinished(10000));
            err += p.readAllStandardError();
            const QRegularExpressionMatch m = saved.match(QString::fromUtf8(err));

            auto opened = Store::open(dir.path());
            QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
            Store &store = *opened.value();
            QSqlQuery check(store.database().connection());
            QVERIFY(check.exec(u"PRAGMA integrity_check"_s) && check.next());
            QCOMPARE(check.value(0).toString(), u"ok"_s);
            QVERIFY(Recovery::interruptGenerating(store).ok());
            QVERIFY(store.messages().generating()->isEmpty());

            if (!m.hasMatch())
                continue;
            ++committedRuns;
            const Result<Message> user = store.messages().get(m.captured(1));
            QVERIFY2(user, "the CLI said the user message was saved, but it is gone");
            QCOMPARE(user->content, u"message %1"_s.arg(run));
            const QList<Message> replies = store.messages().children(user->sessionId, user->id).value();
            QVERIFY(replies.size() <= 1);
            if (replies.isEmpty())
                continue;
            const Message &reply = replies.first();
            QVERIFY2(fullText.startsWith(reply.content), qPrintable(reply.content.left(80)));
            if (finishedByItself) {
                QCOMPARE(toString(reply.status), toString(MessageStatus::Complete));
                QCOMPARE(reply.content, fullText);
                continue;
            }
            QVERIFY(reply.status == MessageStatus::Interrupted || reply.status == MessageStatus::Complete);
            // What the terminal showed a second before the kill had been flushed (4 flushes/s).
            qsizetype shownEarlier = 0;
            for (const auto &[ms, bytes] : printed)
                if (ms + 1000 <= killedAt)
                    shownEarlier = bytes;
            QVERIFY2(reply.content.toUtf8().size() >= shownEarlier,
                     qPrintable(u"stored %1 bytes, shown %2 bytes a second before the kill"_s
                                    .arg(reply.content.toUtf8().size())
                                    .arg(shownEarlier)));
            if (shownEarlier > 0)
                ++partialChecked;
        }
        qInfo("%d kills, %d after the user message was saved, %d with a partial reply checked, %lld ms", Kills,
              committedRuns, partialChecked, qlonglong(total.elapsed()));
        QVERIFY(committedRuns >= Kills / 3);
        QVERIFY(partialChecked >= 3);

        // The CLI reads the recovered data like any other.
        const CliRun list = runCli({u"--data-dir"_s, dir.path(), u"list"_s, u"--json"_s});
        QCOMPARE(list.status, 0);
        QVERIFY(QJsonDocument::fromJson(list.out).array().size() >= committedRuns);
    }

    // Ctrl+C: the reply stays, marked cancelled, and --json still prints its one line.
    void interruptCancelsCleanly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReplayServer server;
        QVERIFY(server.listen());
        QString fullText;
        QList<int> sizes;
        const QByteArray body = slowStream(&fullText, &sizes);
        server.route("POST", "/v1/chat/completions",
                     {ReplayResponse::fromBytes(200, body, "text/event-stream").chunked(sizes, EventDelayMs)});
        QProcess p;
        p.start(QStringLiteral(SKEIN_CLI_PATH),
                {u"--data-dir"_s, dir.path(), u"send"_s, u"--no-background"_s, u"--new"_s, u"--json"_s, u"--base-url"_s,
                 server.url(u"/v1"_s).toString(), u"--kind"_s, u"openai"_s, u"--model"_s, u"slow-1"_s, u"stop me"_s});
        QVERIFY(p.waitForStarted(10000));
        QByteArray err;
        QVERIFY(QTest::qWaitFor(
            [&] {
                err += p.readAllStandardError();
                return err.contains("token20 ");
            },
            20000));
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 20000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        const QJsonObject result = QJsonDocument::fromJson(lines.first()).object();
        QCOMPARE(result.value(u"status"_s).toString(), u"cancelled"_s);

        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        const Result<Message> reply
            = opened.value()->messages().get(result.value(u"assistant_message_id"_s).toString());
        QVERIFY(reply);
        QCOMPARE(toString(reply->status), toString(MessageStatus::Cancelled));
        QVERIFY(reply->content.startsWith(u"token0 token1 "_s));
        QVERIFY(fullText.startsWith(reply->content));
        QVERIFY(reply->content.size() < fullText.size());
    }
};

SKEIN_CORE_TEST_MAIN(TestKillSend)
#include "tst_killsend.moc"
