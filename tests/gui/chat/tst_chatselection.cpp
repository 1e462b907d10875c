// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// In-place text selection in the chat view: dragging over a reply's rendered text selects it
// (painted over the message itself), Ctrl+C copies it, a double-click selects a word and a
// triple-click a paragraph, Ctrl+A the message, Esc / a click elsewhere / scrolling far away
// end it; painted buttons and links still act on single clicks; selecting a hostile message
// loads nothing; a message that streams on keeps its selection.
#include "chatfixture.h"
#include "gui/chatview.h"
#include "gui/linkopener.h"
#include "gui/messagedelegate.h"
#include "gui/messageselection.h"
#include "gui/safetextdocument.h"
#include "models/threadmodel.h"
#include "storage/memoryrepository.h"
#include "testsupport.h"
#include "threadfixture.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QScreen>
#include <QScrollBar>
#include <QStatusBar>
#include <QTcpServer>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QTextDocument *documentOf(ChatView *view, int row, int part)
{
    const auto parts = view->messageDelegate()->textParts(view->threadModel()->index(row));
    return part < parts.size() ? parts.at(part).chunk->document.get() : nullptr;
}

// Where position pos of a message's part is drawn, in viewport coordinates (mid-line).
QPoint pointOf(ChatView *view, int row, int part, int pos)
{
    const QModelIndex index = view->threadModel()->index(row);
    const MessageDelegate::TextPart p = view->messageDelegate()->textParts(index).at(part);
    QTextDocument *doc = p.chunk->document.get();
    const QTextBlock block = doc->findBlock(pos);
    const QTextLine line = block.layout()->lineForTextPosition(pos - block.position());
    const QPointF origin = doc->documentLayout()->blockBoundingRect(block).topLeft();
    const qreal x = line.cursorToX(pos - block.position());
    return (QPointF(view->visualRect(index).topLeft()) + p.rect.topLeft() + origin
            + QPointF(x, line.y() + line.height() / 2))
        .toPoint();
}

void drag(QWidget *viewport, const QPoint &from, const QPoint &to)
{
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, (from + to) / 2);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
}

// Pixels of the selection colour inside rect: the highlight is painted in place.
int highlighted(ChatView *view, const QRect &rect)
{
    const QImage image = view->viewport()->grab().toImage();
    const QPalette::ColorGroup group = view->hasFocus() ? QPalette::Active : QPalette::Inactive;
    const QRgb colour = view->palette().color(group, QPalette::Highlight).rgb();
    const qreal ratio = image.devicePixelRatio();
    int n = 0;
    const QRect r = rect.intersected(view->viewport()->rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            if (image.pixel(int(x * ratio), int(y * ratio)) == colour)
                ++n;
    return n;
}

} // namespace

