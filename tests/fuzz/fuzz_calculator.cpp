// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The calculator tool (engine/tools/calculator): any text is evaluated or refused with a
// position inside it; nothing crashes, recursion stays bounded, results format and read back.
#include "engine/tools/calculator.h"
#include "fuzzsupport.h"

#include <cmath>

using namespace Skein;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString expression = QString::fromUtf8(Fuzz::bytes(data, size));
    const Calculator::Result r = Calculator::evaluate(expression);
    if (!r.ok) {
        SKEIN_FUZZ_CHECK(!r.error.isEmpty());
        SKEIN_FUZZ_CHECK(r.position >= 1 && r.position <= std::max<qsizetype>(expression.size(), 1) + 1);
        return 0;
    }
    SKEIN_FUZZ_CHECK(r.position == 0);
    const QString text = Calculator::format(r.value);
    SKEIN_FUZZ_CHECK(!text.isEmpty());
    if (std::isfinite(r.value)) {
        const Calculator::Result back = Calculator::evaluate(text);
        SKEIN_FUZZ_CHECK(back.ok && (back.value == r.value || (r.value == 0 && back.value == 0)));
    }
    return 0;
}
