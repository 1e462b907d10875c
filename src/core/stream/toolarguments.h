/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein::ToolArguments {

// Whether a tool call's arguments text is one complete JSON object, as every provider requires on
// the wire. Blank text counts as the empty object. error, when given, says why not (with the
// character offset), for the model-facing result of a call that was not run.
bool isObject(const QString &json, QString *error = nullptr);

// The arguments as they may go on the wire: the text itself when it is a JSON object (blank: "{}"),
// otherwise "{}". Stored messages keep the raw text; only request copies are made legal.
QString legal(const QString &json);

} // namespace Skein::ToolArguments
