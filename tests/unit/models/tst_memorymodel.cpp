// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/memorytablemodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QGuiApplication>
#include <QSignalSpy>

using namespace Skein;

namespace {

Memory memory(const QString &id, MemoryScope scope, MemoryType type, MemoryStatus status, const QString &text)
{
    Memory m;
    m.id = id;
    m.scope = scope;
    m.type = type;
    m.status = status;
    m.content = text;
    m.updatedAt = 1'700'000'000'000;
    m.sourceMessageId = id + QStringLiteral("-src");
    return m;
}

QList<Memory> sample()
{
    return {memory(QStringLiteral("a"), MemoryScope::Global, MemoryType::Preference, MemoryStatus::Active,
                   QStringLiteral("Prefers quiet places")),
            memory(QStringLiteral("b"), MemoryScope::Session, MemoryType::Task, MemoryStatus::Pending,
                   QStringLiteral("Plan the Kyoto trip")),
            memory(QStringLiteral("c"), MemoryScope::Global, MemoryType::Fact, MemoryStatus::Pending,
                   QStringLiteral("Is vegetarian")),
            memory(QStringLiteral("d"), MemoryScope::Branch, MemoryType::Fact, MemoryStatus::Disabled,
                   QStringLiteral("Stays in Gion"))};
}

QStringList ids(const QAbstractItemModel &model)
{
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        out << model.index(r, 0).data(MemoryTableModel::IdRole).toString();
    return out;
}

} // namespace

class TestMemoryModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsAndRoles()
    {
        MemoryTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMemories(sample());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(MemoryTableModel::ColumnCount));
        // Pending first (the review inbox), then active, disabled, rejected.
        QCOMPARE(model.index(0, 0).data(MemoryTableModel::IdRole).toString(), QStringLiteral("b"));
        QCOMPARE(model.index(2, 0).data(MemoryTableModel::IdRole).toString(), QStringLiteral("a"));
        const QModelIndex b = model.index(0, MemoryTableModel::StatusColumn);
        QCOMPARE(b.data().toString(), MemoryTableModel::statusName(MemoryStatus::Pending));
        QCOMPARE(model.index(0, MemoryTableModel::ContentColumn).data().toString(),
                 QStringLiteral("Plan the Kyoto trip"));
        QCOMPARE(b.data(MemoryTableModel::SourceMessageRole).toString(), QStringLiteral("b-src"));
        QCOMPARE(model.count(MemoryStatus::Pending), 2);
        QCOMPARE(model.rowOf(QStringLiteral("d")), 3);
        QCOMPARE(model.memory(QStringLiteral("c"))->content, QStringLiteral("Is vegetarian"));
        QVERIFY(!model.memory(QStringLiteral("zzz")));

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setInjected({QStringLiteral("a")});
        QCOMPARE(changed.size(), 1);
        const int a = model.rowOf(QStringLiteral("a"));
        QVERIFY(model.index(a, 0).data(MemoryTableModel::InjectedRole).toBool());
        QVERIFY(model.index(a, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(model.rowOf(QStringLiteral("c")), 0).data(MemoryTableModel::InjectedRole).toBool());
        model.setMemories({});
        QCOMPARE(model.rowCount(), 0);
    }

    void filtersCombine()
    {
        MemoryTableModel model;
        MemoryFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMemories(sample());
        QCOMPARE(filter.rowCount(), 4);
        filter.setStatus(MemoryStatus::Pending);
        QCOMPARE(ids(filter), (QStringList {QStringLiteral("b"), QStringLiteral("c")}));
        filter.setScope(MemoryScope::Global);
        QCOMPARE(ids(filter), QStringList {QStringLiteral("c")});
        filter.setScope(std::nullopt);
        filter.setStatus(std::nullopt);
        filter.setType(MemoryType::Fact);
        QCOMPARE(ids(filter), (QStringList {QStringLiteral("c"), QStringLiteral("d")}));
        filter.setType(std::nullopt);
        filter.setSearch(QStringLiteral("  KYOTO "));
        QCOMPARE(ids(filter), QStringList {QStringLiteral("b")});
        filter.setSearch({});
        model.setInjected({QStringLiteral("a"), QStringLiteral("d")});
        filter.setInjectedOnly(true);
        QCOMPARE(ids(filter), (QStringList {QStringLiteral("a"), QStringLiteral("d")}));
        // A reload keeps the filters.
        model.setMemories(sample().mid(0, 2));
        QCOMPARE(ids(filter), QStringList {QStringLiteral("a")});
    }
};

SKEIN_TEST_MAIN(TestMemoryModel, QGuiApplication)
#include "tst_memorymodel.moc"
