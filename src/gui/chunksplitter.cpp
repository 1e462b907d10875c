// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chunksplitter.h"

#include <QHash>

#include <algorithm>

namespace Skein {

namespace {

bool isListItemLine(QStringView line)
{
    const QStringView t = line.trimmed();
    if (t.startsWith(u"- ") || t.startsWith(u"* ") || t.startsWith(u"+ "))
        return true;
    int digits = 0;
    while (digits < t.size() && t.at(digits).isDigit())
        ++digits;
    return digits > 0 && digits < t.size() && (t.at(digits) == u'.' || t.at(digits) == u')');
}

bool isFence(QStringView line, QStringView *marker)
{
    const QStringView t = line.trimmed();
    for (QStringView m : {QStringView(u"```"), QStringView(u"~~~")})
        if (t.startsWith(m)) {
            *marker = m;
            return true;
        }
    return false;
}

bool isIndented(QStringView line)
{
    return line.startsWith(u' ') || line.startsWith(u'\t');
}

// The cells of a table row: an outer pipe on either side is optional, "\|" is no separator.
QList<QStringView> cellsOf(QStringView line)
{
    QStringView t = line.trimmed();
    if (t.startsWith(u'|'))
        t = t.mid(1);
    if (t.endsWith(u'|') && !t.endsWith(u"\\|"))
        t.chop(1);
    QList<QStringView> cells;
    qsizetype start = 0;
    for (qsizetype i = 0; i < t.size(); ++i)
        if (t.at(i) == u'|' && (i == 0 || t.at(i - 1) != u'\\')) {
            cells.append(t.mid(start, i - start).trimmed());
            start = i + 1;
        }
    cells.append(t.mid(start).trimmed());
    return cells;
}

bool isDelimiterRow(QStringView line)
{
    if (!line.contains(u'|') || !line.contains(u'-'))
        return false;
    for (QStringView cell : cellsOf(line)) {
        QStringView c = cell;
        if (c.startsWith(u':'))
            c = c.mid(1);
        if (c.endsWith(u':'))
            c.chop(1);
        if (c.isEmpty() || std::any_of(c.begin(), c.end(), [](QChar ch) { return ch != u'-'; }))
            return false;
    }
    return true;
}

bool isUnderline(QStringView trimmed)
{
    return std::all_of(trimmed.begin(), trimmed.end(), [](QChar c) { return c == u'='; })
        || std::all_of(trimmed.begin(), trimmed.end(), [](QChar c) { return c == u'-' || c == u' '; });
}

QString fenceRun(QStringView line)
{
    const QStringView t = line.trimmed();
    qsizetype n = 0;
    while (n < t.size() && t.at(n) == t.at(0))
        ++n;
    return t.left(n).toString();
}

// Column widths in characters: the longest cell of each column (header included), capped.
void noteCells(QList<int> &widths, QStringView row, int columns)
{
    const QList<QStringView> cells = cellsOf(row);
    if (widths.size() < columns)
        widths.resize(columns, 3);
    for (int i = 0; i < columns && i < cells.size(); ++i)
        widths[i] = std::clamp(int(cells.at(i).size()), widths.at(i), 80);
}

size_t hashOf(const TextChunk &c)
{
    return qHashMulti(0, c.text, int(c.join), c.tableWidths);
}

} // namespace

ChunkSplitter::ChunkSplitter(Mode mode)
    : m_mode(mode)
{ }

QList<TextChunk> ChunkSplitter::split(QStringView text, Mode mode)
{
    ChunkSplitter splitter(mode);
    splitter.feed(text);
    QList<TextChunk> chunks = splitter.closed();
    chunks += splitter.open(text);
    return chunks;
}

void ChunkSplitter::feed(QStringView text)
{
    while (m_pos < text.size()) {
        const qsizetype nl = text.indexOf(u'\n', m_pos);
        const bool complete = nl >= 0;
        const QStringView rest = text.mid(m_pos, (complete ? nl : text.size()) - m_pos);
        const qsizetype used = line(m_line, m_state, rest, complete, m_closed);
        m_pos += used;
        if (!complete || used < rest.size())
            return; // the last line is still being written
        m_pos = nl + 1;
        m_line = LineState {m_line.inFence};
    }
}

QList<TextChunk> ChunkSplitter::open(QStringView text) const
{
    State s = m_state;
    LineState l = m_line;
    QList<TextChunk> out;
    // The rest is the last line (the whole text's last, unfinished one, or empty).
    line(l, s, text.mid(std::min(m_pos, text.size())), true, out);
    finish(s, out);
    return out;
}

qsizetype ChunkSplitter::line(LineState &l, State &s, QStringView rest, bool complete, QList<TextChunk> &out) const
{
    const bool markdown = m_mode == Mode::Markdown;
    if (!l.started) {
        // How long its pieces may be depends on how the line begins (a fence, a table row):
        // known once its first characters are there.
        qsizetype text = 0;
        while (text < rest.size() && rest.at(text).isSpace())
            ++text;
        if (!complete && (text == rest.size() ? rest.size() <= kLongLine : rest.size() < text + 3))
            return 0;
        QStringView marker;
        const QStringView begin = rest.first(std::min<qsizetype>(rest.size(), kLongLine + 1));
        if (markdown && isFence(begin, &marker))
            l.inFence = !l.inFence;
        // Code and table rows are cut only where the old limit was (a cut changes their meaning).
        const bool row = markdown && begin.trimmed().startsWith(u'|');
        l.limit = markdown && (l.inFence || row) ? kLongLine : kLongText;
        l.started = true;
        l.first = true;
    }
    qsizetype at = 0;
    while (rest.size() - at > l.limit) {
        const qsizetype n = pieceLength(rest.mid(at), l.limit);
        piece(l, s, rest.mid(at, n), out);
        at += n;
    }
    if (complete && (at < rest.size() || l.first)) {
        piece(l, s, rest.mid(at), out);
        at = rest.size();
    }
    return at;
}

// The length of a piece of a long line: up to limit, ending after a space (outside inline code,
// emphasis and link text, in Markdown) where there is one, so no word or span is cut.
qsizetype ChunkSplitter::pieceLength(QStringView rest, qsizetype limit) const
{
    const bool markdown = m_mode == Mode::Markdown;
    const qsizetype from = limit - std::min<qsizetype>(400, limit / 2);
    int ticks = 0;
    int stars = 0;
    int brackets = 0;
    qsizetype best = -1;
    for (qsizetype i = 0; i < limit; ++i) {
        const QChar c = rest.at(i);
        if (c == u'`')
            ++ticks;
        else if (c == u'*' && rest.at(i + 1) == u'*')
            ++stars;
        else if (c == u'[')
            ++brackets;
        else if (c == u']')
            --brackets;
        else if (c == u' ' && i >= from && (!markdown || (ticks % 2 == 0 && stars % 2 == 0 && brackets <= 0)))
            best = i + 1;
    }
    return best > 0 ? best : limit;
}

void ChunkSplitter::piece(LineState &l, State &s, QStringView text, QList<TextChunk> &out) const
{
    const bool first = l.first;
    l.first = false;
    if (m_mode == Mode::Plain) {
        if (!first && s.plainLines > 0) {
            close(s, out);
            s.join = TextChunk::Join::Text;
        }
        plainLine(s, text.toString(), out);
        return;
    }
    // A long line's further pieces: outside a fence each is a chunk of its own that continues
    // the paragraph; inside one, a line of its own (the code keeps its text otherwise).
    if (!first && !l.inFence && !s.current.isEmpty()) {
        close(s, out);
        s.join = TextChunk::Join::Text;
    }
    markdownLine(s, text.toString(), out);
}

void ChunkSplitter::close(State &s, QList<TextChunk> &out, const QString &extra) const
{
    TextChunk c;
    c.text = extra.isEmpty() ? s.current : s.current + extra;
    c.join = s.join;
    c.tableWidths = s.widths;
    c.hash = hashOf(c);
    out.append(c);
    s.current.clear();
    s.join = TextChunk::Join::None;
    s.widths.clear();
    s.currentIsList = false;
    s.plainLines = 0;
}

void ChunkSplitter::finish(State &s, QList<TextChunk> &out) const
{
    if (m_mode == Mode::Plain ? s.plainLines > 0 : !s.current.trimmed().isEmpty())
        close(s, out);
}

void ChunkSplitter::markdownLine(State &s, const QString &line, QList<TextChunk> &out) const
{
    const bool blank = line.trimmed().isEmpty();
    if (s.fence.isEmpty() && blank) {
        s.pendingBreak = !s.current.isEmpty();
        if (s.pendingBreak)
            s.current += QLatin1Char('\n');
        s.tableHeader.clear(); // a blank line ends a table (and a quote)
        s.lastLine.clear();
        return;
    }
    bool closedNow = false;
    if (s.pendingBreak) {
        const bool continuesList = s.currentIsList && isListItemLine(line);
        if (!isIndented(line) && !continuesList) {
            close(s, out);
            closedNow = true;
        }
        s.pendingBreak = false;
    }
    QStringView marker;
    const bool fenceLine = isFence(line, &marker);
    if (!closedNow && !s.current.isEmpty()) {
        // Keep every piece small enough to render within a frame.
        if (!s.fence.isEmpty()) {
            const bool closing = fenceLine && marker == s.fence && line.trimmed().size() == marker.size();
            if (!closing && (s.fenceLines >= kCodeLines || s.current.size() >= kCodeChars)) {
                close(s, out, s.fenceClose + QLatin1Char('\n'));
                s.current = s.fenceOpen;
                s.join = TextChunk::Join::Code;
                s.fenceLines = 0;
            }
        } else if (!s.tableHeader.isEmpty() && line.contains(u'|') && !fenceLine) {
            if (s.tableRows >= kTableRows) {
                if (s.tableWidths.isEmpty()) {
                    QStringList widths;
                    for (int w : std::as_const(s.columnChars))
                        widths << QString::number(w);
                    s.tableWidths = widths.join(QLatin1Char(','));
                }
                s.widths = s.tableWidths;
                close(s, out);
                s.current = s.tableHeader;
                s.join = TextChunk::Join::Table;
                s.widths = s.tableWidths;
                s.tableRows = 0;
            }
        } else {
            if (!s.tableHeader.isEmpty())
                s.tableHeader.clear(); // a line that is no row ends the table
            const QStringView t = QStringView(line).trimmed();
            const bool quoteContinues = QStringView(s.lastLine).trimmed().startsWith(u'>') && !t.startsWith(u'>');
            const bool cuttable = !isIndented(line) && !isUnderline(t) && !isDelimiterRow(line) && !quoteContinues
                && (!s.currentIsList || isListItemLine(line));
            // Before a heading or the next item of a list a new block starts anyway: a cut there
            // shows nowhere. Elsewhere (a soft line break becomes a line break) only when long;
            // past four times that, any line boundary will do (an endless indented block).
            const bool unseen = cuttable && (t.startsWith(u'#') || (s.currentIsList && isListItemLine(line)));
            if ((unseen && s.current.size() >= kQuietChars) || (cuttable && s.current.size() >= kTextChars)
                || s.current.size() >= 4 * kTextChars) {
                close(s, out);
                s.join = TextChunk::Join::Text;
            }
        }
    }
    if (s.current.isEmpty())
        s.currentIsList = isListItemLine(line);
    s.current += line;
    s.current += QLatin1Char('\n');
    if (fenceLine) {
        if (s.fence.isEmpty()) {
            s.fence = marker.toString();
            s.fenceOpen = line + QLatin1Char('\n');
            s.fenceClose = fenceRun(line);
            s.fenceLines = 0;
            s.tableHeader.clear();
            s.lastLine = line;
            return;
        }
        if (marker == s.fence && line.trimmed().size() == marker.size())
            s.fence.clear();
    } else if (!s.fence.isEmpty()) {
        ++s.fenceLines;
    } else if (!s.tableHeader.isEmpty()) {
        ++s.tableRows;
        noteCells(s.columnChars, line, s.tableColumns);
    } else if (isDelimiterRow(line) && s.lastLine.contains(u'|')) {
        const int columns = int(cellsOf(line).size());
        if (int(cellsOf(s.lastLine).size()) == columns) {
            s.tableHeader = s.lastLine + QLatin1Char('\n') + line + QLatin1Char('\n');
            s.tableColumns = columns;
            s.tableWidths.clear();
            s.tableRows = 0;
            s.columnChars.clear();
            noteCells(s.columnChars, s.lastLine, columns);
        }
    }
    s.lastLine = line;
}

void ChunkSplitter::plainLine(State &s, const QString &line, QList<TextChunk> &out) const
{
    if (s.plainLines > 0 && s.current.size() >= kQuietChars) { // lines stack the same in pieces
        close(s, out);
        s.join = TextChunk::Join::Text;
    }
    if (s.plainLines > 0)
        s.current += QLatin1Char('\n');
    s.current += line;
    ++s.plainLines;
}

} // namespace Skein
