/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/callerror.h"

#include <QUrl>

class QNetworkReply;

namespace Skein {

// The error of a finished, non-streamed API request (a model list, embeddings), or none when its
// body (read by the caller) is the answer: a cross-origin redirect, an answer over the bound
// ReplyLimit::watch set (`what` names it), a non-2xx status, a timeout, a transport error, or a web page
// (captive portal, proxy login) where JSON was expected. baseUrl: the provider's configured URL.
CallError finishedReplyError(const QNetworkReply &reply, const QByteArray &body, const QUrl &baseUrl,
                             const QString &what);

} // namespace Skein
