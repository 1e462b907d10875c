/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QObject>

namespace Skein {

// One-shot carrier for a storage result: emitted from a storage thread, connected (queued) to the
// caller's context object, so a context destroyed in the meantime simply receives nothing.
class ResultRelay final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultRelay)

public:
    ResultRelay() = default;

    // Any thread: queues `ready` to the connected context and schedules this relay's deletion.
    void fire()
    {
        Q_EMIT ready();
        deleteLater();
    }

Q_SIGNALS:
    void ready();
};

} // namespace Skein
