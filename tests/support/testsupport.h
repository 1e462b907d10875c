/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QTest>

namespace Skein::Test {

// ../shared next to the checkout (CI always has it); fixtures are read from there, never copied.
QString sharedDir();
// A folder inside ../shared, or an empty string when it is missing.
QString sharedPath(const QString &relative);
// The project's own test data (tests/data).
QString dataPath(const QString &relative);
QByteArray readFile(const QString &path);
// Puts QStandardPaths into test mode and makes runs independent of the caller's locale.
void prepareEnvironment();

} // namespace Skein::Test

// Skips (naming the missing folder) when ../shared/<relative> is absent; under CI=true, where
// ../shared is always beside the checkout, the test fails instead.
#define SKEIN_REQUIRE_SHARED(relative)                                                                                 \
    do {                                                                                                               \
        if (::Skein::Test::sharedPath(QStringLiteral(relative)).isEmpty()) {                                           \
            const QString missing_                                                                                     \
                = QStringLiteral("missing folder: %1/%2").arg(::Skein::Test::sharedDir(), QStringLiteral(relative));   \
            if (qgetenv("CI") == "true")                                                                               \
                QFAIL(qPrintable(QStringLiteral("CI=true: ") + missing_));                                             \
            QSKIP(qPrintable(missing_));                                                                               \
        }                                                                                                              \
    } while (false)

#define SKEIN_TEST_MAIN(TestObject, AppType)                                                                           \
    int main(int argc, char **argv)                                                                                    \
    {                                                                                                                  \
        ::Skein::Test::prepareEnvironment();                                                                           \
        AppType app(argc, argv);                                                                                       \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                                       \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }

#define SKEIN_CORE_TEST_MAIN(TestObject) SKEIN_TEST_MAIN(TestObject, QCoreApplication)
