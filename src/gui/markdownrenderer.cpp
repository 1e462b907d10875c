// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "markdownrenderer.h"

#include "safetextdocument.h"
#include "themecolors.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QPalette>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextOption>
#include <QTextTable>

#include <algorithm>
#include <cmath>
#include <ranges>

namespace Skein {

namespace {

namespace KSH = KSyntaxHighlighting;

KSH::Repository &repository()
{
    static KSH::Repository repo; // loaded once, on first use (GUI thread only)
    return repo;
}

// Collects the formats of one line so they can be applied to a block of the document.
class LineHighlighter final : public KSH::AbstractHighlighter
{
public:
    struct Span
    {
        int offset;
        int length;
        KSH::Format format;
    };

    KSH::State line(QStringView text, const KSH::State &state)
    {
        spans.clear();
        return highlightLine(text, state);
    }

    QList<Span> spans;

protected:
    void applyFormat(int offset, int length, const KSH::Format &format) override
    {
        if (length > 0 && !format.isDefaultTextStyle(theme()))
            spans.append(Span {offset, length, format});
    }
};

bool isCodeBlock(const QTextBlock &block)
{
    const QTextBlockFormat f = block.blockFormat();
    return f.hasProperty(QTextFormat::BlockCodeFence) || f.hasProperty(QTextFormat::BlockCodeLanguage)
        || f.nonBreakableLines();
}

void replaceImages(QTextDocument &doc)
{
    struct Image
    {
        int position;
        QString name;
    };
    QList<Image> images;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment frag = it.fragment();
            if (frag.isValid() && frag.charFormat().isImageFormat())
                for (int i = 0; i < frag.length(); ++i)
                    images.append(Image {frag.position() + i, frag.charFormat().toImageFormat().name()});
        }
    // Past a few dozen, the blocked images stay grey boxes (see SafeTextDocument): each
    // replacement is an edit of the whole document.
    if (images.size() > 64)
        return;
    for (const Image &image : std::views::reverse(images)) {
        QTextCursor c(&doc);
        c.setPosition(image.position);
        c.setPosition(image.position + 1, QTextCursor::KeepAnchor);
        QTextCharFormat plain;
        plain.setFontItalic(true);
        QString name = image.name;
        if (name.size() > 80)
            name = name.left(77) + QStringLiteral("…");
        c.insertText(QCoreApplication::translate("Skein::MarkdownRenderer", "[image not loaded: %1]").arg(name), plain);
    }
}

void highlightCode(QTextDocument &doc, const RenderTheme &theme, bool wrap, QList<CodeBlockInfo> *codeBlocks)
{
    const KSH::Theme khTheme
        = repository().defaultTheme(theme.dark ? KSH::Repository::DarkTheme : KSH::Repository::LightTheme);
    QTextBlock b = doc.begin();
    while (b.isValid()) {
        if (!isCodeBlock(b)) {
            b = b.next();
            continue;
        }
        const QString language = b.blockFormat().stringProperty(QTextFormat::BlockCodeLanguage).trimmed();
        CodeBlockInfo info;
        info.firstBlock = b.blockNumber();
        info.language = language;
        KSH::Definition def;
        if (!language.isEmpty()) {
            def = repository().definitionForName(language);
            if (!def.isValid())
                def = repository().definitionForFileName(QStringLiteral("x.") + language);
        }
        LineHighlighter highlighter;
        highlighter.setTheme(khTheme);
        if (def.isValid())
            highlighter.setDefinition(def);
        KSH::State state;
        QStringList lines;
        QTextCursor cursor(&doc);
        cursor.beginEditBlock();
        while (b.isValid() && isCodeBlock(b)
               && b.blockFormat().stringProperty(QTextFormat::BlockCodeLanguage).trimmed() == language) {
            const QString text = b.text();
            lines << text;
            QTextBlockFormat bf = b.blockFormat();
            bf.setBackground(theme.codeBackground);
            bf.setNonBreakableLines(!wrap);
            cursor.setPosition(b.position());
            cursor.setBlockFormat(bf);
            if (def.isValid() && text.size() < 4000) {
                state = highlighter.line(text, state);
                for (const LineHighlighter::Span &s : std::as_const(highlighter.spans)) {
                    QTextCharFormat cf;
                    if (s.format.hasTextColor(khTheme))
                        cf.setForeground(s.format.textColor(khTheme));
                    if (s.format.isBold(khTheme))
                        cf.setFontWeight(QFont::Bold);
                    if (s.format.isItalic(khTheme))
                        cf.setFontItalic(true);
                    cursor.setPosition(b.position() + s.offset);
                    cursor.setPosition(b.position() + std::min(s.offset + s.length, int(text.size())),
                                       QTextCursor::KeepAnchor);
                    cursor.mergeCharFormat(cf);
                }
            }
            info.lastBlock = b.blockNumber();
            b = b.next();
        }
        cursor.endEditBlock();
        info.text = lines.join(QLatin1Char('\n'));
        codeBlocks->append(info);
    }
}

// Qt sizes Markdown headings as HTML does (h1 twice the body) and only their first fragment
// (a heading with inline code is big for one word); in a chat they would shout. Here every
// fragment of a heading is bold, h1 1.4× the body, h2 1.25×, h3 1.1×, the rest body-sized.
void styleHeadings(QTextDocument &doc, const RenderTheme &theme)
{
    static constexpr qreal kScale[] = {1.4, 1.25, 1.1};
    const qreal body = theme.font.pointSizeF() > 0 ? theme.font.pointSizeF() : QFontInfo(theme.font).pointSizeF();
    const qreal mono = theme.monoFont.pointSizeF() > 0 ? theme.monoFont.pointSizeF() : body;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level <= 0)
            continue;
        const qreal scale = level <= 3 ? kScale[level - 1] : 1.0;
        QList<std::pair<QTextFragment, QTextCharFormat>> fragments;
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            QTextCharFormat f = it.fragment().charFormat();
            const bool code = f.fontFixedPitch() || f.fontFamilies().toStringList().contains(theme.monoFont.family());
            f.clearProperty(QTextFormat::FontSizeAdjustment);
            f.clearProperty(QTextFormat::FontPointSize);
            f.clearProperty(QTextFormat::FontPixelSize);
            f.setFontPointSize((code ? mono : body) * scale);
            f.setFontWeight(QFont::Bold);
            fragments.append({it.fragment(), f});
        }
        for (const auto &[fragment, format] : std::as_const(fragments)) {
            QTextCursor cursor(&doc);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(format);
        }
        QTextCursor cursor(block);
        QTextBlockFormat spacing;
        spacing.setTopMargin(body * 0.8);
        spacing.setBottomMargin(body * 0.3);
        cursor.mergeBlockFormat(spacing);
    }
}

