#include "randomtree.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace Skein;
using namespace Skein::Exchange;

class TestRoundTrip final : public QObject
{
    Q_OBJECT

    static std::unique_ptr<Store> open(const QTemporaryDir &dir, const QString &name)
    {
        Result<std::unique_ptr<Store>> store = Store::open(Test::makeDir(dir.filePath(name)));
        if (!store)
            qFatal("cannot open store: %s", qPrintable(Test::errorText(store)));
        return std::move(store).value();
    }

private Q_SLOTS:
    // Property: for 200 random trees, export -> import into an empty data dir -> export is
    // byte-identical, and importing the same file again changes nothing.
    void randomTreesRoundTripByteIdentical()
    {
        QTemporaryDir tmp;
        auto source = open(tmp, QStringLiteral("source"));
        auto target = open(tmp, QStringLiteral("target"));
        QRandomGenerator rng(20261129);
        for (int i = 0; i < 200; ++i) {
            const SessionContent content = Test::randomSession(rng, 40, i % 40 == 7);
            QString error;
            QVERIFY2(Test::writeContent(*source, content, &error), qPrintable(error));
            Result<QByteArray> first = Exporter(*source).exportSession(content.session.id);
            QVERIFY2(first.ok(), qPrintable(Test::errorText(first)));

            Result<ImportReport> report = Importer(*target).importBytes(first.value());
            QVERIFY2(report.ok(), qPrintable(Test::errorText(report)));
            QCOMPARE(report.value().sessions.size(), 1);
            QCOMPARE(report.value().sessions.first().outcome, ImportReport::Outcome::Imported);
            QCOMPARE(report.value().sessions.first().importedId, content.session.id);

            Result<QByteArray> second = Exporter(*target).exportSession(content.session.id);
            QVERIFY(second.ok());
            if (first.value() != second.value()) {
                const QList<QByteArray> a = first.value().split('\n'), b = second.value().split('\n');
                for (qsizetype l = 0; l < std::min(a.size(), b.size()); ++l)
                    if (a.at(l) != b.at(l))
                        QFAIL(qPrintable(QStringLiteral("tree %1 differs at line %2:\n%3\n%4") .arg(i).arg(l + 1).arg(
                            QString::fromUtf8(a.at(l).left(200)), QString::fromUtf8(b.at(l).left(200)))));
                QFAIL("exports differ in length");
            }

            // Re-import: already present, nothing duplicated.
            const qint64 before = target->messages().countBySession(content.session.id).value();
            Result<ImportReport> again = Importer(*target).importBytes(first.value());
            QVERIFY(again.ok());
            QCOMPARE(again.value().sessions.first().outcome, ImportReport::Outcome::AlreadyPresent);
            QCOMPARE(target->messages().countBySession(content.session.id).value(), before);
        }
        QCOMPARE(target->sessions().count().value(), qint64(200));
    }

    // Same id, different content: imported as a new session with fresh ids, consistently.
    void changedContentImportsAsNewSession()
    {
        QTemporaryDir tmp;
        auto store = open(tmp, QStringLiteral("db"));
        QRandomGenerator rng(7);
        SessionContent content;
        do
            content = Test::randomSession(rng, 30, false);
        while (content.toolLog.isEmpty());
        QString error;
        QVERIFY2(Test::writeContent(*store, content, &error), qPrintable(error));
        QByteArray file = Exporter(*store).exportSession(content.session.id).value();
        QJsonObject doc = QJsonDocument::fromJson(file).object();
        QJsonArray messages = doc.value(QStringLiteral("messages")).toArray();
        QJsonObject first = messages.at(0).toObject();
        first.insert(QStringLiteral("content"), QStringLiteral("edited elsewhere"));
        messages.replace(0, first);
        doc.insert(QStringLiteral("messages"), messages);

        Result<ImportReport> report = Importer(*store).importBytes(QJsonDocument(doc).toJson());
        QVERIFY2(report.ok(), qPrintable(Test::errorText(report)));
        const ImportReport::SessionResult r = report.value().sessions.first();
        QCOMPARE(r.outcome, ImportReport::Outcome::ImportedAsNew);
        QVERIFY(r.importedId != content.session.id);
        QVERIFY(report.value().describe().contains(QLatin1String("new session")));
        QCOMPARE(store->sessions().count().value(), qint64(2));

        // The copy is internally consistent: its path resolves, tool results answer its calls.
        const Session copy = store->sessions().get(r.importedId).value();
        const QList<Message> all = store->messages().bySession(copy.id).value();
        QCOMPARE(all.size(), content.messages.size());
        QVERIFY(store->messages().path(copy.activeLeafId).ok());
        QSet<QString> calls;
        for (const Message &m : all) {
            QVERIFY(!m.id.isEmpty());
            for (const Message &original : content.messages)
                QVERIFY(m.id != original.id);
            for (const QJsonValue &c : m.toolCalls)
                calls.insert(c.toObject().value(QStringLiteral("id")).toString());
        }
        for (const Message &m : all)
            if (m.role == Role::Tool)
                QVERIFY2(calls.contains(m.toolCallId), qPrintable(m.toolCallId));
        bool edited = false;
        for (const Message &m : all)
            edited |= m.content == QLatin1String("edited elsewhere");
        QVERIFY(edited);
    }

    void archiveRoundTrip()
    {
        QTemporaryDir tmp;
        auto source = open(tmp, QStringLiteral("source"));
        QRandomGenerator rng(99);
        for (int i = 0; i < 12; ++i) {
            QString error;
            QVERIFY2(Test::writeContent(*source, Test::randomSession(rng, 20, false), &error), qPrintable(error));
        }
        Memory loose;
        loose.id = QStringLiteral("manual-memory");
        loose.content = QStringLiteral("Prefers metric units");
        loose.status = MemoryStatus::Active;
        loose.createdAt = loose.updatedAt = 1700000000000;
        QVERIFY(source->memories().create(loose).ok());

        const QByteArray first = Exporter(*source).exportAll().value();
        QVERIFY(first.contains("\"format\": \"skein.archive/1\""));
        auto target = open(tmp, QStringLiteral("target"));
        Result<ImportReport> report = Importer(*target).importBytes(first);
        QVERIFY2(report.ok(), qPrintable(Test::errorText(report)));
        QCOMPARE(report.value().sessions.size(), 12);
        QCOMPARE(Exporter(*target).exportAll().value(), first);
        QVERIFY(target->memories().get(QStringLiteral("manual-memory")).ok());
        Result<ImportReport> again = Importer(*target).importBytes(first);
        QVERIFY(again.ok());
        QCOMPARE(again.value().memoriesImported, 0);
        QCOMPARE(Exporter(*target).exportAll().value(), first);
    }
};

SKEIN_CORE_TEST_MAIN(TestRoundTrip)
#include "tst_roundtrip.moc"
