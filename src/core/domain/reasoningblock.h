/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonArray>
#include <QList>
#include <QString>

#include <optional>

namespace Skein {

// One thinking block of a reply, kept exactly as the provider sent it (Anthropic extended
// thinking). The signature covers the text; a tool loop must send every block of the reply that
// made the call back unchanged and in order, so each block remembers where it sat between the
// reply's text and its tool calls. Message::reasoning holds the thinking text for reading; the
// blocks are what goes back on the wire.
struct ReasoningBlock
{
    enum class Kind {
        Thinking, // `thinking` with its `signature`
        Redacted, // `redacted_thinking`: opaque `data`, encrypted by the provider
    };

    Kind kind = Kind::Thinking;
    QString thinking; // Thinking: the text
    QString signature; // Thinking: empty when the stream ended before it arrived
    QString data; // Redacted: the opaque payload
    qsizetype textOffset = 0; // UTF-16 code units of the reply's text that came before the block
    qsizetype toolCallsBefore = 0; // tool calls of the reply that came before the block

    // Whether the provider would accept the block back (a thinking block needs its signature).
    bool canBeSentBack() const { return kind == Kind::Redacted ? !data.isEmpty() : !signature.isEmpty(); }
    friend bool operator==(const ReasoningBlock &, const ReasoningBlock &) = default;
};

namespace ReasoningBlocks {

// "thinking" / "redacted_thinking": the provider's own block types.
QString kindName(ReasoningBlock::Kind kind);
std::optional<ReasoningBlock::Kind> kindFromName(const QString &name);

// The JSON kept in the database and in exports (docs/export-format.md): every key always present,
// null where it does not apply, so the form is canonical.
QJsonArray toJson(const QList<ReasoningBlock> &blocks);
// Lenient: entries it cannot read are skipped (the importer validates strictly before this).
QList<ReasoningBlock> fromJson(const QJsonArray &array);

// The same blocks when `by` characters of text are put in front of the reply's text.
QList<ReasoningBlock> shifted(QList<ReasoningBlock> blocks, qsizetype by, qsizetype toolCallsBy = 0);

} // namespace ReasoningBlocks

} // namespace Skein
