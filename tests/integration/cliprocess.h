/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace Skein::Test {

// skein-cli as a child process, driven without blocking the test's event loop (the ReplayServer
// lives on it): output is collected as it arrives.
struct CliRun
{
    int status = -1; // -1: crashed or killed
    QByteArray out;
    QByteArray err;
};

// Runs skein-cli with args to the end (the event loop keeps running meanwhile).
CliRun runCli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
              int timeoutMs = 60000);

// A conversation of `count` messages (user and assistant by turns) written straight into dataDir's
// database: message factAt says `fact`, the others are small talk. *factId gets that message's id.
// Empty session id when the database could not be written.
Session plantLongChat(const QString &dataDir, int count, int factAt, const QString &fact, QString *factId);

} // namespace Skein::Test
