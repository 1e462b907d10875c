/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"

#include <QList>
#include <QString>

namespace Skein::PromptBlocks {

// The delimited blocks of the system prompt (ContextAssembler::systemPrompt), for measuring one
// entry against its budget: a memory's line, and the pinned-notes block (issue 17).
QString memoryLine(const Memory &memory);
QString pinnedBlock(const QList<Memory> &pinned);

} // namespace Skein::PromptBlocks
