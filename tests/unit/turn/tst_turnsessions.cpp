// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Per-session serialisation with concurrency (SPEC §5.2): 100 sessions run their tool loops at the
// same time against one scripted server, each with its own secret word. No reply, request or stored
// message of one session may contain another session's word.

#include "engine/turn/turnrunner.h"
#include "storage/messagerepository.h"
#include "testsupport.h"
#include "turntestutil.h"

#include <QRandomGenerator>
#include <QRegularExpression>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Sessions = 100;

QString secret(int i)
{
    return u"secret-%1-word"_s.arg(i, 3, 10, QLatin1Char('0'));
}

// Every secret word in a text.
QSet<QString> wordsIn(const QString &text)
{
    static const QRegularExpression re(u"secret-\\d{3}-word"_s);
    QSet<QString> out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured(0));
    return out;
}

} // namespace

class TestTurnSessions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hundredSessionsDoNotMix()
    {
        AgentFixture f;
        QVERIFY(f.open(false));
        auto echo = f.addProbe(u"echo"_s, ToolPolicy::ReadOnly, 0);
        quint32 seed = 6;
        echo->reply
            = [](const QJsonObject &args) { return ToolResult::text(u"echo "_s + args.value(u"x"_s).toString()); };
        // The model repeats what it reads: the word of the user message goes into a tool call, the
        // word of the tool result into the answer. A request mixing sessions would show in both.
        f.script([&seed](const RecordedRequest &r) {
            const QJsonArray loop = messagesSinceUser(r);
            ScriptedReply reply;
            if (loop.isEmpty()) {
                const QStringList words(wordsIn(lastUserText(r)).values());
                reply = toolReply({call(u"call_0"_s, u"echo"_s, words.join(u' '))});
            } else {
                const QString result = contentText(loop.last().toObject().value(u"content"_s));
                reply = textReply(u"The tool said: "_s + result);
            }
            reply.chunkChars = 5;
            return openAiReply(reply).randomChunks(++seed, 160, 1);
        });

        QStringList ids;
        for (int i = 0; i < Sessions; ++i)
            ids << f.newSession(u"s%1"_s.arg(i));
        // Requests wait in the network manager's queue (6 connections per host) on a loaded machine.
        auto client = f.client(240000);
        TurnRunner runner(f.store.get(), &f.tools, f.dir.path());
        QHash<QString, QString> replies; // session -> streamed text
        QStringList errors;
        int finished = 0;
        int completed = 0;
        connect(&runner, &TurnRunner::runFinished, &runner, [&](const QString &, SessionState state) {
            ++finished;
            completed += state == SessionState::Completed;
        });
        for (int i = 0; i < Sessions; ++i) {
            const QString id = ids[i];
            QString error;
            Turn *run = runner.create(id, client.get(), {}, &error);
            QVERIFY2(run, qPrintable(error));
            connect(run, &Turn::finished, run, [&errors, id](SessionState, const QString &message) {
                if (!message.isEmpty())
                    errors.append(id + u": "_s + message);
            });
            connect(run, &Turn::deltasReceived, run, [&replies, id](const QList<StreamDelta> &deltas) {
                for (const StreamDelta &d : deltas)
                    if (d.kind == StreamDelta::Kind::Text)
                        replies[id] += d.text;
            });
            run->send(id, u"Remember %1 and check it with the echo tool."_s.arg(secret(i)));
        }
        QCOMPARE(runner.activeRuns(), Sessions);
        QTRY_COMPARE_WITH_TIMEOUT(finished, Sessions, 120000);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(completed, Sessions);
        QCOMPARE(echo->runs, Sessions);

        // Requests: each names at most one word (its session's).
        QCOMPARE(f.server.requestCount(), 2 * Sessions);
        for (const RecordedRequest &r : f.server.requests()) {
            const QSet<QString> words = wordsIn(QString::fromUtf8(r.body));
            QCOMPARE(words.size(), 1);
        }
        auto s = f.sync();
        for (int i = 0; i < Sessions; ++i) {
            const QString id = ids[i];
            QCOMPARE(wordsIn(replies.value(id)), QSet<QString> {secret(i)});
            QCOMPARE(replies.value(id), u"The tool said: echo "_s + secret(i));
            const QList<Message> stored = s->messages().bySession(id).value();
            QCOMPARE(stored.size(), 4);
            for (const Message &m : stored) {
                const QString all
                    = m.content + m.renderContent + QString::fromUtf8(QJsonDocument(m.toolCalls).toJson());
                const QSet<QString> words = wordsIn(all);
                QVERIFY2(words.isEmpty() || words == QSet<QString> {secret(i)},
                         qPrintable(u"session %1 stored %2"_s.arg(i).arg(QStringList(words.values()).join(u','))));
            }
            QCOMPARE(toString(s->sessions().get(id)->state), u"completed"_s);
        }
    }
};

SKEIN_CORE_TEST_MAIN(TestTurnSessions)
#include "tst_turnsessions.moc"
