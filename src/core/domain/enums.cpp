// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/enums.h"

#include <array>
#include <utility>

namespace Skein {

namespace {

template<typename E, std::size_t N> using Names = std::array<std::pair<E, QLatin1StringView>, N>;

using namespace Qt::StringLiterals;

constexpr Names<Role, 4> roleNames {
    {{Role::System, "system"_L1}, {Role::User, "user"_L1}, {Role::Assistant, "assistant"_L1}, {Role::Tool, "tool"_L1}}};
constexpr Names<MessageStatus, 5> messageStatusNames {{{MessageStatus::Generating, "generating"_L1},
                                                       {MessageStatus::Complete, "complete"_L1},
                                                       {MessageStatus::Interrupted, "interrupted"_L1},
                                                       {MessageStatus::Failed, "failed"_L1},
                                                       {MessageStatus::Cancelled, "cancelled"_L1}}};
constexpr Names<SessionState, 7> sessionStateNames {{{SessionState::Idle, "idle"_L1},
                                                     {SessionState::Pending, "pending"_L1},
                                                     {SessionState::Active, "active"_L1},
                                                     {SessionState::WaitingTool, "waiting_tool"_L1},
                                                     {SessionState::Completed, "completed"_L1},
                                                     {SessionState::Failed, "failed"_L1},
                                                     {SessionState::Cancelled, "cancelled"_L1}}};
// Names written by databases before the agent loop existed.
constexpr Names<SessionState, 4> legacySessionStateNames {{{SessionState::Active, "streaming"_L1},
                                                           {SessionState::WaitingTool, "awaiting_approval"_L1},
                                                           {SessionState::WaitingTool, "running_tools"_L1},
                                                           {SessionState::Failed, "error"_L1}}};
constexpr Names<MemoryScope, 3> memoryScopeNames {
    {{MemoryScope::Global, "global"_L1}, {MemoryScope::Session, "session"_L1}, {MemoryScope::Branch, "branch"_L1}}};
constexpr Names<MemoryType, 6> memoryTypeNames {{{MemoryType::Preference, "preference"_L1},
                                                 {MemoryType::Fact, "fact"_L1},
                                                 {MemoryType::Profile, "profile"_L1},
                                                 {MemoryType::Instruction, "instruction"_L1},
                                                 {MemoryType::Task, "task"_L1},
                                                 {MemoryType::Pinned, "pinned"_L1}}};
constexpr Names<MemoryStatus, 4> memoryStatusNames {{{MemoryStatus::Pending, "pending"_L1},
                                                     {MemoryStatus::Active, "active"_L1},
                                                     {MemoryStatus::Disabled, "disabled"_L1},
                                                     {MemoryStatus::Rejected, "rejected"_L1}}};
constexpr Names<SummaryLevel, 2> summaryLevelNames {
    {{SummaryLevel::Segment, "segment"_L1}, {SummaryLevel::Session, "session"_L1}}};
constexpr Names<ToolStatus, 6> toolStatusNames {{{ToolStatus::Pending, "pending"_L1},
                                                 {ToolStatus::Running, "running"_L1},
                                                 {ToolStatus::Success, "success"_L1},
                                                 {ToolStatus::Failed, "failed"_L1},
                                                 {ToolStatus::Timeout, "timeout"_L1},
                                                 {ToolStatus::Denied, "denied"_L1}}};

constexpr Names<AttachmentKind, 4> attachmentKindNames {{{AttachmentKind::Image, "image"_L1},
                                                         {AttachmentKind::Pdf, "pdf"_L1},
                                                         {AttachmentKind::Text, "text"_L1},
                                                         {AttachmentKind::Other, "other"_L1}}};

template<typename E, std::size_t N> QString nameOf(const Names<E, N> &names, E value)
{
    for (const auto &[e, name] : names) {
        if (e == value)
            return QString(name);
    }
    return {};
}

template<typename E, std::size_t N> std::optional<E> valueOf(const Names<E, N> &names, QStringView text)
{
    for (const auto &[e, name] : names) {
        if (text == name)
            return e;
    }
    return std::nullopt;
}

} // namespace

QString toString(Role value)
{
    return nameOf(roleNames, value);
}
QString toString(MessageStatus value)
{
    return nameOf(messageStatusNames, value);
}
QString toString(SessionState value)
{
    return nameOf(sessionStateNames, value);
}
QString toString(MemoryScope value)
{
    return nameOf(memoryScopeNames, value);
}
QString toString(MemoryType value)
{
    return nameOf(memoryTypeNames, value);
}
QString toString(MemoryStatus value)
{
    return nameOf(memoryStatusNames, value);
}
QString toString(SummaryLevel value)
{
    return nameOf(summaryLevelNames, value);
}
QString toString(ToolStatus value)
{
    return nameOf(toolStatusNames, value);
}
QString toString(AttachmentKind value)
{
    return nameOf(attachmentKindNames, value);
}

std::optional<Role> roleFromString(QStringView text)
{
    return valueOf(roleNames, text);
}
std::optional<MessageStatus> messageStatusFromString(QStringView text)
{
    return valueOf(messageStatusNames, text);
}
std::optional<SessionState> sessionStateFromString(QStringView text)
{
    if (auto value = valueOf(sessionStateNames, text))
        return value;
    return valueOf(legacySessionStateNames, text);
}
std::optional<MemoryScope> memoryScopeFromString(QStringView text)
{
    return valueOf(memoryScopeNames, text);
}
std::optional<MemoryType> memoryTypeFromString(QStringView text)
{
    return valueOf(memoryTypeNames, text);
}
std::optional<MemoryStatus> memoryStatusFromString(QStringView text)
{
    return valueOf(memoryStatusNames, text);
}
std::optional<SummaryLevel> summaryLevelFromString(QStringView text)
{
    return valueOf(summaryLevelNames, text);
}
std::optional<ToolStatus> toolStatusFromString(QStringView text)
{
    return valueOf(toolStatusNames, text);
}
std::optional<AttachmentKind> attachmentKindFromString(QStringView text)
{
    return valueOf(attachmentKindNames, text);
}

} // namespace Skein
