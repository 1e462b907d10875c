// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The chat view while a reply streams (issue #12): a flush costs the appended text and the
// reply's open tail, never the whole reply. Counted, not timed: documents and characters
// rendered per flush stay bounded however long the reply gets, nothing is left estimated once the view is idle,
// and the streamed reply shows the same text as the same reply loaded whole.
#include "gui/chatview.h"
#include "gui/chunksplitter.h"
#include "gui/messagedelegate.h"
#include "gui/safetextdocument.h"
#include "models/threadmodel.h"
#include "testsupport.h"
#include "threadfixture.h"

#include <QApplication>
#include <QScrollBar>
#include <QTest>
#include <QTextFrame>
#include <QTextTable>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

struct View
{
    Test::ThreadFixture thread;
    ThreadModel &model = thread.model;
    ChatView view;
    QString replyId;

    explicit View(const QString &content, MessageStatus status)
    {
        const Message user = Message::create(u"s"_s, {}, Role::User, u"go"_s);
        Message reply = Message::create(u"s"_s, user.id, Role::Assistant, content);
        reply.status = status;
        replyId = reply.id;
        thread.load({user, reply}, reply.id);
        view.setThreadModel(&model);
        view.resize(700, 500);
        view.show();
    }
    MessageDelegate *delegate() const { return view.messageDelegate(); }
    void settle()
    {
        QTRY_COMPARE_WITH_TIMEOUT(delegate()->pendingRenders(), 0, 60000);
        view.viewport()->repaint();
        QCoreApplication::processEvents();
    }
    QString shownText()
    {
        QString text;
        for (const MessageDelegate::TextPart &part : delegate()->textParts(model.index(1)))
            text += part.chunk->document->toPlainText() + u"\n"_s;
        return text;
    }
};

QString table(int rows)
{
    QString s = u"| # | key | value |\n|---|---|---|\n"_s;
    for (int i = 1; i <= rows; ++i)
        s += u"| %1 | k%2 | %3 |\n"_s.arg(i).arg(i % 97).arg(i * 7919 % 100000);
    return s;
}

QString paragraphs(qsizetype size)
{
    QString s;
    for (int i = 0; s.size() < size; ++i)
        s += u"Sentence %1 of a long answer that keeps going. "_s.arg(i) + (i % 9 == 8 ? u"\n\n"_s : QString());
    return s;
}

// The most any one flush rendered: documents, and characters of text in them.
struct FlushCost
{
    int documents = 0;
    qint64 chars = 0;
};

// What a flush may render however long the reply is: the open tail chunk and a chunk or two that
// just closed, each bounded by ChunkSplitter's limits (a table piece, a piece of code or of a
// long line), plus the flush's own text. Rendering the reply so far (f279e63) breaks it within
// the first ~30 KB of a table without blank lines or of reasoning.
constexpr qint64 kMostCharsPerFlush = 3 * ChunkSplitter::kLongLine + 100;

// Streams text into the reply, 4 characters a delta, painting after every flush of
// `perFlush` deltas; stops at the first flush over kMostCharsPerFlush.
FlushCost stream(View &v, const QString &text, int perFlush, bool reasoning = false)
{
    FlushCost most;
    for (qsizetype at = 0; at < text.size(); at += 4 * perFlush) {
        const int before = v.delegate()->renderCount();
        const qint64 charsBefore = v.delegate()->renderedChars();
        const QString piece = text.mid(at, 4 * perFlush);
        v.thread.doc.appendText(v.replyId, reasoning ? QString() : piece, reasoning ? piece : QString());
        v.view.viewport()->repaint();
        QCoreApplication::processEvents();
        most.documents = std::max(most.documents, v.delegate()->renderCount() - before);
        most.chars = std::max(most.chars, v.delegate()->renderedChars() - charsBefore);
        if (most.chars > kMostCharsPerFlush)
            break; // the rest would only take longer and longer (quadratic in all)
    }
    return most;
}

} // namespace

