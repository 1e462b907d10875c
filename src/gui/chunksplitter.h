/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace Skein {

// One piece of a message's text that is rendered as a document of its own.
struct TextChunk
{
    // How a piece continues the one before it (it is drawn right below it, without a gap).
    enum class Join {
        None, // a piece of its own (a blank line came before it)
        Text, // the rest of a long paragraph, list, quote or plain text
        Table, // more rows of a table: the text repeats the header, which the renderer removes
        Code, // more lines of a fenced code block: the text repeats the opening fence
    };

    QString text;
    Join join = Join::None;
    // A table cut into pieces: column widths in percent ("20,30,50"), the same in every piece
    // so the columns line up; applied to the piece's first (Join::Table) or last table.
    QString tableWidths;
    size_t hash = 0; // of text, join and widths: the renderer's cache key

    friend bool operator==(const TextChunk &a, const TextChunk &b)
    {
        return a.hash == b.hash && a.join == b.join && a.text == b.text && a.tableWidths == b.tableWidths;
    }
};

// Cuts a message into chunks, incrementally: feed() reads only what was appended since the last
// call, so a streaming reply costs O(new text) per update, plus O(open chunk) for open(). Chunks
// are cut at blank lines outside code fences (Markdown) and, so that no document grows without
// bound, also inside long paragraphs, lists, tables and code blocks (at line boundaries; tables
// after kTableRows rows, code after kCodeLines lines). A line longer than kLongText is cut into
// pieces that end at a space (kLongLine for code and table rows, where a cut changes meaning).
// feed + open on a prefix gives the same chunks as split() on that prefix.
class ChunkSplitter
{
public:
    enum class Mode { Markdown, Plain };

    // Limits in characters; each keeps the render of an open chunk to a few milliseconds.
    static constexpr qsizetype kLongText = 1500; // a piece of a long line of text
    static constexpr qsizetype kLongLine = 8000; // a piece of a long line of code or a table row
    static constexpr qsizetype kQuietChars = 800; // a piece cut where it shows nowhere (list items, plain lines)
    static constexpr qsizetype kTextChars = 1500; // a piece of a paragraph or quote
    static constexpr int kTableRows = 8;
    static constexpr int kCodeLines = 8;
    static constexpr qsizetype kCodeChars = 800;

    explicit ChunkSplitter(Mode mode = Mode::Markdown);

    // text must begin with everything fed before (the same message, grown): reads the complete
    // lines after what was consumed.
    void feed(QStringView text);
    qsizetype consumed() const { return m_pos; }
    // Chunks that no later text can change.
    const QList<TextChunk> &closed() const { return m_closed; }
    // The chunks after closed(): the open one and those the unfinished last line of text makes.
    QList<TextChunk> open(QStringView text) const;

    static QList<TextChunk> split(QStringView text, Mode mode = Mode::Markdown);

private:
    struct State
    {
        // Markdown chunking (see splitLine).
        QString current;
        TextChunk::Join join = TextChunk::Join::None;
        QString widths;
        QString fence; // "```" or "~~~" while inside a fence
        QString fenceOpen; // the fence's opening line, with its newline
        QString fenceClose; // what closes it (the run of backticks or tildes)
        int fenceLines = 0; // in the current piece
        bool pendingBreak = false;
        bool currentIsList = false;
        QString lastLine; // the last line appended (a table header when a delimiter row follows)
        QString tableHeader; // header + delimiter row while a table is open
        QString tableWidths; // set when the table is first cut
        QList<int> columnChars; // the longest cell of each column so far
        int tableRows = 0; // in the current piece
        int tableColumns = 0;
        int plainLines = 0; // Plain: lines in the current piece
    };

    // Where the physical line being read stands.
    struct LineState
    {
        bool inFence = false; // fence state of whole physical lines (decides how lines are cut)
        bool started = false; // its first piece was read
        bool first = true; // the next piece is its first
        qsizetype limit = kLongText;
    };

    // Reads what can be read of one physical line (rest: from the first unread character to its
    // newline or the end of the text); returns how many characters it read.
    qsizetype line(LineState &l, State &s, QStringView rest, bool complete, QList<TextChunk> &out) const;
    qsizetype pieceLength(QStringView rest, qsizetype limit) const;
    void piece(LineState &l, State &s, QStringView text, QList<TextChunk> &out) const;
    void markdownLine(State &s, const QString &line, QList<TextChunk> &out) const;
    void plainLine(State &s, const QString &line, QList<TextChunk> &out) const;
    void close(State &s, QList<TextChunk> &out, const QString &extra = {}) const;
    void finish(State &s, QList<TextChunk> &out) const;

    Mode m_mode;
    qsizetype m_pos = 0; // text[0, m_pos) is consumed
    LineState m_line;
    State m_state;
    QList<TextChunk> m_closed;
};

} // namespace Skein
