// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/datadir.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace Skein;

class TestDataDir final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void commandLineWins()
    {
        qputenv("SKEIN_DATA_DIR", "/tmp/from-env");
        QCOMPARE(DataDir::resolve(QStringLiteral("/tmp/from-cli/../cli")), QStringLiteral("/tmp/cli"));
        qunsetenv("SKEIN_DATA_DIR");
    }
    void environmentBeatsDefault()
    {
        qputenv("SKEIN_DATA_DIR", "/tmp/from-env");
        QCOMPARE(DataDir::resolve({}), QStringLiteral("/tmp/from-env"));
        qunsetenv("SKEIN_DATA_DIR");
    }
    void relativePathsAreMadeAbsolute()
    {
        const QString resolved = DataDir::resolve(QStringLiteral("rel/dir"));
        QVERIFY(QDir::isAbsolutePath(resolved));
        QVERIFY(resolved.endsWith(QLatin1String("/rel/dir")));
    }
    void defaultIsAppData()
    {
        QCOMPARE(DataDir::resolve({}), QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
        QVERIFY(!DataDir::defaultLocation().isEmpty());
    }
    void ensureCreatesNestedDirs()
    {
        QTemporaryDir tmp;
        QString error;
        const QString made = DataDir::ensure(tmp.filePath(QStringLiteral("a/b/c")), &error);
        QVERIFY2(!made.isEmpty(), qPrintable(error));
        QVERIFY(QFileInfo(made).isDir());
    }
    void ensureRefusesAFile()
    {
        QTemporaryDir tmp;
        QFile file(tmp.filePath(QStringLiteral("taken")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QString error;
        QVERIFY(DataDir::ensure(file.fileName(), &error).isEmpty());
        QVERIFY(error.contains(QLatin1String("not a directory")));
    }
};

SKEIN_CORE_TEST_MAIN(TestDataDir)
#include "tst_datadir.moc"
