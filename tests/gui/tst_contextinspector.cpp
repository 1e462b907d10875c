#include "app/appcontext.h"
#include "gui/budgetbar.h"
#include "gui/contextinspector.h"
#include "models/contextitemmodel.h"
#include "panelsdemo.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestContextInspector final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<AppContext> m_context;
    PanelsDemo m_demo;

private Q_SLOTS:
    void init()
    {
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid());
        m_context = std::make_unique<AppContext>(m_tmp->path());
        m_demo = {};
        bool ready = false;
        QString error;
        PanelsDemo::prepare(*m_context, m_demo, [&](const QString &e) {
            error = e;
            ready = true;
        });
        QTRY_VERIFY(ready);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    void cleanup()
    {
        m_context.reset();
        m_tmp.reset();
    }

    void numbersMatchTheStoredSnapshot()
    {
        ContextSnapshot snapshot;
        {
            auto store = m_context->openStore();
            QVERIFY(store);
            auto s = (*store)->snapshots().get(m_demo.activeSnapshot);
            QVERIFY(s);
            snapshot = *s;
        }
        ContextInspector view(m_context->storage());
        QSignalSpy loaded(&view, &ContextInspector::loaded);
        view.resize(440, 560);
        view.show();
        view.setSession(m_demo.sessionId);
        view.setSelectedMessage(m_demo.activeReply);
        QTRY_COMPARE(loaded.size(), 1);
        QVERIFY(view.hasSnapshot());
        const QLocale locale;
        QCOMPARE(view.figure(QStringLiteral("estimate")), locale.toString(snapshot.estimatedTokens));
        QCOMPARE(view.figure(QStringLiteral("prompt")), locale.toString(*snapshot.reportedUsage.promptTokens));
        QCOMPARE(view.figure(QStringLiteral("completion")), locale.toString(*snapshot.reportedUsage.completionTokens));
        QCOMPARE(view.figure(QStringLiteral("cached")), locale.toString(*snapshot.reportedUsage.cachedTokens));
        QCOMPARE(view.figure(QStringLiteral("budget")), locale.toString(snapshot.budget));
        QCOMPARE(view.figure(QStringLiteral("cost")), QString(u"$"_s + locale.toString(snapshot.cost, 'f', 4)));
        QVERIFY(!view.figure(QStringLiteral("bias")).isEmpty());

        // The bar shows every recorded section with its stored tokens, in budget order, over the window.
        const QList<ContextSection> sections = view.budgetBar()->sections();
        const QList<std::pair<QString, QString>> mapping {
            {u"system"_s, u"system"_s},   {u"memories"_s, u"memories"_s},    {u"summaries"_s, u"summaries"_s},
            {u"tools"_s, u"tools"_s},     {u"history"_s, u"history"_s},      {u"current"_s, u"current"_s},
            {u"runtime"_s, u"runtime"_s}, {u"output"_s, u"output_reserve"_s}};
        QCOMPARE(sections.size(), mapping.size());
        for (int i = 0; i < mapping.size(); ++i) {
            QCOMPARE(sections.at(i).key, mapping.at(i).first);
            const qint64 stored = snapshot.sectionTokens.value(mapping.at(i).second).toInteger();
            QVERIFY(stored > 0);
            QCOMPARE(sections.at(i).tokens, stored);
            QVERIFY(!view.budgetBar()->segmentRect(sections.at(i).key).isEmpty());
        }
        QCOMPARE(view.budgetBar()->budget(), snapshot.sectionTokens.value(u"window"_s).toInteger());
        QCOMPARE(view.figure(u"window"_s), locale.toString(snapshot.sectionTokens.value(u"window"_s).toInteger()));
        QVERIFY(view.budgetBar()->segmentRect(u"system"_s).right()
                <= view.budgetBar()->segmentRect(u"history"_s).left() + 1);

        // Included and left-out messages of the path, memories and the summary.
        using Kind = ContextItemModel::Kind;
        const ContextItemModel *model = view.model();
        QCOMPARE(model->count(Kind::Message, true), int(snapshot.messageIds.size()));
        QCOMPARE(model->count(Kind::Message, false), 5); // the four summarised messages and the long plan
        QCOMPARE(model->count(Kind::Memory, true), int(snapshot.memoryIds.size()));
        QCOMPARE(model->count(Kind::Summary, true), 1);
        for (const auto &item : model->items()) {
            if (item.kind == Kind::Message)
                QCOMPARE(item.sent, snapshot.messageIds.contains(item.id));
        }
    }

    void rerunCarriesTheToggledContext()
    {
        ContextInspector view(m_context->storage());
        QSignalSpy loaded(&view, &ContextInspector::loaded);
        QSignalSpy rerun(&view, &ContextInspector::rerunRequested);
        view.resize(440, 560);
        view.show();
        view.setSelectedMessage(m_demo.activeReply);
        QTRY_COMPARE(loaded.size(), 1);
        auto *button = view.findChild<QPushButton *>(QStringLiteral("contextRerun"));
        auto *reset = view.findChild<QPushButton *>(QStringLiteral("contextReset"));
        QVERIFY(button->isEnabled());
        QVERIFY(!reset->isEnabled());
        ContextItemModel *model = view.model();
        QString left;
        QString excludedMemory;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex i = model->index(r, 0);
            const auto kind = ContextItemModel::Kind(i.data(ContextItemModel::KindRole).toInt());
            if (kind == ContextItemModel::Kind::Message
                && i.data(ContextItemModel::IdRole).toString() == m_demo.editedQuestionNew)
                QVERIFY(model->setData(i, Qt::Unchecked, Qt::CheckStateRole));
            if (kind == ContextItemModel::Kind::Memory && i.data(ContextItemModel::SentRole).toBool()
                && excludedMemory.isEmpty()) {
                excludedMemory = i.data(ContextItemModel::IdRole).toString();
                QVERIFY(model->setData(i, Qt::Unchecked, Qt::CheckStateRole));
            }
        }
        QVERIFY(reset->isEnabled());
        button->click();
        QCOMPARE(rerun.size(), 1);
        const auto request = rerun.first().first().value<ContextRerunRequest>();
        QCOMPARE(request.sessionId, m_demo.sessionId);
        QCOMPARE(request.replyId, m_demo.activeReply);
        QCOMPARE(request.snapshotId, m_demo.activeSnapshot);
        QCOMPARE(request.excludeMessageIds, QStringList {m_demo.editedQuestionNew});
        QCOMPARE(request.excludeMemoryIds, QStringList {excludedMemory});
        QVERIFY(request.includeMessageIds.isEmpty());
        reset->click();
        QVERIFY(!model->isModified());
    }

    void userMessagesHaveNoSnapshot()
    {
        ContextInspector view(m_context->storage());
        QSignalSpy loaded(&view, &ContextInspector::loaded);
        view.show();
        view.setSelectedMessage(m_demo.firstQuestion);
        QTRY_COMPARE(loaded.size(), 1);
        QVERIFY(!view.hasSnapshot());
        QVERIFY(!view.findChild<QWidget *>(QStringLiteral("contextEmpty"))->isHidden());
    }
};

SKEIN_TEST_MAIN(TestContextInspector, QApplication)
#include "tst_contextinspector.moc"
