// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "settingssaver.h"

#include "app/appcontext.h"
#include "app/settings/approvalservice.h"
#include "app/settings/mcpserverservice.h"
#include "app/settings/providerservice.h"
#include "app/settings/settingsservice.h"

namespace Skein {

SettingsSaver::SettingsSaver(AppContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{ }

SettingsSaver::~SettingsSaver() = default;

void SettingsSaver::save(const Settings::Values &values)
{
    m_context.settingsService().save(values, this, track());
}

void SettingsSaver::saveProvider(const ProviderConfig &provider)
{
    m_context.providerService().save(provider, this, track());
}

void SettingsSaver::removeProvider(const QString &providerId)
{
    m_context.providerService().remove(providerId, this, track());
}

void SettingsSaver::saveMcpServers(const QList<McpServerConfig> &servers)
{
    m_context.mcpServerService().save(servers, this, track());
}

void SettingsSaver::revokeApprovals(const QStringList &tools)
{
    m_context.approvalService().revoke(tools, this, track());
}

std::function<void(Status)> SettingsSaver::track()
{
    ++m_pending;
    return [this](Status status) {
        --m_pending;
        if (!status)
            Q_EMIT failed(tr("A setting could not be saved: %1").arg(status.error().message));
        if (m_pending == 0)
            Q_EMIT idle();
    };
}

} // namespace Skein
