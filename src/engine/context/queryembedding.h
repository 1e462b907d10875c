/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QList>
#include <QString>

namespace Skein {

// The query of a request as a vector of the user's embedding model, for semantic recall (issue
// 17; docs/context.md, "Semantic recall"). model empty: recall is lexical only. vector empty: the
// vector stored for the current user message under model, when there is one (a retry, a later
// call of the agent loop); none stored either: lexical only.
struct QueryEmbedding
{
    QString model;
    QList<float> vector;

    bool isEnabled() const { return !model.isEmpty(); }
    friend bool operator==(const QueryEmbedding &, const QueryEmbedding &) = default;
};

} // namespace Skein
