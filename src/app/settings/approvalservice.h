/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace Skein {

class AsyncStore;

// The tools the user allowed to run without asking (SPEC §5.2, kept by ToolApprovals in the
// settings table). Jobs run on the storage writer; `done` runs on the GUI thread, and only while
// `context` is alive.
class ApprovalService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalService)

public:
    explicit ApprovalService(AsyncStore &storage, QObject *parent = nullptr);
    ~ApprovalService() override;

    // Revokes the approvals of these tools, with the definitions kept beside them, in one job.
    void revoke(const QStringList &tools, QObject *context, std::function<void(Status)> done);

Q_SIGNALS:
    // Approvals were revoked.
    void changed();

private:
    AsyncStore &m_storage;
};

} // namespace Skein
