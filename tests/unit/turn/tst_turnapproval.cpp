// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Approvals (SPEC §5.2): tools that can change anything wait for allow once / always / deny with
// the full arguments; "always" is bound to the tool's definition hash and revoked when it changes;
// a pending approval is WAITING_TOOL with a checkpoint and survives a restart.

#include "engine/tools/toolapprovals.h"
#include "engine/turn/recovery.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/settingsrepository.h"
#include "storage/toollogrepository.h"
#include "testsupport.h"
#include "turntestutil.h"

#include <QSignalSpy>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

bool runToEnd(Turn &run)
{
    return QTest::qWaitFor([&] { return run.isFinished(); }, AgentWait);
}

ReplayServer::Handler writeOnce(const QString &id)
{
    return [id](const RecordedRequest &r) {
        if (toolResultsSinceUser(r) == 0)
            return openAiReply(
                toolReply({{id, u"writer"_s, QJsonObject {{u"x"_s, u"rm -rf /tmp/demo"_s}, {u"n"_s, 3}}}}));
        return openAiReply(textReply(u"done"_s));
    };
}

} // namespace

class TestTurnApproval final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void allowOnceRunsAndAsksAgainNextTime()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto writer = f.addProbe(u"writer"_s, ToolPolicy::SideEffects);
        f.script(writeOnce(u"w1"_s));
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy asked(&run, &Turn::approvalRequested);
        connect(&run, &Turn::approvalRequested, &run, [&run](const ApprovalRequest &request) {
            run.decide(request.call.callId, ApprovalDecision::AllowOnce);
        });
        run.send(f.sessionId, u"write"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(asked.size(), 1);
        const ApprovalRequest request = asked[0][0].value<ApprovalRequest>();
        QCOMPARE(request.call.toolName, u"writer"_s);
        QCOMPARE(QJsonDocument::fromJson(request.call.argumentsJson.toUtf8()).object(),
                 (QJsonObject {{u"x"_s, u"rm -rf /tmp/demo"_s}, {u"n"_s, 3}}));
        QCOMPARE(request.description, writer->description());
        QVERIFY(!request.change);
        QCOMPARE(writer->runs, 1);
        QVERIFY(ToolApprovals::all(*f.sync())->isEmpty());

        f.script(writeOnce(u"w2"_s));
        Turn again(f.store.get(), client.get(), &f.tools);
        QSignalSpy askedAgain(&again, &Turn::approvalRequested);
        connect(&again, &Turn::approvalRequested, &again,
                [&again](const ApprovalRequest &r) { again.decide(r.call.callId, ApprovalDecision::Deny); });
        again.send(f.sessionId, u"write again"_s);
        QVERIFY(runToEnd(again));
        QCOMPARE(askedAgain.size(), 1);
        QCOMPARE(writer->runs, 1); // denied
        auto s = f.sync();
        QCOMPARE(toString(loggedCall(*s, f.sessionId, u"w2"_s)->status), u"denied"_s);
        const QString sent
            = contentText(messagesSinceUser(f.server.requests().last())[1].toObject().value(u"content"_s));
        QVERIFY(sent.startsWith(u"Denied"_s));
    }

    void alwaysIsBoundToTheDefinition()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto writer = f.addProbe(u"writer"_s, ToolPolicy::SideEffects);
        auto client = f.client();
        auto turn = [&](const QString &id, std::optional<ApprovalDecision> decision, QList<ApprovalRequest> *seen) {
            f.script(writeOnce(id));
            Turn run(f.store.get(), client.get(), &f.tools);
            connect(&run, &Turn::approvalRequested, &run, [&](const ApprovalRequest &r) {
                seen->append(r);
                run.decide(r.call.callId, decision.value_or(ApprovalDecision::Deny));
            });
            run.send(f.sessionId, id);
            return runToEnd(run) && run.state() == SessionState::Completed;
        };
        QList<ApprovalRequest> seen;
        QVERIFY(turn(u"a1"_s, ApprovalDecision::AllowAlways, &seen));
        QCOMPARE(seen.size(), 1);
        QCOMPARE(writer->runs, 1);
        const QList<ToolDefinitionInfo> stored = ToolApprovals::all(*f.sync()).value();
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].hash, writer->definitionHash());

        QVERIFY(turn(u"a2"_s, std::nullopt, &seen)); // approved: not asked
        QCOMPARE(seen.size(), 1);
        QCOMPARE(writer->runs, 2);

        // The tool changes its description and schema: the approval is revoked and the change shown.
        const QString oldDescription = writer->description();
        writer->setDescription(u"Deletes files."_s);
        QJsonObject schema = writer->parameters();
        schema.insert(u"required"_s, QJsonArray {u"x"_s});
        writer->setParameters(schema);
        QVERIFY(turn(u"a3"_s, ApprovalDecision::Deny, &seen));
        QCOMPARE(seen.size(), 2);
        QVERIFY(seen[1].change.has_value());
        QCOMPARE(seen[1].change->approved.description, oldDescription);
        QCOMPARE(seen[1].change->current.description, u"Deletes files."_s);
        QVERIFY(seen[1].change->descriptionChanged());
        QVERIFY(seen[1].change->parametersChanged());
        QVERIFY(seen[1].change->summary().contains(u"Deletes files."_s));
        QCOMPARE(writer->runs, 2);
        QVERIFY(ToolApprovals::all(*f.sync())->isEmpty());
    }

    void presetsAllowOrDenyWithoutAsking()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto writer = f.addProbe(u"writer"_s, ToolPolicy::SideEffects);
        auto client = f.client();
        f.script(writeOnce(u"p1"_s));
        {
            Turn run(f.store.get(), client.get(), &f.tools);
            TurnOptions o;
            o.allowedTools = {u"writer"_s};
            run.setOptions(o);
            QSignalSpy asked(&run, &Turn::approvalRequested);
            run.send(f.sessionId, u"go"_s);
            QVERIFY(runToEnd(run));
            QCOMPARE(asked.size(), 0);
            QCOMPARE(writer->runs, 1);
        }
        f.script(writeOnce(u"p2"_s));
        {
            Turn run(f.store.get(), client.get(), &f.tools);
            TurnOptions o;
            o.denyUnapproved = true;
            o.denyReason = u"Denied: no terminal."_s;
            run.setOptions(o);
            QSignalSpy asked(&run, &Turn::approvalRequested);
            run.send(f.sessionId, u"go"_s);
            QVERIFY(runToEnd(run));
            QCOMPARE(asked.size(), 0);
            QCOMPARE(writer->runs, 1);
            QCOMPARE(toString(run.state()), u"completed"_s);
            QCOMPARE(loggedCall(*f.sync(), f.sessionId, u"p2"_s)->resultRaw, u"Denied: no terminal."_s);
        }
    }

    // The process ends while the approval is pending; RESTORE keeps it; a new run resumes it.
    void pendingApprovalSurvivesARestart()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto writer = f.addProbe(u"writer"_s, ToolPolicy::SideEffects);
        auto reader = f.addProbe(u"reader"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call(u"r1"_s, u"reader"_s, u"a"_s), call(u"w1"_s, u"writer"_s, u"b"_s),
                                              call(u"r2"_s, u"reader"_s, u"c"_s)}));
            return openAiReply(textReply(u"all three done"_s));
        });
        auto client = f.client();
        {
            auto run = std::make_unique<Turn>(f.store.get(), client.get(), &f.tools);
            QSignalSpy asked(run.get(), &Turn::approvalRequested);
            run->send(f.sessionId, u"go"_s);
            QVERIFY(asked.wait(AgentWait));
            QCOMPARE(toString(run->state()), u"waiting_tool"_s);
            run.reset(); // the app quits without an answer
            f.store = std::make_unique<AsyncStore>(); // waits for queued writes
        }
        QCOMPARE(reader->runs, 1);
        QCOMPARE(writer->runs, 0);
        {
            auto s = f.sync();
            const Result<Recovery::Report> report = Recovery::restore(*s);
            QVERIFY(report);
            QCOMPARE(report->approvalsKept, 1);
            QCOMPARE(report->syntheticResults, 0);
            QCOMPARE(toString(s->sessions().get(f.sessionId)->state), u"waiting_tool"_s);
            const RuntimeCheckpoint cp = s->checkpoints().get(f.sessionId).value().value();
            QCOMPARE(cp.completedCalls.size(), 1);
            QCOMPARE(cp.pendingCalls.size(), 2);
            QCOMPARE(cp.pendingCalls[0].toObject().value(u"phase"_s).toString(), u"awaiting_approval"_s);
        }
        QVERIFY(f.openStore());
        Turn resumed(f.store.get(), client.get(), &f.tools);
        QSignalSpy asked(&resumed, &Turn::approvalRequested);
        connect(&resumed, &Turn::approvalRequested, &resumed,
                [&resumed](const ApprovalRequest &r) { resumed.decide(r.call.callId, ApprovalDecision::AllowOnce); });
        resumed.resume(f.sessionId);
        QVERIFY(runToEnd(resumed));
        QVERIFY2(resumed.errorText().isEmpty(), qPrintable(resumed.errorText()));
        QCOMPARE(toString(resumed.state()), u"completed"_s);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked[0][0].value<ApprovalRequest>().call.callId, u"w1"_s);
        QCOMPARE(writer->runs, 1);
        QCOMPARE(reader->runs, 2);
        QString why;
        QVERIFY2(validChain(requestMessages(f.server.requests().last()), &why), qPrintable(why));
        QCOMPARE(messagesSinceUser(f.server.requests().last()).size(), 4);
    }
};

SKEIN_CORE_TEST_MAIN(TestTurnApproval)
#include "tst_turnapproval.moc"
