// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/message.h"
#include "storage/database.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;

// Every committed database of an earlier schema version (tests/data/storage/skein-vN.db, made by
// tests/tools/make-storage-fixtures.sh) opens, is backed up, migrates to the current version and
// keeps its conversations usable.
class TestUpgrade final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void upgrade_data()
    {
        QTest::addColumn<QString>("fixture");
        const QStringList files = QDir(Test::dataPath(QStringLiteral("storage")))
                                      .entryList({QStringLiteral("skein-v*.db")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << Test::dataPath(QStringLiteral("storage/") + f);
    }

    void upgrade()
    {
        QFETCH(QString, fixture);
        QTemporaryDir tmp;
        const QString db = tmp.filePath(Database::fileName());
        QVERIFY(QFile::copy(fixture, db));
        QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner);
        const int originalVersion = QFileInfo(fixture).baseName().mid(7).toInt(); // skein-vN
        QVERIFY(originalVersion >= 1);

        Result<std::unique_ptr<Store>> opened = Store::open(tmp.path());
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().message));
        Store &store = *opened.value();
        const Database::Info &info = store.database().info();
        QCOMPARE(info.schemaVersion, info.supportedVersion);
        QVERIFY(info.supportedVersion >= 2);
        QVERIFY(!info.created);
        // The backup is a complete copy of the old database, at the old version.
        QVERIFY2(!info.backupPath.isEmpty(), "no backup before migrating");
        {
            QSqlDatabase backup = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("backup"));
            backup.setDatabaseName(info.backupPath);
            QVERIFY(backup.open());
            QSqlQuery q(backup);
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), originalVersion);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM messages")) && q.next());
            QCOMPARE(q.value(0).toInt(), 4);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("backup"));

        const QString session = QStringLiteral("11111111-1111-4111-8111-111111111111");
        Result<Session> s = store.sessions().get(session);
        QVERIFY(s.ok());
        QCOMPARE(s.value().title, QStringLiteral("Old trip plans"));
        QCOMPARE(s.value().version, qint64(3));
        Result<QList<Message>> path = store.messages().path(s.value().activeLeafId);
        QVERIFY(path.ok());
        QCOMPARE(path.value().size(), 3);
        QCOMPARE(path.value().at(0).content, QStringLiteral("Where should I go in 杭州?"));
        QCOMPARE(path.value().at(2).content, QStringLiteral("And where to eat?"));
        QCOMPARE(store.messages().children(session, path.value().at(0).id).value().size(), 2);

        SearchQuery q;
        q.text = QStringLiteral("西湖");
        QCOMPARE(store.search().search(q).value().size(), 1);
        QCOMPARE(store.memories().get(QStringLiteral("66666666-6666-4666-8666-666666666666")).value().content,
                 QStringLiteral("Likes walking tours"));

        // New rows work on the upgraded file, including under old parents.
        Message m = Message::create(session, path.value().at(2).id, Role::Assistant, QStringLiteral("Try 楼外楼."));
        ReasoningBlock block;
        block.thinking = QStringLiteral("Suggest a famous restaurant.");
        block.signature = QStringLiteral("sig==");
        m.reasoningBlocks = {block}; // schema 3
        m.stopSequence = QStringLiteral("\n\n");
        QVERIFY(store.messages().insert(m).ok());
        QCOMPARE(store.messages().path(m.id).value().size(), 4);
        QCOMPARE(store.messages().get(m.id).value(), m);
        QVERIFY(path.value().at(1).reasoningBlocks.isEmpty()); // old rows have none
        QSqlQuery check(store.database().connection());
        QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")));
        QVERIFY(check.next());
        QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
    }
};

SKEIN_CORE_TEST_MAIN(TestUpgrade)
#include "tst_upgrade.moc"