// Qt's Markdown tables have no rules; give them thin borders and some padding.
void styleTables(QTextFrame *frame, const RenderTheme &theme)
{
    const QList<QTextFrame *> children = frame->childFrames();
    for (QTextFrame *child : children) {
        if (auto *table = qobject_cast<QTextTable *>(child)) {
            QTextTableFormat f = table->format();
            f.setBorder(1);
            f.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            f.setBorderBrush(theme.dark ? QColor(0x55, 0x5a, 0x64) : QColor(0xd0, 0xd4, 0xda));
            f.setBorderCollapse(false);
            f.setCellSpacing(0);
            f.setCellPadding(4);
            table->setFormat(f);
        }
        styleTables(child, theme);
    }
}

// The most a table may take: the column width, or kTableColumnChars for each of its columns
// (a hostile table of thousands of columns is squeezed into kMaxTableRoom).
qreal tableRoom(int columns, const RenderTheme &theme, qreal width)
{
    constexpr qreal kMaxTableRoom = 24000;
    const qreal perColumn = QFontMetricsF(theme.font).averageCharWidth() * MarkdownRenderer::kTableColumnChars;
    return std::max(width, std::min(kMaxTableRoom, std::ceil(columns * perColumn)));
}

QList<QTextTable *> tablesOf(QTextDocument &doc)
{
    QList<QTextTable *> tables;
    for (QTextFrame *frame : doc.rootFrame()->childFrames())
        if (auto *table = qobject_cast<QTextTable *>(frame))
            tables.append(table);
    return tables;
}

