/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QtGlobal>

#include <optional>

class QNetworkReply;

namespace Skein::ReplyLimit {

// Bounds on what Skein holds of a server's answer (issue #13: a hostile or broken server must not
// exhaust memory). A streamed reply is decoded as it arrives, so only its total is bounded; bodies
// that are read whole (model lists, MCP answers) have tighter limits.
inline constexpr qint64 kStreamBytes = qint64(256) << 20; // a streamed chat reply, all of it
inline constexpr qint64 kModelListBytes = qint64(8) << 20; // GET /models, /api/tags and similar
inline constexpr qint64 kErrorBodyBytes = qint64(1) << 20; // what is kept of an error page or body
inline constexpr qint64 kMcpMessageBytes = qint64(64) << 20; // one MCP JSON-RPC answer

// Aborts the reply as soon as more than maxBytes arrived (or the server announces more). Watching
// again lowers the limit; a higher one is ignored.
void watch(QNetworkReply *reply, qint64 maxBytes);
// The limit the reply went over, if watch() stopped it.
std::optional<qint64> exceeded(const QNetworkReply &reply);
// "8 MiB", for messages.
QString describe(qint64 bytes);

} // namespace Skein::ReplyLimit
