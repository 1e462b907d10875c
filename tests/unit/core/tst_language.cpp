// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/language.h"
#include "testsupport.h"

#include <QCoreApplication>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestLanguage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void choose_data()
    {
        QTest::addColumn<QString>("override");
        QTest::addColumn<QStringList>("system");
        QTest::addColumn<QString>("expected");
        QTest::newRow("override exact") << u"zh_CN"_s << QStringList {u"en-US"_s} << u"zh_CN"_s;
        QTest::newRow("override dash") << u"zh-CN"_s << QStringList {} << u"zh_CN"_s;
        QTest::newRow("override base") << u"zh"_s << QStringList {} << u"zh_CN"_s;
        QTest::newRow("override en") << u"en"_s << QStringList {u"zh-Hans-CN"_s} << u"en"_s;
        QTest::newRow("unknown override falls to system") << u"fr"_s << QStringList {u"zh-Hans-CN"_s} << u"zh_CN"_s;
        QTest::newRow("system en-GB") << QString() << QStringList {u"en-GB"_s} << u"en"_s;
        QTest::newRow("system order") << QString() << QStringList {u"de-DE"_s, u"zh-CN"_s} << u"zh_CN"_s;
        QTest::newRow("nothing known") << QString() << QStringList {u"de-DE"_s} << u"en"_s;
    }
    void choose()
    {
        QFETCH(QString, override);
        QFETCH(QStringList, system);
        QFETCH(QString, expected);
        QCOMPARE(Language::choose(override, system), expected);
    }
    // The compiled-in Chinese catalogue loads and translates a string the CLI shows.
    void chineseCatalogueTranslates()
    {
        QVERIFY(Language::install(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        const QString translated = QCoreApplication::translate("Skein::Cli", "no command given; try --help");
        QVERIFY2(translated != QLatin1String("no command given; try --help"), qPrintable(translated));
        QVERIFY(translated.contains(QLatin1String("--help")));
    }
};

SKEIN_CORE_TEST_MAIN(TestLanguage)
#include "tst_language.moc"
