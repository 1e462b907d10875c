// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Real disks that say no: the data folder on a small tmpfs that fills up, and the data folder
// bound read-only (as root, chmod does not stop writes; a read-only mount does). The tests run
// as root in a private mount namespace of their own; without root they skip, except under
// CI=true, where they must run.

#include "core/domain/session.h"
#include "engine/turn/modelcall.h"
#include "faultcheck.h"
#include "faultvfs.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 20000;

QString longText(int words)
{
    QString text;
    for (int i = 0; i < words; ++i)
        text += u"word%1 "_s.arg(i);
    return text;
}

// Fills the file system of dir until fewer than `leave` bytes are free; returns the filler.
QString fillDisk(const QString &dir, qint64 leave)
{
    const QString path = QDir(dir).filePath(u"filler"_s);
    QFile filler(path);
    if (!filler.open(QIODevice::WriteOnly))
        return {};
    const QByteArray block(4096, 'x');
    while (filler.write(block) == block.size() && filler.flush()) { }
    filler.close();
    // Give back `leave` bytes (tmpfs counts whole pages).
    QFile::resize(path, qMax<qint64>(0, QFileInfo(path).size() - leave));
    return path;
}

struct Rig
{
    QTemporaryDir base;
    QString data;
    std::unique_ptr<ScopedMount> mount;
    std::unique_ptr<AsyncStore> store;
    ReplayServer server;
    QNetworkAccessManager network;
    std::unique_ptr<ProviderClient> client;
    QString sessionId;
    Promises promises;

    Rig() { data = base.filePath(u"data"_s); }

    // The data folder (on a tmpfs of `tmpfsBytes` when > 0) with a session and one finished turn
    // (a short reply); later replies stream `text`.
    QString open(qint64 tmpfsBytes, const QString &text)
    {
        if (!base.isValid() || !QDir().mkpath(data) || !server.listen())
            return u"no folder or server"_s;
        if (tmpfsBytes > 0) {
            QString error;
            mount = ScopedMount::tmpfs(data, tmpfsBytes, &error);
            if (!mount)
                return error;
        }
        ScriptedReply first;
        first.text = u"A short first reply."_s;
        ScriptedReply reply;
        reply.text = text;
        reply.chunkChars = 256;
        server.route("POST", "/v1/chat/completions", {openAiReply(first), openAiReply(reply).chunked({2048}, 2)});
        promises.streamedText = text;
        ProviderEndpoint endpoint
            = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), u"k"_s);
        endpoint.retry.maxRetries = 0;
        client = std::make_unique<ProviderClient>(&network, endpoint);
        store = std::make_unique<AsyncStore>();
        if (const QString error = openAndWait(*store, data); !error.isEmpty())
            return error;
        Session session = Session::create(u"disk"_s);
        session.model = u"m"_s;
        sessionId = session.id;
        bool created = false;
        QObject context;
        store->write(
            &context, [session](Store &s) { return s.sessions().create(session); }, [&](Status s) { created = s.ok(); },
            Durability::Full);
        if (!QTest::qWaitFor([&] { return created; }, Wait))
            return u"cannot create the session"_s;
        auto t = turn();
        t->send(sessionId, u"first"_s);
        if (!QTest::qWaitFor([&] { return t->isFinished(); }, Wait) || t->status() != MessageStatus::Complete)
            return u"the first turn failed: "_s + t->errorText();
        promises.messages.insert(t->userMessageId(), u"first"_s);
        promises.messages.insert(t->assistantMessageId(), first.text);
        return {};
    }

    std::unique_ptr<ModelCall> turn()
    {
        auto t = std::make_unique<ModelCall>(store.get(), client.get());
        t->setFlushInterval(10);
        return t;
    }

    bool send(ModelCall &t, const QString &text)
    {
        QObject::connect(&t, &ModelCall::userMessageCommitted, &network,
                         [this, text](const QString &id) { promises.messages.insert(id, text); });
        t.send(sessionId, text);
        return QTest::qWaitFor([&] { return t.isFinished(); }, Wait);
    }
};

} // namespace

