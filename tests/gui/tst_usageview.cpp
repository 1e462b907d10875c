// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "gui/usagechart.h"
#include "gui/usageview.h"
#include "models/usagemodel.h"
#include "panelsdemo.h"
#include "storage/messagerepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Skein;

class TestUsageView final : public QObject
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

    void aggregatesMatchStoredUsage()
    {
        // What the database holds, summed here independently of the usage query.
        qint64 prompt = 0, completion = 0, replies = 0;
        double cost = 0;
        QHash<QString, qint64> promptByModel;
        {
            auto store = m_context->openStore();
            QVERIFY(store);
            for (const QString &session : {m_demo.sessionId, m_demo.otherSessionId}) {
                auto messages = (*store)->messages().bySession(session);
                QVERIFY(messages);
                for (const Message &m : std::as_const(*messages)) {
                    if (m.role != Role::Assistant)
                        continue;
                    prompt += m.usage.promptTokens.value_or(0);
                    completion += m.usage.completionTokens.value_or(0);
                    promptByModel[m.model] += m.usage.promptTokens.value_or(0);
                    ++replies;
                }
                auto snapshots = (*store)->snapshots().bySession(session);
                QVERIFY(snapshots);
                for (const ContextSnapshot &s : std::as_const(*snapshots))
                    cost += s.cost;
            }
        }
        QVERIFY(prompt > 0 && cost > 0);

        UsageView view(m_context->startup());
        QSignalSpy loaded(&view, &UsageView::loaded);
        view.resize(600, 460);
        view.show();
        QTRY_VERIFY(!loaded.isEmpty());
        const UsageModel::Bucket total = view.model()->total();
        QCOMPARE(total.promptTokens, prompt);
        QCOMPARE(total.completionTokens, completion);
        QCOMPARE(total.replies, replies);
        QCOMPARE(qRound64(total.cost * 1e6), qRound64(cost * 1e6));
        QVERIFY(view.model()->rowCount() >= 2); // the demo spans two days
        // Per day, the chart has a bar for every day of the period (30 by default), gaps included.
        QCOMPARE(view.chart()->bars().size(), 30);
        double charted = 0;
        for (const UsageChart::Bar &b : view.chart()->bars())
            charted += b.prompt;
        QCOMPARE(qint64(charted), prompt);

        auto *groupBy = view.findChild<QComboBox *>(QStringLiteral("usageGroupBy"));
        groupBy->setCurrentIndex(groupBy->findData(int(UsageModel::GroupBy::Model)));
        QCOMPARE(view.model()->rowCount(), promptByModel.size());
        for (const UsageModel::Bucket &b : view.model()->buckets())
            QCOMPARE(b.promptTokens, promptByModel.value(b.key));
        QCOMPARE(view.chart()->bars().size(), promptByModel.size());
        QCOMPARE(view.chart()->bars().first().prompt, double(view.model()->buckets().first().promptTokens));
        QVERIFY(view.chart()->barRect(0).height() > view.chart()->barRect(1).height());

        auto *metric = view.findChild<QComboBox *>(QStringLiteral("usageMetric"));
        metric->setCurrentIndex(metric->findData(int(UsageChart::Metric::Cost)));
        QCOMPARE(view.chart()->metric(), UsageChart::Metric::Cost);
        QCOMPARE(view.chart()->bars().first().prompt, view.model()->buckets().first().cost);
    }
};

SKEIN_TEST_MAIN(TestUsageView, QApplication)
#include "tst_usageview.moc"
