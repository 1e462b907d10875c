/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "app/appcontext.h"
#include "secrets/memorysecretstore.h"
#include "storage/asyncstore.h"
#include "storage/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace Skein::Test {

// A real AppContext over a temporary data dir with its storage open and secrets in memory.
struct SettingsFixture
{
    QTemporaryDir tmp;
    std::unique_ptr<AppContext> context;
    MemorySecretStore *secrets = nullptr;

    // Call with QVERIFY(fixture.open()).
    bool open(std::unique_ptr<SecretStore> store = {})
    {
        if (!tmp.isValid())
            return false;
        context = std::make_unique<AppContext>(tmp.path());
        if (!store) {
            auto memory = std::make_unique<MemorySecretStore>();
            secrets = memory.get();
            store = std::move(memory);
        }
        context->setSecretStore(std::move(store));
        bool done = false, ok = false;
        context->storage().open(tmp.path(), Database::Options {}, context.get(), [&](Result<AsyncStore::OpenReport> r) {
            ok = r.ok() && r.value().integrity.ok();
            done = true;
        });
        return QTest::qWaitFor([&] { return done; }, 10000) && ok;
    }

    // A second, synchronous connection to check what was written.
    std::unique_ptr<Store> store() const
    {
        auto opened = Store::open(tmp.path());
        return opened ? std::move(opened).value() : nullptr;
    }

    // Everything Skein keeps in its data dir's database files, to prove a secret is not there.
    QByteArray databaseBytes() const
    {
        QByteArray all;
        for (const char *name : {"skein.db", "skein.db-wal"}) {
            QFile f(tmp.filePath(QString::fromLatin1(name)));
            if (f.open(QIODevice::ReadOnly))
                all += f.readAll();
        }
        return all;
    }
};

} // namespace Skein::Test
