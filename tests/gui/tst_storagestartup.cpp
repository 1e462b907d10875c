#include "app/appcontext.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "gui/mainwindow.h"
#include "gui/storagestartup.h"
#include "storage/exchange/exporter.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;

// The window opens the database off the GUI thread and says plainly when it cannot be used.
class TestStorageStartup final : public QObject
{
    Q_OBJECT

    static void fill(const QString &dir, int messages)
    {
        auto store = std::move(Store::open(dir)).value();
        Session s = Session::create(QStringLiteral("Kept"));
        QVERIFY(store->sessions().create(s).ok());
        QList<Message> batch;
        QString parent;
        for (int i = 0; i < messages; ++i) {
            Message m = Message::create(s.id, parent, Role::User, QStringLiteral("message %1 ").arg(i).repeated(8));
            parent = m.id;
            batch << m;
        }
        QVERIFY(store->messages().insertBatch(batch).ok());
        QVERIFY(store->sessions().setActiveLeaf(s.id, parent).ok());
        // A reply a crash left generating.
        Message cut = Message::create(s.id, parent, Role::Assistant, QStringLiteral("half a repl"));
        cut.status = MessageStatus::Generating;
        QVERIFY(store->messages().insert(cut).ok());
    }

    static StorageStartup *startup(MainWindow &window) { return window.findChild<StorageStartup *>(); }

private Q_SLOTS:
    void healthyDatabaseIsReadyAndRecovered()
    {
        QTemporaryDir tmp;
        fill(tmp.path(), 10);
        {
            AppContext context(tmp.path());
            MainWindow window(context);
            window.show();
            QTRY_COMPARE(startup(window)->state(), StorageStartup::State::Ready);
            QVERIFY(!window.findChild<QLabel *>(QStringLiteral("storageBanner"))->isVisible());
        }
        auto store = std::move(Store::open(tmp.path())).value();
        QVERIFY(store->messages().generating().value().isEmpty()); // recovery marked it interrupted
    }

    void damagedDatabaseIsNeverReplaced()
    {
        QTemporaryDir tmp;
        fill(tmp.path(), 2000);
        const QString path = tmp.filePath(QStringLiteral("skein.db"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.size() > 64 * 1024);
            f.seek(f.size() / 2);
            f.write(QByteArray(16 * 4096, '\xA5'));
        }
        const QByteArray damaged = Test::readFile(path);
        {
            AppContext context(tmp.path());
            MainWindow window(context);
            window.show();
            QTRY_COMPARE_WITH_TIMEOUT(startup(window)->state(), StorageStartup::State::Damaged, 15000);
            auto *banner = window.findChild<QLabel *>(QStringLiteral("storageBanner"));
            QVERIFY(banner->isVisible());
            QVERIFY(banner->text().contains(QLatin1String("damaged")));
            QMessageBox *box = nullptr;
            QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("damagedDatabaseDialog"))));
            QVERIFY(box->text().contains(path));
            QVERIFY(box->findChild<QAbstractButton *>(QStringLiteral("exportReadableButton")));
            box->reject();
        }
        QCOMPARE(Test::readFile(path), damaged); // not written, not replaced
    }

    void newerDatabaseIsReadOnly()
    {
        QTemporaryDir tmp;
        fill(tmp.path(), 3);
        {
            auto store = std::move(Store::open(tmp.path())).value();
            QSqlQuery q(store->database().connection());
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 999")));
        }
        const QByteArray before = Test::readFile(tmp.filePath(QStringLiteral("skein.db")));
        {
            AppContext context(tmp.path());
            MainWindow window(context);
            window.show();
            QTRY_COMPARE(startup(window)->state(), StorageStartup::State::ReadOnly);
            auto *banner = window.findChild<QLabel *>(QStringLiteral("storageBanner"));
            QVERIFY(banner->isVisible());
            QVERIFY(!banner->text().isEmpty());
        }
        QCOMPARE(Test::readFile(tmp.filePath(QStringLiteral("skein.db"))), before);
    }

    // Salvage on a healthy database exports everything, in the same form as a full export.
    void exportReadableMatchesFullExport()
    {
        QTemporaryDir tmp;
        fill(tmp.path(), 50);
        auto store = std::move(Store::open(tmp.path())).value();
        int exported = 0;
        QStringList problems;
        Result<QByteArray> salvage = Exchange::Exporter(*store).exportReadable(&exported, &problems);
        QVERIFY(salvage.ok());
        QCOMPARE(exported, 1);
        QVERIFY(problems.isEmpty());
        QCOMPARE(salvage.value(), Exchange::Exporter(*store).exportAll().value());
    }
};

SKEIN_TEST_MAIN(TestStorageStartup, QApplication)
#include "tst_storagestartup.moc"
