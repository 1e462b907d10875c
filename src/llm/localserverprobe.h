/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QList>
#include <QObject>
#include <QUrl>

class QNetworkAccessManager;

namespace Skein {

// Looks for model servers running on this machine (Ollama on :11434, llama.cpp on :8080, LM Studio
// on :1234 by default) by asking each for its model list with a short timeout. All probes run at
// once and never block; each answer updates its entry and emits serverChanged().
class LocalServerProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalServerProbe)

public:
    struct Server
    {
        enum class State { Waiting, Running, NotRunning };

        QString presetId; // "ollama", "llamacpp", "lmstudio"
        QString name;
        QUrl baseUrl; // where it was probed; stored as the provider's base URL when added
        State state = State::Waiting;
        QList<ModelInfo> models;
    };

    explicit LocalServerProbe(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~LocalServerProbe() override;

    // The local presets at their default ports.
    static QList<Server> defaultServers();
    // Replaces what is probed (tests point it at loopback servers on free ports).
    void setServers(const QList<Server> &servers);
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    void start();
    const QList<Server> &servers() const { return m_servers; }
    bool isFinished() const { return m_pending == 0; }

Q_SIGNALS:
    void serverChanged(int index);
    void finished();

private:
    QNetworkAccessManager *m_network;
    QList<Server> m_servers;
    int m_timeoutMs = 1500;
    int m_pending = 0;
};

} // namespace Skein
