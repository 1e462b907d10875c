// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QUuid>

// Runs the real executables as a user would.
class TestCli final : public QObject
{
    Q_OBJECT

    struct Result
    {
        int status = -1;
        QString out;
        QString err;
    };

    static Result run(const QString &program, const QStringList &args, const QProcessEnvironment &env = {})
    {
        QProcess p;
        QProcessEnvironment e = env.isEmpty() ? QProcessEnvironment::systemEnvironment() : env;
        e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(e);
        p.start(program, args);
        if (!p.waitForFinished(30000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

private Q_SLOTS:
    void versions()
    {
        const Result cli = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--version")});
        QCOMPARE(cli.status, 0);
        QCOMPARE(cli.out.trimmed(), QStringLiteral("skein-cli " SKEIN_VERSION));
        const Result gui = run(QStringLiteral(SKEIN_GUI_PATH), {QStringLiteral("--version")});
        QCOMPARE(gui.status, 0);
        QCOMPARE(gui.out.trimmed(), QStringLiteral("skein " SKEIN_VERSION));
    }
    void helpListsOptions()
    {
        const Result cli = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--help")});
        QCOMPARE(cli.status, 0);
        QVERIFY(cli.out.contains(QLatin1String("--data-dir")));
        QVERIFY(cli.out.contains(QLatin1String("Commands:")));
    }
    void dataDirFromOptionAndEnvironment()
    {
        QTemporaryDir tmp;
        const QString viaOption = tmp.filePath(QStringLiteral("opt"));
        Result r
            = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--data-dir"), viaOption, QStringLiteral("info")});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains(viaOption), qPrintable(r.out));
        QVERIFY(QFileInfo(viaOption).isDir());

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString viaEnv = tmp.filePath(QStringLiteral("env"));
        env.insert(QStringLiteral("SKEIN_DATA_DIR"), viaEnv);
        r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("info")}, env);
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains(viaEnv), qPrintable(r.out));
    }
    void failuresAreOneLineOnStderr()
    {
        const Result r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("frobnicate")});
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY(r.err.contains(QLatin1String("frobnicate")));
    }
    // The storage commands, end to end, as a script would use them.
    void sessionLifecycle()
    {
        QTemporaryDir tmp;
        const QString data = tmp.filePath(QStringLiteral("data"));
        const auto cli = [&](QStringList args) {
            args.prepend(data);
            args.prepend(QStringLiteral("--data-dir"));
            return run(QStringLiteral(SKEIN_CLI_PATH), args);
        };
        Result r = cli({QStringLiteral("new"), QStringLiteral("--title"), QStringLiteral("Trip"),
                        QStringLiteral("--system"), QStringLiteral("Be brief")});
        QCOMPARE(r.status, 0);
        const QString session = r.out.trimmed();
        QVERIFY2(QUuid::fromString(session).isNull() == false, qPrintable(r.out)); // only the id on stdout

        r = cli({QStringLiteral("append"), session, QStringLiteral("--role"), QStringLiteral("user"),
                 QStringLiteral("Plan a trip to 杭州")});
        QCOMPARE(r.status, 0);
        const QString user = r.out.trimmed();
        r = cli({QStringLiteral("append"), session.left(8), QStringLiteral("--role"), QStringLiteral("assistant"),
                 QStringLiteral("Visit 西湖 first.")});
        QCOMPARE(r.status, 0);
        const QString reply = r.out.trimmed();
        r = cli({QStringLiteral("append"), session, QStringLiteral("--role"), QStringLiteral("user"),
                 QStringLiteral("--parent"), user, QStringLiteral("Edited")});
        QCOMPARE(r.status, 0);

        r = cli({QStringLiteral("show"), session, QStringLiteral("--json")});
        QCOMPARE(r.status, 0);
        const QJsonObject shown = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray path = shown.value(QStringLiteral("messages")).toArray();
        QCOMPARE(path.size(), 2); // root user message, then the edit (the active leaf)
        const QJsonObject first = path.at(0).toObject();
        for (const char *field : {"id", "parent_id", "role", "content", "reasoning", "tool_calls", "tool_call_id",
                                  "status", "finish_reason", "error", "usage", "model", "created_at"})
            QVERIFY2(first.contains(QLatin1String(field)), field);
        QCOMPARE(first.value(QStringLiteral("content")).toString(), QStringLiteral("Plan a trip to 杭州"));
        QCOMPARE(path.at(1).toObject().value(QStringLiteral("parent_id")).toString(), user);
        r = cli({QStringLiteral("show"), session, QStringLiteral("--json"), QStringLiteral("--all-branches")});
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("messages")).toArray().size(),
                 3);

        r = cli({QStringLiteral("search"), QStringLiteral("西湖"), QStringLiteral("--json")});
        QCOMPARE(r.status, 0);
        const QJsonArray hits = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits.at(0).toObject().value(QStringLiteral("message_id")).toString(), reply);

        r = cli({QStringLiteral("rename"), session, QStringLiteral("Hangzhou"), QStringLiteral("trip")});
        QCOMPARE(r.status, 0);
        r = cli({QStringLiteral("list"), QStringLiteral("--json")});
        const QJsonArray list = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.at(0).toObject().value(QStringLiteral("title")).toString(), QStringLiteral("Hangzhou trip"));
        QCOMPARE(list.at(0).toObject().value(QStringLiteral("message_count")).toInt(), 3);

        // export -> import into a fresh data dir -> export: identical; importing twice adds nothing.
        const QString file = tmp.filePath(QStringLiteral("export.json"));
        QCOMPARE(cli({QStringLiteral("export"), session, QStringLiteral("-o"), file}).status, 0);
        const QString other = tmp.filePath(QStringLiteral("other"));
        const auto cli2 = [&](QStringList args) {
            args.prepend(other);
            args.prepend(QStringLiteral("--data-dir"));
            return run(QStringLiteral(SKEIN_CLI_PATH), args);
        };
        r = cli2({QStringLiteral("import"), file, QStringLiteral("--json")});
        QCOMPARE(r.status, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8())
                     .object()
                     .value(QStringLiteral("sessions"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("outcome"))
                     .toString(),
                 QStringLiteral("imported"));
        r = cli2({QStringLiteral("import"), file});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains(QLatin1String("already present")), qPrintable(r.out));
        const QString again = tmp.filePath(QStringLiteral("again.json"));
        QCOMPARE(cli2({QStringLiteral("export"), session, QStringLiteral("-o"), again}).status, 0);
        QCOMPARE(Skein::Test::readFile(again), Skein::Test::readFile(file));

        r = cli({QStringLiteral("export"), session, QStringLiteral("--format"), QStringLiteral("markdown")});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.startsWith(QLatin1String("# Hangzhou trip")));

        // A bad file: one line on stderr naming the problem, exit 1.
        const QString bad = tmp.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format":"skein.session/1","session":{"id":""}})");
        f.close();
        r = cli2({QStringLiteral("import"), bad});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(r.err.contains(QLatin1String("$.session.id")), qPrintable(r.err));

        r = cli({QStringLiteral("delete"), session});
        QCOMPARE(r.status, 0);
        r = cli({QStringLiteral("show"), session});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains(QLatin1String("no session")));
    }

    // Per-model window, output limit and prices are stored with the provider and editable.
    void providerModelsAreEditable()
    {
        QTemporaryDir tmp;
        const QString data = tmp.filePath(QStringLiteral("data"));
        const auto cli = [&](QStringList args) {
            args.prepend(data);
            args.prepend(QStringLiteral("--data-dir"));
            return run(QStringLiteral(SKEIN_CLI_PATH), args);
        };
        Result r = cli({QStringLiteral("providers"), QStringLiteral("add"), QStringLiteral("local"),
                        QStringLiteral("--kind"), QStringLiteral("ollama"), QStringLiteral("--base-url"),
                        QStringLiteral("http://127.0.0.1:9")});
        QCOMPARE(r.status, 0);
        r = cli({QStringLiteral("providers"), QStringLiteral("set-model"), QStringLiteral("local"),
                 QStringLiteral("qwen3:8b"), QStringLiteral("--context-window"), QStringLiteral("32768"),
                 QStringLiteral("--input-price"), QStringLiteral("0.5")});
        QCOMPARE(r.status, 0);
        r = cli({QStringLiteral("providers"), QStringLiteral("set-model"), QStringLiteral("local"),
                 QStringLiteral("qwen3:8b"), QStringLiteral("--max-output"), QStringLiteral("4096")});
        QCOMPARE(r.status, 0);
        r = cli({QStringLiteral("providers"), QStringLiteral("set-model"), QStringLiteral("local"),
                 QStringLiteral("qwen3:8b"), QStringLiteral("--output-price"), QStringLiteral("cheap")});
        QCOMPARE(r.status, 2);
        r = cli({QStringLiteral("providers"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.status, 0);
        const QJsonArray models = QJsonDocument::fromJson(r.out.toUtf8())
                                      .array()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("models"))
                                      .toArray();
        QCOMPARE(models.size(), 1);
        const QJsonObject m = models.at(0).toObject();
        QCOMPARE(m.value(QStringLiteral("id")).toString(), QStringLiteral("qwen3:8b"));
        QCOMPARE(m.value(QStringLiteral("context_window")).toInteger(), 32768);
        QCOMPARE(m.value(QStringLiteral("max_output_tokens")).toInteger(), 4096);
        QCOMPARE(m.value(QStringLiteral("input_price_per_mtok")).toDouble(), 0.5);
        QCOMPARE(m.value(QStringLiteral("output_price_per_mtok")).toDouble(), 0.0);
    }

    void chineseLanguageOverride()
    {
        const Result r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--lang"), QStringLiteral("zh_CN")});
        QCOMPARE(r.status, 2);
        QVERIFY2(!r.err.contains(QLatin1String("no command given")), qPrintable(r.err));
    }
};

SKEIN_CORE_TEST_MAIN(TestCli)
#include "tst_cli.moc"
