/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QString>

namespace Skein {

// Spots a model calling the same tool with (nearly) the same arguments again within one run
// (SPEC §5.2, [S001 §4.2]). Near-identical: JSON compared canonically, strings case-folded with
// whitespace collapsed, numbers to six significant digits.
class RepeatGuard final
{
public:
    // How often this call has been seen in the run, counting this one.
    int record(const QString &toolName, const QString &argumentsJson);
    static QString signature(const QString &toolName, const QString &argumentsJson);
    // Recorded in place of the arguments of a call whose arguments were cut off or invalid, so
    // that repeated broken calls of one tool count together whatever text they carried.
    static QString brokenArguments() { return QStringLiteral("\u0001broken arguments"); }

private:
    QHash<QString, int> m_seen;
};

} // namespace Skein
