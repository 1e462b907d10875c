/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"
#include "storage/memoryrepository.h"
#include "storage/result.h"

namespace Skein {

class Store;

// What the user does to memories (SPEC §2.3, §6 memory inspector), on a synchronous Store: for
// the CLI and for jobs already on a storage thread. Every text change keeps the old text as a
// version; ids may be unique prefixes where noted.
namespace MemoryOps {

// A memory the user wrote: active at once (the user is its source).
Result<Memory> add(Store &store, MemoryType type, const QString &content, MemoryScope scope = MemoryScope::Global,
                   const QString &sessionId = {}, const QString &anchorMessageId = {});
// A pinned note (issue 17): the user's text (a message, part of one, or typed) kept in every
// request of the session (Session scope) or of all of them (Global), never learned or archived.
// sourceMessageId: the message it was pinned from, if any.
Result<Memory> pin(Store &store, const QString &content, MemoryScope scope, const QString &sessionId,
                   const QString &sourceMessageId = {});
// A memory by full id or unique id prefix.
Result<Memory> find(Store &store, const QString &idOrPrefix);
// Pending (or disabled, rejected) → active. A memory that supersedes another ends that one.
Status accept(Store &store, const QString &id);
// Ends what an active successor supersedes (issue 17): valid_to = the successor's valid_from.
Status endSuperseded(Store &store, const Memory &successor);
// The user's "this changed": a new active memory of the same kind that supersedes id, which ends
// now and stays in the history.
Result<Memory> supersede(Store &store, const QString &id, const QString &content, const QString &reason = {});
// Edit the proposed text, then accept it, in one transaction.
Status acceptEdited(Store &store, const QString &id, const QString &content);
Status reject(Store &store, const QString &id);
Status edit(Store &store, const QString &id, const QString &content, const QString &changedBy = QStringLiteral("user"));
// Branch → session or global, session → global. Narrowing is refused (Invalid).
Status promote(Store &store, const QString &id, MemoryScope to);
Status restore(Store &store, const QString &id, qint64 versionId);
// Disabling is also how a memory proposed for archiving (the cap on active memories) is archived.
Status disable(Store &store, const QString &id);
// Keeps a memory proposed for archiving: the proposal goes, and it counts as confirmed now.
Status keep(Store &store, const QString &id);
Status remove(Store &store, const QString &id);

} // namespace MemoryOps

} // namespace Skein
