/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/memory/modelroute.h"
#include "llm/callerror.h"
#include "llm/chatrequest.h"

#include <QString>

#include <functional>

class QObject;

namespace Skein {

class StreamingCall;

namespace UtilityCall {

using Done = std::function<void(const QString &text, const CallError &error)>;

// One tool-less model call whose whole text is wanted at the end. done runs once on context's
// thread (never if context is gone): with the reply text, or with an error (an empty reply is
// an error too). Returns the call so it can be cancelled; it deletes itself when finished.
StreamingCall *start(const ModelRoute &route, ChatRequest request, QObject *context, Done done);

} // namespace UtilityCall

} // namespace Skein
