// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "streamshapes.h"

namespace Skein::Bench {

using namespace Qt::StringLiterals;

namespace {

const QStringList kWords {u"context"_s, u"branch"_s, u"token"_s,  u"model"_s, u"reply"_s,  u"window"_s, u"summary"_s,
                          u"memory"_s,  u"tree"_s,   u"stream"_s, u"cache"_s, u"prompt"_s, u"server"_s, u"socket"_s};

QString sentence(int i)
{
    QString s;
    const int n = 8 + i % 11;
    for (int w = 0; w < n; ++w) {
        QString word = kWords.at((i * 7 + w * 3) % kWords.size());
        if (w == 0)
            word[0] = word.at(0).toUpper();
        s += word + (w + 1 < n ? u" "_s : u". "_s);
    }
    return s;
}

QString codeBlock(int i)
{
    QString s = u"```python\ndef step_%1(values):\n"_s.arg(i);
    for (int line = 0; line < 28; ++line)
        s += u"    total_%1 = sum(v * %2 for v in values if v > %1)  # %3\n"_s.arg(line).arg(i + line).arg(
            kWords.at(line % kWords.size()));
    return s + u"    return total_0\n```\n"_s;
}

QByteArray jsonString(const QString &s)
{
    QByteArray out;
    out.reserve(s.size() + 8);
    out += '"';
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        if (u == u'"' || u == u'\\') {
            out += '\\';
            out += char(u);
        } else if (u == u'\n') {
            out += "\\n";
        } else if (u < 0x20) {
            out += "\\u00" + QByteArray::number(u, 16).rightJustified(2, '0');
        } else {
            out += QString(c).toUtf8();
        }
    }
    out += '"';
    return out;
}

QByteArray event(const QByteArray &delta, const QByteArray &finish = "null")
{
    return R"(data: {"choices":[{"finish_reason":)" + finish + R"(,"index":0,"delta":)" + delta
        + R"(}],"created":1764600000,"id":"chatcmpl-bench","model":"bench-1","system_fingerprint":"b1",)"
          R"("object":"chat.completion.chunk"})"
          "\n\n";
}

} // namespace

QList<StreamShape> streamShapes()
{
    QList<StreamShape> shapes;
    {
        // A model writing a file through a tool: ~100 KB of arguments (the issue saw ~10 KB).
        StreamShape s;
        s.name = u"tool-args"_s;
        s.text = u"I will write the notes to the file."_s;
        s.toolName = u"bench_sink"_s;
        QString body;
        for (int i = 0; body.size() < 100'000; ++i)
            body += sentence(i) + (i % 6 == 5 ? u"\n\n"_s : QString());
        s.toolArguments = QString::fromUtf8(R"({"path": "notes.md", "content": )" + jsonString(body) + "}");
        shapes << s;
    }
    {
        StreamShape s;
        s.name = u"table-30k"_s;
        s.text = u"| # | key | value |\n|---|---|---|\n"_s;
        for (int i = 1; i <= 30'000; ++i)
            s.text += u"| %1 | k%2 | %3 |\n"_s.arg(i).arg(i % 97).arg((i * 7919) % 100'000);
        shapes << s;
    }
    {
        StreamShape s;
        s.name = u"paragraph-200k"_s;
        for (int i = 0; s.text.size() < 200'000; ++i)
            s.text += sentence(i);
        s.text.truncate(200'000);
        shapes << s;
    }
    {
        StreamShape s;
        s.name = u"reasoning-200k"_s;
        for (int i = 0; s.reasoning.size() < 200'000; ++i)
            s.reasoning += sentence(i) + (i % 5 == 4 ? u"\n\n"_s : QString());
        s.text = u"The answer, after all that thinking, is short."_s;
        s.expandReasoning = true;
        shapes << s;
    }
    {
        StreamShape s;
        s.name = u"code-50"_s;
        for (int i = 0; i < 50; ++i)
            s.text += u"Step %1: "_s.arg(i + 1) + sentence(i) + u"\n\n"_s + codeBlock(i) + u"\n"_s;
        shapes << s;
    }
    return shapes;
}

QByteArray shapeSse(const StreamShape &shape, QList<qint64> *eventEnds, QList<qint64> *eventChars)
{
    QByteArray body;
    qint64 chars = 0;
    auto add = [&](const QByteArray &e, qint64 carried) {
        body += e;
        chars += carried;
        eventEnds->append(body.size());
        eventChars->append(chars);
    };
    add(event(R"({"role":"assistant","content":null})"), 0);
    for (qsizetype i = 0; i < shape.reasoning.size(); i += kTokenChars) {
        const QString piece = shape.reasoning.mid(i, kTokenChars);
        add(event(R"({"reasoning_content":)" + jsonString(piece) + "}"), piece.size());
    }
    for (qsizetype i = 0; i < shape.text.size(); i += kTokenChars) {
        const QString piece = shape.text.mid(i, kTokenChars);
        add(event(R"({"content":)" + jsonString(piece) + "}"), piece.size());
    }
    if (!shape.toolName.isEmpty()) {
        add(event(R"({"tool_calls":[{"index":0,"id":"call_bench_1","type":"function","function":{"name":)"
                  + jsonString(shape.toolName) + R"(,"arguments":""}}]})"),
            0);
        for (qsizetype i = 0; i < shape.toolArguments.size(); i += kTokenChars) {
            const QString piece = shape.toolArguments.mid(i, kTokenChars);
            add(event(R"({"tool_calls":[{"index":0,"function":{"arguments":)" + jsonString(piece) + "}}]}"),
                piece.size());
        }
    }
    add(event("{}", shape.toolName.isEmpty() ? R"("stop")" : R"("tool_calls")"), 0);
    add(R"(data: {"choices":[],"created":1764600000,"id":"chatcmpl-bench","model":"bench-1",)"
        R"("object":"chat.completion.chunk","usage":{"completion_tokens":)"
            + QByteArray::number(eventEnds->size()) + R"(,"prompt_tokens":100,"total_tokens":)"
            + QByteArray::number(eventEnds->size() + 100) + "}}\n\n",
        0);
    add("data: [DONE]\n\n", 0);
    return body;
}

QByteArray shortSse()
{
    return event(R"({"role":"assistant","content":"Done."})") + event("{}", R"("stop")") + "data: [DONE]\n\n";
}

} // namespace Skein::Bench
