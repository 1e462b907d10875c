/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/exchange/importer.h"

#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "llm/chatrequest.h"
#include "storage/result.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <optional>

namespace Skein {

class Store;
struct MemorySettings;

// One decision of the extraction model about the existing memories (SPEC §4.10).
struct ExtractionDecision
{
    // Issue 17: a fact that changed is superseded (the old memory ends, both stay), never
    // overwritten; update refines the same fact; none with an id confirms it.
    enum class Action { Add, Update, Supersede, None };

    Action action = Action::None;
    std::optional<MemoryType> type; // the target's type when unset for update and supersede
    QString memoryId; // update, supersede, none (confirmation)
    QString content;
    QString sourceMessageId;
    QString reason;
};

// What one extraction call looks at.
struct ExtractionBatch
{
    QString sessionId;
    QList<Message> userMessages; // the user's own messages, oldest first
    // Per user message: what else its turn contains (assistant replies, tool results). Never shown
    // to the model as the user's words; the guard uses it to spot proposals copied from it.
    QHash<QString, QString> turnContext;
    QSet<QString> branchMessages; // user messages not on every path of the session
    QList<Memory> existing; // memories to compare against, any status (rejected ones too)
    qint64 watermark = 0; // created_at of the newest message of the batch

    bool isEmpty() const { return userMessages.isEmpty(); }
};

struct ExtractionOutcome
{
    struct Note
    {
        QString content;
        QString reason;
    };

    QList<Memory> added; // as stored (active or pending)
    QList<Memory> updated; // with their new text
    QList<Memory> superseding; // added memories that replace another (also in added)
    QStringList confirmed; // memories the batch met again
    QList<Note> held; // added as pending by the guard although review was not required
    QList<Note> dropped; // not stored, with the reason
    int unchanged = 0; // "none" decisions and updates that changed nothing
};

namespace Extraction {

// The settings key holding the created_at of the last message a session's extraction covered.
QString watermarkKey(const QString &sessionId);

// The guards every import runs with (SPEC §7, issue #13): the memory guard refuses secrets and
// oversized memories of the file, and an imported session's extraction starts after its last
// imported message, so text from a file never becomes a memory as if the user had said it here.
Exchange::ImportGuards importGuards();

// How many user messages of sessionId are newer than its watermark: turns waiting for extraction.
// Kept on disk, so the batch size holds across processes (each skein-cli send is one).
Result<qint64> waitingTurns(Store &store, const QString &sessionId);

// The user messages of sessionId newer than its watermark whose replies are finished (at most
// limit, oldest first), with their turn context, branch flags and the memories to compare with.
Result<ExtractionBatch> loadBatch(Store &store, const QString &sessionId, int limit = 20);

// The extraction request: the user's own words and their quoted parts kept apart, the existing
// memories, all as JSON data; the reply must be JSON decisions.
ChatRequest request(const ExtractionBatch &batch);

// The decisions in a model reply (fenced or with prose around it). nullopt with *error set when
// there is no usable JSON.
std::optional<QList<ExtractionDecision>> parse(const QString &reply, QString *error = nullptr);

// Applies decisions through the memory-poisoning guard, in one transaction, and moves the
// watermark past the batch. Every change of an existing memory keeps its old text as a version
// attributed to "extraction".
Result<ExtractionOutcome> apply(Store &store, const ExtractionBatch &batch, const QList<ExtractionDecision> &decisions,
                                const MemorySettings &settings);

} // namespace Extraction

} // namespace Skein