// A piece of a table cut by ChunkSplitter: the continuation's repeated header row goes, and
// every piece gets the same fixed column widths (from the longest cells of the first piece),
// within the table's room.
void fitTablePiece(QTextDocument &doc, const TextChunk &piece, const RenderTheme &theme, qreal width)
{
    const QList<QTextTable *> tables = tablesOf(doc);
    if (tables.isEmpty())
        return;
    QTextTable *table = piece.join == TextChunk::Join::Table ? tables.constFirst() : tables.constLast();
    if (piece.join == TextChunk::Join::Table && table->rows() > 1)
        table->removeRows(0, 1);
    const QStringList chars = piece.tableWidths.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (chars.size() != table->columns())
        return;
    const qreal charWidth = QFontMetricsF(theme.font).averageCharWidth() * 1.1;
    constexpr qreal kCellExtra = 2 * 4 + 2; // padding and borders (styleTables)
    QList<qreal> px;
    qreal total = 0;
    for (const QString &c : chars) {
        px.append(std::max<qreal>(24, c.toInt() * charWidth + kCellExtra));
        total += px.constLast();
    }
    const qreal room = tableRoom(int(chars.size()), theme, width) - 4;
    const qreal scale = total > room ? room / total : 1.0;
    QList<QTextLength> constraints;
    for (qreal w : std::as_const(px))
        constraints.append(QTextLength(QTextLength::FixedLength, std::floor(w * scale)));
    QTextTableFormat format = table->format();
    format.setColumnWidthConstraints(constraints);
    table->setFormat(format);
}

// How wide the document has to be (laid out at textWidth): its tables, its unwrapped code lines.
qreal neededWidth(QTextDocument &doc, qreal width)
{
    qreal need = width;
    for (QTextTable *table : tablesOf(doc))
        need = std::max(need, std::ceil(doc.documentLayout()->frameBoundingRect(table).right()));
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (!b.blockFormat().nonBreakableLines() || !b.layout())
            continue;
        const QTextLayout *lines = b.layout();
        for (int i = 0; i < lines->lineCount(); ++i)
            need = std::max(need,
                            std::ceil(lines->position().x() + lines->lineAt(i).naturalTextWidth()
                                      + b.blockFormat().rightMargin() + 4));
    }
    return need;
}

std::unique_ptr<RenderedChunk> finish(std::unique_ptr<RenderedChunk> chunk, const RenderTheme &theme, qreal width)
{
    // Keep the shaped glyphs: without it every paint shapes the visible lines again, and a
    // streaming reply repaints its visible part on every flush.
    QTextDocument &doc = *chunk->document;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        b.layout()->setCacheEnabled(true);
    const QList<QTextTable *> tables = tablesOf(doc);
    const bool wide = !tables.isEmpty() || std::ranges::any_of(chunk->codeBlocks, [&](const CodeBlockInfo &c) {
        return doc.findBlockByNumber(c.firstBlock).blockFormat().nonBreakableLines();
    });
    doc.setTextWidth(width);
    doc.setLayoutEnabled(true); // one layout, after every edit
    // A table narrower than width has all it needs; one as wide may be squeezed: it is laid out
    // again in its room, to see how much of it it takes.
    int columns = 0;
    for (QTextTable *table : tables)
        if (doc.documentLayout()->frameBoundingRect(table).width() >= width - 2)
            columns = std::max(columns, table->columns());
    if (columns > 0)
        doc.setTextWidth(tableRoom(columns, theme, width));
    chunk->width = wide ? neededWidth(doc, width) : width;
    // The text beside a wide table or code still wraps at width.
    if (const qreal extra = chunk->width - width; extra > 0)
        for (auto it = doc.rootFrame()->begin(); !it.atEnd(); ++it) {
            const QTextBlock b = it.currentBlock();
            if (!b.isValid() || b.blockFormat().nonBreakableLines())
                continue;
            QTextBlockFormat bf = b.blockFormat();
            bf.setRightMargin(bf.rightMargin() + extra);
            QTextCursor(b).setBlockFormat(bf);
        }
    if (doc.textWidth() != chunk->width)
        doc.setTextWidth(chunk->width);
    chunk->height = doc.documentLayout()->documentSize().height();
    return chunk;
}

