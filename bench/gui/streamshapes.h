/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// Content shapes for the streaming benchmark (issue #12): what a reply is made of changes
// what each streamed flush costs the chat view.
#include <QByteArray>
#include <QList>
#include <QString>

namespace Skein::Bench {

struct StreamShape
{
    QString name;
    QString text; // the reply's content
    QString reasoning;
    QString toolName; // a tool call whose arguments stream after the text, when set
    QString toolArguments;
    bool expandReasoning = false; // the user opened the reasoning section while it streams
};

// The five shapes of issue #12: long tool-call arguments, a 30,000-row table without blank
// lines, one 200 KB paragraph, long reasoning, 50 code blocks.
QList<StreamShape> streamShapes();

// An OpenAI-compatible SSE body (as llama-server sends it) carrying shape, one event per token
// of kTokenChars characters. eventEnds[i]: byte offset after event i; eventChars[i]: characters of
// reply (text, reasoning, arguments) carried up to and including event i.
constexpr int kTokenChars = 4;
QByteArray shapeSse(const StreamShape &shape, QList<qint64> *eventEnds, QList<qint64> *eventChars);
// A short final reply ("Done.") for every other request (the call after a tool result).
QByteArray shortSse();

} // namespace Skein::Bench
