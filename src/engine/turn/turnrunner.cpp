// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "turnrunner.h"

#include "engine/tools/toolregistry.h"
#include "engine/turn/sessionlock.h"
#include "engine/turn/turn.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"

namespace Skein {

struct TurnRunner::Entry
{
    Turn *run = nullptr;
    std::unique_ptr<SessionLock> lock;
};

TurnRunner::TurnRunner(AsyncStore *store, ToolRegistry *tools, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_tools(tools)
    , m_dataDir(dataDir)
{ }

TurnRunner::~TurnRunner()
{
    for (const std::shared_ptr<Entry> &e : std::as_const(m_runs))
        if (e->run)
            e->run->disconnect(this);
}

Turn *TurnRunner::create(const QString &sessionId, ProviderClient *client, const TurnOptions &options, QString *error)
{
    if (m_runs.contains(sessionId)) {
        if (error)
            *error = tr("This conversation is already running a reply; wait for it or stop it first.");
        return nullptr;
    }
    auto entry = std::make_shared<Entry>();
    if (!m_dataDir.isEmpty()) {
        entry->lock = std::make_unique<SessionLock>(m_dataDir, sessionId);
        qint64 pid = 0;
        QString systemError;
        if (!entry->lock->tryLock(&pid, &systemError)) {
            if (error && !systemError.isEmpty())
                *error = tr("Could not lock this conversation for a reply: %1.").arg(systemError);
            else if (error && pid > 0)
                *error = tr("This conversation is busy in another Skein process (pid %1); try again when it is done.")
                             .arg(pid);
            else if (error)
                *error = tr("This conversation is busy in another Skein process; try again when it is done.");
            return nullptr;
        }
    }
    entry->run = new Turn(m_store, client, m_tools, this);
    entry->run->setOptions(options);
    m_runs.insert(sessionId, entry);
    Turn *run = entry->run;
    connect(run, &Turn::finished, this, [this, sessionId, run](SessionState state) {
        const auto it = m_runs.find(sessionId);
        if (it != m_runs.end() && it.value()->run == run)
            m_runs.erase(it); // releases the lock
        run->deleteLater();
        Q_EMIT runFinished(sessionId, state);
    });
    Q_EMIT runCreated(sessionId, run);
    return run;
}

Turn *TurnRunner::runFor(const QString &sessionId) const
{
    const auto it = m_runs.constFind(sessionId);
    return it == m_runs.constEnd() ? nullptr : it.value()->run;
}

bool TurnRunner::isBusy(const QString &sessionId) const
{
    return m_runs.contains(sessionId) || (!m_dataDir.isEmpty() && SessionLock::isHeldElsewhere(m_dataDir, sessionId));
}

void TurnRunner::cancelAll()
{
    for (const std::shared_ptr<Entry> &e : std::as_const(m_runs))
        if (e->run)
            e->run->cancel();
}

} // namespace Skein
