#pragma once

#include "llm/chatrequest.h"
#include "llm/llmerror.h"
#include "llm/providerclient.h"

#include <QPointer>
#include <QString>

#include <functional>

class QObject;

namespace Skein {

class StreamingCall;

// The model that does the engine's background work (summaries, memory extraction, topic checks):
// the session's own model or a cheaper "utility model" the user configured. The caller owns the
// client; a route whose client is gone is invalid.
struct ModelRoute
{
    QPointer<ProviderClient> client;
    QString model;

    bool isValid() const { return client && !model.isEmpty(); }
};

namespace UtilityCall {

using Done = std::function<void(const QString &text, const LlmError &error)>;

// One tool-less model call whose whole text is wanted at the end. done runs once on context's
// thread (never if context is gone): with the reply text, or with an error (an empty reply is
// an error too). Returns the call so it can be cancelled; it deletes itself when finished.
StreamingCall *start(const ModelRoute &route, ChatRequest request, QObject *context, Done done);

} // namespace UtilityCall

} // namespace Skein
