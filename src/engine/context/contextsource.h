/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "llm/chatrequest.h"
#include "storage/result.h"

#include <QList>

#include <memory>
#include <optional>

namespace Skein {

class Store;
struct CallError;

// What a source read from storage for one call (memories, summaries, the window, ...).
class SourceInputs
{
public:
    virtual ~SourceInputs();
};

// A request plus, for a context-aware source, the snapshot of what it contains (SPEC §4.9).
struct BuiltRequest
{
    ChatRequest request;
    std::optional<ContextSnapshot> snapshot; // stored before the call; the reply's request_id
};

// Turns a session's active path into the request of one model call. ModelCall asks it for every
// call; the context engine replaces the simple builder below with one that budgets and summarises.
class ContextSource
{
public:
    virtual ~ContextSource();
    // path runs root -> leaf. When continuing, the last message is the partial assistant reply.
    virtual ChatRequest build(const Session &session, const QList<Message> &path) const = 0;

    // Hooks of a context-aware source; the defaults make a source a plain build().
    // On the storage thread, before build: reads what the call needs. providerId and model are
    // the call's (the session's when empty).
    virtual std::shared_ptr<const SourceInputs> prepare(Store &store, const Session &session, const QString &leafId,
                                                        const QString &providerId, const QString &model) const;
    // True when prepare reads the part of the path it needs: the caller does not read it whole.
    virtual bool loadsOwnPath() const { return false; }
    // The call's request from what prepare read (inputs may be null: then path is the whole path).
    virtual BuiltRequest buildCall(const Session &session, const QList<Message> &path,
                                   const SourceInputs *inputs) const;
    // The provider rejected the request as too long before any reply: inputs for ONE more
    // attempt with a smaller window, or null when that cannot help.
    virtual std::shared_ptr<const SourceInputs> shrink(const SourceInputs *inputs, const CallError &error) const;
    // On the storage thread after the call: records what was learned (reported usage and cost on
    // the snapshot, token calibration, a lowered window).
    virtual Status learn(Store &store, const SourceInputs *inputs, const ContextSnapshot *snapshot,
                         const Usage &usage) const;
};

// System prompt plus every message of the path, unchanged. Assistant rows without text or tool
// calls (a failed reply) are left out: providers reject empty assistant turns.
class WholePathSource final : public ContextSource
{
public:
    ChatRequest build(const Session &session, const QList<Message> &path) const override;
};

} // namespace Skein
