/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"

#include <QWidget>

#include <memory>

namespace Ui {
class ApprovalsPage;
}

namespace Skein {

class SettingsSaver;

// The tools the user has allowed "always" (SPEC §5.2), with when; revoke one or all. The agent
// loop stores them under Settings::Keys::toolApprovals; revoking removes them from that list.
class ApprovalsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalsPage)

public:
    ApprovalsPage(SettingsSaver *saver, QWidget *parent = nullptr);
    ~ApprovalsPage() override;

    void load(const Settings::Values &values);
    QList<Settings::ToolApproval> approvals() const { return m_approvals; }

private:
    void show(const QList<Settings::ToolApproval> &approvals);
    void revokeSelected();
    void revokeAll();
    void revoke(const QStringList &tools);

    std::unique_ptr<Ui::ApprovalsPage> m_ui;
    SettingsSaver *m_saver;
    QList<Settings::ToolApproval> m_approvals;
};

} // namespace Skein
