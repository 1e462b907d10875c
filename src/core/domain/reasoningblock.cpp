// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/reasoningblock.h"

#include <QJsonObject>

namespace Skein::ReasoningBlocks {

using namespace Qt::StringLiterals;

namespace {

QJsonValue textOrNull(const QString &text, bool applies)
{
    return applies ? QJsonValue(text) : QJsonValue(QJsonValue::Null);
}

} // namespace

QString kindName(ReasoningBlock::Kind kind)
{
    return kind == ReasoningBlock::Kind::Redacted ? u"redacted_thinking"_s : u"thinking"_s;
}

std::optional<ReasoningBlock::Kind> kindFromName(const QString &name)
{
    if (name == u"thinking")
        return ReasoningBlock::Kind::Thinking;
    if (name == u"redacted_thinking")
        return ReasoningBlock::Kind::Redacted;
    return std::nullopt;
}

QJsonArray toJson(const QList<ReasoningBlock> &blocks)
{
    QJsonArray array;
    for (const ReasoningBlock &b : blocks) {
        const bool thinking = b.kind == ReasoningBlock::Kind::Thinking;
        array.append(QJsonObject {
            {u"type"_s, kindName(b.kind)},
            {u"thinking"_s, textOrNull(b.thinking, thinking)},
            {u"signature"_s, textOrNull(b.signature, thinking && !b.signature.isEmpty())},
            {u"data"_s, textOrNull(b.data, !thinking)},
            {u"text_offset"_s, b.textOffset},
            {u"tool_calls_before"_s, b.toolCallsBefore},
        });
    }
    return array;
}

QList<ReasoningBlock> fromJson(const QJsonArray &array)
{
    QList<ReasoningBlock> blocks;
    blocks.reserve(array.size());
    for (const QJsonValue &value : array) {
        const QJsonObject o = value.toObject();
        const std::optional<ReasoningBlock::Kind> kind = kindFromName(o.value(u"type"_s).toString());
        if (!kind)
            continue;
        ReasoningBlock b;
        b.kind = *kind;
        b.thinking = o.value(u"thinking"_s).toString();
        b.signature = o.value(u"signature"_s).toString();
        b.data = o.value(u"data"_s).toString();
        b.textOffset = qMax<qint64>(0, o.value(u"text_offset"_s).toInteger());
        b.toolCallsBefore = qMax<qint64>(0, o.value(u"tool_calls_before"_s).toInteger());
        blocks.append(b);
    }
    return blocks;
}

QList<ReasoningBlock> shifted(QList<ReasoningBlock> blocks, qsizetype by, qsizetype toolCallsBy)
{
    for (ReasoningBlock &b : blocks) {
        b.textOffset = qMax<qsizetype>(0, b.textOffset + by);
        b.toolCallsBefore = qMax<qsizetype>(0, b.toolCallsBefore + toolCallsBy);
    }
    return blocks;
}

} // namespace Skein::ReasoningBlocks
