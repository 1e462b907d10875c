// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "secrets/memorysecretstore.h"
#include "testsupport.h"

#include <QSignalSpy>

#include <memory>

using namespace Skein;

namespace {

// Collects results in arrival order.
struct Recorder
{
    QList<SecretResult> results;
    SecretStore::Callback callback()
    {
        return [this](const SecretResult &result) { results.append(result); };
    }
};

} // namespace

class TestMemorySecretStore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startsAvailable()
    {
        MemorySecretStore store;
        QCOMPARE(store.availability(), SecretStore::Availability::Available);
        QVERIFY(store.availabilityReason().isEmpty());
    }

    void roundTripIsAsynchronous()
    {
        MemorySecretStore store;
        Recorder rec;
        store.write(QStringLiteral("openai"), QStringLiteral("sk-one"), this, rec.callback());
        QVERIFY(rec.results.isEmpty()); // never inside the call
        store.read(QStringLiteral("openai"), this, rec.callback());
        store.write(QStringLiteral("openai"), QStringLiteral("sk-two"), this, rec.callback());
        store.read(QStringLiteral("openai"), this, rec.callback());
        store.remove(QStringLiteral("openai"), this, rec.callback());
        store.read(QStringLiteral("openai"), this, rec.callback());
        store.remove(QStringLiteral("openai"), this, rec.callback());
        QVERIFY(rec.results.isEmpty());
        QTRY_COMPARE(rec.results.size(), 7);
        QCOMPARE(rec.results.at(0).status, SecretResult::Status::Ok);
        QVERIFY(rec.results.at(0).value.isEmpty()); // writes return no value
        QCOMPARE(rec.results.at(1).value, QStringLiteral("sk-one"));
        QCOMPARE(rec.results.at(3).value, QStringLiteral("sk-two"));
        QCOMPARE(rec.results.at(4).status, SecretResult::Status::Ok);
        QCOMPARE(rec.results.at(5).status, SecretResult::Status::NotFound);
        QVERIFY(rec.results.at(5).value.isEmpty());
        QCOMPARE(rec.results.at(6).status, SecretResult::Status::NotFound);
    }

    void keysAreIndependent()
    {
        MemorySecretStore store;
        Recorder rec;
        store.write(QStringLiteral("a"), QStringLiteral("va"), this, rec.callback());
        store.write(QStringLiteral("b"), QStringLiteral("vb"), this, rec.callback());
        store.remove(QStringLiteral("a"), this, rec.callback());
        store.read(QStringLiteral("b"), this, rec.callback());
        store.read(QStringLiteral("a"), this, rec.callback());
        QTRY_COMPARE(rec.results.size(), 5);
        QCOMPARE(rec.results.at(3).value, QStringLiteral("vb"));
        QCOMPARE(rec.results.at(4).status, SecretResult::Status::NotFound);
    }

    void noCallbackAfterTheContextIsGone()
    {
        MemorySecretStore store;
        Recorder rec;
        auto context = std::make_unique<QObject>();
        store.write(QStringLiteral("k"), QStringLiteral("v"), context.get(), rec.callback());
        context.reset();
        store.read(QStringLiteral("k"), this, rec.callback()); // the write still happened
        QTRY_COMPARE(rec.results.size(), 1);
        QCOMPARE(rec.results.at(0).value, QStringLiteral("v"));
        QTest::qWait(20);
        QCOMPARE(rec.results.size(), 1);
    }

    void simulatedUnavailability()
    {
        MemorySecretStore store;
        Recorder rec;
        store.write(QStringLiteral("k"), QStringLiteral("v"), this, rec.callback());
        QTRY_COMPARE(rec.results.size(), 1);
        QSignalSpy changed(&store, &SecretStore::availabilityChanged);
        store.simulateUnavailable(QStringLiteral("no keychain here"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<SecretStore::Availability>(), SecretStore::Availability::Unavailable);
        QCOMPARE(store.availabilityReason(), QStringLiteral("no keychain here"));
        store.read(QStringLiteral("k"), this, rec.callback());
        store.write(QStringLiteral("k"), QStringLiteral("w"), this, rec.callback());
        store.remove(QStringLiteral("k"), this, rec.callback());
        QTRY_COMPARE(rec.results.size(), 4);
        for (int i = 1; i < 4; ++i) {
            QCOMPARE(rec.results.at(i).status, SecretResult::Status::Unavailable);
            QCOMPARE(rec.results.at(i).message, QStringLiteral("no keychain here"));
            QVERIFY(rec.results.at(i).value.isEmpty());
        }
    }
};

SKEIN_CORE_TEST_MAIN(TestMemorySecretStore)
#include "tst_memorysecretstore.moc"
