/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "core/settings/settingskeys.h"
#include "engine/tools/mcpserverconfig.h"
#include "storage/result.h"

#include <QObject>

#include <functional>

namespace Skein {

class AppContext;

// The Settings dialog's writes, through the settings services (each runs on the storage writer
// thread, so nothing on the GUI thread waits for the disk). Counts writes in flight (tests wait
// for idle()) and reports failures in plain words.
class SettingsSaver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsSaver)

public:
    SettingsSaver(AppContext &context, QObject *parent = nullptr);
    ~SettingsSaver() override;

    void save(const Settings::Values &values);
    void saveProvider(const ProviderConfig &provider);
    void removeProvider(const QString &providerId);
    // The whole list; env and header values are blanked (they live in the SecretStore).
    void saveMcpServers(const QList<McpServerConfig> &servers);
    void revokeApprovals(const QStringList &tools);
    int pending() const { return m_pending; }

Q_SIGNALS:
    void failed(const QString &message);
    // Every queued write has finished.
    void idle();

private:
    // Counts a write in flight; the returned callback ends it.
    std::function<void(Status)> track();

    AppContext &m_context;
    int m_pending = 0;
};

} // namespace Skein
