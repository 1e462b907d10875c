// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Turn: executing the calls of one model reply, one after another, each result stored with
// its tool-log entry and the runtime checkpoint in one storage job (= one savepoint).
#include "turn.h"

#include "core/domain/ids.h"
#include "core/stream/toolarguments.h"
#include "engine/tools/toolregistry.h"
#include "engine/turn/resultdigest.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

struct Turn::Prepared
{
    enum class Action { Run, Reuse, NeedApproval };
    QString callId;
    Action action = Action::Run;
    QString reusedRaw;
    int retryCount = 0;
    qint64 startedAt = 0;
    std::optional<ToolDefinitionChange> change;
};

namespace {

// The tool log is keyed by session + reply + call (issue #13). The call id is ours, unique in the
// session (beginTools gives a fresh one where the provider sent none or reused one), so only the
// same call of the same reply finds a stored result: a restore after a crash, never a later turn.
Result<std::optional<ToolLogEntry>> findLogEntry(Store &store, const QString &sessionId, const QString &messageId,
                                                 const QString &callId)
{
    Result<ToolLogEntry> entry = store.toolLog().get(sessionId, messageId, callId);
    if (!entry) {
        if (entry.error().kind == StorageError::Kind::NotFound)
            return std::optional<ToolLogEntry> {};
        return entry.error();
    }
    return std::optional<ToolLogEntry> {entry.value()};
}

RuntimeCheckpoint withPhase(RuntimeCheckpoint cp, const QString &callId, const QString &phase)
{
    for (qsizetype i = 0; i < cp.pendingCalls.size(); ++i) {
        QJsonObject o = cp.pendingCalls.at(i).toObject();
        if (o.value(QStringLiteral("id")).toString() == callId) {
            o.insert(QStringLiteral("phase"), phase);
            cp.pendingCalls.replace(i, o);
        }
    }
    return cp;
}

} // namespace

Turn::Slot *Turn::slotFor(const QString &callId)
{
    for (Slot &s : m_slots)
        if (s.call.id == callId)
            return &s;
    return nullptr;
}

ToolCallInfo Turn::infoOf(const Slot &slot) const
{
    return {m_sessionId, slot.call.id, slot.call.name, slot.call.argumentsJson, m_iteration};
}

void Turn::nextCall()
{
    if (m_cancelRequested) {
        finishRun(SessionState::Cancelled, tr("Stopped by the user."));
        return;
    }
    while (m_next < m_slots.size() && m_slots[m_next].phase == QLatin1String("done"))
        ++m_next;
    if (m_next >= m_slots.size()) {
        startModelCall();
        return;
    }
    Slot &slot = m_slots[m_next];
    const std::shared_ptr<Tool> tool = m_tools ? m_tools->find(slot.call.name) : nullptr;
    if (!tool) {
        const QString names = m_tools ? m_tools->names().join(QStringLiteral(", ")) : QString();
        storeResult(
            slot.call.id,
            ToolResult::error(QStringLiteral("Unknown tool %1. Available tools: %2.").arg(slot.call.name, names)),
            ToolStatus::Failed, true);
        return;
    }
    QString parseError;
    if (!ToolArguments::isObject(slot.call.argumentsJson, &parseError)) {
        // Broken arguments (a reply cut by max_tokens inside them, or a model's invalid JSON): the
        // raw text stays stored; the request copy carries {} (governance); the model is told.
        const bool cut = m_lastTurn.finishReason == FinishReason::Length && m_next == m_slots.size() - 1;
        const int failures = m_repeats.record(slot.call.name, RepeatGuard::brokenArguments());
        if (cut) {
            // The next model call of this turn gets twice the room, within the model's limits.
            const qint64 last = std::max<qint64>(m_lastMaxTokens, m_outputTokens);
            m_outputTokens = std::max(2 * last, last + 256);
            m_cutTool = slot.call.name;
        }
        const QString text = failures > m_options.maxIdenticalCalls
            ? brokenRepeatNudge(slot.call.name, failures)
            : brokenArgumentsResult(slot.call.name, slot.call.argumentsJson, cut, parseError);
        storeResult(slot.call.id, ToolResult::error(text), ToolStatus::Failed, true);
        return;
    }
    const int seen = m_repeats.record(slot.call.name, slot.call.argumentsJson);
    if (seen > m_options.maxIdenticalCalls) {
        storeResult(slot.call.id, ToolResult::error(repeatNudge(slot.call.name, seen - 1)), ToolStatus::Failed, true);
        return;
    }
    prepareCall(slot, false, false);
}

