// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// How the app looks and how it is used without a mouse: contrast of every text colour in every
// theme (WCAG 2), the bundled icons, heading sizes, the reading column, actions on hover and
// focus, and a keyboard-only walk through a conversation (send, move between messages, open a
// message's actions, approve a tool, switch branch, open each inspector).
#include "chatfixture.h"
#include "gui/inspectorpanels.h"
#include "gui/markdownrenderer.h"
#include "gui/safetextdocument.h"
#include "gui/settings/appearance.h"
#include "gui/themecolors.h"
#include "storage/memoryrepository.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QIcon>
#include <QMenu>
#include <QPainter>
#include <QPointer>
#include <QScrollBar>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextLayout>
#include <QTextTable>
#include <QWheelEvent>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

void applyTheme(const QString &name)
{
    AppearanceSettings s;
    s.theme = name == u"dark"_s ? AppearanceSettings::Theme::Dark
        : name == u"light"_s    ? AppearanceSettings::Theme::Light
                                : AppearanceSettings::Theme::System;
    Appearance::apply(s);
}

// The colour an icon is drawn in: its most opaque pixels, averaged.
QColor inkOf(const QIcon &icon)
{
    const QImage image = icon.pixmap(QSize(22, 22), 1.0).toImage().convertToFormat(QImage::Format_ARGB32);
    int most = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            most = std::max(most, image.pixelColor(x, y).alpha());
    double r = 0, g = 0, b = 0, n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (most == 0 || c.alpha() < most * 9 / 10)
                continue;
            r += c.redF();
            g += c.greenF();
            b += c.blueF();
            ++n;
        }
    return n ? QColor::fromRgbF(float(r / n), float(g / n), float(b / n)) : QColor();
}

QWidget *focused()
{
    return QApplication::focusWidget();
}

} // namespace

