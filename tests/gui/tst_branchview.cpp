// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "app/conversations.h"
#include "engine/conversation/conversation.h"
#include "gui/branchgraph.h"
#include "gui/branchview.h"
#include "panelsdemo.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>

using namespace Skein;

namespace {

int indexOf(const BranchLayout::Result &r, BranchLayout::Kind kind)
{
    for (int i = 0; i < r.items.size(); ++i) {
        if (r.items.at(i).kind == kind)
            return i;
    }
    return -1;
}

void click(BranchGraph *graph, int item)
{
    graph->ensureItemVisible(item);
    QTest::mouseClick(graph->viewport(), Qt::LeftButton, {}, graph->itemRect(item).center());
}

QString storedLeaf(AppContext &context, const QString &sessionId)
{
    auto store = context.openStore();
    if (!store)
        return {};
    auto session = (*store)->sessions().get(sessionId);
    return session ? session->activeLeafId : QString();
}

} // namespace

class TestBranchView final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<AppContext> m_context;
    PanelsDemo m_demo;

private Q_SLOTS:
    void cardsShowWordsNotMarkdown()
    {
        QCOMPARE(BranchGraph::cardText(QStringLiteral("## Use `sorted` with a **tuple** key")),
                 QStringLiteral("Use sorted with a tuple key"));
        QCOMPARE(BranchGraph::cardText(QStringLiteral("> quoted\nline")), QStringLiteral("quoted line"));
        QCOMPARE(BranchGraph::cardText(QStringLiteral("- item")), QStringLiteral("item"));
        QCOMPARE(BranchGraph::cardText(QStringLiteral("3 - 2 = 1")), QStringLiteral("3 - 2 = 1"));
    }
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

    void showsBranchesAndTheSummaryNode()
    {
        BranchView view;
        view.resize(420, 560);
        view.show();
        QSignalSpy loaded(&view, &BranchView::loaded);
        view.setConversation(m_context->conversations().open(m_demo.sessionId));
        QTRY_COMPARE(loaded.size(), 1);
        const BranchLayout::Result &r = view.graph()->layoutResult();
        QCOMPARE(r.itemOfMessage.size(), m_demo.messageCount);
        const int summary = indexOf(r, BranchLayout::Kind::Summary);
        QVERIFY(summary >= 0);
        QCOMPARE(r.items.at(summary).id, m_demo.summaryId);
        QCOMPARE(r.items.at(summary).hiddenCount, 4);
        for (const QString &id : std::as_const(m_demo.summarised))
            QCOMPARE(r.itemOfMessage.value(id), summary);
        int leaves = 0;
        for (const auto &item : r.items)
            leaves += item.isLeaf;
        QCOMPARE(leaves, 3);
        QVERIFY(r.items.at(r.itemOfMessage.value(m_demo.activeLeaf)).onActivePath);
        QVERIFY(!r.items.at(r.itemOfMessage.value(m_demo.inactiveLeaf)).onActivePath);
        QVERIFY(r.columns >= 3);
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("branchStatus"))->text().contains(QLatin1String("3 branches")));

        // Clicking the summary expands it back into its messages, shown beside a bracket.
        click(view.graph(), summary);
        const BranchLayout::Result &open = view.graph()->layoutResult();
        QCOMPARE(open.items.size(), m_demo.messageCount);
        QCOMPARE(open.brackets.size(), 1);
        QVERIFY(!view.graph()->bracketRect(0).isEmpty());
        QTest::mouseClick(view.graph()->viewport(), Qt::LeftButton, {}, view.graph()->bracketRect(0).center());
        QVERIFY(indexOf(view.graph()->layoutResult(), BranchLayout::Kind::Summary) >= 0);
    }

    void clickSwitchesTheActiveLeaf()
    {
        BranchView view;
        view.resize(420, 560);
        view.show();
        QSignalSpy loaded(&view, &BranchView::loaded);
        QSignalSpy switched(&view, &BranchView::activeLeafChanged);
        QSignalSpy activated(&view, &BranchView::messageActivated);
        view.setConversation(m_context->conversations().open(m_demo.sessionId));
        QTRY_COMPARE(loaded.size(), 1);

        // The edited-away question: its branch's latest leaf becomes active.
        click(view.graph(), view.graph()->layoutResult().itemOfMessage.value(m_demo.editedQuestion));
        QTRY_COMPARE(switched.size(), 1);
        QCOMPARE(switched.first().at(0).toString(), m_demo.sessionId);
        QCOMPARE(switched.first().at(1).toString(), m_demo.inactiveLeaf);
        QCOMPARE(activated.last().at(0).toString(), m_demo.editedQuestion);
        QCOMPARE(storedLeaf(*m_context, m_demo.sessionId), m_demo.inactiveLeaf);
        const BranchLayout::Result &r = view.graph()->layoutResult();
        QVERIFY(r.items.at(r.itemOfMessage.value(m_demo.inactiveLeaf)).onActivePath);
        QVERIFY(!r.items.at(r.itemOfMessage.value(m_demo.activeLeaf)).onActivePath);

        // A message on the current path only asks the chat to show it.
        click(view.graph(), view.graph()->layoutResult().itemOfMessage.value(m_demo.inactiveLeaf));
        QTRY_COMPARE(activated.size(), 2);
        QCOMPARE(switched.size(), 1);

        // The regenerated reply (a leaf of its own).
        click(view.graph(), view.graph()->layoutResult().itemOfMessage.value(m_demo.regeneratedReply));
        QTRY_COMPARE(switched.size(), 2);
        QCOMPARE(storedLeaf(*m_context, m_demo.sessionId), m_demo.regeneratedReply);
    }

    void compactZoomAndLiveRefresh()
    {
        BranchView view;
        view.resize(420, 560);
        view.show();
        QSignalSpy loaded(&view, &BranchView::loaded);
        view.setConversation(m_context->conversations().open(m_demo.sessionId));
        QTRY_COMPARE(loaded.size(), 1);
        QVERIFY(view.isCompact());
        view.findChild<QToolButton *>(QStringLiteral("branchCompact"))->click();
        QVERIFY(!view.isCompact());
        QCOMPARE(view.graph()->layoutResult().items.size(), m_demo.messageCount);

        const double before = view.graph()->zoom();
        view.findChild<QToolButton *>(QStringLiteral("branchZoomIn"))->click();
        QVERIFY(view.graph()->zoom() > before);
        QWheelEvent wheel(QPointF(50, 50), view.graph()->viewport()->mapToGlobal(QPointF(50, 50)), QPoint(),
                          QPoint(0, -240), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.graph()->viewport(), &wheel);
        QVERIFY(view.graph()->zoom() < before);
        view.findChild<QToolButton *>(QStringLiteral("branchZoomReset"))->click();
        QCOMPARE(view.graph()->zoom(), 1.0);

        // A message written elsewhere shows up after refresh().
        Message reply = Message::create(m_demo.sessionId, m_demo.activeLeaf, Role::User, QStringLiteral("One more"));
        {
            auto store = m_context->openStore();
            QVERIFY(store);
            QVERIFY((*store)->messages().insert(reply));
        }
        view.refresh();
        QTRY_COMPARE(loaded.size(), 2);
        QVERIFY(view.graph()->layoutResult().itemOfMessage.contains(reply.id));
        QVERIFY(view.graph()
                    ->layoutResult()
                    .items.at(view.graph()->layoutResult().itemOfMessage.value(reply.id))
                    .onActivePath);
    }

    void keyboardMovesTheFocusAndSwitchesBranch()
    {
        BranchView view;
        view.resize(420, 560);
        view.show();
        QSignalSpy loaded(&view, &BranchView::loaded);
        QSignalSpy switched(&view, &BranchView::activeLeafChanged);
        view.setConversation(m_context->conversations().open(m_demo.sessionId));
        QTRY_COMPARE(loaded.size(), 1);
        view.setCompact(false);
        BranchGraph *graph = view.graph();
        view.activateWindow();
        graph->setFocus();
        QTRY_VERIFY(graph->hasFocus());
        const BranchLayout::Result &r = graph->layoutResult();
        // Focus starts on the tip of the current branch.
        QCOMPARE(graph->currentItem(), r.itemOfMessage.value(m_demo.activeLeaf));
        QVERIFY(graph->accessibleDescription().contains(r.items.at(graph->currentItem()).text.simplified().left(20)));
        QTest::keyClick(graph, Qt::Key_Up);
        QCOMPARE(graph->currentItem(), r.items.at(r.itemOfMessage.value(m_demo.activeLeaf)).parent);
        QTest::keyClick(graph, Qt::Key_Down);
        QCOMPARE(graph->currentItem(), r.itemOfMessage.value(m_demo.activeLeaf));
        QTest::keyClick(graph, Qt::Key_Home);
        QCOMPARE(graph->currentItem(), 0);
        QCOMPARE(r.items.at(0).parent, -1);
        // Right leaves the active column for a branch beside it.
        graph->setCurrentItem(r.itemOfMessage.value(m_demo.activeReply));
        QTest::keyClick(graph, Qt::Key_Right);
        QVERIFY(r.items.at(graph->currentItem()).column > r.items.at(r.itemOfMessage.value(m_demo.activeReply)).column);
        QTest::keyClick(graph, Qt::Key_Left);
        QCOMPARE(r.items.at(graph->currentItem()).column, 0);
        QTest::keyClick(graph, Qt::Key_End);
        QCOMPARE(graph->currentItem(), r.itemOfMessage.value(m_demo.activeLeaf));

        // Enter on a card of another branch switches to it, as a click does.
        graph->setCurrentItem(r.itemOfMessage.value(m_demo.editedQuestion));
        QTest::keyClick(graph, Qt::Key_Return);
        QTRY_COMPARE(switched.size(), 1);
        QCOMPARE(switched.first().at(1).toString(), m_demo.inactiveLeaf);
        QCOMPARE(storedLeaf(*m_context, m_demo.sessionId), m_demo.inactiveLeaf);
        // The focus stays on the same message after the relayout.
        QCOMPARE(graph->layoutResult().items.at(graph->currentItem()).id, m_demo.editedQuestion);

        // Zoom and compact mode are actions on the view (for a window menu), with keys.
        QStringList names;
        for (QAction *a : view.actions())
            names << a->objectName();
        for (const char *name :
             {"actionBranchZoomIn", "actionBranchZoomOut", "actionBranchZoomReset", "actionBranchCompact"})
            QVERIFY2(names.contains(QLatin1String(name)), name);
        graph->setZoom(1.5);
        QTest::keyClick(graph, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(graph->zoom(), 1.0);
        QAction *compact = view.actions().at(int(names.indexOf(QStringLiteral("actionBranchCompact"))));
        QVERIFY(!compact->isChecked());
        compact->trigger();
        QVERIFY(view.isCompact());
        QVERIFY(view.findChild<QToolButton *>(QStringLiteral("branchCompact"))->isChecked());
        view.findChild<QToolButton *>(QStringLiteral("branchCompact"))->click();
        QVERIFY(!view.isCompact() && !compact->isChecked());
    }

    // Hidden (another tab is in front), the view lays nothing out and follows nothing; shown, it
    // catches up at once with the conversation as it is now.
    void hiddenViewCatchesUpWhenShown()
    {
        BranchView view;
        view.resize(420, 560);
        QSignalSpy loaded(&view, &BranchView::loaded);
        Conversation *doc = m_context->conversations().open(m_demo.sessionId);
        view.setConversation(doc);
        QTRY_VERIFY(doc->isLoaded());
        QCoreApplication::processEvents();
        QCOMPARE(loaded.size(), 0);
        QVERIFY(view.graph()->layoutResult().items.isEmpty());
        QVERIFY(doc->showBranchOf(m_demo.editedQuestion));
        QTRY_COMPARE(doc->activeLeaf(), m_demo.inactiveLeaf);
        QVERIFY(view.graph()->layoutResult().items.isEmpty());

        view.show();
        QTRY_COMPARE(loaded.size(), 1);
        const BranchLayout::Result &r = view.graph()->layoutResult();
        QCOMPARE(r.itemOfMessage.size(), m_demo.messageCount);
        QVERIFY(r.items.at(r.itemOfMessage.value(m_demo.inactiveLeaf)).onActivePath);
        QVERIFY(!r.items.at(r.itemOfMessage.value(m_demo.activeLeaf)).onActivePath);
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("branchStatus"))->text().contains(QLatin1String("3 branches")));
    }

    void aBigTreeIsLaidOutOnAWorker()
    {
        // 6,000 messages in a chain with a second reply beside the last: past kLayoutOnWorker, so
        // the layout runs off the GUI thread and the graph keeps the last one meanwhile.
        Conversation doc(nullptr, QStringLiteral("big"));
        QList<Message> messages;
        QString parent;
        for (int i = 0; i < 6000; ++i) {
            Message m = Message::create(doc.sessionId(), parent, i % 2 ? Role::Assistant : Role::User,
                                        QStringLiteral("message %1").arg(i));
            m.createdAt = i;
            messages << m;
            parent = m.id;
        }
        Message other = Message::create(doc.sessionId(), messages.at(5998).id, Role::Assistant, QStringLiteral("b"));
        other.createdAt = 7000;
        messages << other;
        Session session;
        session.id = doc.sessionId();
        session.activeLeafId = messages.at(5999).id;
        QVERIFY(doc.reset(session, messages));
        QVERIFY(messages.size() >= BranchView::kLayoutOnWorker);

        BranchView view;
        view.resize(420, 560);
        QSignalSpy loaded(&view, &BranchView::loaded);
        view.setConversation(&doc);
        view.show();
        QVERIFY(view.isLayoutPending());
        QCOMPARE(loaded.size(), 0); // announced once laid out
        QTRY_COMPARE(loaded.size(), 1);
        QVERIFY(!view.isLayoutPending());
        const auto onActivePath = [&](const QString &id) {
            const BranchLayout::Result &r = view.graph()->layoutResult();
            return r.items.value(r.itemOfMessage.value(id, -1)).onActivePath;
        };
        QVERIFY(onActivePath(messages.at(5999).id));
        QVERIFY(!onActivePath(other.id));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("branchStatus"))->text().contains(QLatin1String("2 branches")));

        // A branch switch lays out again on the worker: until it is done the old layout shows.
        QVERIFY(doc.switchSibling(messages.at(5999).id, ConversationTree::Direction::Next));
        QCOMPARE(doc.activeLeaf(), other.id);
        QVERIFY(view.isLayoutPending());
        QVERIFY(onActivePath(messages.at(5999).id));
        QTRY_VERIFY(!view.isLayoutPending());
        QVERIFY(onActivePath(other.id));
        QVERIFY(!onActivePath(messages.at(5999).id));
        QCOMPARE(view.activeLeaf(), other.id);
        QCOMPARE(loaded.size(), 1);
    }
};

SKEIN_TEST_MAIN(TestBranchView, QApplication)
#include "tst_branchview.moc"
