// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "terminaltext.h"

#include <unistd.h>

namespace Skein {

namespace TerminalText {

QByteArray escapeControls(QByteArrayView utf8, QByteArray *carry)
{
    QByteArray in = std::exchange(*carry, {});
    in += utf8;
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const auto c = static_cast<unsigned char>(in.at(i));
        if (c == '\n' || c == '\t') {
            out += char(c);
        } else if (c < 0x20) {
            out += QString(QChar(0x2400 + c)).toUtf8(); // ␀ … ␟
        } else if (c == 0x7f) {
            out += "\u2421"; // ␡
        } else if (c == 0xc2) {
            if (i + 1 == in.size()) {
                *carry = QByteArray(1, char(c));
                break;
            }
            const auto next = static_cast<unsigned char>(in.at(i + 1));
            if (next >= 0x80 && next <= 0x9f) {
                out += "<U+00" + QByteArray::number(next, 16).toUpper() + '>';
                ++i;
            } else {
                out += char(c);
            }
        } else {
            out += char(c);
        }
    }
    return out;
}

} // namespace TerminalText

TerminalSafeOutput::TerminalSafeOutput(FILE *stream, QObject *parent)
    : QIODevice(parent)
    , m_stream(stream)
    , m_escape(isatty(fileno(stream)) == 1)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

TerminalSafeOutput::~TerminalSafeOutput()
{
    if (!m_carry.isEmpty())
        std::fwrite(m_carry.constData(), 1, size_t(m_carry.size()), m_stream);
    std::fflush(m_stream);
}

qint64 TerminalSafeOutput::writeData(const char *data, qint64 size)
{
    const QByteArray bytes = m_escape ? TerminalText::escapeControls(QByteArrayView(data, size), &m_carry)
                                      : QByteArray::fromRawData(data, size);
    if (!bytes.isEmpty() && std::fwrite(bytes.constData(), 1, size_t(bytes.size()), m_stream) != size_t(bytes.size()))
        return -1;
    std::fflush(m_stream);
    return size;
}

} // namespace Skein
