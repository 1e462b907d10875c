/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "app/services/startupservice.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>

class QWidget;

namespace Skein {

class AppContext;

// Opens the database off the GUI thread when the window starts and tells the user, in plain
// words, when it cannot be used normally: newer than this Skein (read-only), damaged (offers to
// export what can still be read — never starts fresh), or unreadable. Also runs crash recovery.
// The window is Ready as soon as the database is open; the integrity check finishes later and can
// still turn the state to Damaged (writes wait for it, so a damaged file is never written).
class StorageStartup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StorageStartup)

public:
    enum class State { Opening, Ready, ReadOnly, Damaged, Failed };
    Q_ENUM(State)

    StorageStartup(AppContext &context, QWidget *window);

    void start();
    State state() const { return m_state; }
    // Why the database is not writable, for a banner (empty when Ready).
    QString problem() const { return m_problem; }

Q_SIGNALS:
    void stateChanged(Skein::StorageStartup::State state);
    // Start-up recovery repaired this many things (replies left `generating` by a crash, open
    // tool calls); it runs after the integrity check, so views loaded before may be stale.
    void recovered(int repairs);

private:
    void setState(State state, const QString &problem = {});
    void onOpened(const Result<StartupService::OpenReport> &opened);
    void onChecked(const Status &integrity);
    void setDamaged(const QString &details);
    void offerSalvage(const QString &details);
    void exportReadable(const QString &path);
    // A box over the window that does not block the caller; its text is shown as it is.
    void tell(QMessageBox::Icon icon, const QString &title, const QString &text);

    AppContext &m_context;
    QPointer<QWidget> m_window;
    State m_state = State::Opening;
    QString m_problem;
};

} // namespace Skein
