-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 3: what a reply needs to be sent back exactly and explained later.
-- reasoning_blocks: the reply's thinking blocks as the provider sent them, in order, with their
-- signatures and places between text and tool calls (a JSON array, docs/storage.md). Anthropic
-- requires the signed thinking and redacted_thinking blocks of the turn that made a tool call
-- back unchanged; NULL when the reply had none.
-- stop_sequence: the stop sequence that ended the reply, when the provider named it.
ALTER TABLE messages ADD COLUMN reasoning_blocks TEXT;
ALTER TABLE messages ADD COLUMN stop_sequence TEXT;
