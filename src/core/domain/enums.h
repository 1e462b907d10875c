/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <optional>

namespace Skein {

// Stored as lowercase strings (the values below) in the database and in exports; fromString
// returns std::nullopt for anything unknown so callers can reject bad input explicitly.

enum class Role { System, User, Assistant, Tool };
enum class MessageStatus { Generating, Complete, Interrupted, Failed, Cancelled };
// SPEC §5.1 agent loop states as persisted on the session; Idle = no run yet. Older databases
// stored streaming / awaiting_approval / running_tools / error, which still read (as Active,
// WaitingTool, WaitingTool, Failed).
enum class SessionState { Idle, Pending, Active, WaitingTool, Completed, Failed, Cancelled };
enum class MemoryScope { Global, Session, Branch };
// Pinned (issue 17): a note the user pinned; never learned, always in the prompt (own share).
enum class MemoryType { Preference, Fact, Profile, Instruction, Task, Pinned };
enum class MemoryStatus { Pending, Active, Disabled, Rejected };
enum class SummaryLevel { Segment, Session };
enum class ToolStatus { Pending, Running, Success, Failed, Timeout, Denied };
enum class AttachmentKind { Image, Pdf, Text, Other };

QString toString(Role value);
QString toString(MessageStatus value);
QString toString(SessionState value);
QString toString(MemoryScope value);
QString toString(MemoryType value);
QString toString(MemoryStatus value);
QString toString(SummaryLevel value);
QString toString(ToolStatus value);
QString toString(AttachmentKind value);

std::optional<Role> roleFromString(QStringView text);
std::optional<MessageStatus> messageStatusFromString(QStringView text);
std::optional<SessionState> sessionStateFromString(QStringView text);
std::optional<MemoryScope> memoryScopeFromString(QStringView text);
std::optional<MemoryType> memoryTypeFromString(QStringView text);
std::optional<MemoryStatus> memoryStatusFromString(QStringView text);
std::optional<SummaryLevel> summaryLevelFromString(QStringView text);
std::optional<ToolStatus> toolStatusFromString(QStringView text);
std::optional<AttachmentKind> attachmentKindFromString(QStringView text);

} // namespace Skein
