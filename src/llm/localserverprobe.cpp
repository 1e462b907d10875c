// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "localserverprobe.h"

#include "llm/modellistcall.h"
#include "llm/providerclient.h"
#include "llm/providerpresets.h"

#include <QTimer>

namespace Skein {

LocalServerProbe::LocalServerProbe(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_network(network)
{
    m_servers = defaultServers();
}

LocalServerProbe::~LocalServerProbe() = default;

QList<LocalServerProbe::Server> LocalServerProbe::defaultServers()
{
    QList<Server> out;
    for (const ProviderPreset &preset : providerPresets()) {
        if (!preset.local || preset.customUrl)
            continue;
        Server s;
        s.presetId = preset.id;
        s.name = preset.name;
        s.baseUrl = QUrl(preset.baseUrl);
        out.append(s);
    }
    return out;
}

void LocalServerProbe::setServers(const QList<Server> &servers)
{
    m_servers = servers;
}

void LocalServerProbe::start()
{
    m_pending = int(m_servers.size());
    if (m_pending == 0) {
        QTimer::singleShot(0, this, &LocalServerProbe::finished);
        return;
    }
    for (int i = 0; i < m_servers.size(); ++i) {
        Server &server = m_servers[i];
        server.state = Server::State::Waiting;
        const ProviderPreset *preset = findPreset(server.presetId);
        ProviderEndpoint endpoint
            = ProviderEndpoint::make(preset ? preset->kind : ProviderKind::OpenAiCompatible, server.baseUrl);
        endpoint.auth = AuthKind::None;
        endpoint.transferTimeoutMs = m_timeoutMs;
        auto *client = new ProviderClient(m_network, endpoint, this);
        ModelListCall *call = client->listModels();
        const auto settle = [this, i, call, client] {
            Server &s = m_servers[i];
            if (s.state != Server::State::Waiting)
                return;
            // Any well-formed model list means a server of this kind answers on the port.
            s.state = call->error().isError() ? Server::State::NotRunning : Server::State::Running;
            s.models = call->models();
            client->deleteLater();
            --m_pending;
            Q_EMIT serverChanged(i);
            if (m_pending == 0)
                Q_EMIT finished();
        };
        if (call->isFinished())
            QTimer::singleShot(0, this, settle);
        else
            connect(call, &ModelListCall::finished, this, settle);
        // A guard in case the server accepts the connection and then never answers.
        QTimer::singleShot(m_timeoutMs * 2, client, [call] { call->cancel(); });
    }
}

} // namespace Skein