void Turn::prepareCall(Slot &slot, bool grantAlways, bool approved)
{
    const std::shared_ptr<Tool> tool = m_tools ? m_tools->find(slot.call.name) : nullptr;
    if (!tool) {
        storeResult(slot.call.id, ToolResult::error(QStringLiteral("The tool %1 is gone.").arg(slot.call.name)),
                    ToolStatus::Failed, true);
        return;
    }
    const ToolDefinitionInfo definition = ToolDefinitionInfo::of(*tool);
    const bool check = definition.needsApproval && !approved && !m_options.allowedTools.contains(definition.name);
    const QString sessionId = m_sessionId;
    const QString assistantId = m_assistantId;
    const ToolCall call = slot.call;
    const QString requestId = slot.requestId;
    const RuntimeCheckpoint cp = checkpoint();
    m_store->write<Prepared>(
        this,
        [=](Store &store) -> Result<Prepared> {
            Prepared p;
            p.callId = call.id;
            Result<std::optional<ToolLogEntry>> existing = findLogEntry(store, sessionId, assistantId, requestId);
            if (!existing)
                return existing.error();
            if (existing.value() && existing.value()->status == ToolStatus::Success) {
                p.action = Prepared::Action::Reuse;
                p.reusedRaw = existing.value()->resultRaw;
                return p;
            }
            ToolLogEntry entry;
            entry.requestId = requestId;
            entry.sessionId = sessionId;
            entry.messageId = assistantId;
            entry.toolName = call.name;
            entry.arguments = call.argumentsJson;
            entry.retryCount = existing.value() ? existing.value()->retryCount + 1 : 0;
            entry.startedAt = Ids::nowMs();
            p.retryCount = entry.retryCount;
            p.startedAt = entry.startedAt;
            if (grantAlways)
                if (Status s = ToolApprovals::grant(store, definition); !s)
                    return s.error();
            if (check) {
                Result<ToolApprovals::Lookup> lookup = ToolApprovals::check(store, definition);
                if (!lookup)
                    return lookup.error();
                if (lookup->standing != ToolApprovals::Standing::Granted) {
                    p.action = Prepared::Action::NeedApproval;
                    p.change = lookup->change;
                    entry.status = ToolStatus::Pending;
                    if (Status s = store.toolLog().save(entry); !s)
                        return s.error();
                    if (Status s
                        = store.checkpoints().save(withPhase(cp, call.id, QStringLiteral("awaiting_approval")));
                        !s)
                        return s.error();
                    return p;
                }
            }
            // On disk before the tool starts: after a crash, "running" means it may have run.
            entry.status = ToolStatus::Running;
            if (Status s = store.toolLog().save(entry); !s)
                return s.error();
            if (Status s = store.checkpoints().save(withPhase(cp, call.id, QStringLiteral("running"))); !s)
                return s.error();
            return p;
        },
        [this](Result<Prepared> prepared) {
            if (!prepared) {
                finishRun(SessionState::Failed, prepared.error().message);
                return;
            }
            onPrepared(prepared.value());
        },
        Durability::Full);
}

