// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/sqliteinfo.h"
#include "testsupport.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;

class TestSqliteInfo final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The library we link is the one the QSQLITE driver runs on, and it has what storage needs.
    void linkedLibraryIsTheDriversLibrary()
    {
        QTemporaryDir tmp;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("probe"));
            db.setDatabaseName(tmp.filePath(QStringLiteral("probe.db")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT sqlite_version()")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toString(), SqliteInfo::libraryVersion());
            QVERIFY2(q.exec(QStringLiteral("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='trigram')")),
                     "FTS5 with the trigram tokenizer is required");
            QVERIFY(q.exec(QStringLiteral("SELECT json_extract('{\"a\":1}', '$.a')")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), 1);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("probe"));
    }
};

SKEIN_CORE_TEST_MAIN(TestSqliteInfo)
#include "tst_sqliteinfo.moc"
