/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/turn/turnoptions.h"

#include <QCoreApplication>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <memory>

namespace Skein {

class Turn;
class AsyncStore;
class ProviderClient;
class SessionLock;
class ToolRegistry;

// Per-session serialisation (SPEC §5.2): at most one Turn per session, here and in any other
// process on the same data dir (SessionLock); different sessions run concurrently. A second
// start for a busy session is refused with a message — the caller keeps the user's text (the GUI
// leaves it in the composer, the CLI exits 1). The runner owns its runs and deletes each one
// after finished().
class TurnRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TurnRunner)

public:
    // dataDir holds the lock files; empty: no cross-process locking (tests of a single process).
    TurnRunner(AsyncStore *store, ToolRegistry *tools, const QString &dataDir, QObject *parent = nullptr);
    ~TurnRunner() override;

    // A new run for the session, not started yet: connect to its signals, then call send() or
    // resume(). nullptr with *error set when the session is busy.
    Turn *create(const QString &sessionId, ProviderClient *client, const TurnOptions &options,
                 QString *error = nullptr);
    Turn *runFor(const QString &sessionId) const;
    bool isBusy(const QString &sessionId) const;
    int activeRuns() const { return int(m_runs.size()); }
    // Stops every run (application shutdown).
    void cancelAll();

Q_SIGNALS:
    void runCreated(const QString &sessionId, Skein::Turn *run);
    void runFinished(const QString &sessionId, Skein::SessionState state);

private:
    struct Entry;

    QPointer<AsyncStore> m_store;
    QPointer<ToolRegistry> m_tools;
    QString m_dataDir;
    QHash<QString, std::shared_ptr<Entry>> m_runs;
};

} // namespace Skein
