/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "core/domain/summary.h"
#include "core/tokens/tokencalibration.h"
#include "engine/attachments/imageupload.h"
#include "engine/context/contextexclusions.h"
#include "engine/context/contextsettings.h"
#include "engine/context/contextsource.h"
#include "engine/context/governance.h"
#include "engine/context/modelwindow.h"
#include "engine/context/pathsummaries.h"
#include "engine/context/recall.h"
#include "llm/chatrequest.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QStringList>

#include <memory>

namespace Skein {

struct AssembledContext;

// Everything one request is built from, read on the storage thread (ContextLoader) or put
// together by a test. Immutable once built; shared between the build and a retry.
struct ContextInputs final : SourceInputs
{
    QString model;
    QString providerId;
    ProviderKind providerKind = ProviderKind::OpenAiCompatible; // whose image limits and formula
    ContextSettings settings;
    ModelWindow window;
    TokenCalibration calibration;
    bool windowLowered = false; // window was lowered after a context error: persist it
    bool calibrationRaised = false; // the server counted the prompt in a context error: persist it

    // The tail of the active path, root-ward first, ending at the leaf; pathComplete when it
    // starts at the root. ancestors: ids leaf first, the tail and any older ancestors read.
    QList<Message> path;
    bool pathComplete = true;
    PathIndex ancestors;
    qint64 pathLength = -1; // messages on the whole path when known

    QList<Summary> summaries; // candidates: the session's summaries
    QList<Memory> memories; // candidates: active global and session memories
    QList<ToolDefinition> tools;
    QList<RecallPassage> recall; // candidates, best first (Recall::find)
    QDateTime now; // the runtime block's time (local time zone); invalid: current time
    QString locale; // BCP 47 name; empty: the system locale
    // What the user left out ("re-run with this context"); empty for ordinary requests.
    ContextExclusions exclusions;

    // Assembled already on the storage thread (ContextEngine::prepare), so the caller's
    // thread only sends it. Null: assemble when building.
    std::shared_ptr<const AssembledContext> prebuilt;
    // The images of the prebuilt request, read and encoded on the storage thread: a request
    // assembled again elsewhere (a retry with a smaller window) takes its images from here.
    QHash<QString, EncodedImage> images;
};

// An image of the history left out of a request to save space (issue 16).
struct LeftOutImage
{
    QString messageId;
    QString attachmentId;
    QString name;
    qint64 tokens = 0; // what sending it would have cost
    bool pages = false; // a PDF's pages

    friend bool operator==(const LeftOutImage &, const LeftOutImage &) = default;
};

// One assembled request with its provenance (SPEC §4.8, §4.9).
struct AssembledContext
{
    ChatRequest request;
    ContextBudget budget;
    ContextSnapshot snapshot; // id empty: the caller assigns it when storing
    QList<Summary> summaries; // used
    QList<Memory> memories; // used
    QList<Memory> pinned; // pinned notes used (issue 17)
    QStringList pinnedLeftOut; // pinned notes beyond their share
    QStringList includedIds; // stored messages sent (oldest first)
    QStringList excludedIds; // messages of the path tail read but not sent
    // Of those, what the user's exclusions removed (with the tool calls or results that had to go
    // with them to keep the chain valid), and the memories they removed.
    QStringList userExcludedIds;
    QStringList userExcludedMemoryIds;
    qint64 olderNotRead = 0; // path messages before the tail (summarised or beyond the hard cap)
    GovernanceReport governance;
    QList<LeftOutImage> imagesLeftOut; // oldest first
    Recall::Selection recalled; // earlier messages quoted in the current user message
    qint64 recallBudget = 0; // its share, and what history left unused
    qint64 attachmentTokens = 0; // of the messages sent: their attachments' lines, texts and images
    bool toolsShortened = false;
    qint64 rawEstimate = 0; // before calibration
};

namespace ContextAssembler {

// Budget, selection (layer 1), governance (layer 2) and assembly: system = persona · memories ·
// session summary · segment summaries (delimited data); then the selected history; then the
// current turn with the recalled passages and the runtime block at the end of its user message.
AssembledContext assemble(const Session &session, const ContextInputs &inputs);

// The runtime block appended to the current user message (time and zone, locale, app, tools).
QString runtimeBlock(const QDateTime &now, const QString &locale, const QList<ToolDefinition> &tools);
// The stable system prompt: persona, then memories and summaries as delimited data.
// Pinned notes (issue 17) come first, then memories and summaries.
QString systemPrompt(const QString &persona, const QList<Memory> &memories, const QList<Summary> &summaries,
                     const QList<Memory> &pinned = {});

// The path without what exclusions name: an assistant message with tool calls and its results
// go together (excluding either drops both), and the current turn (from the last user message
// on) is never excluded. removed (optional) gets the ids left out, oldest first.
QList<Message> withoutExcluded(const QList<Message> &path, const ContextExclusions &exclusions,
                               QStringList *removed = nullptr);

// Tool definitions within budget: when over it, long descriptions become their first line /
// sentence. Returns the tokens of the (possibly shortened) list; *shortened tells whether it did.
qint64 fitTools(QList<ToolDefinition> &tools, qint64 budget, const TokenEstimator &estimator, bool *shortened);

// The cost in USD of usage at the model's prices (per 1M tokens; cached input at its own price).
double cost(const ModelInfo &info, const Usage &usage);
// The cost of sending estimatedPromptTokens and receiving outputTokens.
double estimatedCost(const ModelInfo &info, qint64 estimatedPromptTokens, qint64 outputTokens);

} // namespace ContextAssembler

} // namespace Skein