void Turn::onPrepared(const Prepared &prepared)
{
    Slot *slot = slotFor(prepared.callId);
    if (!slot)
        return;
    switch (prepared.action) {
    case Prepared::Action::Reuse:
        storeResult(slot->call.id, ToolResult::text(prepared.reusedRaw), ToolStatus::Success, false);
        return;
    case Prepared::Action::NeedApproval:
        if (m_cancelRequested) {
            finishRun(SessionState::Cancelled, tr("Stopped by the user."));
            return;
        }
        if (m_options.denyUnapproved) {
            const QString reason = m_options.denyReason.isEmpty()
                ? QStringLiteral("Denied: this tool needs the user's approval and nobody could be asked.")
                : m_options.denyReason;
            storeResult(slot->call.id, ToolResult::error(reason), ToolStatus::Denied, true);
            return;
        }
        askApproval(*slot, prepared);
        return;
    case Prepared::Action::Run:
        if (m_cancelRequested) {
            storeResult(slot->call.id, ToolResult::error(QStringLiteral("Not run: the user stopped the turn.")),
                        ToolStatus::Failed, true);
            return;
        }
        runTool(*slot);
        return;
    }
}

void Turn::askApproval(const Slot &slot, const Prepared &prepared)
{
    const std::shared_ptr<Tool> tool = m_tools ? m_tools->find(slot.call.name) : nullptr;
    ApprovalRequest request;
    request.call = infoOf(slot);
    if (tool) {
        request.description = tool->description();
        request.parameters = tool->parameters();
    }
    request.change = prepared.change;
    m_approvalCallId = slot.call.id;
    m_slots[m_next].phase = QStringLiteral("awaiting_approval");
    Q_EMIT approvalRequested(request);
}

void Turn::decide(const QString &callId, ApprovalDecision decision)
{
    if (callId.isEmpty() || callId != m_approvalCallId || m_finishing)
        return;
    m_approvalCallId.clear();
    Slot *slot = slotFor(callId);
    if (!slot)
        return;
    if (decision == ApprovalDecision::Deny) {
        storeResult(callId, ToolResult::error(QStringLiteral("Denied: the user did not allow this tool call.")),
                    ToolStatus::Denied, true);
        return;
    }
    prepareCall(*slot, decision == ApprovalDecision::AllowAlways, true);
}

void Turn::runTool(Slot &slot)
{
    const std::shared_ptr<Tool> tool = m_tools ? m_tools->find(slot.call.name) : nullptr;
    if (!tool) {
        storeResult(slot.call.id, ToolResult::error(QStringLiteral("The tool %1 is gone.").arg(slot.call.name)),
                    ToolStatus::Failed, true);
        return;
    }
    slot.phase = QStringLiteral("running");
    Q_EMIT toolCallStarted(infoOf(slot));
    QJsonObject args = QJsonDocument::fromJson(slot.call.argumentsJson.toUtf8()).object();
    ToolContext context;
    context.timeout = m_options.toolTimeout;
    context.sessionId = m_sessionId;
    const QString callId = slot.call.id;
    m_invocation = tool->call(args, context, this);
    connect(m_invocation, &ToolInvocation::progress, this,
            [this, callId](double progress, double total, const QString &message) {
                Q_EMIT toolCallProgress(callId, progress, total, message);
            });
    connect(m_invocation, &ToolInvocation::finished, this, [this, callId](const ToolResult &result) {
        if (m_invocation) {
            m_invocation->deleteLater();
            m_invocation = nullptr;
        }
        ToolStatus status = ToolStatus::Success;
        ToolResult stored = result;
        if (result.timedOut) {
            status = ToolStatus::Timeout;
        } else if (result.cancelled) {
            status = ToolStatus::Failed;
            if (stored.content.isEmpty())
                stored.content = QStringLiteral("Cancelled by the user.");
        } else if (result.isError) {
            status = ToolStatus::Failed;
        }
        storeResult(callId, stored, status, true);
    });
}

