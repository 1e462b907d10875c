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

#include <QObject>

#include <functional>
#include <optional>

namespace Skein {

class AsyncStore;

// What the context inspector shows: the request of one reply as it was sent (its snapshot and
// what it was built from), or the one the next message would send.
struct ContextView
{
    bool draft = false; // the next request, not sent yet
    Message reply; // the reply whose request this is (empty for a draft)
    std::optional<ContextSnapshot> snapshot;
    QList<Message> path;
    QList<Memory> memories;
    QList<Summary> summaries;
};

// Reads what a model was (or would be) sent, off the calling thread; done runs on context's thread.
class ContextService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextService)

public:
    using Done = std::function<void(Result<ContextView>)>;

    explicit ContextService(AsyncStore &store, QObject *parent = nullptr);
    ~ContextService() override;

    // The request the engine would build for the session's next message; draftText stands in for
    // the message not sent yet.
    void nextRequest(const QString &sessionId, const QString &draftText, QObject *context, Done done);
    // The request of an assistant reply, from its snapshot (no snapshot: the reply alone).
    void ofReply(const QString &messageId, QObject *context, Done done);

private:
    AsyncStore &m_store;
};

} // namespace Skein
