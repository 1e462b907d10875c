#pragma once

#include "core/domain/message.h"
#include "core/domain/session.h"
#include "llm/chatrequest.h"

#include <QList>

namespace Skein {

// Turns a session's active path into the request of one model call. ChatTurn asks it for every
// call; the context engine replaces the simple builder below with one that budgets and summarises.
class RequestSource
{
public:
    virtual ~RequestSource();
    // path runs root -> leaf. When continuing, the last message is the partial assistant reply.
    virtual ChatRequest build(const Session &session, const QList<Message> &path) const = 0;
};

// System prompt plus every message of the path, unchanged. Assistant rows without text or tool
// calls (a failed reply) are left out: providers reject empty assistant turns.
class PathRequestSource final : public RequestSource
{
public:
    ChatRequest build(const Session &session, const QList<Message> &path) const override;
};

} // namespace Skein
