/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/chatrequest.h"

#include <QJsonObject>
#include <QString>

namespace Skein::Test {

// Checks a serialized request body the way the provider would: every declared tool call has
// exactly one result right after it, its arguments are a JSON object, no result lacks its call, the first turn is the
// user's, nothing is empty, and (Anthropic) roles alternate. Returns an empty string when valid, else what is wrong.
QString chainProblem(ProviderKind kind, const QJsonObject &body, bool continuing = false);

} // namespace Skein::Test
