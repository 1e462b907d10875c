// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// File → Import as a user sees it: another client's export, a progress dialog that can be
// cancelled (from the keyboard) with nothing imported, then the whole import and its summary.

#include "chatfixture.h"
#include "chatgptexport.h"
#include "gui/importprogress.h"
#include "models/sessionlistmodel.h"
#include "storage/database.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"

#include <QAction>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSqlQuery>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

class TestChatImport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void importShowsProgressCancelsAndSumsUp()
    {
        ChatFixture f;
        QVERIFY(f.start());
        f.window->resize(900, 620);
        QTemporaryDir exports;
        const QString path = exports.filePath(u"conversations.json"_s);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        const ChatGptExportCounts counts = writeChatGptExport(&out, {600, 20, 300}, 7);
        out.close();
        QTRY_VERIFY(f.window->findChild<QAction *>(u"actionImport"_s)->isEnabled());
        auto progressShown = [&]() -> QProgressDialog * {
            auto *progress = f.window->findChild<QProgressDialog *>(u"importProgress"_s);
            return progress && progress->isVisible() && progress->value() > 0 ? progress : nullptr;
        };
        auto summary = [&] { return f.window->findChild<QMessageBox *>(u"importSummary"_s); };

        // Cancelled with Escape while it runs: nothing is imported.
        f.window->importFile(path);
        QProgressDialog *progress = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(progressShown(), 30000);
        progress = progressShown();
        QVERIFY2(progress->labelText().contains(u"conversations.json"_s), qPrintable(progress->labelText()));
        QTest::keyClick(progress, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(summary(), 60000);
        QCOMPARE(summary()->text(), ImportProgress::tr("The import was cancelled. Nothing was imported."));
        QCOMPARE(f.store()->sessions().count().value(), qint64(0));
        summary()->close();
        QTRY_VERIFY(!summary());

        // Again, to the end.
        f.window->importFile(path);
        QTRY_VERIFY_WITH_TIMEOUT(progressShown(), 30000);
        progress = progressShown();
        if (const QString shot = shotPath(u"import-progress"_s); !shot.isEmpty())
            QVERIFY(progress->grab().save(shot));
        QTRY_VERIFY_WITH_TIMEOUT(summary(), 120000);
        QMessageBox *box = summary();
        QCOMPARE(box->text(),
                 ImportProgress::tr("Imported from %1 (a %2 export).").arg(u"conversations.json"_s, u"ChatGPT"_s));
        QVERIFY2(box->informativeText().contains(
                     ImportProgress::tr("New conversations: %1, with %2 messages.").arg(600).arg(counts.messages)),
                 qPrintable(box->informativeText()));
        QVERIFY(box->detailedText().contains(u"Conversation 0"_s));
        QTRY_COMPARE(f.controller()->sessionModel()->sessionCount(), 600);
        if (const QString shot = shotPath(u"import-summary"_s); !shot.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(box->grab().save(shot));
        }
        box->close();
        QTRY_VERIFY(!summary());
        // The same file once more adds nothing and says so.
        f.window->importFile(path);
        QTRY_VERIFY_WITH_TIMEOUT(summary(), 120000);
        QVERIFY2(
            summary()->informativeText().contains(ImportProgress::tr("Already here, left as they were: %1.").arg(600)),
            qPrintable(summary()->informativeText()));
        const std::unique_ptr<Store> store = f.store();
        QSqlQuery messages(store->database().connection());
        QVERIFY(messages.exec(u"SELECT count(*) FROM messages"_s) && messages.next());
        QCOMPARE(messages.value(0).toLongLong(), counts.messages);
        messages.finish(); // or this connection keeps reading the database as it was then
        // Searchable: after the import the storage thread indexed every message it wrote.
        auto backlog = [&] {
            const Result<qint64> left = store->search().backlog();
            return left ? *left : qint64(-1);
        };
        QTRY_COMPARE_WITH_TIMEOUT(backlog(), qint64(0), 60000);
        QSqlQuery indexed(store->database().connection());
        QVERIFY(indexed.exec(u"SELECT count(*) FROM messages_fts_docsize"_s) && indexed.next());
        QCOMPARE(indexed.value(0).toLongLong(), counts.messages);
    }
};

QTEST_MAIN(TestChatImport)
#include "tst_chatimport.moc"
