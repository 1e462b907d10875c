// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "secrets/keychaininfo.h"
#include "testsupport.h"

#include <QVersionNumber>

using namespace Skein;

class TestKeychainInfo final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionIsAtLeastWhatWeBuiltAgainst()
    {
        const QVersionNumber v = QVersionNumber::fromString(KeychainInfo::libraryVersion());
        QVERIFY2(!v.isNull(), qPrintable(KeychainInfo::libraryVersion()));
        QVERIFY(v >= QVersionNumber(0, 13));
    }
};

SKEIN_CORE_TEST_MAIN(TestKeychainInfo)
#include "tst_keychaininfo.moc"
