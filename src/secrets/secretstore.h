/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace Skein {

// What a secret operation came to. `value` is filled only by a successful read; nothing here may
// ever be logged or printed as a whole.
struct SecretResult
{
    enum class Status {
        Ok,
        NotFound,
        // The keychain could not be used; `message` says why. A value written while unavailable
        // is kept in memory for this process only (see SecretStore::Availability::SessionOnly).
        Unavailable,
    };

    Status status = Status::Unavailable;
    QString value;
    QString message;

    bool ok() const { return status == Status::Ok; }
};

// Where API keys live (SPEC §3, §7): one entry per provider id. All operations are asynchronous
// and never block the calling thread; each result arrives once, later, through the callback, on
// the store's thread, and only while `context` is alive. Results are delivered in call order.
class SecretStore : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)

public:
    enum class Availability {
        Unknown, // nothing has been tried yet
        Available, // the keychain answered
        Unavailable, // no keychain and nothing kept: the UI has to ask for the key when needed
        SessionOnly, // no keychain: keys are kept in memory until the app quits
    };
    Q_ENUM(Availability)

    using Callback = std::function<void(const SecretResult &)>;

    ~SecretStore() override;

    virtual void read(const QString &key, QObject *context, Callback callback) = 0;
    virtual void write(const QString &key, const QString &value, QObject *context, Callback callback) = 0;
    virtual void remove(const QString &key, QObject *context, Callback callback) = 0;

    Availability availability() const { return m_availability; }
    // Why the keychain is not available (empty while it is, or while nothing is known).
    QString availabilityReason() const { return m_reason; }

Q_SIGNALS:
    void availabilityChanged(Skein::SecretStore::Availability availability);

protected:
    explicit SecretStore(QObject *parent = nullptr);

    void setAvailability(Availability availability, const QString &reason = {});
    // Calls `callback` with `result` from the event loop, unless `context` is gone by then.
    void deliverLater(QObject *context, Callback callback, SecretResult result);
    // Calls `callback` now when `context` (a guarded pointer) is still alive.
    static void deliverNow(const QPointer<QObject> &context, const Callback &callback, const SecretResult &result);

private:
    Availability m_availability = Availability::Unknown;
    QString m_reason;
};

} // namespace Skein