class TestChatSelection final : public QObject
{
    Q_OBJECT

private:
    // A window with one exchange: "Answer 1 to: hello there", a code block and a table.
    static bool startWithReply(ChatFixture &f)
    {
        if (!f.start())
            return false;
        f.type(u"hello there"_s);
        if (!QTest::qWaitFor([&] { return f.replyDone(2); }, 15000))
            return false;
        f.view()->scrollTo(f.thread()->index(1));
        f.window->grab(); // measured heights settle on the next layout
        QTest::qWait(50);
        return f.view()->messageDelegate()->textParts(f.thread()->index(1)).size() >= 3;
    }

private Q_SLOTS:
    void dragSelectsCopiesAndPaintsInPlace()
    {
        ChatFixture f;
        QVERIFY(startWithReply(f));
        ChatView *view = f.view();
        MessageSelection *selection = view->textSelection();
        QTextDocument *first = documentOf(view, 1, 0);
        const QString text = first->toPlainText();
        QCOMPARE(text, u"Answer 1 to: hello there"_s);
        const int from = int(text.indexOf(u"1 to"_s));
        const int to = int(text.indexOf(u" there"_s));
        const QPoint a = pointOf(view, 1, 0, from);
        const QPoint b = pointOf(view, 1, 0, to);
        QCOMPARE(highlighted(view, QRect(a, b).adjusted(0, -4, 0, 4)), 0);

        drag(view->viewport(), a, b);
        QVERIFY(selection->hasSelection());
        QCOMPARE(selection->selectedText(), u"1 to: hello"_s);
        QVERIFY(f.content(1).contains(selection->selectedText()));
        QCOMPARE(selection->messageId(), f.thread()->idAt(1));
        QCOMPARE(view->currentMessageId(), f.thread()->idAt(1)); // the row is selected too
        // The highlight covers the selected run, in place.
        const int painted = highlighted(view, QRect(a, b).adjusted(0, -4, 0, 4));
        QVERIFY2(painted > (b.x() - a.x()) * 4, qPrintable(QString::number(painted)));

        QApplication::clipboard()->clear();
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), u"1 to: hello"_s);
        QVERIFY(!QApplication::clipboard()->mimeData()->hasHtml()); // plain text only

        // Across parts: from "there" to the end of the code block.
        QTextDocument *code = documentOf(view, 1, 1);
        const int codeEnd = code->characterCount() - 1;
        drag(view->viewport(), pointOf(view, 1, 0, int(text.indexOf(u"there"_s))), pointOf(view, 1, 1, codeEnd));
        QCOMPARE(selection->selectedText(), u"there\n\n"_s + code->toPlainText().left(codeEnd));
        QVERIFY(selection->selectedText().contains(u"int main() { return 0; }"_s));

        // Esc ends it; the highlight goes away.
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!selection->isActive());
        QCOMPARE(highlighted(view, QRect(a, b).adjusted(0, -4, 0, 4)), 0);

        // Over wrapped lines: a reply whose first paragraph takes several lines.
        f.window->resize(1000, 620);
        f.type(u"Why does a selection stay in place when the reply wraps over several lines of a narrow column?"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(4), 15000);
        view->scrollTo(f.thread()->index(3));
        f.window->grab();
        QTest::qWait(50);
        QTextDocument *wrapped = documentOf(view, 3, 0);
        QVERIFY(wrapped->documentLayout()->documentSize().height() > 2.5 * view->fontMetrics().height());
        const QString asked = wrapped->toPlainText();
        const int start = int(asked.indexOf(u"stay"_s));
        const int end = int(asked.indexOf(u"narrow"_s)) + 6;
        drag(view->viewport(), pointOf(view, 3, 0, start), pointOf(view, 3, 0, end));
        QCOMPARE(selection->selectedText(), asked.mid(start, end - start));
        QVERIFY(f.content(3).contains(selection->selectedText()));

        // SKEIN_SHOT_DIR set (docs/screenshots): the selection as the user sees it.
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty())
            QVERIFY(f.window->grab().save(shots + u"/text-selection.png"_s));
    }

    void doubleClickWordTripleClickParagraphCtrlA()
    {
        ChatFixture f;
        QVERIFY(startWithReply(f));
        ChatView *view = f.view();
        MessageSelection *selection = view->textSelection();
        const QString text = documentOf(view, 1, 0)->toPlainText();
        const QPoint word = pointOf(view, 1, 0, int(text.indexOf(u"hello"_s)) + 2);

        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, word);
        QCOMPARE(selection->selectedText(), u"hello"_s);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, word); // third click
        QCOMPARE(selection->selectedText(), u"Answer 1 to: hello there"_s);

        QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier);
        const QString all = selection->selectedText();
        QVERIFY2(all.startsWith(u"Answer 1 to: hello there\n\nint main() { return 0; }"_s), qPrintable(all));
        QVERIFY(all.contains(u"a\nb\n1\n2"_s) || all.contains(u"a\tb"_s) || all.contains(u"1\n2"_s));
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), all);

        // The context menu over the selection copies too.
        QApplication::clipboard()->clear();
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, word, view->viewport()->mapToGlobal(word));
        QApplication::sendEvent(view->viewport(), &menuEvent);
        auto *menu = view->findChild<QMenu *>(u"chatSelectionMenu"_s);
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), 5); // Copy, Select All, then pinning the selection
        menu->actions().at(0)->trigger();
        menu->close();
        QCOMPARE(QApplication::clipboard()->text(), all);

        // A click on the text elsewhere ends the selection (and starts an empty one there).
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, word);
        QVERIFY(!selection->hasSelection());
        // Without a selection Esc is left to the window (Stop); with one, the view takes it.
        auto escapeTaken = [&] {
            QKeyEvent override(QEvent::ShortcutOverride, Qt::Key_Escape, Qt::NoModifier);
            override.ignore();
            QApplication::sendEvent(view, &override);
            return override.isAccepted();
        };
        QVERIFY(!escapeTaken());
        QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier);
        QVERIFY(selection->hasSelection());
        QVERIFY(escapeTaken());
    }

    // Issue 17, pinned notes from the keyboard and the mouse: the part of a reply selected, pinned
    // to this conversation; the user's message, pinned to all of them from its actions menu (the
    // Menu key). Both are stored as the user's notes and the next request carries them.
    void pinningASelectionAndAMessage()
    {
        ChatFixture f;
        QVERIFY(startWithReply(f));
        ChatView *view = f.view();
        const QString text = documentOf(view, 1, 0)->toPlainText();
        const QPoint word = pointOf(view, 1, 0, int(text.indexOf(u"hello"_s)) + 2);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, word);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, word); // the paragraph
        QCOMPARE(view->textSelection()->selectedText(), u"Answer 1 to: hello there"_s);
        QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, word, view->viewport()->mapToGlobal(word));
        QApplication::sendEvent(view->viewport(), &menuEvent);
        auto *menu = view->findChild<QMenu *>(u"chatSelectionMenu"_s);
        QVERIFY(menu);
        auto *here = menu->findChild<QAction *>(u"pinHere"_s);
        QVERIFY(here);
        QCOMPARE(here->text(), QCoreApplication::translate("Skein::ChatView", "Pin Selection to This Conversation"));
        here->trigger();
        menu->close();

        QTest::keyClick(view, Qt::Key_Escape); // the selection ends
        view->setCurrentIndex(f.thread()->index(0));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Menu);
        QMenu *actions = nullptr;
        QVERIFY(QTest::qWaitFor(
            [&] { return (actions = view->findChild<QMenu *>(u"messageActionsMenu"_s)) && actions->isVisible(); },
            5000));
        auto *everywhere = actions->findChild<QAction *>(u"pinEverywhere"_s);
        QVERIFY(everywhere);
        QCOMPARE(everywhere->text(), QCoreApplication::translate("Skein::ChatView", "Pin to All Conversations"));
        everywhere->trigger();
        actions->close();

        QList<Memory> notes;
        QVERIFY(QTest::qWaitFor(
            [&] {
                notes = f.store()->memories().list({}).value();
                return notes.size() == 2;
            },
            5000));
        const QString sessionId = f.controller()->currentSessionId();
        QSet<QString> seen;
        for (const Memory &m : std::as_const(notes)) {
            QCOMPARE(toString(m.type), u"pinned"_s);
            QCOMPARE(toString(m.status), u"active"_s);
            if (m.scope == MemoryScope::Session) {
                QCOMPARE(m.content, u"Answer 1 to: hello there"_s);
                QCOMPARE(m.sessionId, sessionId);
                QCOMPARE(m.sourceMessageId, f.thread()->idAt(1));
            } else {
                QCOMPARE(toString(m.scope), u"global"_s);
                QCOMPARE(m.content, u"hello there"_s);
                QCOMPARE(m.sourceMessageId, f.thread()->idAt(0));
            }
            seen.insert(toString(m.scope));
        }
        QCOMPARE(seen.size(), 2);
        QTRY_COMPARE(f.window->statusBar()->currentMessage(),
                     QCoreApplication::translate("Skein::MainWindow",
                                                 "Pinned. Every conversation's requests now carry this note."));

        f.type(u"and now?"_s);
        QVERIFY(QTest::qWaitFor([&] { return f.replyDone(4); }, 15000));
        const QJsonArray sent = requestMessages(f.server.requests().last());
        const QString system
            = sent.first()[u"role"_s].toString() == u"system"_s ? sent.first()[u"content"_s].toString() : QString();
        QVERIFY2(system.contains(u"<pinned_notes>\n- Answer 1 to: hello there\n- hello there\n</pinned_notes>"_s),
                 qPrintable(system));
        if (const QString shot = shotPath(u"pinned-menu"_s); !shot.isEmpty()) {
            view->setCurrentIndex(f.thread()->index(2));
            QTest::keyClick(view, Qt::Key_Menu);
            QVERIFY(
                QTest::qWaitFor([&] { return view->findChild<QMenu *>(u"messageActionsMenu"_s) != nullptr; }, 5000));
            QTest::qWait(200);
            const QRect frame = f.window->frameGeometry(); // the screen there: the menu is a window of its own
            QVERIFY(QGuiApplication::primaryScreen()
                        ->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
                        .save(shot));
            view->findChild<QMenu *>(u"messageActionsMenu"_s)->close();
        }
    }

    void paintedButtonsStillWork()
    {
        ChatFixture f;
        QVERIFY(startWithReply(f));
        ChatView *view = f.view();
        MessageSelection *selection = view->textSelection();
        const QString text = documentOf(view, 1, 0)->toPlainText();
        drag(view->viewport(), pointOf(view, 1, 0, 0), pointOf(view, 1, 0, 6));
        QCOMPARE(selection->selectedText(), u"Answer"_s);

        // Copy copies the whole message's source, and the click ends the selection.
        QApplication::clipboard()->clear();
        QVERIFY(f.click(1, MessageDelegate::Action::Copy));
        QCOMPARE(QApplication::clipboard()->text(), f.content(1));
        QVERIFY(!selection->isActive());

        drag(view->viewport(), pointOf(view, 1, 0, 0), pointOf(view, 1, 0, 6));
        QVERIFY(selection->hasSelection());
        QVERIFY(f.click(1, MessageDelegate::Action::CopyCode));
        QCOMPARE(QApplication::clipboard()->text(), u"int main() { return 0; }"_s);

        // "Select Text" selects the message in place instead of opening a dialog.
        QVERIFY(f.click(1, MessageDelegate::Action::SelectText));
        QVERIFY(selection->selectedText().startsWith(text));
        QVERIFY(!f.window->findChild<QDialog *>(u"messageSourceDialog"_s));

        // Edit on the user's message still opens its editor (in place).
        QVERIFY(f.click(0, MessageDelegate::Action::Edit));
        QVERIFY(f.view()->messageEditor());
    }

    void hostileMessageSelectsWithoutLoadingAnything()
    {
        QTcpServer canary;
        QVERIFY(canary.listen(QHostAddress::LocalHost));
        int connections = 0;
        connect(&canary, &QTcpServer::newConnection, this, [&] {
            ++connections;
            delete canary.nextPendingConnection();
        });
        const QString host = u"http://127.0.0.1:%1"_s.arg(canary.serverPort());
        QString many;
        for (int i = 0; i < 80; ++i) // past the renderer's replacement limit: image objects stay
            many += u"![i](%1/i%2.png?t=%2) "_s.arg(host).arg(i);
        const QString content = u"Look ![x](%1/a.png?token=s3cr3t) and <img src=\"%1/b.png\"> then "
                                "[a link](https://example.com/page) end.\n\n"_s.arg(host)
            + many + u"\n\nlast words"_s;
        Message user = Message::create(u"s"_s, {}, Role::User, u"show me"_s);
        Message reply = Message::create(u"s"_s, user.id, Role::Assistant, content);
        Message tool = Message::create(u"s"_s, reply.id, Role::Tool, u"tool output"_s);

        Test::ThreadFixture thread;
        ThreadModel &model = thread.model;
        QVERIFY(thread.load({user, reply, tool}, tool.id));
        ChatView view;
        LinkOpener opener;
        int asked = 0;
        int opened = 0;
        opener.setConfirm([&](QWidget *, const QUrl &, std::function<void(bool)> answer) {
            ++asked;
            answer(false);
        });
        opener.setOpener([&](const QUrl &) {
            ++opened;
            return true;
        });
        view.setLinkOpener(&opener);
        view.setThreadModel(&model);
        view.resize(640, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.scrollToTop();
        view.grab();
        // The long line of images is cut into several parts, some rendered only at idle; a
        // selection renders the rest. Let their real heights settle before taking positions.
        QTRY_COMPARE(view.messageDelegate()->pendingRenders(), 0);
        view.messageDelegate()->textParts(model.index(1));
        QTest::qWait(50);
        view.grab();

        // A single click on the link still asks to open it.
        QTextDocument *first = documentOf(&view, 1, 0);
        const QString text = first->toPlainText();
        QVERIFY2(text.contains(u"[image not loaded: %1/a.png?token=s3cr3t]"_s.arg(host)), qPrintable(text));
        const QPoint link = pointOf(&view, 1, 0, int(text.indexOf(u"a link"_s)) + 2);
        QVERIFY(view.visualRect(model.index(1)).height() > view.viewport()->height()); // taller than the view
        const int scrolled = view.verticalScrollBar()->value();
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, link);
        QCOMPARE(asked, 1);
        QCOMPARE(view.verticalScrollBar()->value(), scrolled); // selecting the row scrolled nothing
        // A drag that starts on the link selects instead.
        drag(view.viewport(), link, pointOf(&view, 1, 0, int(text.indexOf(u"end."_s)) + 4));
        QCOMPARE(asked, 1);
        QCOMPARE(view.textSelection()->selectedText(), u"link end."_s);

        // Everything, images and all.
        const int parts = int(view.messageDelegate()->textParts(model.index(1)).size());
        QVERIFY2(parts >= 3, qPrintable(QString::number(parts))); // the paragraph, the images, the last words
        QTextDocument *last = documentOf(&view, 1, parts - 1);
        QCOMPARE(last->toPlainText(), u"last words"_s);
        drag(view.viewport(), pointOf(&view, 1, 0, 0), pointOf(&view, 1, parts - 1, last->characterCount() - 1));
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier);
        const QString copied = QApplication::clipboard()->text();
        QVERIFY2(copied.startsWith(u"Look [image not loaded: "_s), qPrintable(copied));
        QVERIFY(copied.endsWith(u"last words"_s));
        QVERIFY(!QApplication::clipboard()->mimeData()->hasHtml());
        view.grab(); // the selection painted over every image
        QTest::qWait(200); // a fetch would have connected by now
        QCOMPARE(connections, 0);
        QCOMPARE(opened, 0);
        // Drawing the selected runs shapes the image objects again; each look-up was refused.
        for (const QString &url :
             {u"%1/a.png?token=s3cr3t"_s.arg(host), u"%1/b.png"_s.arg(host), u"%1/i3.png?t=3"_s.arg(host)})
            for (int part = 0; part < parts; ++part)
                QVERIFY(documentOf(&view, 1, part)->resource(QTextDocument::ImageResource, QUrl(url)).isNull());

        // The tool card's toggle still works on a single click.
        const QString key = u"t:"_s + tool.id;
        QVERIFY(!view.messageDelegate()->isExpanded(key));
        view.scrollTo(model.index(2));
        bool clicked = false;
        for (const MessageDelegate::Hit &hit :
             view.messageDelegate()->hits(model.index(2), view.visualRect(model.index(2))))
            if (hit.action == MessageDelegate::Action::ToggleTool && !clicked) {
                QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, hit.rect.center());
                clicked = true;
            }
        QVERIFY(clicked);
        QVERIFY(view.messageDelegate()->isExpanded(key));
        QVERIFY(!view.textSelection()->isActive());
    }

    void streamingKeepsSelectionAndScrollingAwayEndsIt()
    {
        Message user = Message::create(u"s"_s, {}, Role::User, u"go"_s);
        Message reply = Message::create(u"s"_s, user.id, Role::Assistant, u"First paragraph of the reply."_s);
        reply.status = MessageStatus::Generating;
        Test::ThreadFixture thread;
        ThreadModel &model = thread.model;
        QVERIFY(thread.load({user, reply}, reply.id));
        ChatView view;
        view.setThreadModel(&model);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.grab();
        QTest::qWait(50);

        drag(view.viewport(), pointOf(&view, 1, 0, 6), pointOf(&view, 1, 0, 15));
        QCOMPARE(view.textSelection()->selectedText(), u"paragraph"_s);
        // The reply streams on, into the selected paragraph and past it.
        for (int i = 0; i < 30; ++i) {
            thread.doc.appendText(reply.id, i == 0 ? u" More words"_s : u"\n\nParagraph %1 arrives."_s.arg(i));
            view.grab();
        }
        thread.setStatus(reply.id, MessageStatus::Complete);
        QTRY_VERIFY(view.messageDelegate()->textParts(model.index(1)).size() == 30);
        QCOMPARE(view.textSelection()->selectedText(), u"paragraph"_s);
        QVERIFY(model.message(reply.id).content.endsWith(u"Paragraph 29 arrives."_s));

        // Scrolling a little keeps it; scrolling far away ends it.
        view.scrollToTop();
        QVERIFY(view.textSelection()->isActive());
        for (int i = 0; i < 20; ++i) {
            Message more = Message::create(u"s"_s, model.activeLeaf(), Role::User, u"Another message %1"_s.arg(i));
            thread.doc.applyStored(more);
            QVERIFY(model.contains(more.id));
        }
        view.doItemsLayout();
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QVERIFY(!view.textSelection()->isActive());
    }
};

SKEIN_TEST_MAIN(TestChatSelection, QApplication)
#include "tst_chatselection.moc"
