/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "llm/callerror.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QNetworkReply;

namespace Skein {

class ProviderClient;

// Fetches the model list of one provider: /models (OpenAI-compatible, plus llama.cpp's /props for
// the real n_ctx), /v1/models (Anthropic) or /api/tags and /api/show per model (Ollama). Limits
// and prices the server does not state are filled from the presets. Ends with one finished().
class ModelListCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelListCall)

public:
    explicit ModelListCall(ProviderClient *client);
    ~ModelListCall() override;

    void start();
    void cancel();
    bool isFinished() const { return m_finished; }
    QList<ModelInfo> models() const { return m_models; }
    CallError error() const { return m_error; }

Q_SIGNALS:
    void finished(const QList<Skein::ModelInfo> &models, const Skein::CallError &error);

private:
    using Handler = std::function<void(const QByteArray &body)>;
    // Sends a request; the handler gets the body of a 2xx answer. A failed required request ends
    // the call with its error; an optional one (a detail like /api/show) is skipped.
    void send(QNetworkReply *reply, Handler handler, bool required = true);
    void onOpenAiModels(const QByteArray &body);
    void onOllamaTags(const QByteArray &body);
    void finish(const CallError &error = {});

    QPointer<ProviderClient> m_client;
    QList<QPointer<QNetworkReply>> m_replies;
    QList<ModelInfo> m_models;
    CallError m_error;
    int m_pending = 0;
    bool m_finished = false;
};

} // namespace Skein
