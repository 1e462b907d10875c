/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/callerror.h"
#include "llm/chatrequest.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkReply;

namespace Skein {

class ProviderClient;

// One request to a provider's embeddings endpoint (issue 17, semantic recall): POST /embeddings
// under the base URL of an OpenAI-compatible server (OpenAI, llama.cpp started with --embeddings,
// vLLM, LM Studio...) or POST /api/embed of Ollama, with several texts at once. Anthropic has no
// embeddings endpoint: the call ends at once with an error saying so. Ends with one finished().
class EmbeddingCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddingCall)

public:
    EmbeddingCall(ProviderClient *client, const QString &model, const QStringList &texts);
    ~EmbeddingCall() override;

    // The answer may not be larger than this (a few thousand floats per text, as JSON).
    static constexpr qint64 kMaxReplyBytes = qint64(64) << 20;
    // Inactivity timeout of the request, unless set otherwise.
    static constexpr int kTimeoutMs = 60 * 1000;

    void setTimeoutMs(int milliseconds) { m_timeoutMs = milliseconds; } // before start()
    void start();
    void cancel();
    bool isFinished() const { return m_finished; }

    // The request body for kind.
    static QByteArray body(ProviderKind kind, const QString &model, const QStringList &texts);
    // The vectors of an answer, one per text in the order sent, or an error (Parse) saying what
    // is wrong: not JSON, a vector missing or not numbers, vectors of different lengths.
    static QList<QList<float>> parse(ProviderKind kind, const QByteArray &answer, qsizetype expected, CallError *error);

Q_SIGNALS:
    // vectors: one per text (empty on error).
    void finished(const QList<QList<float>> &vectors, const Skein::CallError &error);

private:
    void finish(const QList<QList<float>> &vectors, const CallError &error);

    QPointer<ProviderClient> m_client;
    QString m_model;
    QStringList m_texts;
    QPointer<QNetworkReply> m_reply;
    int m_timeoutMs = kTimeoutMs;
    bool m_finished = false;
};

} // namespace Skein
