// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/usagemodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>

using namespace Skein;

namespace {

UsageRow row(const QString &day, const QString &session, const QString &model, qint64 prompt, qint64 completion,
             double cost)
{
    UsageRow r;
    r.day = day;
    r.sessionId = session;
    r.sessionTitle = session.toUpper();
    r.model = model;
    r.replies = 1;
    r.promptTokens = prompt;
    r.completionTokens = completion;
    r.cost = cost;
    return r;
}

} // namespace

class TestUsageModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsByDaySessionAndModel()
    {
        UsageModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QList<UsageRow> rows {
            row(QStringLiteral("2026-03-02"), QStringLiteral("a"), QStringLiteral("m1"), 10, 1, 0.5),
            row(QStringLiteral("2026-03-01"), QStringLiteral("a"), QStringLiteral("m2"), 100, 10, 1.0),
            row(QStringLiteral("2026-03-01"), QStringLiteral("b"), QStringLiteral("m1"), 1000, 100, 0.25)};
        model.setRows(rows);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.buckets().at(0).key, QStringLiteral("2026-03-01"));
        QCOMPARE(model.buckets().at(0).promptTokens, 1100);
        QCOMPARE(model.buckets().at(0).replies, 2);
        QCOMPARE(model.index(1, UsageModel::CostColumn).data(UsageModel::ValueRole).toDouble(), 0.5);

        model.setGroupBy(UsageModel::GroupBy::Session);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.buckets().at(0).key, QStringLiteral("b")); // most tokens first
        QCOMPARE(model.index(0, UsageModel::KeyColumn).data().toString(), QStringLiteral("B"));
        QCOMPARE(model.buckets().at(1).completionTokens, 11);

        model.setGroupBy(UsageModel::GroupBy::Model);
        QCOMPARE(model.buckets().at(0).key, QStringLiteral("m1"));
        QCOMPARE(model.buckets().at(0).promptTokens, 1010);
        QCOMPARE(model.buckets().at(0).cost, 0.75);
        QCOMPARE(model.headerData(UsageModel::KeyColumn, Qt::Horizontal).toString(), UsageModel::tr("Model"));

        const UsageModel::Bucket total = model.total();
        QCOMPARE(total.promptTokens, 1110);
        QCOMPARE(total.completionTokens, 111);
        QCOMPARE(total.cost, 1.75);
        QCOMPARE(total.replies, 3);
    }
};

SKEIN_CORE_TEST_MAIN(TestUsageModel)
#include "tst_usagemodel.moc"
