/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <random>

namespace Skein::Bench {

// A question asked at the end of a generated conversation, and the turns that answer it.
struct PlantedQuestion
{
    QString kind; // single, two-hop, update
    QString question;
    QStringList evidenceIds; // every one must be in the context for the question to count
};

struct LongConversation
{
    QList<Message> messages; // root first, one linear path
    QList<PlantedQuestion> questions;
};

// Generates a two-speaker conversation of `turns` user/assistant pairs (about 60 tokens each
// message) about everyday topics, with facts planted at random turns (docs/benchmarks.md,
// "Recall"): single facts, facts whose answer needs two turns (a name introduced in one, what
// that person did in another), and facts that change half-way ("I live in Leeds" → "we moved
// to Osaka"), whose evidence is the later turn. Deterministic for a seed.
LongConversation generateConversation(const QString &sessionId, int turns, quint32 seed);

// A filler sentence pair, for conversations of any length (the cost benchmark).
QString fillerText(std::mt19937 &rng);

} // namespace Skein::Bench