void Turn::storeResult(const QString &callId, const ToolResult &result, ToolStatus status, bool log)
{
    Slot *slot = slotFor(callId);
    if (!slot)
        return;
    slot->phase = QStringLiteral("done");
    slot->status = status;
    const bool reused = !log;
    const QString raw = result.content;
    const QString digest = ResultDigest::make(raw, m_options.digestTokens);
    Message message = Message::create(m_sessionId, m_leafId, Role::Tool, raw);
    message.toolCallId = callId;
    message.toolName = slot->call.name;
    message.renderContent = digest;
    message.error = result.isError ? QStringLiteral("tool error") : QString();
    message.completedAt = message.createdAt;
    ToolLogEntry entry;
    entry.requestId = slot->requestId;
    entry.sessionId = m_sessionId;
    entry.messageId = m_assistantId;
    entry.toolName = slot->call.name;
    entry.arguments = slot->call.argumentsJson;
    entry.status = status;
    entry.resultRaw = raw;
    entry.resultDigest = digest;
    entry.finishedAt = Ids::nowMs();
    const RuntimeCheckpoint cp = checkpoint();
    m_store->write(
        this,
        [message, entry, cp, log](Store &store) -> Status {
            if (Status s = store.messages().insert(message); !s)
                return s;
            if (log) {
                ToolLogEntry e = entry;
                Result<std::optional<ToolLogEntry>> existing
                    = findLogEntry(store, e.sessionId, e.messageId, e.requestId);
                if (!existing)
                    return existing.error();
                if (existing.value()) {
                    e.retryCount = existing.value()->retryCount;
                    e.startedAt = existing.value()->startedAt;
                }
                if (e.startedAt == 0)
                    e.startedAt = e.finishedAt;
                if (Status s = store.toolLog().save(e); !s)
                    return s;
            }
            if (Status s = store.checkpoints().save(cp); !s)
                return s;
            return store.sessions().setActiveLeaf(message.sessionId, message.id);
        },
        [this, message, status, raw, reused](const Status &s) {
            if (!s) {
                finishRun(SessionState::Failed, s.error().message);
                return;
            }
            m_leafId = message.id;
            Q_EMIT messageStored(message);
            Q_EMIT toolCallFinished(message.toolCallId, status, raw, reused);
            ++m_next;
            nextCall();
        },
        Durability::Full);
}

// --- What the model is told about calls that did not run (English on purpose: model-facing) ---

QString Turn::repeatNudge(const QString &toolName, int times)
{
    return QStringLiteral(
               "Not run: you already called %1 %2 times with (nearly) the same arguments in this turn without "
               "progress. Change your approach, or answer the user with what you know.")
        .arg(toolName)
        .arg(times);
}

QString Turn::brokenArgumentsResult(const QString &toolName, const QString &arguments, bool cutByLength,
                                    const QString &parseError)
{
    constexpr qsizetype kShown = 160;
    const QString shown = arguments.size() > kShown ? arguments.left(kShown) + QStringLiteral("…") : arguments;
    const QString began
        = arguments.trimmed().isEmpty() ? QString() : QStringLiteral(" What arrived began: %1").arg(shown.simplified());
    if (cutByLength)
        return QStringLiteral(
                   "Not run: your call to %1 was cut off after %2 characters of arguments: the reply reached its "
                   "output limit (max_tokens) inside them, so they are incomplete JSON.%3 The next reply has more "
                   "room: send the complete call again, or answer without it.")
            .arg(toolName)
            .arg(arguments.size())
            .arg(began);
    return QStringLiteral(
               "Not run: the arguments of your call to %1 are not a valid JSON object (%2).%3 Send the call again "
               "with a JSON object as its arguments, or answer without it.")
        .arg(toolName, parseError, began);
}

QString Turn::brokenRepeatNudge(const QString &toolName, int times)
{
    return QStringLiteral(
               "Not run: your calls to %1 arrived with cut-off or invalid arguments %2 times in this turn. Change your "
               "approach (shorter arguments, fewer calls), or answer the user with what you know.")
        .arg(toolName)
        .arg(times);
}

} // namespace Skein
