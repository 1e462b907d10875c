// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "providercheck.h"

#include "engine/providers/providerkeys.h"
#include "engine/providers/providerkinds.h"
#include "llm/modellistcall.h"
#include "llm/providerclient.h"
#include "secrets/secretstore.h"

#include <algorithm>

namespace Skein {

ProviderCheck::ProviderCheck(QNetworkAccessManager *network, SecretStore &secrets, const ProviderConfig &provider,
                             QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_secrets(secrets)
    , m_provider(provider)
{ }

ProviderCheck::~ProviderCheck() = default;

void ProviderCheck::setApiKey(const QString &key)
{
    m_key = key;
    m_keyGiven = true;
}

void ProviderCheck::start()
{
    if (m_running)
        return;
    m_running = true;
    if (m_keyGiven) {
        query(m_key);
        return;
    }
    ProviderKeys::read(m_secrets, m_provider, this, [this](const SecretResult &result) {
        // No key is fine for local servers; a server that needs one answers with an auth error.
        query(result.ok() ? result.value : QString());
    });
}

void ProviderCheck::cancel()
{
    if (m_client)
        m_client->abortAll();
}

void ProviderCheck::query(const QString &key)
{
    if (!m_running)
        return;
    ProviderEndpoint endpoint = ProviderKinds::endpoint(m_provider, key);
    if (!endpoint.baseUrl.isValid() || endpoint.baseUrl.scheme().isEmpty() || endpoint.baseUrl.host().isEmpty()) {
        done(false, tr("The base URL is not a full address such as https://api.openai.com/v1."));
        return;
    }
    endpoint.transferTimeoutMs = m_timeoutMs;
    m_client = new ProviderClient(m_network, endpoint, this);
    ModelListCall *call = m_client->listModels();
    const auto report = [this, call] {
        const CallError error = call->error();
        if (error.isError()) {
            done(false, error.displayText());
            return;
        }
        const QList<ModelInfo> models = call->models();
        done(true, tr("Connected. The server lists %n model(s).", nullptr, int(models.size())), models);
    };
    if (call->isFinished()) {
        report();
        return;
    }
    connect(call, &ModelListCall::finished, this, report);
}

void ProviderCheck::done(bool ok, const QString &message, const QList<ModelInfo> &models)
{
    if (!m_running)
        return;
    m_running = false;
    if (m_client)
        m_client->deleteLater();
    Q_EMIT finished(ok, message, models);
}

void ProviderCheck::mergeModels(QList<ModelInfo> &stored, const QList<ModelInfo> &fetched)
{
    for (const ModelInfo &f : fetched) {
        auto it = std::find_if(stored.begin(), stored.end(), [&](const ModelInfo &m) { return m.id == f.id; });
        if (it == stored.end()) {
            stored.append(f);
            continue;
        }
        if (it->contextWindow <= 0)
            it->contextWindow = f.contextWindow;
        if (it->maxOutputTokens <= 0)
            it->maxOutputTokens = f.maxOutputTokens;
        if (it->inputPricePerMTok <= 0)
            it->inputPricePerMTok = f.inputPricePerMTok;
        if (it->outputPricePerMTok <= 0)
            it->outputPricePerMTok = f.outputPricePerMTok;
        if (it->cachedInputPricePerMTok <= 0)
            it->cachedInputPricePerMTok = f.cachedInputPricePerMTok;
        if (it->vision == ModelVision::Unknown)
            it->vision = f.vision;
    }
}

} // namespace Skein
