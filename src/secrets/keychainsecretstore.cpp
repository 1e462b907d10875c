// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "keychainsecretstore.h"

#include <QLoggingCategory>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace Skein {

Q_LOGGING_CATEGORY(lcSecrets, "skein.secrets")

KeychainSecretStore::KeychainSecretStore(QObject *parent)
    : SecretStore(parent)
    , m_timeout(new QTimer(this))
{
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this, &KeychainSecretStore::jobTimedOut);
}

KeychainSecretStore::~KeychainSecretStore() = default;

void KeychainSecretStore::read(const QString &key, QObject *context, Callback callback)
{
    enqueue(Kind::Read, key, {}, context, std::move(callback));
}

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context, Callback callback)
{
    enqueue(Kind::Write, key, value, context, std::move(callback));
}

void KeychainSecretStore::remove(const QString &key, QObject *context, Callback callback)
{
    enqueue(Kind::Remove, key, {}, context, std::move(callback));
}

void KeychainSecretStore::enqueue(Kind kind, const QString &key, const QString &value, QObject *context,
                                  Callback callback)
{
    Q_ASSERT(context);
    m_queue.push_back(Operation {kind, key, value, context, std::move(callback)});
    // Start from the event loop so even a session-only answer never arrives inside the call.
    if (!m_busy) {
        m_busy = true;
        QMetaObject::invokeMethod(this, &KeychainSecretStore::startNext, Qt::QueuedConnection);
    }
}

void KeychainSecretStore::startNext()
{
    while (!m_queue.empty()) {
        m_current = std::move(m_queue.front());
        m_queue.pop_front();
        if (availability() != Availability::SessionOnly) {
            startJob();
            return;
        }
        deliverNow(m_current.context, m_current.callback, serveFromSession(m_current));
    }
    m_current = {};
    m_busy = false;
}

void KeychainSecretStore::startJob()
{
    QKeychain::Job *job = nullptr;
    switch (m_current.kind) {
    case Kind::Read:
    case Kind::Verify:
        job = new QKeychain::ReadPasswordJob(m_service);
        break;
    case Kind::Write: {
        auto *write = new QKeychain::WritePasswordJob(m_service);
        write->setTextData(m_current.value);
        job = write;
        break;
    }
    case Kind::Remove:
        job = new QKeychain::DeletePasswordJob(m_service);
        break;
    }
    // No parent: a job outliving the store (after a timeout) still deletes itself when it ends.
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(m_current.key);
    connect(job, &QKeychain::Job::finished, this, &KeychainSecretStore::jobFinished);
    m_job = job;
    m_timeout->start(m_jobTimeoutMs);
    job->start();
}

void KeychainSecretStore::jobFinished(QKeychain::Job *job)
{
    if (job != m_job)
        return;
    m_job = nullptr;
    m_timeout->stop();
    const QKeychain::Error error = job->error();
    const bool mayBeMissing = m_current.kind == Kind::Read || m_current.kind == Kind::Remove;
    if (error != QKeychain::NoError && !(error == QKeychain::EntryNotFound && mayBeMissing)) {
        const QString reason = error == QKeychain::EntryNotFound
            ? tr("The keychain did not return the key that was just saved.")
            : tr("The keychain is not available: %1").arg(job->errorString());
        qCWarning(lcSecrets) << "keychain job for" << m_current.key << "failed with error" << int(error) << ":"
                             << job->errorString();
        fallBackToSession(reason);
        return;
    }
    SecretResult result;
    result.status = error == QKeychain::EntryNotFound ? SecretResult::Status::NotFound : SecretResult::Status::Ok;
    switch (m_current.kind) {
    case Kind::Write:
        // Not done until it reads back: some setups accept a write they cannot return.
        m_current.kind = Kind::Verify;
        startJob();
        return;
    case Kind::Verify:
        if (static_cast<QKeychain::ReadPasswordJob *>(job)->textData() != m_current.value) {
            qCWarning(lcSecrets) << "keychain returned a different value for" << m_current.key;
            fallBackToSession(tr("The keychain did not return the key that was just saved."));
            return;
        }
        break;
    case Kind::Read:
        if (result.ok())
            result.value = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
        break;
    case Kind::Remove:
        break;
    }
    setAvailability(Availability::Available);
    finishCurrent(std::move(result));
}

void KeychainSecretStore::jobTimedOut()
{
    if (!m_job)
        return;
    m_job->disconnect(this);
    m_job = nullptr;
    qCWarning(lcSecrets) << "keychain job for" << m_current.key << "timed out after" << m_jobTimeoutMs << "ms";
    // A slow answer is not a missing keychain (a locked keyring waiting for its password, a busy
    // bus): this operation fails with the reason (a written value is kept for this process, so it
    // works until the keychain answers), and the next one asks the keychain again instead of the
    // whole process switching to keys in memory without anyone noticing (issue #13).
    setAvailability(Availability::Unknown, tr("The keychain did not answer in time."));
    SecretResult result = serveFromSession(m_current);
    if (!result.ok())
        result.status = SecretResult::Status::Unavailable;
    result.message = availabilityReason();
    finishCurrent(std::move(result));
}

void KeychainSecretStore::finishCurrent(SecretResult result)
{
    deliverNow(m_current.context, m_current.callback, result);
    startNext();
}

void KeychainSecretStore::fallBackToSession(const QString &reason)
{
    setAvailability(Availability::SessionOnly, reason);
    SecretResult result = serveFromSession(m_current);
    finishCurrent(std::move(result));
}

SecretResult KeychainSecretStore::serveFromSession(const Operation &operation)
{
    SecretResult result;
    result.message = availabilityReason();
    switch (operation.kind) {
    case Kind::Read:
        if (auto it = m_session.constFind(operation.key); it != m_session.cend()) {
            result.status = SecretResult::Status::Ok;
            result.message.clear();
            result.value = *it;
        }
        break;
    case Kind::Write:
    case Kind::Verify:
        m_session.insert(operation.key, operation.value);
        break;
    case Kind::Remove:
        m_session.remove(operation.key);
        break;
    }
    return result;
}

} // namespace Skein
