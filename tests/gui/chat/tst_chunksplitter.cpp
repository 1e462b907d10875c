// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ChunkSplitter: a streaming reply is cut into chunks incrementally, at the cost of what was
// appended (issue #12: no per-flush cost may grow with the reply). Fed in any pieces, it gives
// the chunks a whole-text split gives; it never reads text it has consumed; and no chunk grows
// without bound (long tables, code blocks and paragraphs are cut into pieces that render as one).
#include "gui/chunksplitter.h"
#include "gui/markdownrenderer.h"
#include "gui/safetextdocument.h"
#include "testsupport.h"

#include <QApplication>
#include <QRandomGenerator>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextTable>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QString table(int rows)
{
    QString s = u"| # | name | value |\n|---|:---|---:|\n"_s;
    for (int i = 1; i <= rows; ++i)
        s += u"| %1 | row %1 | %2 |\n"_s.arg(i).arg(i * 7);
    return s;
}

QString code(int lines)
{
    QString s = u"```python\n"_s;
    for (int i = 0; i < lines; ++i)
        s += u"x_%1 = %1 * 2  # line\n"_s.arg(i);
    return s + u"```\n"_s;
}

QString words(qsizetype size, const QString &separator)
{
    QString s;
    for (int i = 0; s.size() < size; ++i)
        s += u"word%1"_s.arg(i % 100) + separator;
    return s;
}

// Markdown that exercises every rule: blank lines in fences, lists with blank lines between
// items, quotes, setext headings, tables long and short, a long code block, a very long line,
// a long paragraph with soft line breaks, an indented block.
QStringList corpus()
{
    return {
        u"para one\n\n```\ncode\n\nstill code\n```\n\n- a\n\n- b\n\npara two"_s,
        u"Intro line\n"_s + table(40) + u"\nAfter the table.\n\n"_s + table(5),
        u"Some text\n\n"_s + code(300) + u"\nand after\n"_s,
        u"# Title\n\n"_s + words(20000, u" "_s) + u"\n\nend"_s,
        words(9000, u" "_s) + u"\n"_s + words(9000, u"\n"_s),
        u"> quote line one\n> quote line two\nlazy continuation\n\nHeading\n=======\n\n"_s + words(6000, u"\n"_s)
            + u"---\n"_s,
        u"1. first\n2. second\n"_s + words(5000, u"\n3. item "_s) + u"\n\n    indented code\n    more\n"_s,
        u"~~~~\n"_s + words(3000, u"\n"_s) + u"~~~~\ntext\n"_s,
        u"| a | b |\n|---|---|\n"_s + words(2000, u" | c |\n| d "_s),
    };
}

QString texts(const QList<TextChunk> &chunks)
{
    QString s;
    for (const TextChunk &c : chunks)
        s += u"[%1|%2|%3]"_s.arg(int(c.join)).arg(c.tableWidths, c.text);
    return s;
}

} // namespace