class TestChatLook final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { applyTheme(u"system"_s); }

    void everyTextColourHasContrast_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::newRow("system") << u"system"_s;
        QTest::newRow("light") << u"light"_s;
        QTest::newRow("dark") << u"dark"_s;
    }

    void everyTextColourHasContrast()
    {
        QFETCH(QString, theme);
        applyTheme(theme);
        const QList<ThemeColors::Pair> pairs = ThemeColors::textPairs(QApplication::palette());
        QVERIFY(pairs.size() > 20);
        for (const ThemeColors::Pair &pair : pairs) {
            const double ratio = ThemeColors::contrast(pair.text, pair.background);
            const double needed = pair.large ? 3.0 : 4.5;
            QVERIFY2(ratio >= needed,
                     qPrintable(
                         u"%1: %2 on %3 is %4:1, needs %5:1"_s.arg(pair.name, pair.text.name(), pair.background.name())
                             .arg(ratio, 0, 'f', 2)
                             .arg(needed)));
        }
        // The ratio itself: black on white is 21:1, a colour on itself 1:1.
        QCOMPARE(qRound(ThemeColors::contrast(Qt::black, Qt::white)), 21);
        QCOMPARE(ThemeColors::contrast(QColor(0x336699), QColor(0x336699)), 1.0);
    }

    void iconsExistAndStandOut_data() { everyTextColourHasContrast_data(); }

    void iconsExistAndStandOut()
    {
        QFETCH(QString, theme);
        applyTheme(theme);
        const QColor base = QApplication::palette().color(QPalette::Base);
        QStringList names {u"document-new"_s, u"sidebar-expand-left"_s, u"edit-find"_s,       u"view-right-new"_s,
                           u"configure"_s,    u"document-import"_s,     u"document-export"_s, u"help-about"_s};
        for (int a = int(MessageDelegate::Action::None); a <= int(MessageDelegate::Action::Deny); ++a)
            if (const QString name = MessageDelegate::actionIcon(MessageDelegate::Action(a)); !name.isEmpty())
                names << name;
        for (const QString &name : std::as_const(names)) {
            const QIcon icon = QIcon::fromTheme(name);
            QVERIFY2(!icon.isNull(), qPrintable(name));
            const QColor ink = inkOf(icon);
            QVERIFY2(ink.isValid(), qPrintable(u"%1 draws nothing"_s.arg(name)));
            if (name == u"edit-delete"_s)
                continue; // drawn in Breeze's red on purpose; its shape is the cue
            const double ratio = ThemeColors::contrast(ink, base);
            QVERIFY2(ratio >= 3.0, qPrintable(u"%1 in the %2 theme: %3:1"_s.arg(name, theme).arg(ratio)));
        }
    }

    void headingsStayCloseToTheBody()
    {
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        const auto chunk
            = MarkdownRenderer::render(u"# Use `sorted` with a key\n\nbody text\n\n#### Small heading"_s, theme, 600);
        const qreal body = theme.font.pointSizeF();
        int headings = 0;
        for (QTextBlock block = chunk->document->begin(); block.isValid(); block = block.next()) {
            const int level = block.blockFormat().headingLevel();
            if (level == 0)
                continue;
            ++headings;
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QFont font = it.fragment().charFormat().font();
                const qreal ratio = it.fragment().charFormat().fontPointSize() / body;
                QVERIFY2(ratio <= 1.42,
                         qPrintable(u"h%1 '%2' is %3× the body"_s.arg(level).arg(it.fragment().text()).arg(ratio)));
                QVERIFY2(level != 1 || ratio >= 1.3, qPrintable(u"h1 is only %1× the body"_s.arg(ratio)));
                QVERIFY2(font.bold(), qPrintable(u"'%1' of a heading is not bold"_s.arg(it.fragment().text())));
            }
        }
        QCOMPARE(headings, 2);
    }

    void theReadingColumnIsCentredAndBounded()
    {
        ChatFixture f;
        QVERIFY(f.start());
        f.type(u"Hello"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        ChatView *view = f.view();
        const int measure = view->fontMetrics().averageCharWidth() * 90 + 28;
        // Wide: the column keeps its measure and sits in the middle.
        f.window->findChild<QDockWidget *>(u"inspectorDock"_s)->hide();
        f.window->resize(2400, 700);
        QTRY_COMPARE(view->viewport()->width(), measure);
        const int bar = view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, view->verticalScrollBar());
        const int left = view->viewport()->geometry().left();
        const int right = view->width() - bar - view->viewport()->geometry().right() - 1;
        QVERIFY2(std::abs(left - right) <= 1, qPrintable(u"margins %1 and %2"_s.arg(left).arg(right)));
        QCOMPARE(view->messageDelegate()->width(), measure);
        // Narrow: the column is the whole view.
        f.window->resize(700, 700);
        QTRY_VERIFY(view->viewport()->width() < measure);
        QTRY_COMPARE(view->viewport()->geometry().left(), 0);
    }

    void codeBlocksHaveAHeaderAndLongOnesCollapse()
    {
        ChatFixture f;
        QStringList code;
        for (int i = 1; i <= 40; ++i)
            code << u"print('line %1')"_s.arg(i);
        f.script = [&](const RecordedRequest &) {
            ScriptedReply reply;
            reply.text = u"Short:\n\n```sh\necho hi\n```\n\nLong:\n\n```python\n"_s + code.join(u'\n')
                + u"\n```\n\nThe end."_s;
            reply.chunkChars = 40;
            return openAiReply(reply);
        };
        QVERIFY(f.start());
        f.type(u"Show me code"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        MessageDelegate *delegate = f.view()->messageDelegate();
        const QModelIndex reply = f.thread()->index(1);
        auto hitsOf = [&](MessageDelegate::Action action) {
            QList<MessageDelegate::Hit> found;
            for (const MessageDelegate::Hit &hit : delegate->hits(reply, f.view()->visualRect(reply)))
                if (hit.action == action)
                    found << hit;
            return found;
        };
        // Each block has its Copy in a header; the long block's copies all 40 lines, also the
        // ones collapsed out of sight.
        QTRY_COMPARE(hitsOf(MessageDelegate::Action::CopyCode).size(), 2);
        QCOMPARE(hitsOf(MessageDelegate::Action::CopyCode).at(0).data, u"echo hi"_s);
        QCOMPARE(hitsOf(MessageDelegate::Action::CopyCode).at(1).data, code.join(u'\n'));
        // The header takes room above the code: the first code line starts below it.
        const qreal header
            = MarkdownRenderer::codeHeaderHeight(RenderTheme::fromPalette(f.view()->palette(), f.view()->font()));
        QVERIFY(header >= f.view()->fontMetrics().height());
        // Collapsed: fewer than 40 lines are shown, with a chip naming them all; the text after the
        // block still shows.
        QList<MessageDelegate::Hit> toggles = hitsOf(MessageDelegate::Action::ToggleCode);
        QCOMPARE(toggles.size(), 1);
        auto shownText = [&] {
            QString all;
            for (const MessageDelegate::TextPart &part : delegate->textParts(reply))
                all += part.chunk->document->toPlainText() + u'\n';
            return all;
        };
        QVERIFY(shownText().contains(u"line 3'"_s));
        QVERIFY(!shownText().contains(u"line 40'"_s));
        QVERIFY(shownText().contains(u"The end."_s));
        const int collapsedHeight = f.view()->visualRect(reply).height();
        // SKEIN_SHOT_DIR set (scripts/chat-screenshots.sh): the blocks as the user sees them.
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            f.window->resize(1000, 760);
            f.view()->scrollTo(reply, QAbstractItemView::PositionAtTop);
            QTest::qWait(300);
            QVERIFY(f.window->grab().save(shots + u"/code-blocks.png"_s));
            f.window->resize(760, 560);
            QTRY_VERIFY(f.view()->messageDelegate()->width() < 800);
        }
        QVERIFY(f.click(1, MessageDelegate::Action::ToggleCode));
        QTRY_VERIFY(shownText().contains(u"line 40'"_s));
        QTRY_VERIFY(f.view()->visualRect(reply).height() > collapsedHeight + 10 * f.view()->fontMetrics().height());
        // ...and it folds again.
        QVERIFY(f.click(1, MessageDelegate::Action::ToggleCode));
        QTRY_VERIFY(!shownText().contains(u"line 40'"_s));
    }

    void wideTablesAndUnwrappedCodeScrollSideways()
    {
        // Renderer: a table of many columns takes its room instead of being squeezed, while the
        // paragraph beside it still wraps at the column; a narrow table fits as it is.
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        const qreal width = 500;
        QStringList header, rule, row;
        for (int c = 1; c <= 10; ++c) {
            header << u"Column %1"_s.arg(c);
            rule << u"---"_s;
            row << (c == 10 ? u"[far](https://example.com/far)"_s
                            : u"value-in-column-%1-xyz"_s.arg(c, 2, 10, QLatin1Char('0')));
        }
        const QString table = u"| "_s + header.join(u" | "_s) + u" |\n| "_s + rule.join(u" | "_s) + u" |\n| "_s
            + row.join(u" | "_s) + u" |"_s;
        const QString paragraph = u"A paragraph long enough to wrap several times in a column of five hundred "
                                  "pixels, which it must still do when the table below it is wider."_s;
        const std::unique_ptr<RenderedChunk> wide
            = MarkdownRenderer::render(paragraph + u"\n\n"_s + table, theme, width);
        QVERIFY2(wide->width > 2 * width, qPrintable(QString::number(wide->width)));
        const QTextLayout *lines = wide->document->begin().layout();
        QVERIFY(lines->lineCount() > 1);
        for (int i = 0; i < lines->lineCount(); ++i)
            QVERIFY(lines->lineAt(i).naturalTextWidth() <= width);
        const std::unique_ptr<RenderedChunk> narrow
            = MarkdownRenderer::render(u"| a | b |\n|---|---|\n| 1 | 2 |"_s, theme, width);
        QCOMPARE(narrow->width, width);
        QTextTable *small = qobject_cast<QTextTable *>(narrow->document->rootFrame()->childFrames().value(0));
        QVERIFY(small);
        QVERIFY(narrow->document->documentLayout()->frameBoundingRect(small).width() < width / 2); // its own width
        // Code wraps until wrapping is turned off; then its long line is one line.
        const QString longLine = u"values = ["_s + QStringList(QList<QString>(60, u"1234"_s)).join(u", "_s) + u"]"_s;
        const QString code = u"```python\n"_s + longLine + u"\n```"_s;
        TextChunk codeChunk;
        codeChunk.text = code;
        const std::unique_ptr<RenderedChunk> wrapped = MarkdownRenderer::render(codeChunk, theme, width, true);
        const std::unique_ptr<RenderedChunk> unwrapped = MarkdownRenderer::render(codeChunk, theme, width, false);
        QCOMPARE(wrapped->width, width);
        QVERIFY(wrapped->document->begin().layout()->lineCount() > 1);
        QVERIFY(unwrapped->width > 2 * width);
        QCOMPARE(unwrapped->document->begin().layout()->lineCount(), 1);

        // In the chat: the table scrolls sideways with Shift+wheel, a tilted wheel and
        // Shift+Left/Right; a link far right is hit where it is shown once scrolled to.
        ChatFixture f;
        f.script = [&](const RecordedRequest &) {
            ScriptedReply reply;
            reply.text = u"Here:\n\n"_s + table + u"\n\nAnd code:\n\n"_s + code + u"\n\nDone."_s;
            return openAiReply(reply);
        };
        QVERIFY(f.start());
        f.window->findChild<QDockWidget *>(u"inspectorDock"_s)->hide();
        f.window->resize(1100, 700);
        f.type(u"A wide table"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QModelIndex reply = f.thread()->index(1);
        MessageDelegate *delegate = f.view()->messageDelegate();
        auto partContaining = [&](const QString &text) {
            for (const MessageDelegate::TextPart &part : delegate->textParts(reply))
                if (part.chunk->document->toPlainText().contains(text))
                    return part;
            return MessageDelegate::TextPart {};
        };
        auto tablePart = [&] { return partContaining(u"Column 10"_s); };
        QTRY_VERIFY(tablePart().chunk);
        QVERIFY(tablePart().chunk->width > tablePart().rect.width());
        QCOMPARE(tablePart().origin, tablePart().rect.topLeft());
        f.view()->scrollTo(reply, QAbstractItemView::PositionAtTop);
        QTest::qWait(50);
        const QRect item = f.view()->visualRect(reply);
        const QPoint over = (tablePart().rect.center() + item.topLeft()).toPoint();
        auto wheel = [&](QPoint angle, Qt::KeyboardModifiers mods) {
            QWheelEvent event(over, f.view()->viewport()->mapToGlobal(over), QPoint(), angle, Qt::NoButton, mods,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(f.view()->viewport(), &event);
        };
        wheel(QPoint(0, -120), Qt::ShiftModifier);
        QTRY_COMPARE(tablePart().origin.x(), tablePart().rect.left() - 60);
        wheel(QPoint(-240, 0), Qt::NoModifier); // tilted: two notches on
        QCOMPARE(tablePart().origin.x(), tablePart().rect.left() - 180);
        // Where the far link is in the document, and in the view.
        QTextCursor far = tablePart().chunk->document->find(u"far"_s);
        QVERIFY(!far.isNull());
        const QTextLayout *farLayout = far.block().layout();
        const QTextLine farLine = farLayout->lineForTextPosition(far.selectionStart() - far.block().position());
        const QPointF farInDoc = tablePart().chunk->document->documentLayout()->blockBoundingRect(far.block()).topLeft()
            + QPointF(farLine.cursorToX(far.selectionStart() - far.block().position()) + 4, farLine.y() + 4);
        auto linkHit = [&] {
            const QPoint at = (tablePart().origin + farInDoc + item.topLeft()).toPoint();
            const MessageDelegate::Hit hit = delegate->hitAt(reply, item, at);
            return hit.action == MessageDelegate::Action::Link ? hit.data : QString();
        };
        QVERIFY2(tablePart().rect.left() + farInDoc.x() > tablePart().rect.right(), // out of sight, unscrolled
                 qPrintable(u"link at %1 of %2, column %3"_s.arg(farInDoc.x())
                                .arg(tablePart().chunk->width)
                                .arg(tablePart().rect.width())));
        f.view()->setCurrentIndex(reply);
        f.view()->setFocus();
        for (int i = 0; i < 100 && tablePart().origin.x() + farInDoc.x() > tablePart().rect.right() - 20; ++i)
            QTest::keyClick(f.view(), Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(linkHit(), u"https://example.com/far"_s);
        // It stops at the end: the right edge of the table shows, no further.
        for (int i = 0; i < 100; ++i)
            QTest::keyClick(f.view(), Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(tablePart().origin.x() + tablePart().chunk->width, tablePart().rect.right());
        // SKEIN_SHOT_DIR set (scripts/chat-screenshots.sh): the table scrolled, as the user sees it.
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(f.window->grab().save(shots + u"/wide-table.png"_s));
        }
        for (int i = 0; i < 100; ++i)
            QTest::keyClick(f.view(), Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(tablePart().origin, tablePart().rect.topLeft());

        // The code block's header turns wrapping off and on again.
        auto codePart = [&] { return partContaining(u"values = ["_s); };
        QVERIFY(codePart().chunk);
        QCOMPARE(codePart().chunk->width, codePart().rect.width());
        QVERIFY(f.click(1, MessageDelegate::Action::ToggleWrap));
        QTRY_VERIFY(codePart().chunk->width > 2 * codePart().rect.width());
        QCOMPARE(codePart().chunk->document->begin().layout()->lineCount(), 1);
        QVERIFY(f.click(1, MessageDelegate::Action::ToggleWrap));
        QTRY_COMPARE(codePart().chunk->width, codePart().rect.width());
    }

    void rightToLeftTextRunsFromTheRight()
    {
        // A Hebrew or Arabic paragraph runs right to left from the right edge; the English one
        // beside it stays on the left (per paragraph, from its first strong character).
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        const qreal width = 500;
        const std::unique_ptr<RenderedChunk> chunk = MarkdownRenderer::render(
            u"שלום עולם, זו פסקה בעברית.\n\nHello, this is English.\n\nمرحبا بالعالم، هذه فقرة عربية.\n\n- פריט ברשימה"_s,
            theme, width);
        QTextBlock block = chunk->document->begin();
        QList<Qt::LayoutDirection> directions;
        QList<QRectF> lines;
        for (; block.isValid(); block = block.next()) {
            directions << block.textDirection();
            lines << block.layout()->lineAt(0).naturalTextRect().translated(block.layout()->position());
        }
        QCOMPARE(directions.size(), 4);
        QCOMPARE(directions,
                 (QList<Qt::LayoutDirection> {Qt::RightToLeft, Qt::LeftToRight, Qt::RightToLeft, Qt::RightToLeft}));
        QVERIFY2(lines.at(0).right() > width - 2 && lines.at(0).left() > width / 3,
                 qPrintable(u"%1"_s.arg(lines.at(0).left())));
        QVERIFY(lines.at(1).left() < 2 && lines.at(1).right() < width * 2 / 3);
        QVERIFY(lines.at(2).right() > width - 2);
        // A list item's indent (and its bullet) is on the right.
        QVERIFY2(lines.at(3).right() >= width - 48 && lines.at(3).right() < width - 10
                     && lines.at(3).left() > width / 2,
                 qPrintable(u"%1 … %2"_s.arg(lines.at(3).left()).arg(lines.at(3).right())));
    }

    void actionsShowOnHoverAndFocus()
    {
        ChatFixture f;
        QVERIFY(f.start());
        f.type(u"Hello"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QModelIndex reply = f.thread()->index(1);
        const QRect rect = f.view()->visualRect(reply);
        auto paint = [&](QStyle::State state) {
            QImage image(rect.size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter p(&image);
            QStyleOptionViewItem option;
            option.initFrom(f.view()->viewport());
            option.rect = QRect(QPoint(0, 0), rect.size());
            option.state = QStyle::State_Enabled | state;
            f.view()->messageDelegate()->paint(&p, option, reply);
            return image;
        };
        const QImage quiet = paint({});
        const QImage hovered = paint(QStyle::State_MouseOver);
        const QImage focusedRow = paint(QStyle::State_HasFocus);
        QVERIFY(quiet != hovered);
        QCOMPARE(hovered, focusedRow);
        // Still clickable and named: the actions are hits with their labels as tooltips.
        QStringList labels;
        for (const MessageDelegate::Hit &hit : f.view()->messageDelegate()->hits(reply, rect))
            labels << MessageDelegate::actionLabel(hit.action);
        for (const QString &label : {u"Copy"_s, u"Regenerate"_s, u"Delete"_s})
            QVERIFY2(labels.contains(label), qPrintable(labels.join(u", "_s)));
    }

    void aKeyboardOnlyWalk()
    {
        ChatFixture f;
        f.script = toolScript;
        QVERIFY(f.start());
        QWidget *window = f.window.get();
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window));

        // Send: Ctrl+N lands in the composer.
        QTest::keyClick(window, Qt::Key_N, Qt::ControlModifier);
        QTRY_COMPARE(focused(), static_cast<QWidget *>(f.window->composer()->editor()));
        QTest::keyClicks(focused(), u"What is 6*7? Also remember that I like green tea."_s);
        QTest::keyClick(focused(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->pendingApproval(u"call_mem"_s).has_value(), 15000);

        // Alt+Up moves into the conversation and up message by message to the card.
        const int cardRow = rowOfCall(f.thread(), u"call_mem"_s);
        QVERIFY(cardRow > 0);
        QTest::keyClick(focused(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(focused(), static_cast<QWidget *>(f.view()));
        QCOMPARE(f.view()->currentIndex().row(), f.thread()->rowCount() - 1);
        while (f.view()->currentIndex().row() > cardRow)
            QTest::keyClick(focused(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(f.view()->currentIndex().row(), cardRow);

        // The Menu key opens the message's actions; Allow Once is one of them.
        auto openActions = [&]() -> QMenu * {
            QTest::keyClick(focused(), Qt::Key_Menu);
            QMenu *menu = nullptr;
            if (!QTest::qWaitFor([&] { return (menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())); }))
                return nullptr;
            return menu;
        };
        // The offscreen platform, unlike a desktop, gives no window the activation back when a
        // popup closes; the window manager's part is played here.
        auto backFromTheMenu = [&](const QPointer<QMenu> &closing) {
            QTRY_VERIFY(!closing); // a closed menu is deleted, not kept
            if (!QApplication::focusWidget()) {
                window->activateWindow();
                QVERIFY(QTest::qWaitForWindowActive(window));
            }
        };
        auto choose = [&](QMenu *menu, const QString &label) {
            const QList<QAction *> actions = menu->actions();
            for (int i = 0; i < actions.size(); ++i)
                if (actions.at(i)->text() == label) {
                    for (int k = 0; k <= i; ++k)
                        QTest::keyClick(menu, Qt::Key_Down);
                    QTest::keyClick(menu, Qt::Key_Return);
                    return true;
                }
            return false;
        };
        QPointer<QMenu> menu = openActions();
        QVERIFY(menu);
        QVERIFY(choose(menu, MessageDelegate::actionLabel(MessageDelegate::Action::Approve)));
        QTRY_VERIFY_WITH_TIMEOUT(!f.controller()->isBusy(), 15000);
        backFromTheMenu(menu);
        QTRY_COMPARE(focused(), static_cast<QWidget *>(f.view())); // back in the conversation
        QCOMPARE(f.store()->memories().list({}).value().size(), 1);
        const int rows = f.thread()->rowCount();

        // Down to the answer, regenerate it from its actions: a second branch.
        while (f.view()->currentIndex().row() < rows - 1)
            QTest::keyClick(focused(), Qt::Key_Down, Qt::AltModifier);
        menu = openActions();
        QVERIFY(menu);
        QVERIFY(choose(menu, MessageDelegate::actionLabel(MessageDelegate::Action::Regenerate)));
        backFromTheMenu(menu);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(f.thread()->rowCount()) && f.thread()->rowCount() >= rows
                                     && f.thread()->index(rows - 1).data(ThreadModel::SiblingCountRole).toInt() == 2,
                                 15000);
        // Alt+Left shows the first version again.
        QCOMPARE(focused(), static_cast<QWidget *>(f.view()));
        QTest::keyClick(focused(), Qt::Key_Left, Qt::AltModifier);
        QTRY_COMPARE(f.thread()->index(rows - 1).data(ThreadModel::SiblingIndexRole).toInt(), 1);

        // Ctrl+Shift+1/2/3 open the inspectors with the focus inside each.
        auto *tabs = f.window->findChild<QTabWidget *>(u"inspectorTabs"_s);
        for (int i = 0; i < 3; ++i) {
            QTest::keyClick(focused(), Qt::Key(Qt::Key_1 + i), Qt::ControlModifier | Qt::ShiftModifier);
            QTRY_COMPARE(tabs->currentIndex(), i);
            QVERIFY2(tabs->currentWidget()->isAncestorOf(focused()),
                     qPrintable(u"focus in %1"_s.arg(
                         QLatin1String(focused() ? focused()->metaObject()->className() : "nothing"))));
        }
    }
};

QTEST_MAIN(TestChatLook)
#include "tst_chatlook.moc"
