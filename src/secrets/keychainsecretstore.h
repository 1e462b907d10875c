/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "secretstore.h"

#include <QHash>
#include <QPointer>

#include <deque>

class QTimer;

namespace QKeychain {
class Job;
}

namespace Skein {

// API keys in the OS keychain through QtKeychain (service "skein", one entry per provider id).
// Jobs run one at a time from a queue; every write is read back before it counts. Any failure
// other than "not found" (including a read-back mismatch or a timeout) switches the store to
// SessionOnly for the rest of the process: values then live in memory only, and nothing is ever
// written anywhere else (QtKeychain's plain-text fallback stays off).
class KeychainSecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainSecretStore)

public:
    explicit KeychainSecretStore(QObject *parent = nullptr);
    ~KeychainSecretStore() override;

    static QString defaultService() { return QStringLiteral("skein"); }
    // For tests; must be set before the first operation.
    void setService(const QString &service) { m_service = service; }
    // A job that takes longer than this (a hung or prompting Secret Service) counts as unavailable.
    void setJobTimeout(int milliseconds) { m_jobTimeoutMs = milliseconds; }

    void read(const QString &key, QObject *context, Callback callback) override;
    void write(const QString &key, const QString &value, QObject *context, Callback callback) override;
    void remove(const QString &key, QObject *context, Callback callback) override;

private:
    enum class Kind {
        Read,
        Write,
        Verify, // the read-back of a write
        Remove,
    };
    struct Operation
    {
        Kind kind = Kind::Read;
        QString key;
        QString value;
        QPointer<QObject> context;
        Callback callback;
    };

    void enqueue(Kind kind, const QString &key, const QString &value, QObject *context, Callback callback);
    void startNext();
    void startJob();
    void jobFinished(QKeychain::Job *job);
    void jobTimedOut();
    void finishCurrent(SecretResult result);
    void fallBackToSession(const QString &reason);
    SecretResult serveFromSession(const Operation &operation);

    QString m_service = defaultService();
    int m_jobTimeoutMs = 20000;
    std::deque<Operation> m_queue;
    Operation m_current;
    bool m_busy = false;
    QPointer<QKeychain::Job> m_job;
    QTimer *m_timeout;
    QHash<QString, QString> m_session; // only used once the keychain is unavailable
};

} // namespace Skein
