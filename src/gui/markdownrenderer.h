/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "chunksplitter.h"

#include <QColor>
#include <QFont>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>

class QPalette;

namespace Skein {

class SafeTextDocument;

// Colours and fonts a rendering depends on; part of every cache key.
struct RenderTheme
{
    QFont font;
    QFont monoFont;
    QColor text;
    QColor link;
    QColor codeBackground;
    bool dark = false;

    static RenderTheme fromPalette(const QPalette &palette, const QFont &font);
    QString key() const;
};

// A fenced code block inside a rendered chunk (for its copy button).
struct CodeBlockInfo
{
    int firstBlock = 0; // QTextBlock numbers
    int lastBlock = 0;
    QString language;
    QString text;
    bool continued = false; // the rest of a block cut into pieces: its header is on the first piece
};

// One rendered piece of a message: a laid-out, read-only document.
struct RenderedChunk
{
    std::unique_ptr<SafeTextDocument> document;
    QList<CodeBlockInfo> codeBlocks;
    qreal height = 0;
    // Wider than the width it was rendered for when a table needs the room or a code line is
    // not wrapped; the text around them still wraps at that width (their blocks' right margin).
    qreal width = 0;
};

// Markdown → QTextDocument for the chat (Qt's importer, GitHub dialect, raw HTML shown as text),
// code fences highlighted with KSyntaxHighlighting (language from the fence, light or dark
// theme from the palette), images replaced by a note naming their address. A message is split
// into chunks (ChunkSplitter: at blank lines outside code fences, and within long blocks) so a
// streaming reply only re-renders its last, bounded chunk.
class MarkdownRenderer final
{
public:
    static QStringList splitChunks(const QString &markdown);
    // The room above a code block for its header (language, Copy), part of the document.
    static qreal codeHeaderHeight(const RenderTheme &theme);
    static std::unique_ptr<RenderedChunk> render(const QString &markdown, const RenderTheme &theme, qreal width);
    // A chunk of a message: a table's continuation loses its repeated header row, and a table
    // cut into pieces gets the same column widths in every piece. A table is not squeezed into
    // width: its columns get their room (each up to kTableColumnChars average characters, more
    // where the table still fits) and the document grows wider. Code lines wrap unless
    // wrapCode is false; then the document is as wide as the longest line.
    static constexpr int kTableColumnChars = 24;
    static std::unique_ptr<RenderedChunk> render(const TextChunk &chunk, const RenderTheme &theme, qreal width,
                                                 bool wrapCode = true);
    // Plain text (reasoning, tool arguments), monospace when asked.
    static std::unique_ptr<RenderedChunk> renderPlain(const QString &text, const RenderTheme &theme, qreal width,
                                                      bool monospace);
};

} // namespace Skein
