// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ModelCall: how a reply ends on disk — the last flush, its tool calls, thinking blocks, model and
// usage, and a status that says complete only when every part is there.
#include "modelcall.h"

#include "core/domain/ids.h"
#include "engine/context/contextsource.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimer>

namespace Skein {

namespace {

Usage toUsage(const TokenUsage &u)
{
    Usage out;
    auto set = [](std::optional<qint64> &field, qint64 v) {
        if (v >= 0)
            field = v;
    };
    set(out.promptTokens, u.promptTokens);
    set(out.completionTokens, u.completionTokens);
    set(out.cachedTokens, u.cachedTokens);
    set(out.reasoningTokens, u.reasoningTokens);
    return out;
}

QJsonArray toolCallsJson(const QList<ToolCall> &calls)
{
    QJsonArray array;
    for (const ToolCall &c : calls)
        array.append(QJsonObject {
            {QStringLiteral("id"), c.id},
            {QStringLiteral("name"), c.name},
            {QStringLiteral("arguments"), c.argumentsJson},
        });
    return array;
}

// What the finishing write found on disk.
struct StoredOutcome
{
    MessageStatus status = MessageStatus::Complete;
    bool closedElsewhere = false;
    bool incomplete = false;
};

} // namespace

void ModelCall::finishWith(MessageStatus status, const QString &error)
{
    if (m_finished || m_status != MessageStatus::Generating)
        return;
    m_flushTimer->stop();
    m_status = status;
    m_errorText = error;
    if (m_assistantId.isEmpty() || !m_store) { // nothing was stored
        m_finished = true;
        Q_EMIT finished(status, error);
        return;
    }
    if (m_resetPending || !m_pendingText.isEmpty() || !m_pendingReasoning.isEmpty()) {
        flush();
    }
    MessageRepository::Finish f;
    f.status = status;
    f.error = error;
    if (m_turn.finishReason != FinishReason::None)
        f.finishReason = finishReasonName(m_turn.finishReason);
    f.stopSequence = m_turn.stopSequence;
    f.usage = toUsage(m_turn.usage);
    const QString id = m_assistantId;
    const QString sessionId = m_sessionId;
    const QJsonArray calls = toolCallsJson(m_turn.toolCalls);
    // A continued reply keeps the blocks of its earlier calls; the new ones sit after its old text
    // (and after its old tool calls, unless this call's calls replace them).
    const bool newBlocks = !m_turn.reasoningBlocks.isEmpty();
    const QList<ReasoningBlock> blocks = m_baseBlocks
        + ReasoningBlocks::shifted(m_turn.reasoningBlocks, m_baseText.size(), calls.isEmpty() ? m_baseToolCalls : 0);
    const QString model = m_turn.model;
    const qint64 contentBytes = m_storedContentBytes;
    const qint64 reasoningBytes = m_storedReasoningBytes;
    auto outcome = std::make_shared<StoredOutcome>();
    auto row = std::make_shared<std::optional<Message>>();
    const std::shared_ptr<const ContextSource> source = m_source;
    const std::shared_ptr<const SourceInputs> inputs = m_inputs;
    const std::optional<ContextSnapshot> snapshot = m_snapshot;
    m_store->write(
        this,
        [=](Store &store) -> Status {
            // The status says complete only when every part is on disk (issue #13).
            MessageRepository::Finish finish = f;
            Result<MessageRepository::StoredText> stored = store.messages().storedText(id);
            if (!stored)
                return stored.error();
            if (stored->status != MessageStatus::Generating) {
                outcome->closedElsewhere = true; // another process's recovery closed it: its word stands
                outcome->status = stored->status;
                if (Result<Message> closed = store.messages().get(id); closed)
                    *row = closed.value();
                return Status {};
            }
            if (stored->contentBytes != contentBytes || stored->reasoningBytes != reasoningBytes) {
                outcome->incomplete = true;
                finish.status = MessageStatus::Interrupted;
            }
            outcome->status = finish.status;
            if (!calls.isEmpty())
                if (Status s = store.messages().setToolCalls(id, calls); !s)
                    return s;
            if (newBlocks)
                if (Status s = store.messages().setReasoningBlocks(id, blocks); !s)
                    return s;
            if (!model.isEmpty())
                if (Status s = store.messages().setModel(id, model); !s)
                    return s;
            if (outcome->incomplete)
                finish.error = QCoreApplication::translate("Skein::ModelCall",
                                                           "Part of the reply could not be saved; what is shown is "
                                                           "what is on disk.");
            if (Status s = store.messages().finish(id, finish); !s)
                return s;
            if (Status s = store.sessions().touch(sessionId, Ids::nowMs()); !s)
                return s;
            // Usage, cost and calibration are bookkeeping: their failure does not fail the reply.
            [[maybe_unused]] const Status learned
                = source->learn(store, inputs.get(), snapshot ? &*snapshot : nullptr, f.usage);
            if (Result<Message> finished = store.messages().get(id); finished)
                *row = finished.value();
            return Status {};
        },
        [this, outcome, row](const Status &s) {
            auto partLost = [](const QString &reason) {
                return tr("Part of the reply could not be saved; the reply stops where the saved text ends. %1")
                    .arg(reason);
            };
            QString why;
            if (!s) {
                // The end was not stored: the row stays `generating` until the next start marks it
                // interrupted, so nothing here may say complete.
                if (m_status == MessageStatus::Complete)
                    m_status = MessageStatus::Interrupted;
                why = m_flushError.isEmpty() ? tr("The end of the reply could not be saved. %1").arg(s.error().message)
                                             : partLost(m_flushError);
            } else if (outcome->closedElsewhere) {
                m_status = outcome->status;
                why = tr("Another Skein process closed this reply while it was arriving (it restored the data "
                         "after a crash); what was saved before stays.");
            } else if (outcome->incomplete || !m_flushError.isEmpty()) {
                m_status = outcome->status;
                why = partLost(m_flushError.isEmpty() ? tr("The text on disk is shorter than what arrived.")
                                                      : m_flushError);
            }
            if (!why.isEmpty())
                m_errorText = m_errorText.isEmpty() ? why : m_errorText + QLatin1Char(' ') + why;
            m_finished = true;
            if (row->has_value())
                Q_EMIT messageStored(row->value());
            Q_EMIT finished(m_status, m_errorText);
        },
        Durability::Full);
}

} // namespace Skein
