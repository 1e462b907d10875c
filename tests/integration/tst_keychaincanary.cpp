// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The keychain canary: a random API key goes in through `providers add --api-key-env`, sessions
// fail and succeed against a ReplayServer, everything is exported, and then the key must appear
// nowhere: not in any file of the data dir (database, WAL, backups, settings), not in the
// exports, not in any output. Runs under the private Secret Service that `scripts/dev test` starts.

#include "cliprocess.h"
#include "replayserver.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein::Test;
using namespace Qt::StringLiterals;

class TestKeychainCanary final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keyNeverLeaks()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString dataDir = dir.filePath(u"data"_s);
        QString key = u"sk-canary-"_s;
        for (int i = 0; i < 4; ++i)
            key += QString::number(QRandomGenerator::global()->generate64(), 36);
        const QByteArray keyBytes = key.toUtf8();

        ReplayServer server;
        QVERIFY(server.listen());
        // The reply depends on the user's text, so each send meets one kind of failure.
        server.route("POST", "/v1/chat/completions", [](const RecordedRequest &request) {
            const QByteArray body = request.body;
            if (body.contains("case-401"))
                return ReplayResponse::fromBytes(
                    401, "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}",
                    "application/json");
            if (body.contains("case-429"))
                return ReplayResponse::fromBytes(
                    429,
                    "{\"error\":{\"message\":\"You exceeded your current quota\",\"code\":\"insufficient_quota\"}}",
                    "application/json");
            if (body.contains("case-400"))
                return ReplayResponse::fromBytes(400,
                                                 "{\"error\":{\"message\":\"This model's maximum context length is 10 "
                                                 "tokens\",\"code\":\"context_length_exceeded\"}}",
                                                 "application/json");
            return ReplayResponse::fromBytes(
                200,
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"fine\"}}]}\n\n"
                "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
                "data: [DONE]\n\n",
                "text/event-stream");
        });

        server.route("GET", "/v1/models",
                     {ReplayResponse::fromBytes(200, "{\"object\":\"list\",\"data\":[{\"id\":\"gpt-test\"}]}",
                                                "application/json")});

        QList<CliRun> runs;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"SKEIN_CANARY_KEY"_s, key);
        const QStringList base {u"--data-dir"_s, dataDir};
        runs.append(runCli(base
                               + QStringList {u"providers"_s, u"add"_s, u"canary"_s, u"--kind"_s, u"openai"_s,
                                              u"--base-url"_s, server.url(u"/v1"_s).toString(), u"--model"_s,
                                              u"gpt-test"_s, u"--api-key-env"_s, u"SKEIN_CANARY_KEY"_s},
                           env));
        QVERIFY2(runs.last().status == 0, runs.last().err.constData());
        env.remove(u"SKEIN_CANARY_KEY"_s); // from here on the key can only come from the keychain

        for (const QString &text : {u"case-401"_s, u"case-429"_s, u"case-400"_s}) {
            runs.append(runCli(
                base + QStringList {u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"canary"_s, text},
                env));
            QCOMPARE(runs.last().status, 1);
            QVERIFY(!runs.last().err.isEmpty());
        }
        runs.append(runCli(base
                               + QStringList {u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"canary"_s,
                                              u"--json"_s, u"case-ok"_s},
                           env));
        QVERIFY2(runs.last().status == 0, runs.last().err.constData());
        const QJsonObject result = QJsonDocument::fromJson(runs.last().out).object();
        QCOMPARE(result.value(u"status"_s).toString(), u"complete"_s);
        runs.append(runCli(base + QStringList {u"providers"_s, u"models"_s, u"canary"_s}, env));
        QCOMPARE(runs.last().status, 0);
        QVERIFY(runs.last().out.contains("gpt-test"));
        // The key was used, in the right header, on every request: 4 sends, the one retry after the
        // context-length error (the engine lowers the window and rebuilds once), and the model list.
        QCOMPARE(server.requestCount(), 6);
        for (const RecordedRequest &r : server.requests())
            QCOMPARE(r.header("authorization"), "Bearer " + keyBytes);

        const QString exportAll = dir.filePath(u"all.json"_s);
        const QString exportOne = dir.filePath(u"one.md"_s);
        runs.append(runCli(base + QStringList {u"export"_s, u"--all"_s, u"-o"_s, exportAll}, env));
        QCOMPARE(runs.last().status, 0);
        runs.append(runCli(base
                               + QStringList {u"export"_s, result.value(u"session_id"_s).toString(), u"--format"_s,
                                              u"markdown"_s, u"-o"_s, exportOne},
                           env));
        QCOMPARE(runs.last().status, 0);
        runs.append(runCli(base + QStringList {u"providers"_s, u"list"_s, u"--json"_s}, env));
        QVERIFY(runs.last().out.contains("canary"));
        runs.append(runCli(base + QStringList {u"list"_s, u"--json"_s}, env));
        runs.append(runCli(base + QStringList {u"providers"_s, u"remove"_s, u"canary"_s}, env));
        QCOMPARE(runs.last().status, 0);
        runs.append(runCli(base + QStringList {u"providers"_s, u"list"_s}, env));
        QVERIFY(!runs.last().out.contains("canary"));

        int files = 0;
        QStringList scanned {exportAll, exportOne};
        QDirIterator it(dataDir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext())
            scanned.append(it.next());
        for (const QString &path : scanned) {
            QFile f(path);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
            const QByteArray bytes = f.readAll();
            QVERIFY2(!bytes.contains(keyBytes), qPrintable(u"the key is in "_s + path));
            ++files;
        }
        QVERIFY(files >= 3); // at least the database and both exports
        QVERIFY(QFile::exists(dataDir + u"/skein.db"_s));
        for (const CliRun &r : runs) {
            QVERIFY(!r.out.contains(keyBytes));
            QVERIFY(!r.err.contains(keyBytes));
        }
    }
};

SKEIN_CORE_TEST_MAIN(TestKeychainCanary)
#include "tst_keychaincanary.moc"
