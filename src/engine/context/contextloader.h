/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/context/queryembedding.h"

#include "engine/context/contextassembler.h"
#include "storage/result.h"

#include <QSet>

#include <memory>

namespace Skein {

class Store;

// Reads what one request is built from (SPEC §4): only the tail of the path the window can use,
// the session's summaries and memories, the model's window and prices, the token calibration.
// Runs on a storage thread; the cost does not grow with the length of the path.
namespace ContextLoader {

// Settings keys (SettingsRepository).
QString calibrationKey(); // TokenCalibration::toJson()
QString defaultWindowKey(); // a window for models nobody knows, in tokens

struct Options
{
    QString providerId; // empty: the session's
    QString model; // empty: the session's
    bool countPath = false; // also count the whole path (pathLength), for the inspector and the CLI
    QString draft; // a user message not stored yet, appended to the path (skein-cli context --draft)
    qint64 window = 0; // a window for this computation only; 0: the session's or the model's
    QueryEmbedding embedding; // semantic recall's query (Recall::Options::embedding)
};

Result<std::shared_ptr<ContextInputs>> load(Store &store, const Session &session, const QString &leafId,
                                            const Options &options);

// The ancestors of the message with rowid-walk start fromId (included), leaf-ward first, until
// every id of targets is found, the root is reached or limit ids were read.
Status walkAncestors(Store &store, const QString &fromId, const QSet<QString> &targets, qsizetype limit,
                     PathIndex &index);

// After a call: reported usage and cost on the snapshot, calibration from usage.prompt_tokens,
// use counts of the memories sent, and a window lowered after a context error.
// The messages inputs.exclusions adds (the context inspector's re-run), as recalled passages ahead
// of those recall found.
Status addRequested(Store &store, const Session &session, ContextInputs &inputs);

Status learn(Store &store, const ContextInputs &inputs, const ContextSnapshot *snapshot, const Usage &usage);

} // namespace ContextLoader

} // namespace Skein
