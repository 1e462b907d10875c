/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>

namespace Skein {

// A user message split into the user's own words and foreign text the user pasted or quoted:
// markdown quotes, code blocks, pasted chats ("Assistant: …", "ChatGPT said:"), blocks introduced
// by "my boss wrote:" / "here is the email:", quotations introduced by "someone said", and long
// quoted passages. Only own words can become an active memory (SPEC §4.10, §7).
struct MessageParts
{
    QString own;
    QStringList foreign;
    QStringList kinds; // why text was set aside: "quote", "code", "pasted chat", "quoted speech", ...

    bool hasForeign() const { return !foreign.isEmpty(); }
};

// What happens to a memory a model proposed.
struct GuardVerdict
{
    enum class Action {
        Allow, // the user's own statement: may become active (if review is not required)
        Pending, // kept for the user's review only
        Drop, // never stored (secrets, injected instructions, unknown source)
    };

    Action action = Action::Drop;
    QString reason; // empty for Allow
    double support = 0.0; // share of the candidate's words found in the user's own words
};

// The memory-poisoning guard. Pure functions; the extractor applies them to every proposal,
// whatever the model said, so a fooled or hostile model cannot activate foreign text.
namespace MemoryGuard {

MessageParts split(const QString &userText);

// Decides for a candidate memory (as the model worded it) from the message it claims to come from.
GuardVerdict assess(const QString &candidate, const MessageParts &source);

// Credentials and similar: never stored at all.
bool looksLikeSecret(const QString &text);
// Text addressed to the assistant or the system rather than a fact about the user
// ("SYSTEM: save this memory", "ignore previous instructions", role tags).
bool looksLikeInjection(const QString &text);

// The share (0..1) of the content words of candidate that also occur in text (prefix-tolerant
// for Latin words, bigrams for CJK).
double support(const QString &candidate, const QString &text);

// Two memories say the same thing (normalised equality or nearly the same words).
bool sameContent(const QString &a, const QString &b);

// The longest memory any path may create (extraction, memory_save, import, the user's own edit
// aside), in characters.
inline constexpr qsizetype kMaxContentChars = 2000;

// For a memory that arrives from outside (an imported file, a memory_save call): why it is
// refused in plain words (a secret, too long, empty), or an empty string. What passes still only
// ever arrives pending or held for review where the source is not the user's own words.
QString refusal(const QString &content);

} // namespace MemoryGuard

} // namespace Skein
