// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "testsupport.h"

#include <QSettings>
#include <QTemporaryDir>

using namespace Skein;

class TestAppContext final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void uiStateLivesInTheDataDir()
    {
        QTemporaryDir tmp;
        {
            AppContext context(tmp.path());
            QCOMPARE(context.dataDir(), tmp.path());
            context.uiState().setValue(QStringLiteral("probe"), 42);
            context.uiState().sync();
        }
        QVERIFY(QFileInfo::exists(tmp.filePath(QStringLiteral("ui-state.ini"))));
        AppContext again(tmp.path());
        QCOMPARE(again.uiState().value(QStringLiteral("probe")).toInt(), 42);
    }
    void componentVersionsAreFilled()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        const QList<ComponentVersion> versions = context.componentVersions();
        QStringList names;
        for (const ComponentVersion &c : versions) {
            QVERIFY2(!c.version.isEmpty(), qPrintable(c.name));
            names << c.name;
        }
        QCOMPARE(names, (QStringList {QStringLiteral("Qt"), QStringLiteral("SQLite"), QStringLiteral("QtKeychain")}));
    }
};

SKEIN_CORE_TEST_MAIN(TestAppContext)
#include "tst_appcontext.moc"
