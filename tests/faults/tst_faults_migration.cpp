// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Faults while a database of schema version 1 (tests/data/storage/skein-v1.db) is backed up and
// migrated to the current version at start-up. After each fault the user was told in plain words,
// the file passes integrity_check, its schema is exactly that of some version (each migration is
// one transaction: never half of one), its conversation is intact, every backup left is a whole
// copy, and the next start finishes the migration.

#include "faultcheck.h"
#include "faultvfs.h"
#include "storage/database.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;
using Skein::Test::FaultVfs::Fault;
using Skein::Test::FaultVfs::File;
using Skein::Test::FaultVfs::Op;

namespace {

QStringList schemaOf(const QString &file)
{
    return queryRows(file, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
}

int versionOf(const QString &file)
{
    const QStringList v = queryRows(file, "PRAGMA user_version");
    return v.isEmpty() ? -1 : v.first().toInt();
}

QString copyFixture(const QTemporaryDir &dir)
{
    const QString target = dir.filePath(Database::fileName());
    QFile::copy(dataPath(u"storage/skein-v1.db"_s), target);
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    return target;
}

} // namespace

class TestFaultsMigration final : public QObject
{
    Q_OBJECT

    QHash<int, QStringList> m_schemas; // version → schema after migrating v1 to it
    Promises m_promises; // the fixture's messages
    int m_versions = 0;

    // What the file holds after the fault: a whole version, the messages, whole backups.
    QString checkFile(const QString &dir)
    {
        const QString file = QDir(dir).filePath(Database::fileName());
        if (const QString check = integrityCheck(file); check != "ok"_L1)
            return u"integrity_check: "_s + check;
        const int version = versionOf(file);
        if (!m_schemas.contains(version))
            return u"unknown version %1"_s.arg(version);
        if (schemaOf(file) != m_schemas.value(version))
            return u"the schema is not that of version %1 (half a migration)"_s.arg(version);
        const QStringList backups = QDir(dir + u"/backups"_s).entryList({u"*.bak"_s}, QDir::Files);
        for (const QString &b : backups) {
            const QString path = dir + u"/backups/"_s + b;
            if (versionOf(path) != 1 || queryRows(path, "SELECT id FROM messages").size() != m_promises.messages.size())
                return u"the backup %1 is not a whole copy of version 1"_s.arg(b);
        }
        return checkAfterFault(dir, m_promises); // opens it for real: the migration ends
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(FaultVfs::install());
        QTemporaryDir dir;
        const QString file = copyFixture(dir);
        for (const QString &row : queryRows(file, "SELECT id, content FROM messages"))
            m_promises.messages.insert(row.section(u'|', 0, 0), row.section(u'|', 1));
        QCOMPARE(m_promises.messages.size(), 4);
        // The schema of every version, migrated from version 1 with the first N migrations.
        const QStringList migrations = QDir(u":/sql"_s).entryList({u"*.sql"_s}, QDir::Files, QDir::Name);
        m_versions = int(migrations.size());
        QVERIFY(m_versions >= 2);
        m_schemas.insert(1, schemaOf(file));
        for (int v = 2; v <= m_versions; ++v) {
            QTemporaryDir step;
            QTemporaryDir sql;
            for (int i = 0; i < v; ++i)
                QVERIFY(QFile::copy(u":/sql/"_s + migrations[i], sql.filePath(migrations[i])));
            Database::Options options;
            options.migrationsDir = sql.path();
            const QString copy = copyFixture(step);
            FaultVfs::uninstall();
            {
                auto db = Database::open(copy, options);
                QVERIFY2(db, qPrintable(errorOf(db)));
            }
            FaultVfs::install();
            QCOMPARE(versionOf(copy), v);
            m_schemas.insert(v, schemaOf(copy));
        }
    }

    void init()
    {
        QCOMPARE(FaultVfs::openFiles(), 0);
        FaultVfs::reset();
    }

    void ioFaultDuringTheMigration_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("after");
        QTest::addColumn<int>("code");
        for (int after : {0, 5, 15, 30, 45, 60}) {
            QTest::addRow("write error after %d", after) << int(Op::Write) << after << SQLITE_IOERR_WRITE;
            QTest::addRow("disk full after %d", after) << int(Op::Write) << after << SQLITE_FULL;
        }
        for (int after : {0, 1, 2, 3, 5})
            QTest::addRow("fsync error after %d", after) << int(Op::Sync) << after << SQLITE_IOERR_FSYNC;
        for (int after : {0, 8, 16, 24})
            QTest::addRow("read error after %d", after) << int(Op::Read) << after << SQLITE_IOERR_READ;
    }

    void ioFaultDuringTheMigration()
    {
        QFETCH(int, op);
        QFETCH(int, after);
        QFETCH(int, code);
        QTemporaryDir dir;
        copyFixture(dir);
        FaultVfs::inject(Fault(Op(op)).skipping(after).withCode(code));
        auto opened = Store::open(dir.path());
        FaultVfs::clearFault();
        QVERIFY2(FaultVfs::injected() > 0, "the migration needs fewer operations than this row waits for");
        QVERIFY2(!opened, "a migration whose writes failed reports success");
        QVERIFY2(notPlainWords(opened.error().message).isEmpty(), qPrintable(notPlainWords(opened.error().message)));
        if (code == SQLITE_FULL)
            QVERIFY2(opened.error().message.contains(u"disk is full"_s), qPrintable(opened.error().message));
        const QString problem = checkFile(dir.path());
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(versionOf(dir.filePath(Database::fileName())), m_versions);
    }

    void powerCutDuringTheMigration_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }

    void powerCutDuringTheMigration()
    {
        QFETCH(quint32, seed);
        int operations = 0;
        {
            QTemporaryDir scratch;
            copyFixture(scratch);
            const int before = FaultVfs::writesAndSyncs();
            auto measured = Store::open(scratch.path());
            QVERIFY(measured);
            operations = FaultVfs::writesAndSyncs() - before; // the open only, not the close
        }
        QTemporaryDir dir;
        copyFixture(dir);
        QRandomGenerator rng(seed);
        const int moment = 1 + int(rng.bounded(quint32(operations)));
        FaultVfs::cutPowerAfter(moment);
        {
            auto opened = Store::open(dir.path());
            QVERIFY(FaultVfs::powerIsOff());
            if (!opened)
                QVERIFY2(notPlainWords(opened.error().message).isEmpty(),
                         qPrintable(notPlainWords(opened.error().message)));
        }
        QVERIFY(FaultVfs::restorePower());
        const QString problem = checkFile(dir.path());
        QVERIFY2(problem.isEmpty(), qPrintable(u"cut at operation %1 of %2: "_s.arg(moment).arg(operations) + problem));
    }
};

SKEIN_CORE_TEST_MAIN(TestFaultsMigration)

#include "tst_faults_migration.moc"
