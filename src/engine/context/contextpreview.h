/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/summary.h"
#include "storage/result.h"

#include <QList>
#include <QString>

namespace Skein {

class Store;

// What the next request of a session would carry, built as ModelCall would build it but not sent
// (the context inspector's draft view, like `skein-cli context`). Kept free of the engine's
// budget types so widgets can include it.
struct ContextPreview
{
    ContextSnapshot snapshot; // id empty: never stored
    QList<Message> path; // the path tail that was read (the draft message not included)
    QList<Memory> memories; // the candidates
    QList<Summary> summaries; // the candidates

    // On a storage thread. draftText stands in for the message not sent yet (may be empty).
    static Result<ContextPreview> load(Store &store, const QString &sessionId, const QString &draftText = {});
};

} // namespace Skein
