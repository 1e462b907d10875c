/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/jsontape.h"
#include "core/stream/streamdelta.h"

#include <QByteArray>
#include <QList>

namespace Skein {

// Translates Ollama native NDJSON lines (/api/chat, and /api/generate's `response`) into
// StreamDeltas: content, thinking, complete tool calls with object arguments, error lines, and the
// final done line with done_reason and token counts.
class OllamaTranslator
{
public:
    void translate(const QByteArray &line, QList<StreamDelta> &out);
    // The unterminated last line at end of body: translated when it is complete JSON, dropped
    // (no error) when the connection was cut inside it.
    void translateTail(const QByteArray &line, QList<StreamDelta> &out);

private:
    void translateObject(const JsonRef &object, QList<StreamDelta> &out);

    JsonTape m_json;
    int m_nextToolIndex = 0;
    QString m_model;
};

} // namespace Skein