class TestChunkSplitter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void incrementalMatchesWhole_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("mode");
        const QStringList all = corpus();
        for (int i = 0; i < all.size(); ++i) {
            QTest::addRow("markdown %d", i) << all.at(i) << int(ChunkSplitter::Mode::Markdown);
            QTest::addRow("plain %d", i) << all.at(i) << int(ChunkSplitter::Mode::Plain);
        }
    }

    void incrementalMatchesWhole()
    {
        QFETCH(QString, text);
        QFETCH(int, mode);
        const auto m = ChunkSplitter::Mode(mode);
        QRandomGenerator random(42);
        ChunkSplitter splitter(m);
        qsizetype at = 0;
        int checks = 0;
        while (at < text.size()) {
            at = std::min(text.size(),
                          at + 1 + qsizetype(random.bounded(std::min<int>(120, int(text.size() / 10) + 1))));
            const QStringView prefix = QStringView(text).first(at);
            splitter.feed(prefix);
            QList<TextChunk> chunks = splitter.closed();
            chunks += splitter.open(prefix);
            // Comparing every prefix is quadratic: sample those of long texts, and always the end.
            if (text.size() < 4000 || random.bounded(8) == 0 || at == text.size()) {
                QCOMPARE(texts(chunks), texts(ChunkSplitter::split(prefix, m)));
                ++checks;
            }
        }
        QVERIFY(checks > 1);
        if (m == ChunkSplitter::Mode::Plain) {
            // Plain chunks are the text's lines in order (long lines cut at kLongText).
            QString joined;
            for (const TextChunk &c : ChunkSplitter::split(text, m))
                joined += (joined.isEmpty() ? QString() : u"\n"_s) + c.text;
            QCOMPARE(QString(joined).remove(u'\n'), QString(text).remove(u'\n'));
        }
    }

    void feedReadsOnlyWhatItHasNotConsumed()
    {
        // What feed() consumed is never read again: garbling it changes nothing that follows.
        for (const QString &text : corpus()) {
            for (const auto mode : {ChunkSplitter::Mode::Markdown, ChunkSplitter::Mode::Plain}) {
                ChunkSplitter real(mode);
                ChunkSplitter garbled(mode);
                const qsizetype half = text.size() / 2;
                real.feed(QStringView(text).first(half));
                garbled.feed(QStringView(text).first(half));
                QString other = text;
                for (qsizetype i = 0; i < garbled.consumed(); ++i)
                    other[i] = u'#';
                real.feed(text);
                garbled.feed(other);
                QCOMPARE(texts(garbled.closed()), texts(real.closed()));
                QCOMPARE(texts(garbled.open(other)), texts(real.open(text)));
            }
        }
    }

    void chunksStayBounded()
    {
        const QString big = u"Rows:\n"_s + table(2000) + u"\n"_s + code(1000) + u"\n"_s + words(100000, u" "_s)
            + u"\n\n"_s + words(100000, u"\n"_s);
        const QList<TextChunk> chunks = ChunkSplitter::split(big);
        QVERIFY(chunks.size() > 2000 / ChunkSplitter::kTableRows);
        int tablePieces = 0;
        for (const TextChunk &c : chunks) {
            QVERIFY2(c.text.size() <= 4 * ChunkSplitter::kTextChars + ChunkSplitter::kLongLine,
                     qPrintable(c.text.left(80)));
            if (c.text.startsWith(u"```"_s))
                QVERIFY(c.text.count(u'\n') <= ChunkSplitter::kCodeLines + 3); // fences, lines, a blank line
            if (c.join == TextChunk::Join::Table) {
                ++tablePieces;
                QVERIFY(c.text.startsWith(u"| # | name | value |\n|---|:---|---:|\n"_s));
                QVERIFY(c.text.count(u'\n') <= ChunkSplitter::kTableRows + 3); // header, rows, a blank line
                QCOMPARE(c.tableWidths, chunks.at(0).tableWidths);
            }
            if (c.join == TextChunk::Join::Code)
                QVERIFY(c.text.startsWith(u"```python\n"_s));
        }
        QVERIFY(tablePieces >= 2000 / ChunkSplitter::kTableRows - 1);
        QVERIFY(!chunks.at(0).tableWidths.isEmpty()); // the table's first piece, after "Rows:"
    }

    void cutTableRendersEveryRowOnce()
    {
        const QList<TextChunk> chunks = ChunkSplitter::split(table(50));
        QVERIFY(chunks.size() >= 3);
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        QStringList cells;
        QList<qreal> widths;
        for (const TextChunk &c : chunks) {
            const std::unique_ptr<RenderedChunk> r = MarkdownRenderer::render(c, theme, 500);
            QTextTable *t = nullptr;
            for (QTextFrame *frame : r->document->rootFrame()->childFrames())
                t = t ? t : qobject_cast<QTextTable *>(frame);
            QVERIFY(t);
            QCOMPARE(t->columns(), 3);
            for (int row = 0; row < t->rows(); ++row)
                cells << t->cellAt(row, 1).firstCursorPosition().block().text();
            widths << t->format().columnWidthConstraints().value(0).rawValue();
        }
        QStringList expected {u"name"_s};
        for (int i = 1; i <= 50; ++i)
            expected << u"row %1"_s.arg(i);
        QCOMPARE(cells, expected); // the header once, every row once, in order
        for (qreal w : std::as_const(widths))
            QCOMPARE(w, widths.constFirst()); // the same columns in every piece
        QVERIFY(widths.constFirst() > 0);
    }

    void cutCodeBlockKeepsItsLines()
    {
        const QString text = code(300);
        const QList<TextChunk> chunks = ChunkSplitter::split(text);
        QVERIFY(chunks.size() >= 3);
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        QStringList lines;
        for (const TextChunk &c : chunks) {
            const std::unique_ptr<RenderedChunk> r = MarkdownRenderer::render(c, theme, 500);
            QCOMPARE(r->codeBlocks.size(), 1);
            QCOMPARE(r->codeBlocks.at(0).language, u"python"_s);
            lines << r->codeBlocks.at(0).text;
        }
        QCOMPARE(lines.join(u'\n') + u"\n"_s, text.mid(10).chopped(4));
    }
};

SKEIN_TEST_MAIN(TestChunkSplitter, QApplication)
#include "tst_chunksplitter.moc"