class TestFaultsDisk final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(FaultVfs::install()); }
    void init() { FaultVfs::reset(); }

    // The disk fills up while a long reply streams: it ends interrupted, saying the disk is full;
    // with space again, the database is whole and keeps everything that was committed.
    void diskFillsUpWhileStreaming()
    {
        SKEIN_REQUIRE_MOUNTS();
        Rig rig;
        const QString text = longText(6000); // ~50 KB, more than the room left
        const QString opened = rig.open(8 << 20, text);
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const QString filler = fillDisk(rig.data, 48 << 10);
        QVERIFY(!filler.isEmpty());
        auto t = rig.turn();
        QVERIFY(rig.send(*t, u"tell me everything"_s));
        QVERIFY2(t->status() != MessageStatus::Complete, "a reply larger than the free space is complete");
        QVERIFY2(t->errorText().contains(u"disk is full"_s), qPrintable(t->errorText()));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        t.reset();
        rig.store.reset();
        QVERIFY(QFile::remove(filler));
        const QString problem = checkAfterFault(rig.data, rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // A full disk refuses the user message itself: nothing is sent, the user is told.
    void fullDiskRefusesTheUserMessage()
    {
        SKEIN_REQUIRE_MOUNTS();
        Rig rig;
        const QString opened = rig.open(8 << 20, u"A short reply."_s);
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const QString filler = fillDisk(rig.data, 0);
        const qsizetype requests = rig.server.requestCount();
        auto t = rig.turn();
        // Long enough to need new pages: a full disk cannot take it.
        QVERIFY(rig.send(*t, longText(3000)));
        QCOMPARE(toString(t->status()), toString(MessageStatus::Failed));
        QVERIFY(t->userMessageId().isEmpty());
        QCOMPARE(rig.server.requestCount(), requests);
        QVERIFY2(t->errorText().contains(u"disk is full"_s), qPrintable(t->errorText()));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        t.reset();
        rig.store.reset();
        QVERIFY(QFile::remove(filler));
        const QString problem = checkAfterFault(rig.data, rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // An old database on a full disk: the backup before the migration cannot be written, so
    // nothing is migrated, the half-written backup does not stay, and the user is told.
    void fullDiskStopsTheMigrationBeforeItStarts()
    {
        SKEIN_REQUIRE_MOUNTS();
        QTemporaryDir base;
        const QString data = base.filePath(u"data"_s);
        QVERIFY(QDir().mkpath(data));
        QString error;
        auto mount = ScopedMount::tmpfs(data, 1 << 20, &error);
        QVERIFY2(mount, qPrintable(error));
        const QString file = QDir(data).filePath(Database::fileName());
        QVERIFY(QFile::copy(dataPath(u"storage/skein-v1.db"_s), file));
        QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
        const char *schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name";
        const QStringList before = queryRows(file, schema);
        QCOMPARE(queryRows(file, "PRAGMA user_version"), QStringList {u"1"_s});
        // Room for the WAL and its index, not for a copy of the database.
        const QString filler = fillDisk(data, 96 << 10);
        auto opened = Store::open(data);
        QVERIFY(!opened);
        QCOMPARE(StorageError::kindName(opened.error().kind), u"disk_full"_s);
        QVERIFY2(notPlainWords(opened.error().message).isEmpty(), qPrintable(notPlainWords(opened.error().message)));
        QVERIFY2(opened.error().message.contains(u"backup"_s), qPrintable(opened.error().message));
        QVERIFY(QFile::remove(filler));
        // Not migrated, and no half-written backup left.
        QCOMPARE(queryRows(file, "PRAGMA user_version"), QStringList {u"1"_s});
        QCOMPARE(queryRows(file, schema), before);
        QVERIFY(QDir(data + u"/backups"_s).entryList(QDir::Files).isEmpty());
        Promises promises;
        const QString problem = checkAfterFault(data, promises); // migrates now
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(QDir(data + u"/backups"_s).entryList({u"*.bak"_s}, QDir::Files).size(), 1);
    }

    // The data folder is read-only (a read-only mount; as root, permissions would not stop a
    // write): Skein still shows what is there and says in plain words why nothing can be saved;
    // the file is not changed.
    void readOnlyDataFolder()
    {
        SKEIN_REQUIRE_MOUNTS();
        auto rig = std::make_unique<Rig>();
        const QString opened = rig->open(0, u"A reply on a writable disk."_s);
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        rig->store.reset(); // closed cleanly: the WAL is checkpointed and gone
        const QString data = rig->data;
        const QString file = QDir(data).filePath(Database::fileName());
        const QByteArray before = readFile(file);
        QString error;
        rig->mount = ScopedMount::readOnly(data, &error); // the rig closes its store before it unmounts
        QVERIFY2(rig->mount, qPrintable(error));
        QFile probe(QDir(data).filePath(u"probe"_s));
        QVERIFY2(!probe.open(QIODevice::WriteOnly), "the read-only mount takes writes");

        rig->store = std::make_unique<AsyncStore>();
        bool done = false;
        std::optional<Result<AsyncStore::OpenReport>> report;
        QObject context;
        rig->store->open(data, {}, &context, [&](Result<AsyncStore::OpenReport> r) {
            report = std::move(r);
            done = true;
        });
        QVERIFY(QTest::qWaitFor([&] { return done; }, Wait));
        if (*report) {
            // Open for reading: the app shows why it cannot save.
            QVERIFY2(report->value().info.readOnly, "a database in a read-only folder opens writable");
            const QString reason = report->value().info.readOnlyReason;
            QVERIFY2(notPlainWords(reason).isEmpty(), qPrintable(notPlainWords(reason)));
            // What is there can be read.
            std::optional<Result<QList<Message>>> read;
            rig->store->read<QList<Message>>(
                &context, [id = rig->sessionId](Store &s) { return s.messages().bySession(id); },
                [&](Result<QList<Message>> r) { read = std::move(r); });
            QTRY_VERIFY(read.has_value());
            QVERIFY2(*read, qPrintable(errorOf(*read)));
            QCOMPARE(read->value().size(), 2);
        } else {
            QVERIFY2(notPlainWords(report->error().message).isEmpty(),
                     qPrintable(notPlainWords(report->error().message)));
        }
        // Sending is refused in plain words, and nothing reaches the model.
        const qsizetype requests = rig->server.requestCount();
        auto t = rig->turn();
        QVERIFY(rig->send(*t, u"can I write?"_s));
        QCOMPARE(toString(t->status()), toString(MessageStatus::Failed));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        QCOMPARE(rig->server.requestCount(), requests);
        t.reset();
        rig->store.reset();
        QCOMPARE(readFile(file), before);
        rig->mount.reset();
        const QString problem = checkAfterFault(data, rig->promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // No database yet and a read-only folder: the open fails and says what to check.
    void readOnlyEmptyFolder()
    {
        SKEIN_REQUIRE_MOUNTS();
        QTemporaryDir base;
        QString error;
        auto mount = ScopedMount::readOnly(base.path(), &error);
        QVERIFY2(mount, qPrintable(error));
        AsyncStore store;
        const QString failed = openAndWait(store, base.path());
        QVERIFY2(!failed.isEmpty(), "a database was created in a read-only folder");
        QVERIFY2(notPlainWords(failed).isEmpty(), qPrintable(notPlainWords(failed)));
        QVERIFY2(failed.contains(u"data folder"_s), qPrintable(failed));
    }
};

int main(int argc, char **argv)
{
    Skein::Test::prepareMounts(); // before any thread exists: namespaces are per thread
    Skein::Test::prepareEnvironment();
    QCoreApplication app(argc, argv);
    TestFaultsDisk tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_faults_disk.moc"
