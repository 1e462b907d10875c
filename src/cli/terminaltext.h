/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QIODevice>

#include <cstdio>

namespace Skein {

// Text from a model, a tool, a server or an imported file may carry terminal control sequences:
// ESC [ 2 J clears the screen, OSC 52 writes the clipboard, a carriage return overwrites what was
// printed. When skein-cli writes to a terminal, every control character except newline and tab
// is shown as a visible symbol instead (SPEC §7); into a pipe or a file the bytes go unchanged.
namespace TerminalText {

// UTF-8 in, UTF-8 out: C0 controls (but \n and \t) become their Control Pictures (ESC → ␛),
// DEL → ␡, C1 controls (U+0080–U+009F, e.g. the 8-bit CSI) → "<U+009B>". A trailing 0xC2 (the
// first byte of a C1 control) is held in *carry until the next call.
QByteArray escapeControls(QByteArrayView utf8, QByteArray *carry);

} // namespace TerminalText

// A write-only device over a stdio stream that escapes control characters if the stream is a
// terminal (isatty) and passes bytes through otherwise.
class TerminalSafeOutput final : public QIODevice
{
public:
    explicit TerminalSafeOutput(FILE *stream, QObject *parent = nullptr);
    ~TerminalSafeOutput() override;

    bool isSequential() const override { return true; }
    bool escapes() const { return m_escape; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    FILE *m_stream;
    bool m_escape;
    QByteArray m_carry;
};

} // namespace Skein
