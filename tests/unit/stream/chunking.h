/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QList>
#include <QRandomGenerator>

// Ways of cutting a byte stream into network chunks, shared by the stream tests.
namespace Skein::Test {

struct Chunking
{
    QString name;
    QList<QByteArray> chunks;
};

inline QList<Chunking> chunkings(const QByteArray &bytes)
{
    QList<Chunking> result;
    result.append({QStringLiteral("whole"), {bytes}});
    Chunking single {QStringLiteral("byte-by-byte"), {}};
    for (char c : bytes)
        single.chunks.append(QByteArray(1, c));
    result.append(single);
    for (quint32 seed : {1u, 7u, 42u, 1234u, 99991u}) {
        QRandomGenerator random(seed);
        Chunking chunking {QStringLiteral("random seed %1").arg(seed), {}};
        for (qsizetype at = 0; at < bytes.size();) {
            const qsizetype size = std::min<qsizetype>(random.bounded(1, 48), bytes.size() - at);
            chunking.chunks.append(bytes.mid(at, size));
            at += size;
        }
        result.append(chunking);
    }
    return result;
}

} // namespace Skein::Test
