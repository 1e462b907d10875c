/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/jsontape.h"
#include "core/stream/streamdelta.h"

#include <QByteArrayView>
#include <QList>

// Small JSON helpers shared by the stream translators (internal to core/stream).
namespace Skein::StreamJson {

// Parses a payload that must be a JSON object; on failure appends a Protocol error delta.
bool parseObject(JsonTape &tape, QByteArrayView json, QList<StreamDelta> &out);
// An Error delta from a provider `error` member (object or string).
StreamDelta errorDelta(const JsonRef &error);
// The JSON text of a value as received (tool arguments sent as objects).
QString jsonText(const JsonRef &value);

} // namespace Skein::StreamJson
