/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QObject>
#include <QPointer>

class QNetworkAccessManager;

namespace Skein {

class ModelListCall;
class ProviderClient;
class SecretStore;

// Tests a provider or fetches its model list without blocking: reads the API key from the
// SecretStore (unless one is given), asks the server for its models and reports once, in plain
// words, through finished(). Used by the Providers page of the Settings dialog.
class ProviderCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderCheck)

public:
    ProviderCheck(QNetworkAccessManager *network, SecretStore &secrets, const ProviderConfig &provider,
                  QObject *parent = nullptr);
    ~ProviderCheck() override;

    // Use this key instead of reading the stored one (e.g. a key typed but not yet saved).
    void setApiKey(const QString &key);
    // A server that sends nothing for this long counts as unreachable.
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    void start();
    void cancel();
    bool isRunning() const { return m_running; }

    // Fetched models join the stored list: what the user set stays, gaps are filled in (the
    // Providers page and `skein-cli providers models` both merge this way).
    static void mergeModels(QList<ModelInfo> &stored, const QList<ModelInfo> &fetched);

Q_SIGNALS:
    // message is ready to show; models is the server's list when ok.
    void finished(bool ok, const QString &message, const QList<Skein::ModelInfo> &models);

private:
    void query(const QString &key);
    void done(bool ok, const QString &message, const QList<ModelInfo> &models = {});

    QNetworkAccessManager *m_network;
    SecretStore &m_secrets;
    ProviderConfig m_provider;
    QString m_key;
    bool m_keyGiven = false;
    bool m_running = false;
    int m_timeoutMs = 20000;
    QPointer<ProviderClient> m_client;
};

} // namespace Skein
