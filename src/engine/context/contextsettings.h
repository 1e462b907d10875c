/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonObject>
#include <QtGlobal>

namespace Skein {

// The context engine's knobs (SPEC §4.2–4.7) with their defaults; a session overrides any of them
// through Session::contextSettings (docs/context.md lists the keys).
struct ContextSettings
{
    qint64 window = 0; // a user-set window for this session; 0: discover it
    qint64 maxOutputTokens = 0; // the output reserve (max_tokens); 0: 25% of the window, capped
    // Shares of the input budget (window − output reserve). Unused shares flow to history.
    double systemShare = 0.15; // persona + memories + summaries
    double toolsShare = 0.20;
    double historyShare = 0.40;
    double currentShare = 0.25;
    int historyCount = 50; // at most this many messages replayed (layer 1)
    int hardCap = 5000; // messages further back than this are never replayed raw (layer 5)
    qint64 digestThreshold = 1200; // tool outputs above this many tokens are digested (layer 2) ...
    int digestKeepTurns = 2; // ... unless they belong to the last K turns
    double toolResultShare = 0.5; // tool results may take at most this share of the history budget
    // Recall (issue 17): earlier messages outside the window that match the current one may take
    // this share of the input budget (0: off), from this conversation or from all of them.
    double recallShare = 0.10;
    bool recallAllSessions = false;
    // Pinned notes (issue 17): always in the system prompt, within this share of the input budget.
    double pinnedShare = 0.05;

    static constexpr qint64 kOutputReserveCap = 8192;
    static constexpr qint64 kFallbackWindow = 8192;
    static constexpr qint64 kMinWindow = 512;

    // Defaults overridden by the keys present in json; bad values are ignored.
    static ContextSettings fromJson(const QJsonObject &json);
    // These settings with the keys present in json applied over them.
    ContextSettings overriddenBy(const QJsonObject &json) const;
    QJsonObject toJson() const;
};

// Token budget of one request (SPEC §4.2).
struct ContextBudget
{
    qint64 window = 0;
    qint64 outputReserve = 0;
    qint64 input = 0; // window − outputReserve
    qint64 system = 0;
    qint64 tools = 0;
    qint64 history = 0;
    qint64 current = 0;
    qint64 recall = 0; // at most; history keeps what recall does not use
    qint64 pinned = 0; // at most, for pinned notes

    // modelMaxOutput (0: unknown) caps the reserve further.
    static ContextBudget compute(qint64 window, const ContextSettings &settings, qint64 modelMaxOutput = 0);
    QJsonObject toJson() const;
};

} // namespace Skein
