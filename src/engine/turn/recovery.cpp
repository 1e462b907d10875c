// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "recovery.h"

#include "core/domain/ids.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace Skein {

namespace {

// Only waiting for the user: nothing was running, so the run can pick up where it stopped.
bool waitsForApproval(const RuntimeCheckpoint &cp)
{
    bool asking = false;
    for (const QJsonValue &v : cp.pendingCalls) {
        const QString phase = v.toObject().value(QStringLiteral("phase")).toString();
        if (phase == QLatin1String("awaiting_approval"))
            asking = true;
        else if (phase != QLatin1String("queued"))
            return false;
    }
    return asking;
}

} // namespace

QString Recovery::interruptedResult()
{
    return QStringLiteral(
        "Interrupted before completion: Skein stopped while this tool call was pending, so there is no result. "
        "It may or may not have run.");
}

Result<int> Recovery::interruptGenerating(Store &store)
{
    return store.transaction([&]() -> Result<int> {
        Result<QList<Message>> left = store.messages().generating();
        if (!left)
            return left.error();
        for (const Message &m : left.value()) {
            MessageRepository::Finish f;
            f.status = MessageStatus::Interrupted;
            f.finishReason = m.finishReason;
            f.error = tr("Skein stopped before the reply was complete.");
            f.usage = m.usage;
            if (Status s = store.messages().finish(m.id, f); !s)
                return s.error();
        }
        return int(left.value().size());
    });
}

Result<QList<Message>> Recovery::answerDanglingCalls(Store &store, const QString &sessionId, const QString &reason,
                                                     int *logRepaired)
{
    return store.transaction([&]() -> Result<QList<Message>> {
        Result<int> fixed = store.toolLog().failUnfinished(sessionId, reason);
        if (!fixed)
            return fixed.error();
        if (logRepaired)
            *logRepaired = fixed.value();
        Result<Session> session = store.sessions().get(sessionId);
        if (!session)
            return session.error();
        if (session->activeLeafId.isEmpty())
            return QList<Message> {};
        Result<QList<Message>> path = store.messages().path(session->activeLeafId);
        if (!path)
            return path.error();
        const QList<Message> &p = path.value();
        qsizetype declaring = -1;
        for (qsizetype i = p.size() - 1; i >= 0; --i) {
            if (p[i].role == Role::Assistant && !p[i].toolCalls.isEmpty()) {
                declaring = i;
                break;
            }
            if (p[i].role != Role::Tool && !(p[i].role == Role::Assistant && p[i].content.isEmpty()))
                return QList<Message> {}; // a user message or a reply with text came later: that chain is closed
        }
        if (declaring < 0)
            return QList<Message> {};
        qsizetype last = declaring;
        while (last + 1 < p.size() && p[last + 1].role == Role::Tool)
            ++last;
        if (last != p.size() - 1)
            return QList<Message> {}; // something else follows the results; not ours to rewrite
        QSet<QString> answered;
        for (qsizetype i = declaring + 1; i <= last; ++i)
            answered.insert(p[i].toolCallId);
        QString parent = p[last].id;
        QList<Message> written;
        for (const QJsonValue &v : p[declaring].toolCalls) {
            const QJsonObject call = v.toObject();
            const QString id = call.value(QStringLiteral("id")).toString();
            if (answered.contains(id))
                continue;
            answered.insert(id);
            Message result = Message::create(sessionId, parent, Role::Tool, reason);
            result.toolCallId = id;
            result.toolName = call.value(QStringLiteral("name")).toString();
            result.status = MessageStatus::Interrupted;
            result.error = reason;
            result.completedAt = result.createdAt;
            if (Status s = store.messages().insert(result); !s)
                return s.error();
            parent = result.id;
            written.append(result);
        }
        if (!written.isEmpty())
            if (Status s = store.sessions().setActiveLeaf(sessionId, parent); !s)
                return s.error();
        return written;
    });
}

Result<Recovery::Report> Recovery::restore(Store &store, const Skip &skip)
{
    return store.transaction([&]() -> Result<Report> {
        Report report;
        auto skipped = [&](const QString &id) { return skip && skip(id); };
        Result<QList<Message>> generating = store.messages().generating();
        if (!generating)
            return generating.error();
        for (const Message &m : generating.value()) {
            if (skipped(m.sessionId))
                continue;
            MessageRepository::Finish f;
            f.status = MessageStatus::Interrupted;
            f.finishReason = m.finishReason;
            f.error = tr("Skein stopped before the reply was complete.");
            f.usage = m.usage;
            if (Status s = store.messages().finish(m.id, f); !s)
                return s.error();
            ++report.interruptedMessages;
            report.details << tr("reply %1 in session %2: generating → interrupted (text kept)").arg(m.id, m.sessionId);
        }

        Result<QList<RuntimeCheckpoint>> checkpoints = store.checkpoints().all();
        if (!checkpoints)
            return checkpoints.error();
        QHash<QString, RuntimeCheckpoint> bySession;
        for (const RuntimeCheckpoint &cp : checkpoints.value())
            bySession.insert(cp.sessionId, cp);
        Result<QStringList> midRun = store.sessions().midRun();
        if (!midRun)
            return midRun.error();
        QStringList ids = bySession.keys() + midRun.value();
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());

        for (const QString &id : std::as_const(ids)) {
            if (skipped(id))
                continue;
            const auto cp = bySession.constFind(id);
            if (cp != bySession.constEnd() && waitsForApproval(*cp)) {
                if (Status s = store.sessions().setState(id, SessionState::WaitingTool); !s)
                    return s.error();
                ++report.approvalsKept;
                report.details << tr("session %1: still waiting for your approval of a tool call (kept)").arg(id);
                continue;
            }
            int logFixed = 0;
            Result<QList<Message>> written = answerDanglingCalls(store, id, interruptedResult(), &logFixed);
            if (!written)
                return written.error();
            const int results = int(written->size());
            report.syntheticResults += results;
            report.toolLogRepaired += logFixed;
            if (results > 0)
                report.details << tr("session %1: %n tool call(s) without a result got an “interrupted” result", "",
                                     results)
                                      .arg(id);
            if (logFixed > 0)
                report.details
                    << tr("session %1: %n unfinished tool-log entr(y/ies) marked failed", "", logFixed).arg(id);
            if (cp != bySession.constEnd()) {
                if (Status s = store.checkpoints().clear(id); !s)
                    return s.error();
                ++report.checkpointsCleared;
                report.details << tr("session %1: checkpoint of iteration %2 cleared").arg(id).arg(cp->iteration);
            }
            if (Status s = store.sessions().setState(id, SessionState::Failed); !s)
                return s.error();
            ++report.runsEnded;
            report.details << tr("session %1: interrupted run marked failed").arg(id);
        }
        return report;
    });
}

} // namespace Skein
