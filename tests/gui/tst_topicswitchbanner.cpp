// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The topic-switch banner: offscreen, over a real AppContext (SQLite in a temporary dir) with the
// demo conversation of the panel tests.

#include "app/appcontext.h"
#include "engine/memory/memoryhousekeeper.h"
#include "gui/topicswitchbanner.h"
#include "panelsdemo.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestTopicSwitchBanner final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<AppContext> m_context;
    PanelsDemo m_demo;

private Q_SLOTS:
    void init()
    {
        const QString error = PanelsDemo::openFresh(m_tmp, m_context, m_demo);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    void cleanup()
    {
        m_context.reset();
        m_tmp.reset();
    }

    void continueCreatesAReferencingSession()
    {
        QWidget window;
        auto *banner = new TopicSwitchBanner(m_context->housekeeper(), &window);
        window.show();
        QVERIFY(banner->isHidden());
        QSignalSpy started(banner, &TopicSwitchBanner::sessionStarted);
        QSignalSpy failed(banner, &TopicSwitchBanner::failed);
        banner->showSuggestion(m_demo.sessionId, m_demo.firstQuestion, u"Baking bread"_s);
        QVERIFY(banner->isVisible());
        QVERIFY(banner->findChild<QLabel *>(u"topicSwitchText"_s)->text().contains(u"Baking bread"_s));
        banner->findChild<QPushButton *>(u"topicSwitchContinue"_s)->click();
        QTRY_COMPARE(started.size(), 1);
        QCOMPARE(failed.size(), 0);
        QVERIFY(banner->isHidden());
        const QString created = started.first().at(0).toString();
        QCOMPARE(started.first().at(1).toString(), m_demo.sessionId);
        QCOMPARE(started.first().at(2).toString(), m_demo.firstQuestion);
        auto store = m_context->openStore();
        QVERIFY(store);
        const Session fresh = (*store)->sessions().get(created).value();
        QCOMPARE(fresh.parentSessionId, m_demo.sessionId);
        QCOMPARE(fresh.entryMessageId, m_demo.firstQuestion);
        QCOMPARE(fresh.title, u"Baking bread"_s);
        QVERIFY(fresh.activeLeafId.isEmpty()); // a fresh path, unlike a fork
    }

    void dismissAndSessionChangesHideIt()
    {
        QWidget window;
        auto *banner = new TopicSwitchBanner(m_context->housekeeper(), &window);
        window.show();
        QSignalSpy dismissed(banner, &TopicSwitchBanner::dismissed);
        QSignalSpy started(banner, &TopicSwitchBanner::sessionStarted);
        banner->showSuggestion(m_demo.sessionId, m_demo.firstQuestion, {});
        QVERIFY(banner->isVisible());
        banner->findChild<QPushButton *>(u"topicSwitchDismiss"_s)->click();
        QVERIFY(banner->isHidden());
        QCOMPARE(dismissed.size(), 1);

        banner->showSuggestion(m_demo.sessionId, m_demo.firstQuestion, {});
        banner->setCurrentSession(m_demo.sessionId); // same session: stays
        QVERIFY(banner->isVisible());
        banner->setCurrentSession(u"another-session"_s);
        QVERIFY(banner->isHidden());
        QVERIFY(banner->sessionId().isEmpty());
        QTest::qWait(50);
        QCOMPARE(started.size(), 0);

        // Unknown session: the failure is reported, nothing crashes.
        QSignalSpy failed(banner, &TopicSwitchBanner::failed);
        banner->showSuggestion(u"no-such-session"_s, u"no-such-message"_s, u"X"_s);
        banner->accept();
        QTRY_COMPARE(failed.size(), 1);
        QCOMPARE(started.size(), 0);
    }

    // The signal of the housekeeper fits the banner's slot (the main window's one connect line).
    void connectsToTheHousekeeper()
    {
        QWidget window;
        auto *banner = new TopicSwitchBanner(m_context->housekeeper(), &window);
        window.show();
        QVERIFY(connect(&m_context->housekeeper(), &MemoryHousekeeper::topicSwitchSuggested, banner,
                        &TopicSwitchBanner::showSuggestion));
        Q_EMIT m_context->housekeeper().topicSwitchSuggested(m_demo.sessionId, m_demo.firstQuestion, u"Taxes"_s);
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->title(), u"Taxes"_s);
    }
};

SKEIN_TEST_MAIN(TestTopicSwitchBanner, QApplication)
#include "tst_topicswitchbanner.moc"
