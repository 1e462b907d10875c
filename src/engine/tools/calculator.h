/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein {

// Evaluates arithmetic expressions for the calculator tool. A recursive-descent parser over the
// text: nothing is ever executed as code. Positions in errors are 1-based character columns.
class Calculator final
{
public:
    struct Result
    {
        bool ok = false;
        double value = 0.0;
        int position = 0; // where the error was found (1-based), 0 when ok
        QString error; // translated message, includes the position
    };

    static constexpr int maxLength = 4096;
    static constexpr int maxDepth = 64; // parentheses, function calls and unary signs

    static Result evaluate(const QString &expression);
    // Shortest text that reads back to the same double ("0.30000000000000004", "1e+300").
    static QString format(double value);
};

} // namespace Skein
