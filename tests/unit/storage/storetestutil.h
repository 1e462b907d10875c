/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/store.h"

#include <QTest>

// Opens a Store in dir or fails the current test.
#define SKEIN_OPEN_STORE(var, dir)                                                                                     \
    auto var##Opened = ::Skein::Store::open(dir);                                                                      \
    QVERIFY2(var##Opened, qPrintable(var##Opened ? QString() : var##Opened.error().message));                          \
    ::Skein::Store &var = *var##Opened.value()

// Fails the current test with the storage error message when status is not ok.
#define SKEIN_VERIFY_OK(expr)                                                                                          \
    do {                                                                                                               \
        const auto skeinResult_ = (expr);                                                                              \
        QVERIFY2(skeinResult_, qPrintable(skeinResult_ ? QString() : skeinResult_.error().message));                   \
    } while (false)
