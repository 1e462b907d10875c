// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// File → Import as a user sees it: another client's export, a progress dialog that can be
// cancelled (from the keyboard) with nothing imported, then the whole import and its summary.

#include "chatfixture.h"
#include "chatgptexport.h"
#include "gui/importprogress.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "storage/asyncstore.h"
#include "storage/database.h"
#include "storage/exchange/importer.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"

#include <QAction>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStatusBar>

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

    // An import that the app quit before indexing (or one still being indexed): the user searches,
    // finds nothing of it yet and is told why and how much is left; once indexed, it is found.
    void searchSaysWhatIsStillBeingIndexed()
    {
        ChatFixture f;
        QTemporaryDir exports;
        const QString path = exports.filePath(u"conversations.json"_s);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        const ChatGptExportCounts counts = writeChatGptExport(&out, {40, 6, 120}, 11);
        out.close();
        // The storage thread is held from the moment it first reports the backlog, so the search
        // below runs while none of the import is indexed, however fast this machine is.
        QSemaphore gate;
        bool held = false;
        auto release = qScopeGuard([&] { gate.release(); });
        f.beforeWindow = [&](AppContext &context) {
            AsyncStore *storage = &context.storage();
            connect(storage, &AsyncStore::searchBacklog, storage, [&, storage](qint64 left) {
                if (held || left == 0)
                    return;
                held = true;
                storage->write([&](Store &) {
                    gate.acquire();
                    return Status {};
                });
            });
        };
        QVERIFY(f.start([&](Store &store) {
            Exchange::Importer importer(store, {});
            QVERIFY(importer.importPath(path));
            QCOMPARE(store.search().backlog().value(), counts.messages);
        }));
        f.window->resize(900, 620);
        QTRY_VERIFY(held);
        QSignalSpy notices(f.controller(), &ChatController::notice);
        auto *search = f.window->findChild<QLineEdit *>(u"sessionSearch"_s);
        QVERIFY(search);
        search->setFocus();
        QTest::keyClicks(search, u"summary"_s);
        const QString expected
            = ChatController::tr("Still indexing %L1 imported messages for search: they are not in these results yet.")
                  .arg(counts.messages);
        QTRY_COMPARE_WITH_TIMEOUT(f.window->statusBar()->currentMessage(), expected, 10000);
        QCOMPARE(notices.size(), 1);
        QCOMPARE(f.controller()->searchModel()->rowCount(), 0);
        if (const QString shot = shotPath(u"search-still-indexing"_s); !shot.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(f.window->grab().save(shot));
        }

        // Let it index: the same search now finds the imported conversations, and says nothing more.
        QSignalSpy left(&f.context->storage(), &AsyncStore::searchBacklog);
        release.dismiss();
        gate.release();
        QTRY_VERIFY_WITH_TIMEOUT(!left.isEmpty() && left.last().first().toLongLong() == 0, 30000);
        notices.clear();
        search->clear();
        QTest::keyClicks(search, u"summary"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->searchModel()->rowCount() > 0, 10000);
        QTest::qWait(300);
        QVERIFY2(notices.isEmpty(), qPrintable(notices.isEmpty() ? QString() : notices.first().first().toString()));
    }
};

QTEST_MAIN(TestChatImport)
#include "tst_chatimport.moc"
