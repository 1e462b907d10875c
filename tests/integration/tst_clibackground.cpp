// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli send does what the app does after a turn (issue 14): it summarises old turns when the
// history passes 70% of its share of the window and learns memories per the review policy, through
// the same Conversations and MemoryHousekeeper the app uses. --wait-background waits for that work,
// the default leaves it to a process of its own, --no-background skips it.

#include "cliprocess.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

enum class Ask { Chat, Summary, Extraction, Other };

Ask askOf(const RecordedRequest &request)
{
    QString system;
    for (const QJsonValue &m : requestMessages(request))
        if (m[u"role"_s] == u"system"_s)
            system = contentText(m[u"content"_s]);
    if (system.contains("condense part of a long conversation"_L1)
        || system.contains("running summary of a whole conversation"_L1))
        return Ask::Summary;
    if (system.contains("long-term memory"_L1))
        return Ask::Extraction;
    if (system.contains("unrelated task"_L1) || system.contains("starts an unrelated"_L1))
        return Ask::Other;
    return Ask::Chat;
}

struct Rig
{
    QTemporaryDir dir;
    ReplayServer server;
    QMap<Ask, int> asked;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QString session;

    static QString describe(const CliRun &run)
    {
        return u"status %1\nstdout: %2\nstderr: %3"_s.arg(run.status)
            .arg(QString::fromUtf8(run.out), QString::fromUtf8(run.err));
    }

    CliRun cli(const QStringList &args, int timeoutMs = 60000)
    {
        return runCli(QStringList {u"--data-dir"_s, dir.filePath(u"data"_s)} + args, env, timeoutMs);
    }

    // A provider with a small window and a conversation whose history fills far more than 70% of
    // it, so the next turn is followed by consolidation; every fourth user message says something
    // worth remembering.
    bool open()
    {
        if (!dir.isValid() || !server.listen())
            return false;
        env.remove(u"DBUS_SESSION_BUS_ADDRESS"_s);
        server.route("POST", "/v1/chat/completions", [this](const RecordedRequest &r) {
            const Ask ask = askOf(r);
            ++asked[ask];
            switch (ask) {
            case Ask::Summary:
                return openAiText(u"Summary: the user plans a trip and prefers concise answers."_s);
            case Ask::Extraction: {
                const QJsonObject data = QJsonDocument::fromJson(lastUserText(r).toUtf8()).object();
                QJsonArray decisions;
                for (const QJsonValue &m : data.value("user_messages"_L1).toArray())
                    if (m[u"own_words"_s].toString().startsWith(u"I prefer concise"_s))
                        decisions.append(QJsonObject {{u"action"_s, u"add"_s},
                                                      {u"type"_s, u"preference"_s},
                                                      {u"content"_s, u"The user prefers concise answers."_s},
                                                      {u"source_message_id"_s, m[u"id"_s]}});
                return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
            }
            case Ask::Other:
                return openAiText(u"{\"related\": true, \"confidence\": 0.9, \"title\": \"\"}"_s);
            case Ask::Chat:
                break;
            }
            ScriptedReply reply;
            reply.text = u"Noted."_s;
            reply.promptTokens = 900;
            reply.completionTokens = 3;
            return openAiReply(reply);
        });
        const QString url = server.url(u"/v1"_s).toString();
        for (const QStringList &args :
             {QStringList {u"providers"_s, u"add"_s, u"peer"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s, url,
                           u"--model"_s, u"small"_s},
              QStringList {u"providers"_s, u"set-model"_s, u"peer"_s, u"small"_s, u"--context-window"_s, u"4096"_s}}) {
            const CliRun r = cli(args);
            if (r.status != 0) {
                qWarning("%s", qPrintable(describe(r)));
                return false;
            }
        }
        const CliRun created = cli({u"new"_s, u"--title"_s, u"Long"_s});
        session = QString::fromUtf8(created.out).trimmed();
        if (created.status != 0 || session.isEmpty())
            return false;
        const QString filler = u" Details about the route, the hotels and the trains."_s.repeated(12);
        for (int i = 0; i < 24; ++i) {
            const QString user = i % 4 == 1 ? u"I prefer concise answers, please. Day %1."_s.arg(i)
                                            : u"Question %1 about the trip."_s.arg(i) + filler;
            for (const QStringList &args :
                 {QStringList {u"append"_s, session, u"--role"_s, u"user"_s, user},
                  QStringList {u"append"_s, session, u"--role"_s, u"assistant"_s, u"Answer %1."_s.arg(i) + filler}})
                if (cli(args).status != 0)
                    return false;
        }
        return true;
    }

