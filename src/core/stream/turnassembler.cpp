// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/turnassembler.h"

#include <QJsonDocument>

#include <algorithm>

namespace Skein {

namespace {

// Only spaces (usually: stops at the first character, so O(1) for JSON text).
bool isBlank(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isSpace(); });
}

bool isCompleteJsonValue(const QString &text)
{
    if (text.isEmpty() || (text.front() != u'{' && !text.front().isSpace())
        || (text.back() != u'}' && !text.back().isSpace()))
        return false; // the cheap test first: a slice in the middle of the arguments
    const QString trimmed = text.trimmed();
    if (!trimmed.startsWith(u'{') || !trimmed.endsWith(u'}'))
        return false;
    QJsonParseError error;
    QJsonDocument::fromJson(trimmed.toUtf8(), &error);
    return error.error == QJsonParseError::NoError;
}

bool isChoiceSpecific(StreamDelta::Kind kind)
{
    switch (kind) {
    case StreamDelta::Kind::Text:
    case StreamDelta::Kind::Refusal:
    case StreamDelta::Kind::Reasoning:
    case StreamDelta::Kind::ReasoningSignature:
    case StreamDelta::Kind::RedactedReasoning:
    case StreamDelta::Kind::StopSequence:
    case StreamDelta::Kind::ToolCall:
    case StreamDelta::Kind::Finish:
        return true;
    default:
        return false;
    }
}

} // namespace

TurnAssembler::TurnAssembler(int choice)
    : m_choice(choice)
{ }

void TurnAssembler::apply(const QList<StreamDelta> &deltas)
{
    for (const StreamDelta &delta : deltas)
        apply(delta);
}

void TurnAssembler::apply(const StreamDelta &delta)
{
    if (isChoiceSpecific(delta.kind) && delta.choice != m_choice)
        return;
    switch (delta.kind) {
    case StreamDelta::Kind::Text:
        m_turn.text += delta.text;
        break;
    case StreamDelta::Kind::Refusal:
        m_turn.refusal += delta.text;
        break;
    case StreamDelta::Kind::Reasoning:
        m_turn.reasoning += delta.text;
        if (delta.contentBlock >= 0)
            thinkingBlock(delta.contentBlock).thinking += delta.text;
        break;
    case StreamDelta::Kind::ReasoningSignature:
        // The whole signature arrives in one signature_delta (as the Anthropic SDKs assume).
        thinkingBlock(delta.contentBlock).signature = delta.text;
        break;
    case StreamDelta::Kind::RedactedReasoning: {
        ReasoningBlock block;
        block.kind = ReasoningBlock::Kind::Redacted;
        block.data = delta.text;
        appendBlock(std::move(block), delta.contentBlock);
        break;
    }
    case StreamDelta::Kind::StopSequence:
        m_turn.stopSequence = delta.text;
        break;
    case StreamDelta::Kind::ToolCall:
        applyToolCall(delta.toolCall);
        break;
    case StreamDelta::Kind::Usage:
        m_turn.usage.mergeFrom(delta.usage);
        break;
    case StreamDelta::Kind::Finish:
        m_turn.finishReason = delta.finishReason;
        m_turn.rawFinishReason = delta.text;
        m_turn.sawTerminalMarker = true;
        for (ToolCall &call : m_turn.toolCalls) // the reply is over: nothing more comes for them
            call.closed = true;
        break;
    case StreamDelta::Kind::Error:
        if (m_turn.error.isNull())
            m_turn.error = delta.error;
        break;
    case StreamDelta::Kind::Metadata:
        if (!delta.model.isEmpty())
            m_turn.model = delta.model;
        if (!delta.responseId.isEmpty())
            m_turn.responseId = delta.responseId;
        break;
    case StreamDelta::Kind::Reset: {
        AssembledTurn fresh;
        fresh.error = m_turn.error;
        m_turn = fresh;
        m_lastContentBlock = -1;
        break;
    }
    case StreamDelta::Kind::EndOfStream:
        m_turn.sawTerminalMarker = true;
        break;
    }
}

ReasoningBlock &TurnAssembler::thinkingBlock(int contentBlock)
{
    QList<ReasoningBlock> &blocks = m_turn.reasoningBlocks;
    if (blocks.isEmpty() || blocks.constLast().kind != ReasoningBlock::Kind::Thinking
        || (contentBlock >= 0 && contentBlock != m_lastContentBlock))
        appendBlock({}, contentBlock);
    return blocks.last();
}

void TurnAssembler::appendBlock(ReasoningBlock block, int contentBlock)
{
    block.textOffset = m_turn.text.size();
    block.toolCallsBefore = m_turn.toolCalls.size();
    m_turn.reasoningBlocks.append(std::move(block));
    m_lastContentBlock = contentBlock;
}

void TurnAssembler::applyToolCall(const ToolCallFragment &fragment)
{
    // Fragments almost always continue the newest call: look there first.
    auto it = !m_turn.toolCalls.isEmpty() && m_turn.toolCalls.constLast().index == fragment.index
        ? std::prev(m_turn.toolCalls.end())
        : std::find_if(m_turn.toolCalls.begin(), m_turn.toolCalls.end(),
                       [&](const ToolCall &call) { return call.index == fragment.index; });
    if (it == m_turn.toolCalls.end()) {
        ToolCall call;
        call.index = fragment.index;
        m_turn.toolCalls.append(call);
        it = std::prev(m_turn.toolCalls.end());
    }
    if (it->id.isEmpty() && !fragment.id.isEmpty())
        it->id = fragment.id;
    if (it->name.isEmpty() && !fragment.name.isEmpty())
        it->name = fragment.name;
    if (fragment.closes)
        it->closed = true;
    if (fragment.replaceArguments) {
        it->argumentsJson = fragment.arguments;
    } else if (!fragment.arguments.isEmpty()) {
        // Some servers resend the whole call; appending would produce "{}{}".
        if (!isBlank(it->argumentsJson) && isCompleteJsonValue(fragment.arguments)
            && isCompleteJsonValue(it->argumentsJson))
            it->argumentsJson = fragment.arguments;
        else
            it->argumentsJson += fragment.arguments;
    }
}

AssembledTurn TurnAssembler::turn() const
{
    AssembledTurn turn = m_turn;
    for (ToolCall &call : turn.toolCalls) {
        if (isBlank(call.argumentsJson))
            call.argumentsJson = QStringLiteral("{}");
    }
    return turn;
}

} // namespace Skein
