// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/contextbudget.h"
#include "models/contextitemmodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QSignalSpy>

using namespace Skein;

namespace {

Message message(const QString &id, Role role, const QString &text, qint64 estimate)
{
    Message m;
    m.id = id;
    m.role = role;
    m.content = text;
    m.tokenEstimate = estimate;
    return m;
}

Memory memory(const QString &id, MemoryStatus status)
{
    Memory m;
    m.id = id;
    m.status = status;
    m.content = QStringLiteral("memory %1").arg(id);
    return m;
}

struct Fixture
{
    ContextSnapshot snapshot;
    QList<Message> path;
    QList<Memory> memories;
    QList<Summary> summaries;

    Fixture()
    {
        snapshot.id = QStringLiteral("req");
        snapshot.sessionId = QStringLiteral("s");
        snapshot.messageIds = {QStringLiteral("m3"), QStringLiteral("m4")};
        snapshot.memoryIds = {QStringLiteral("k1")};
        snapshot.summaryIds = {QStringLiteral("sum")};
        path = {message(QStringLiteral("m1"), Role::User, QStringLiteral("one"), 10),
                message(QStringLiteral("m2"), Role::Assistant, QStringLiteral("two"), 20),
                message(QStringLiteral("m3"), Role::User, QStringLiteral("three"), 30),
                message(QStringLiteral("m4"), Role::User, QStringLiteral("four"), 40)};
        memories
            = {memory(QStringLiteral("k1"), MemoryStatus::Active), memory(QStringLiteral("k2"), MemoryStatus::Active),
               memory(QStringLiteral("k3"), MemoryStatus::Pending)};
        Summary s;
        s.id = QStringLiteral("sum");
        s.content = QStringLiteral("what m1 and m2 said");
        s.tokenCount = 15;
        Summary unused;
        unused.id = QStringLiteral("old");
        summaries = {s, unused};
    }
};

} // namespace

class TestContextModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsSplitSentAndLeftOut()
    {
        ContextItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Fixture f;
        model.setRequest(f.snapshot, f.path, f.memories, f.summaries);
        // k1 (sent), k2 (active, not sent), the used summary, four path messages; pending k3 is not offered.
        QCOMPARE(model.rowCount(), 7);
        QCOMPARE(model.tokens(ContextItemModel::Kind::Message, true), 70);
        QCOMPARE(model.tokens(ContextItemModel::Kind::Message, false), 30);
        QCOMPARE(model.count(ContextItemModel::Kind::Message, false), 2);
        QCOMPARE(model.count(ContextItemModel::Kind::Memory, true), 1);
        QCOMPARE(model.count(ContextItemModel::Kind::Memory, false), 1);
        QCOMPARE(model.tokens(ContextItemModel::Kind::Summary, true), 15);
        const QModelIndex first = model.index(0, 0);
        QCOMPARE(first.data(ContextItemModel::IdRole).toString(), QStringLiteral("k1"));
        QCOMPARE(first.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QVERIFY(model.flags(first) & Qt::ItemIsUserCheckable);
        const QModelIndex summary = model.index(2, 0);
        QCOMPARE(summary.data(ContextItemModel::KindRole).toInt(), int(ContextItemModel::Kind::Summary));
        QVERIFY(!(model.flags(summary) & Qt::ItemIsUserCheckable));
        QCOMPARE(model.index(6, ContextItemModel::TokensColumn).data(ContextItemModel::TokensRole).toLongLong(), 40);
    }

    void togglesBecomeARerunRequest()
    {
        ContextItemModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Fixture f;
        model.setRequest(f.snapshot, f.path, f.memories, f.summaries);
        QSignalSpy modified(&model, &ContextItemModel::modifiedChanged);
        QVERIFY(!model.isModified());
        QVERIFY(!model.rerunRequest(QStringLiteral("r"), QStringLiteral("m4")).hasChanges());
        const auto rowOf = [&model](const QString &id) {
            for (int r = 0; r < model.rowCount(); ++r) {
                if (model.index(r, 0).data(ContextItemModel::IdRole).toString() == id)
                    return model.index(r, 0);
            }
            return QModelIndex();
        };
        QVERIFY(model.setData(rowOf(QStringLiteral("m3")), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.setData(rowOf(QStringLiteral("m1")), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setData(rowOf(QStringLiteral("k1")), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.setData(rowOf(QStringLiteral("k2")), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(!model.setData(rowOf(QStringLiteral("sum")), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.isModified());
        QCOMPARE(modified.size(), 1);
        const ContextRerunRequest request = model.rerunRequest(QStringLiteral("reply"), QStringLiteral("m4"));
        QCOMPARE(request.sessionId, QStringLiteral("s"));
        QCOMPARE(request.snapshotId, QStringLiteral("req"));
        QCOMPARE(request.replyId, QStringLiteral("reply"));
        QCOMPARE(request.excludeMessageIds, QStringList {QStringLiteral("m3")});
        QCOMPARE(request.includeMessageIds, QStringList {QStringLiteral("m1")});
        QCOMPARE(request.excludeMemoryIds, QStringList {QStringLiteral("k1")});
        QCOMPARE(request.includeMemoryIds, QStringList {QStringLiteral("k2")});
        model.resetChoices();
        QVERIFY(!model.isModified());
        QCOMPARE(modified.size(), 2);
        QVERIFY(!model.rerunRequest(QStringLiteral("reply"), QStringLiteral("m4")).hasChanges());
    }

    void budgetSectionsInDisplayOrder()
    {
        ContextSnapshot s;
        s.budget = 6000;
        s.sectionTokens = QJsonObject {{QStringLiteral("history"), 300},
                                       {QStringLiteral("output_reserve"), 1000},
                                       {QStringLiteral("system"), 100},
                                       {QStringLiteral("memories"), 20},
                                       {QStringLiteral("images"), 7},
                                       {QStringLiteral("attachments"), 40},
                                       {QStringLiteral("images_left_out"), QJsonArray {QJsonObject {}}},
                                       {QStringLiteral("runtime"), 12},
                                       {QStringLiteral("raw_estimate"), 999},
                                       {QStringLiteral("calibration"), 1.1},
                                       {QStringLiteral("window_source"), QStringLiteral("catalog")}};
        const QList<ContextSection> sections = ContextBudget::sections(s);
        QStringList keys;
        for (const auto &section : sections)
            keys << section.key;
        QCOMPARE(keys,
                 (QStringList {QStringLiteral("system"), QStringLiteral("memories"), QStringLiteral("summaries"),
                               QStringLiteral("tools"), QStringLiteral("history"), QStringLiteral("attachments"),
                               QStringLiteral("current"), QStringLiteral("runtime"), QStringLiteral("output"),
                               QStringLiteral("images")}));
        QCOMPARE(sections.at(8).tokens, 1000);
        QCOMPARE(sections.at(5).tokens, 40);
        QCOMPARE(sections.at(5).label, QStringLiteral("Attachments"));
        QCOMPARE(sections.at(2).tokens, 0);
        QCOMPARE(ContextBudget::total(sections), 1479);
        QVERIFY(sections.at(0).color != sections.at(4).color);
        QCOMPARE(ContextBudget::window(s), 7000); // no recorded window: input budget + output reserve
        s.sectionTokens.insert(QStringLiteral("window"), 8192);
        QCOMPARE(ContextBudget::window(s), 8192);
        QCOMPARE(ContextBudget::total(ContextBudget::sections(s)), 1479);
    }

    // Issue 16: an image the request left out to save space is named on its message's row.
    void leftOutImagesAreNamedOnTheirMessage()
    {
        ContextItemModel model;
        Fixture f;
        f.snapshot.sectionTokens.insert(
            QStringLiteral("images_left_out"),
            QJsonArray {QJsonObject {{QStringLiteral("message_id"), QStringLiteral("m3")},
                                     {QStringLiteral("attachment_id"), QStringLiteral("a1")},
                                     {QStringLiteral("name"), QStringLiteral("chart.png")},
                                     {QStringLiteral("tokens"), 1105}}});
        model.setRequest(f.snapshot, f.path, f.memories, f.summaries);
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString id = model.index(r, 0).data(ContextItemModel::IdRole).toString();
            const QString shown = model.index(r, 0).data(Qt::DisplayRole).toString();
            const QString note = QStringLiteral("chart.png: image dropped — %1 tokens").arg(QLocale().toString(1105));
            QCOMPARE(shown.contains(note), id == QStringLiteral("m3"));
        }
        QCOMPARE(model.tokens(ContextItemModel::Kind::Message, true), 70); // the note costs nothing

        // The images a message sent count on its row.
        f.snapshot.sectionTokens.insert(QStringLiteral("image_tokens"), QJsonObject {{QStringLiteral("m3"), 765}});
        model.setRequest(f.snapshot, f.path, f.memories, f.summaries);
        QCOMPARE(model.tokens(ContextItemModel::Kind::Message, true), 70 + 765);
    }
};

SKEIN_TEST_MAIN(TestContextModel, QGuiApplication)
#include "tst_contextmodel.moc"
