/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

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

} // namespace Skein::Test
