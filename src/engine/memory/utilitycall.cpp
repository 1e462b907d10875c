// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/utilitycall.h"

#include "llm/providerclient.h"
#include "llm/streamingcall.h"

#include <QTimer>

namespace Skein::UtilityCall {

StreamingCall *start(const ModelRoute &route, ChatRequest request, QObject *context, Done done)
{
    if (!route.isValid()) {
        QTimer::singleShot(0, context, [done = std::move(done)] {
            CallError error;
            error.category = CallError::Category::NotFound;
            error.message = QStringLiteral("no model configured for background work");
            done({}, error);
        });
        return nullptr;
    }
    request.model = route.model;
    request.tools.clear();
    StreamingCall *call = route.client->chat(request);
    QObject::connect(call, &StreamingCall::finished, context,
                     [call, done = std::move(done)](const AssembledTurn &turn, const CallError &error) {
                         call->deleteLater();
                         if (error.isError())
                             done({}, error);
                         else if (turn.text.trimmed().isEmpty())
                             done({}, CallError::emptyReply());
                         else
                             done(turn.text, {});
                     });
    return call;
}

} // namespace Skein::UtilityCall
