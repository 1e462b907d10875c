/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace Skein::JsonReply {

// The first JSON object (or array of objects) in a model's reply. Models wrap JSON in ```json fences, put
// prose before or after it and leave trailing commas; all of that is accepted. nullopt when the
// reply holds no parseable object or array.
std::optional<QJsonValue> extract(const QString &reply);

} // namespace Skein::JsonReply