std::unique_ptr<SafeTextDocument> newDocument(const RenderTheme &theme, const QFont &font)
{
    auto doc = std::make_unique<SafeTextDocument>();
    doc->setLayoutEnabled(false); // importing and highlighting would re-lay out every block
    doc->setUndoRedoEnabled(false);
    doc->setDefaultFont(font);
    doc->setDocumentMargin(0);
    QTextOption option = doc->defaultTextOption();
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    doc->setDefaultTextOption(option);
    doc->setDefaultStyleSheet(QStringLiteral("a { color: %1; }").arg(theme.link.name()));
    return doc;
}

} // namespace

RenderTheme RenderTheme::fromPalette(const QPalette &palette, const QFont &font)
{
    RenderTheme t;
    t.font = font;
    t.monoFont = QFont(QStringLiteral("monospace"));
    t.monoFont.setStyleHint(QFont::Monospace);
    t.monoFont.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.95 : 9.5);
    t.text = palette.color(QPalette::Text);
    t.link = palette.color(QPalette::Link);
    t.dark = palette.color(QPalette::Base).lightness() < 128;
    t.codeBackground = ThemeColors::codeBackground(palette);
    return t;
}

QString RenderTheme::key() const
{
    return font.key() + QLatin1Char('|') + text.name() + link.name() + codeBackground.name() + (dark ? u'd' : u'l');
}

QStringList MarkdownRenderer::splitChunks(const QString &markdown)
{
    QStringList chunks;
    for (const TextChunk &c : ChunkSplitter::split(markdown))
        chunks << c.text;
    return chunks;
}

qreal MarkdownRenderer::codeHeaderHeight(const RenderTheme &theme)
{
    QFont small = theme.font;
    small.setPointSizeF(theme.font.pointSizeF() * 0.9);
    return std::ceil(QFontMetricsF(small).height()) + 8;
}

std::unique_ptr<RenderedChunk> MarkdownRenderer::render(const QString &markdown, const RenderTheme &theme, qreal width)
{
    TextChunk chunk;
    chunk.text = markdown;
    return render(chunk, theme, width);
}

std::unique_ptr<RenderedChunk> MarkdownRenderer::render(const TextChunk &piece, const RenderTheme &theme, qreal width,
                                                        bool wrapCode)
{
    auto chunk = std::make_unique<RenderedChunk>();
    chunk->document = newDocument(theme, theme.font);
    chunk->document->setMarkdown(
        piece.text,
        QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML));
    if (piece.join == TextChunk::Join::Table || !piece.tableWidths.isEmpty())
        fitTablePiece(*chunk->document, piece, theme, width);
    replaceImages(*chunk->document);
    highlightCode(*chunk->document, theme, wrapCode, &chunk->codeBlocks);
    // Room for each block's header, except where a piece goes on with the block before it.
    for (CodeBlockInfo &code : chunk->codeBlocks) {
        code.continued = piece.join == TextChunk::Join::Code && code.firstBlock == 0;
        if (code.continued)
            continue;
        // (Qt leaves out the top margin of a document's first block: there the frame takes it.)
        if (code.firstBlock == 0) {
            QTextFrameFormat ff = chunk->document->rootFrame()->frameFormat();
            ff.setTopMargin(ff.topMargin() + codeHeaderHeight(theme));
            chunk->document->rootFrame()->setFrameFormat(ff);
            continue;
        }
        const QTextBlock first = chunk->document->findBlockByNumber(code.firstBlock);
        QTextBlockFormat bf = first.blockFormat();
        bf.setTopMargin(bf.topMargin() + codeHeaderHeight(theme));
        QTextCursor(first).setBlockFormat(bf);
    }
    styleTables(chunk->document->rootFrame(), theme);
    styleHeadings(*chunk->document, theme);
    return finish(std::move(chunk), theme, width);
}

std::unique_ptr<RenderedChunk> MarkdownRenderer::renderPlain(const QString &text, const RenderTheme &theme, qreal width,
                                                             bool monospace)
{
    auto chunk = std::make_unique<RenderedChunk>();
    chunk->document = newDocument(theme, monospace ? theme.monoFont : theme.font);
    chunk->document->setPlainText(text);
    return finish(std::move(chunk), theme, width);
}

} // namespace Skein