class TestChatStreaming : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flushesRenderOnlyTheTail_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("paragraphs") << paragraphs(60000);
        QTest::addRow("table without blank lines") << table(3000);
        QString longLine;
        while (longLine.size() < 60000)
            longLine += u"one endless paragraph without a line break "_s;
        QTest::addRow("one long line") << longLine;
        QString code;
        for (int i = 0; i < 20; ++i)
            code += u"Step %1\n\n```cpp\nint f%1() {\n"_s.arg(i) + u"    return 1;\n"_s.repeated(30) + u"}\n```\n\n"_s;
        QTest::addRow("code blocks") << code;
    }

    void flushesRenderOnlyTheTail()
    {
        QFETCH(QString, text);
        View v(QString(), MessageStatus::Generating);
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        // Flushes of 25 deltas (~100 characters): the open chunk and at most a chunk or two that
        // just closed, whether the reply holds 1 KB or 60 KB.
        const FlushCost most = stream(v, text, 25);
        QVERIFY2(most.documents <= 3, qPrintable(u"a flush rendered %1 documents"_s.arg(most.documents)));
        QVERIFY2(most.chars <= kMostCharsPerFlush, qPrintable(u"a flush rendered %1 characters"_s.arg(most.chars)));
        QVERIFY(v.delegate()->renderCount() > 10);
        v.thread.setStatus(v.replyId, MessageStatus::Complete);
        v.settle();
        // Streamed or loaded whole: the same documents, so the same text on screen.
        View whole(text, MessageStatus::Complete);
        QVERIFY(QTest::qWaitForWindowExposed(&whole.view));
        whole.settle();
        QCOMPARE(v.shownText(), whole.shownText());
    }

    void reasoningStreamsInPieces()
    {
        View v(QString(), MessageStatus::Generating);
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        v.delegate()->toggle(v.replyId, u"r:"_s + v.replyId); // the user opened it
        const FlushCost most = stream(v, paragraphs(60000), 25, true);
        QVERIFY2(most.documents <= 3, qPrintable(u"a flush rendered %1 documents"_s.arg(most.documents)));
        QVERIFY2(most.chars <= kMostCharsPerFlush, qPrintable(u"a flush rendered %1 characters"_s.arg(most.chars)));
        v.settle();
        QVERIFY(v.delegate()->textParts(v.model.index(1)).size() >= 60000 / (2 * ChunkSplitter::kTextChars));
    }

    void aBurstIsLaidOutInSteps()
    {
        // 30,000 table rows arrive in one flush: the first layout renders within its budget and
        // estimates the rest; idle passes render them later; nothing stays estimated.
        View v(QString(), MessageStatus::Generating);
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        v.view.viewport()->repaint();
        const QString text = table(30000);
        v.thread.doc.appendText(v.replyId, text);
        const int before = v.delegate()->renderCount();
        v.view.viewport()->repaint();
        const int firstPaint = v.delegate()->renderCount() - before;
        QVERIFY(firstPaint >= 1);
        QVERIFY2(v.delegate()->pendingRenders() > 0, "everything was rendered in one layout");
        v.settle();
        const QList<MessageDelegate::TextPart> parts = v.delegate()->textParts(v.model.index(1));
        QVERIFY(parts.size() >= 30000 / ChunkSplitter::kTableRows);
        int rows = 0;
        for (const MessageDelegate::TextPart &part : parts)
            for (QTextFrame *frame : part.chunk->document->rootFrame()->childFrames())
                if (auto *t = qobject_cast<QTextTable *>(frame)) {
                    QVERIFY(t->rows() <= ChunkSplitter::kTableRows + 1);
                    rows += t->rows();
                }
        QCOMPARE(rows, 30001); // the header once and every row
        // The parts stack without gaps or overlaps: a table cut into pieces reads as one.
        for (qsizetype i = 1; i < parts.size(); ++i)
            QCOMPARE(parts.at(i).rect.top(), parts.at(i - 1).rect.bottom());
    }

    void aLongBranchScrollsThroughItsWindow()
    {
        // 3,000 messages: the view lays out a window of them; scrolling to the top grows it a
        // step at a time without the text under the user's eyes jumping.
        Test::ThreadFixture thread;
        QList<Message> messages;
        QString parent;
        for (int i = 0; i < 3000; ++i) {
            messages << Message::create(u"s"_s, parent, i % 2 ? Role::Assistant : Role::User,
                                        u"Message %1: "_s.arg(i) + QString(u"words "_s).repeated(i % 7 * 10 + 1));
            parent = messages.constLast().id;
        }
        QVERIFY(thread.load(messages, parent));
        ChatView view;
        view.setThreadModel(&thread.model);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.isAtBottom());
        ThreadModel &model = thread.model;
        QCOMPARE(model.rowCount(), ThreadModel::WindowStart);
        const QStringList path = model.path();
        const auto topIndex = [&] {
            const QModelIndex top = view.indexAt(QPoint(4, 4));
            return top.isValid() ? model.firstPathIndex() + top.row() : qsizetype(-1);
        };

        QScrollBar *bar = view.verticalScrollBar();
        qsizetype top = topIndex();
        int steps = 0;
        int most = 0;
        while ((bar->value() > 0 || !model.reachesStart()) && steps < 3000) {
            bar->setValue(bar->value() - view.viewport()->height() / 2);
            view.viewport()->repaint();
            QCoreApplication::processEvents();
            const qsizetype now = topIndex();
            // Half a screen up shows a few earlier messages, never later ones, never a jump.
            QVERIFY2(now >= 0 && now <= top && top - now <= 12,
                     qPrintable(u"step %1: message %2 at the top after %3"_s.arg(steps).arg(now).arg(top)));
            top = now;
            most = std::max(most, model.rowCount());
            ++steps;
        }
        QCOMPARE(top, 0);
        QVERIFY(model.reachesStart());
        QVERIFY(most <= ThreadModel::WindowMax);
        QVERIFY(!model.reachesEnd());
        QVERIFY(!view.isAtBottom());

        // A message arriving meanwhile does not move the view; showing the latest does.
        const Message late = Message::create(u"s"_s, parent, Role::User, u"late"_s);
        thread.doc.applyStored(late);
        QCoreApplication::processEvents();
        QCOMPARE(topIndex(), 0);
        view.showLatest();
        QVERIFY(model.reachesEnd());
        QTRY_VERIFY(view.isAtBottom());
        QCOMPARE(model.idAt(model.rowCount() - 1), late.id);
        QVERIFY(view.visualRect(model.index(model.rowCount() - 1)).intersects(view.viewport()->rect()));

        // A jump deep into the branch puts that message at the top, selected.
        view.scrollToMessage(path.at(1500));
        QCOMPARE(view.currentMessageId(), path.at(1500));
        QTRY_COMPARE(topIndex(), 1500);
        QVERIFY(!view.isAtBottom());
    }
};

SKEIN_TEST_MAIN(TestChatStreaming, QApplication)
#include "tst_chatstreaming.moc"