    int summaries()
    {
        const CliRun r = cli({u"summaries"_s, session, u"--json"_s});
        return r.status == 0 ? int(QJsonDocument::fromJson(r.out).array().size()) : -1;
    }
};

} // namespace

class TestCliBackground final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void waitBackgroundSummarisesAndLearns()
    {
        Rig rig;
        QVERIFY(rig.open());
        QCOMPARE(rig.summaries(), 0);
        const CliRun r = rig.cli({u"send"_s, u"--session"_s, rig.session, u"--provider"_s, u"peer"_s, u"--no-tools"_s,
                                  u"--wait-background"_s, u"--json"_s, u"And the last day?"_s});
        QVERIFY2(r.status == 0, qPrintable(Rig::describe(r)));
        QCOMPARE(rig.asked.value(Ask::Chat), 1);
        QVERIFY(rig.asked.value(Ask::Summary) >= 1);
        QVERIFY(rig.summaries() >= 1);
        // The request after it carries the summary instead of the oldest turns.
        const CliRun context = rig.cli({u"context"_s, rig.session, u"--json"_s});
        QVERIFY2(context.status == 0, qPrintable(Rig::describe(context)));
        const QJsonObject snapshot = QJsonDocument::fromJson(context.out).object();
        QVERIFY2(!snapshot.value(u"summaries"_s).toArray().isEmpty(), context.out.constData());
        // Extraction ran on the user's own words, into the review inbox.
        QVERIFY(rig.asked.value(Ask::Extraction) >= 1);
        const CliRun memories = rig.cli({u"memories"_s, u"list"_s, u"--status"_s, u"pending"_s, u"--json"_s});
        QVERIFY2(memories.out.contains("concise"), memories.out.constData());
    }

    void noBackgroundAsksTheModelOnce()
    {
        Rig rig;
        QVERIFY(rig.open());
        const CliRun r = rig.cli({u"send"_s, u"--session"_s, rig.session, u"--provider"_s, u"peer"_s, u"--no-tools"_s,
                                  u"--no-background"_s, u"And the last day?"_s});
        QVERIFY2(r.status == 0, qPrintable(Rig::describe(r)));
        QTest::qWait(1500); // a background process would have started by now
        QCOMPARE(rig.asked.value(Ask::Chat), 1);
        QCOMPARE(rig.asked.value(Ask::Summary), 0);
        QCOMPARE(rig.asked.value(Ask::Extraction), 0);
        QCOMPARE(rig.summaries(), 0);
    }

    void theDefaultFinishesTheWorkAfterExiting()
    {
        Rig rig;
        QVERIFY(rig.open());
        const CliRun r = rig.cli({u"send"_s, u"--session"_s, rig.session, u"--provider"_s, u"peer"_s, u"--no-tools"_s,
                                  u"And the last day?"_s});
        QVERIFY2(r.status == 0, qPrintable(Rig::describe(r)));
        QTRY_VERIFY_WITH_TIMEOUT(rig.summaries() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(rig.asked.value(Ask::Extraction) >= 1, 30000);
        QCOMPARE(rig.asked.value(Ask::Chat), 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestCliBackground)
#include "tst_clibackground.moc"
