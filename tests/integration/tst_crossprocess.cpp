// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Two processes on one data dir (SPEC §5.2): a stale session write is detected through the
// `version` column and reported, a second run on a session another process is running is refused
// (and that process's reply is left alone by the newcomer's crash recovery), nothing is lost.

#include "cliprocess.h"
#include "scriptedmodel.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QStringList sendArgs(const QString &data, const QString &session, const ReplayServer &server, const QString &text)
{
    return {u"--data-dir"_s, data,        u"send"_s,       u"--no-background"_s,
            u"--session"_s,  session,     u"--base-url"_s, server.url(u"/v1"_s).toString(),
            u"--kind"_s,     u"openai"_s, u"--model"_s,    u"scripted-1"_s,
            u"--json"_s,     text};
}

} // namespace

class TestCrossProcess final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void staleWriteIsDetectedAndNothingIsLost()
    {
        QTemporaryDir dir;
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", {openAiText(u"Stored by the other process."_s, 9)});
        const CliRun created = runCli({u"--data-dir"_s, dir.path(), u"new"_s, u"--title"_s, u"shared"_s});
        QCOMPARE(created.status, 0);
        const QString id = QString::fromUtf8(created.out).trimmed();

        // This process reads the session, then skein-cli (another process) runs a turn in it.
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &mine = *opened.value();
        Session stale = mine.sessions().get(id).value();
        const CliRun turn = runCli(sendArgs(dir.path(), id, server, u"hello from the CLI"_s));
        QVERIFY2(turn.status == 0, turn.err.constData());
        const QJsonObject result = QJsonDocument::fromJson(turn.out.trimmed().split('\n').last()).object();

        // Our write of what we read is stale: refused, reported with both versions.
        stale.systemPrompt = u"Answer in French."_s;
        const Result<Session> conflict = mine.sessions().update(stale);
        QVERIFY(!conflict);
        QCOMPARE(conflict.error().kind, StorageError::Kind::Conflict);
        QVERIFY(conflict.error().message.contains(u"version %1"_s.arg(stale.version)));

        // Nothing of the other process was lost, and re-reading then writing applies.
        Session fresh = mine.sessions().get(id).value();
        QVERIFY(fresh.version > stale.version);
        QCOMPARE(fresh.activeLeafId, result.value(u"assistant_message_id"_s).toString());
        QCOMPARE(mine.messages().get(fresh.activeLeafId)->content, u"Stored by the other process."_s);
        QCOMPARE(mine.messages().countBySession(id).value(), 2);
        fresh.systemPrompt = u"Answer in French."_s;
        const Result<Session> applied = mine.sessions().update(fresh);
        QVERIFY(applied);
        QCOMPARE(applied->activeLeafId, result.value(u"assistant_message_id"_s).toString());
        QCOMPARE(applied->systemPrompt, u"Answer in French."_s);
    }

    void secondRunOnABusySessionIsRefused()
    {
        QTemporaryDir dir;
        ReplayServer server;
        QVERIFY(server.listen());
        ScriptedReply slow;
        for (int i = 0; i < 60; ++i)
            slow.text += u"piece%1 "_s.arg(i);
        slow.chunkChars = 8;
        server.route("POST", "/v1/chat/completions", {openAiReply(slow).chunked({120}, 40)});
        const CliRun created = runCli({u"--data-dir"_s, dir.path(), u"new"_s});
        QCOMPARE(created.status, 0);
        const QString id = QString::fromUtf8(created.out).trimmed();

        QProcess first;
        first.start(QStringLiteral(SKEIN_CLI_PATH), sendArgs(dir.path(), id, server, u"first"_s));
        QVERIFY(first.waitForStarted(10000));
        QByteArray firstErr;
        QVERIFY(QTest::qWaitFor(
            [&] {
                firstErr += first.readAllStandardError();
                return firstErr.contains("piece3 ");
            },
            30000));

        // While the first streams, a second process tries the same session.
        const CliRun second = runCli(sendArgs(dir.path(), id, server, u"second"_s));
        QCOMPARE(second.status, 1);
        QVERIFY2(second.err.contains("busy in another Skein process"), second.err.constData());
        QVERIFY(second.err.contains(QByteArray::number(first.processId())));

        QVERIFY(QTest::qWaitFor([&] { return first.state() == QProcess::NotRunning; }, 60000));
        QCOMPARE(first.exitCode(), 0);
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        const QList<Message> all = opened.value()->messages().bySession(id).value();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].content, u"first"_s);
        // The second process's start-up recovery left the streaming reply alone.
        QCOMPARE(toString(all[1].status), u"complete"_s);
        QCOMPARE(all[1].content, slow.text);

        // Once the first is done the session is free again.
        server.route("POST", "/v1/chat/completions", {openAiText(u"ok"_s)});
        const CliRun third = runCli(sendArgs(dir.path(), id, server, u"third"_s));
        QVERIFY2(third.status == 0, third.err.constData());
    }
};

SKEIN_CORE_TEST_MAIN(TestCrossProcess)
#include "tst_crossprocess.moc"
