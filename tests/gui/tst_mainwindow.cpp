// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "gui/mainwindow.h"
#include "testsupport.h"

#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void threeRegionsByObjectName()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        MainWindow window(context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *sidebar = window.findChild<QWidget *>(QStringLiteral("sessionSidebar"));
        auto *chat = window.findChild<QWidget *>(QStringLiteral("chatArea"));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("inspectorDock"));
        QVERIFY(sidebar && sidebar->isVisible());
        QVERIFY(chat && chat->isVisible());
        QVERIFY(dock && dock->isVisible());
        // sidebar left of chat, dock right of chat
        QVERIFY(sidebar->mapTo(&window, QPoint()).x() < chat->mapTo(&window, QPoint()).x());
        QVERIFY(chat->mapTo(&window, QPoint()).x() < dock->mapTo(&window, QPoint()).x());
        auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("inspectorTabs"));
        QVERIFY(tabs);
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(tabs->tabText(0), QStringLiteral("Branches"));
        QCOMPARE(tabs->tabText(1), QStringLiteral("Memory"));
        QCOMPARE(tabs->tabText(2), QStringLiteral("Context"));
        for (const char *name : {"branchView", "memoryInspector", "contextInspector"})
            QVERIFY2(tabs->findChild<QWidget *>(QString::fromLatin1(name)), name);
    }
    void menusInOrder()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        MainWindow window(context);
        QStringList titles;
        const QList<QAction *> actions = window.menuBar()->actions();
        for (QAction *a : actions)
            titles << a->text().remove(QLatin1Char('&'));
        QCOMPARE(titles, (QStringList {u"File"_s, u"Edit"_s, u"View"_s, u"Session"_s, u"Tools"_s, u"Help"_s}));
        // The panels' own actions are in the View menu too.
        auto *memories = window.findChild<QMenu *>(u"menuMemories"_s);
        QVERIFY(memories);
        QStringList memoryActions;
        for (QAction *a : memories->actions())
            memoryActions << a->objectName();
        QVERIFY2(memoryActions.contains(u"memoryPromoteGlobal"_s), qPrintable(memoryActions.join(u' ')));
        QVERIFY(!window.findChild<QMenu *>(u"menuBranchGraph"_s)->actions().isEmpty());
        auto *newChat = window.findChild<QAction *>(QStringLiteral("actionNewChat"));
        QVERIFY(newChat);
        QCOMPARE(newChat->shortcut(), QKeySequence(QKeySequence::New));
        auto *rename = window.findChild<QAction *>(QStringLiteral("actionRename"));
        QVERIFY(rename);
        QCOMPARE(rename->shortcut(), QKeySequence(Qt::Key_F2));
    }
    void geometryAndDockStateAreRemembered()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        QSize closedAt;
        {
            MainWindow window(context);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.resize(700, 500);
            QTRY_COMPARE(window.size(), QSize(700, 500)); // the offscreen screen is 800x600
            window.findChild<QDockWidget *>(QStringLiteral("inspectorDock"))->hide();
            closedAt = window.size();
            QVERIFY(window.close());
        }
        MainWindow again(context);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.size(), closedAt);
        QVERIFY(!again.findChild<QDockWidget *>(QStringLiteral("inspectorDock"))->isVisible());
    }
    void aboutShowsComponentVersions()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        MainWindow window(context);
        window.show();
        window.findChild<QAction *>(QStringLiteral("actionAbout"))->trigger();
        QDialog *about = nullptr;
        QTRY_VERIFY((about = window.findChild<QDialog *>(QStringLiteral("aboutDialog"))));
        const QString text = [about] {
            QString all;
            const QList<QTreeWidgetItem *> items
                = about->findChild<QTreeWidget *>()->findItems(QStringLiteral("*"), Qt::MatchWildcard);
            for (QTreeWidgetItem *item : items)
                all += item->text(0) + QLatin1Char('=') + item->text(1) + QLatin1Char(';');
            return all;
        }();
        for (const char *name : {"Qt=", "KSyntaxHighlighting=", "QtKeychain=", "SQLite="})
            QVERIFY2(text.contains(QLatin1String(name)), qPrintable(text));
        about->close();
    }
};

SKEIN_TEST_MAIN(TestMainWindow, QApplication)
#include "tst_mainwindow.moc"
