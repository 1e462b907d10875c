// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_context: the context engine's figures (docs/benchmarks.md "Context").
//   bench_context [--reps N] [--per-turn] [--digest-tool-results] [--seed-only | --assembly-only]
// Each part is a function of its own so that more experiments can be added next to it.

#include "assemblytime.h"
#include "memorybench.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    int reps = 30;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--reps")); i >= 0 && i + 1 < args.size())
        reps = qMax(1, args.at(i + 1).toInt());
    bool ok = true;
    if (!args.contains(QStringLiteral("--seed-only")))
        ok = Skein::Bench::runAssemblyTime(out, reps) && ok;
    if (!args.contains(QStringLiteral("--assembly-only")))
        ok = Skein::Bench::runSeedExperiment(out, args.contains(QStringLiteral("--per-turn")),
                                             args.contains(QStringLiteral("--digest-tool-results")))
            && ok;
    return ok ? 0 : 1;
}
