/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QUrl>

#include <optional>

class QNetworkReply;
class QNetworkRequest;

namespace Skein::RedirectGuard {

// Redirects to another origin (scheme, host or port) are never followed: Qt copies the request's
// raw headers to the new URL, so a provider's Authorization / x-api-key header, an MCP server's
// token and the whole conversation would go to a host nobody configured (SPEC §7). Same-origin
// redirects (a trailing slash, /v1 → /v1/) are followed as before.

// Sets the policy on a request; watch() must be called on its reply.
void prepare(QNetworkRequest &request);
// Allows each same-origin redirect of the reply and aborts it at the first other one.
void watch(QNetworkReply *reply);
// Where the reply was refused to go, if watch() stopped it at a redirect. It came from the origin
// of reply.request().url(): every redirect followed before kept that origin. (reply.url() is
// already the refused target when Qt asks.)
std::optional<QUrl> refusedTarget(const QNetworkReply &reply);

bool sameOrigin(const QUrl &a, const QUrl &b);

} // namespace Skein::RedirectGuard
