// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli: the same AppContext as the GUI, no widgets.
#include "cli.h"
#include "core/appinfo.h"
#include "terminaltext.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <cstdio>
#include <memory>

int main(int argc, char **argv)
{
    Skein::AppInfo::apply();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    std::unique_ptr<QCoreApplication> app;
    if (Skein::Cli::needsGraphics(arguments)) {
        qputenv("QT_QPA_PLATFORM", "offscreen"); // fonts and layout, no display
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    // Model and file text reaches both streams: on a terminal its control characters are shown,
    // not obeyed.
    Skein::TerminalSafeOutput stdOut(stdout);
    Skein::TerminalSafeOutput stdErr(stderr);
    QTextStream out(&stdOut);
    QTextStream err(&stdErr);
    Skein::Cli cli(out, err);
    return cli.run(QCoreApplication::arguments());
}
