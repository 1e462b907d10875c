/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/session.h"

#include <QList>
#include <random>

namespace Skein::Bench {

// Deterministic synthetic chat data: English and Chinese text, trees with regenerated replies.
class Corpus
{
public:
    explicit Corpus(quint32 seed)
        : m_rng(seed)
    { }

    QString text(int minWords, int maxWords);
    // One session with `count` messages: a main chain where every 8th reply has a sibling
    // (a regenerated answer), so the tree has branches.
    QList<Message> sessionMessages(const Session &session, int count, qint64 startMs);
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }

private:
    std::mt19937 m_rng;
};

} // namespace Skein::Bench
