// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "approvalservice.h"

#include "engine/tools/toolapprovals.h"
#include "storage/asyncstore.h"

#include <QPointer>

namespace Skein {

ApprovalService::ApprovalService(AsyncStore &storage, QObject *parent)
    : QObject(parent)
    , m_storage(storage)
{ }

ApprovalService::~ApprovalService() = default;

void ApprovalService::revoke(const QStringList &tools, QObject *context, std::function<void(Status)> done)
{
    m_storage.write(
        this,
        [tools](Store &store) -> Status {
            for (const QString &tool : tools)
                if (Status s = ToolApprovals::revoke(store, tool); !s)
                    return s;
            return {};
        },
        [this, guard = QPointer<QObject>(context), done = std::move(done)](Status status) {
            if (status)
                Q_EMIT changed();
            if (guard && done)
                done(std::move(status));
        });
}

} // namespace Skein
