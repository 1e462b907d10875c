// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli context ID: what would be sent next, as a user or a script reads it.

#include "core/domain/ids.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int status = -1;
    QString out;
    QString err;
};

Run cli(const QString &dataDir, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SKEIN_CLI_PATH), QStringList {u"--data-dir"_s, dataDir} + args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestContextCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsWhatWouldBeSent()
    {
        QTemporaryDir dir;
        QList<Message> path;
        Session session = Session::create(u"Planning"_s);
        session.model = u"gpt-4o"_s;
        session.systemPrompt = u"Be precise."_s;
        session.contextSettings = QJsonObject {{u"history_count"_s, 10}};
        Summary summary;
        Memory memory;
        {
            auto opened = Store::open(dir.path());
            QVERIFY(opened);
            Store &store = *opened.value();
            QString parent;
            for (int i = 0; i < 40; ++i) {
                Message m
                    = Message::create(session.id, parent, i % 2 ? Role::Assistant : Role::User, u"message %1"_s.arg(i));
                parent = m.id;
                path << m;
            }
            session.activeLeafId = parent;
            QVERIFY(store.sessions().create(session));
            QVERIFY(store.messages().insertBatch(path));
            summary.id = Ids::create();
            summary.sessionId = session.id;
            summary.level = SummaryLevel::Session;
            summary.firstMessageId = path.at(0).id;
            summary.lastMessageId = path.at(19).id;
            summary.content = u"The user planned a trip."_s;
            summary.createdAt = Ids::nowMs();
            QVERIFY(store.summaries().create(summary));
            memory.id = Ids::create();
            memory.content = u"Prefers trains."_s;
            memory.status = MemoryStatus::Active;
            memory.createdAt = memory.updatedAt = Ids::nowMs();
            QVERIFY(store.memories().create(memory));
        }

        const Run json = cli(dir.path(), {u"context"_s, session.id.left(8), u"--json"_s});
        QVERIFY2(json.status == 0, qPrintable(json.err));
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(o.value(u"session_id"_s).toString(), session.id);
        QCOMPARE(o.value(u"model"_s).toString(), u"gpt-4o"_s);
        QCOMPARE(o.value(u"window"_s).toObject().value(u"tokens"_s).toInteger(), 128000);
        QCOMPARE(o.value(u"window"_s).toObject().value(u"source"_s).toString(), u"preset"_s);
        QCOMPARE(o.value(u"path_length"_s).toInteger(), 40);
        const QJsonArray included = o.value(u"included_message_ids"_s).toArray();
        QCOMPARE(included.size(), 10); // the session's count cap
        QCOMPARE(included.last().toString(), path.last().id);
        QCOMPARE(included.first().toString(), path.at(30).id);
        const QJsonArray excluded = o.value(u"excluded_message_ids"_s).toArray();
        QVERIFY(excluded.contains(QJsonValue(path.at(25).id)));
        QVERIFY(!excluded.contains(QJsonValue(path.at(35).id)));
        QCOMPARE(o.value(u"summaries"_s).toArray().first().toObject().value(u"id"_s).toString(), summary.id);
        QCOMPARE(o.value(u"memories"_s).toArray().first().toObject().value(u"content"_s).toString(), memory.content);
        const QJsonObject sections = o.value(u"sections"_s).toObject();
        QVERIFY(sections.value(u"history"_s).toInteger() > 0);
        QVERIFY(sections.value(u"summaries"_s).toInteger() > 0);
        QVERIFY(sections.value(u"memories"_s).toInteger() > 0);
        QCOMPARE(o.value(u"budget"_s).toObject().value(u"output_reserve"_s).toInteger(), 8192);
        QVERIFY(o.value(u"cost_estimate"_s).toObject().value(u"input_usd"_s).toDouble() > 0.0);

        const Run text = cli(dir.path(), {u"context"_s, session.id, u"--model"_s, u"unknown-model"_s});
        QVERIFY2(text.status == 0, qPrintable(text.err));
        QVERIFY(text.out.contains(u"unknown-model"_s));
        QVERIFY(text.out.contains(u"fallback"_s));
        QVERIFY(text.out.contains(path.last().id));
        QVERIFY(text.out.contains(summary.id));
        QVERIFY(text.out.contains(u"Prefers trains."_s));

        const Run bad = cli(dir.path(), {u"context"_s});
        QCOMPARE(bad.status, 2);
    }

    // --draft: the message the next request would carry; --window: the window to assume. A
    // planted fact far back comes back as recalled, not as history.
    void draftAndWindowRecallWhatWasSaidLongAgo()
    {
        QTemporaryDir dir;
        Session session = Session::create(u"Long"_s);
        QList<Message> path;
        {
            auto opened = Store::open(dir.path());
            QVERIFY(opened);
            Store &store = *opened.value();
            QString parent;
            for (int i = 0; i < 400; ++i) {
                const QString text = i == 4 ? u"My locker at the gym is number 4417."_s
                                            : u"Ordinary chat about the weather, message %1."_s.arg(i);
                Message m = Message::create(session.id, parent, i % 2 ? Role::Assistant : Role::User, text);
                parent = m.id;
                path << m;
            }
            session.activeLeafId = parent;
            QVERIFY(store.sessions().create(session));
            QVERIFY(store.messages().insertBatch(path));
        }
        const Run run = cli(dir.path(),
                            {u"context"_s, session.id, u"--draft"_s, u"What is my gym locker number?"_s, u"--window"_s,
                             u"4096"_s, u"--json"_s});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QJsonObject o = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(o.value(u"window"_s).toObject().value(u"tokens"_s).toInteger(), 4096);
        QCOMPARE(o.value(u"path_length"_s).toInteger(), 401); // with the draft
        const QJsonArray included = o.value(u"included_message_ids"_s).toArray();
        QVERIFY(!included.contains(QJsonValue(path.at(4).id)));
        QCOMPARE(included.last().toString(), path.last().id); // the draft has no id to list
        const QJsonArray recalled = o.value(u"recalled"_s).toArray();
        QCOMPARE(recalled.size(), 1); // "weather" and "message" are in every other message
        QCOMPARE(recalled.first()[u"message_id"_s].toString(), path.at(4).id);
        QVERIFY(recalled.first()[u"tokens"_s].toInteger() > 0);
        QVERIFY(recalled.first()[u"score"_s].toDouble() > 0.0);
        QVERIFY(o.value(u"sections"_s)[u"recall"_s].toInteger() > 0);
        QVERIFY(o.value(u"budget"_s)[u"recall"_s].toInteger() > 0);
        QVERIFY(o.value(u"estimated_tokens"_s).toInteger() <= o.value(u"budget"_s)[u"input"_s].toInteger());

        const Run text = cli(dir.path(), {u"context"_s, session.id, u"--draft"_s, u"What is my gym locker number?"_s});
        QVERIFY2(text.status == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(u"Recalled messages: 1"_s), qPrintable(text.out));
        QVERIFY(text.out.contains(u"My locker at the gym is number 4417."_s));

        QCOMPARE(cli(dir.path(), {u"context"_s, session.id, u"--window"_s, u"12"_s}).status, 2);
        QCOMPARE(cli(dir.path(), {u"context"_s, session.id, u"--window"_s, u"lots"_s}).status, 2);
    }
};

SKEIN_CORE_TEST_MAIN(TestContextCli)
#include "tst_contextcli.moc"
