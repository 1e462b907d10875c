// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "randomtree.h"
#include "storage/database.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <functional>

using namespace Skein;
using namespace Skein::Exchange;
using namespace Qt::StringLiterals;

namespace {

using Mutation = std::function<void(QJsonObject &)>;

QJsonObject messageAt(const QJsonObject &doc, int i)
{
    return doc.value(QStringLiteral("messages")).toArray().at(i).toObject();
}

void setMessage(QJsonObject &doc, int i, const QString &key, const QJsonValue &value)
{
    QJsonArray messages = doc.value(QStringLiteral("messages")).toArray();
    QJsonObject m = messages.at(i).toObject();
    m.insert(key, value);
    messages.replace(i, m);
    doc.insert(QStringLiteral("messages"), messages);
}

void setIn(QJsonObject &doc, const QString &list, int i, const QString &key, const QJsonValue &value)
{
    QJsonArray items = doc.value(list).toArray();
    QJsonObject o = items.at(i).toObject();
    o.insert(key, value);
    items.replace(i, o);
    doc.insert(list, items);
}

void setSession(QJsonObject &doc, const QString &key, const QJsonValue &value)
{
    QJsonObject s = doc.value(QStringLiteral("session")).toObject();
    s.insert(key, value);
    doc.insert(QStringLiteral("session"), s);
}

} // namespace

class TestMalformed final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Store> m_store;
    QJsonObject m_valid; // a valid export of a session that is NOT in m_store

    QByteArray dump() { return Test::dumpDatabase(*m_store); }

private Q_SLOTS:
    void initTestCase()
    {
        m_store = std::move(Store::open(Test::makeDir(m_tmp.filePath(QStringLiteral("db"))))).value();
        // Something already in the database that must survive every failed import.
        QRandomGenerator rng(1);
        QString error;
        QVERIFY(Test::writeContent(*m_store, Test::randomSession(rng, 10, false), &error));
        // The valid document comes from another store, so importing it would add rows.
        QTemporaryDir other;
        auto source = std::move(Store::open(Test::makeDir(other.filePath(QStringLiteral("src"))))).value();
        Exchange::SessionContent content;
        do
            content = Test::randomSession(rng, 12, false);
        while (content.toolLog.isEmpty() || content.summaries.isEmpty() || content.messages.size() < 4
               || content.snapshots.isEmpty() || content.memories.isEmpty());
        QVERIFY(Test::writeContent(*source, content, &error));
        m_valid = QJsonDocument::fromJson(Exporter(*source).exportSession(content.session.id).value()).object();
        QVERIFY(!m_valid.isEmpty());
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("where"); // must appear in the error

        const auto doc = [this](const Mutation &mutate) {
            QJsonObject d = m_valid;
            mutate(d);
            return QJsonDocument(d).toJson();
        };
        const QByteArray valid = QJsonDocument(m_valid).toJson();
        const QString toolMessage = [this] {
            const QJsonArray messages = m_valid.value(QStringLiteral("messages")).toArray();
            for (qsizetype i = 0; i < messages.size(); ++i)
                if (messages.at(i).toObject().value(QStringLiteral("role")) == QLatin1String("tool"))
                    return QString::number(i);
            return QString();
        }();
        const int tool = toolMessage.toInt();
        const int callMessage = [this] {
            const QJsonArray messages = m_valid.value(QStringLiteral("messages")).toArray();
            for (qsizetype i = 0; i < messages.size(); ++i)
                if (!messages.at(i).toObject().value(QStringLiteral("tool_calls")).toArray().isEmpty())
                    return int(i);
            return -1;
        }();

        QTest::newRow("not json") << QByteArray("{ this is not json") << u"$: not valid JSON"_s;
        QTest::newRow("truncated") << valid.left(valid.size() / 2) << u"$: not valid JSON"_s;
        QTest::newRow("array root") << QByteArray("[1,2,3]") << u"$: expected a JSON object"_s;
        QTest::newRow("empty file") << QByteArray() << u"$: not valid JSON"_s;
        QTest::newRow("no format") << doc([](QJsonObject &d) { d.remove(u"format"_s); }) << u"$.format"_s;
        QTest::newRow("unknown format") << doc([](QJsonObject &d) { d.insert(u"format"_s, u"skein.session/9"_s); })
                                        << u"$.format: unsupported format"_s;
        QTest::newRow("no session") << doc([](QJsonObject &d) { d.remove(u"session"_s); }) << u"$.session.id"_s;
        QTest::newRow("empty session id")
            << doc([](QJsonObject &d) { setSession(d, u"id"_s, u""_s); }) << u"$.session.id: must not be empty"_s;
        QTest::newRow("control char in id") << doc([](QJsonObject &d) { setSession(d, u"id"_s, u"a\u0001b"_s); })
                                            << u"$.session.id: contains control"_s;
        QTest::newRow("huge title") << doc([](QJsonObject &d) { setSession(d, u"title"_s, QString(5000, u'x')); })
                                    << u"$.session.title: longer than"_s;
        QTest::newRow("tags not array") << doc([](QJsonObject &d) { setSession(d, u"tags"_s, u"work"_s); })
                                        << u"$.session.tags: expected an array"_s;
        QTest::newRow("tag not string") << doc([](QJsonObject &d) {
            setSession(d, u"tags"_s, QJsonArray {u"work"_s, 7});
        }) << u"$.session.tags[1]: expected a string, found a number"_s;
        QTest::newRow("too many tags") << doc([](QJsonObject &d) {
            QJsonArray tags;
            for (int i = 0; i < 1000; ++i)
                tags.append(QString::number(i));
            setSession(d, u"tags"_s, tags);
        }) << u"$.session.tags: more than 128 entries"_s;
        // Attachments: each with content finds it, of its size, under its hash; the hash is the content's.
        const QByteArray content = "attached bytes";
        const QString hash = QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
        const QJsonObject file {{u"id"_s, u"9a1c2d3e-0000-4000-8000-000000000001"_s},
                                {u"name"_s, u"a.txt"_s},
                                {u"mime_type"_s, u"text/plain"_s},
                                {u"kind"_s, u"text"_s},
                                {u"size"_s, content.size()},
                                {u"sha256"_s, hash},
                                {u"text"_s, u"attached bytes"_s},
                                {u"created_at"_s, 1}};
        const auto withFile = [&](const QJsonObject &attachment, const QJsonValue &contents) {
            return doc([=](QJsonObject &d) {
                setIn(d, u"messages"_s, 0, u"attachments"_s, QJsonArray {attachment});
                d.insert(u"attachment_contents"_s, contents);
            });
        };
        const QJsonObject contents {{hash, QString::fromLatin1(content.toBase64())}};
        const auto changed = [&](const QString &key, const QJsonValue &value) {
            QJsonObject o = file;
            o.insert(key, value);
            return o;
        };
        QTest::newRow("attachment content missing")
            << withFile(file, QJsonObject {}) << u"$.messages[0].attachments[0].sha256: no content"_s;
        QTest::newRow("attachment size wrong")
            << withFile(changed(u"size"_s, 99), contents) << u"$.messages[0].attachments[0].size"_s;
        QTest::newRow("attachment kind unknown") << withFile(changed(u"kind"_s, u"video"_s), contents)
                                                 << u"$.messages[0].attachments[0].kind: unknown kind"_s;
        QTest::newRow("attachment hash not hex")
            << withFile(changed(u"sha256"_s, u"abc"_s), contents) << u"$.messages[0].attachments[0].sha256"_s;
        QTest::newRow("attachment content not base64")
            << withFile(file, QJsonObject {{hash, u"***"_s}}) << u"$.attachment_contents"_s;
        QTest::newRow("attachment content of another hash")
            << withFile(file, QJsonObject {{hash, QString::fromLatin1(QByteArray("other bytes").toBase64())}})
            << u"does not match its SHA-256"_s;
        QTest::newRow("settings not object")
            << doc([](QJsonObject &d) { setSession(d, u"context_settings"_s, u"{}"_s); })
            << u"$.session.context_settings: expected an object"_s;
        QTest::newRow("messages not array")
            << doc([](QJsonObject &d) { d.insert(u"messages"_s, u"none"_s); }) << u"$.messages: expected an array"_s;
        QTest::newRow("unknown role") << doc([](QJsonObject &d) { setMessage(d, 1, u"role"_s, u"bot"_s); })
                                      << u"$.messages[1].role: unknown value"_s;
        QTest::newRow("unknown status") << doc([](QJsonObject &d) { setMessage(d, 2, u"status"_s, u"done"_s); })
                                        << u"$.messages[2].status: unknown value"_s;
        QTest::newRow("content is a number") << doc([](QJsonObject &d) { setMessage(d, 0, u"content"_s, 12); })
                                             << u"$.messages[0].content: expected a string"_s;
        QTest::newRow("created_at is text")
            << doc([](QJsonObject &d) { setMessage(d, 0, u"created_at"_s, u"yesterday"_s); })
            << u"$.messages[0].created_at: expected an integer"_s;
        QTest::newRow("negative time") << doc([](QJsonObject &d) { setMessage(d, 1, u"created_at"_s, -5); })
                                       << u"$.messages[1].created_at: must be at least 0"_s;
        QTest::newRow("fractional time") << doc([](QJsonObject &d) { setMessage(d, 1, u"created_at"_s, 1.5); })
                                         << u"$.messages[1].created_at: expected an integer"_s;
        QTest::newRow("negative usage") << doc([](QJsonObject &d) {
            setMessage(d, 1, u"usage"_s, QJsonObject {{u"prompt_tokens"_s, -3}});
        }) << u"$.messages[1].prompt_tokens: must be at least 0"_s;
        QTest::newRow("unknown parent") << doc([](QJsonObject &d) { setMessage(d, 2, u"parent_id"_s, u"nowhere"_s); })
                                        << u"$.messages[2].parent_id: refers to message"_s;
        QTest::newRow("cycle") << doc([](QJsonObject &d) {
            const QString a = messageAt(d, 0).value(u"id"_s).toString();
            const QString b = messageAt(d, 1).value(u"id"_s).toString();
            setMessage(d, 0, u"parent_id"_s, b);
            setMessage(d, 1, u"parent_id"_s, a);
        }) << u"parent links form a cycle"_s;
        QTest::newRow("self parent") << doc([](QJsonObject &d) {
            setMessage(d, 1, u"parent_id"_s, messageAt(d, 1).value(u"id"_s));
        }) << u"parent links form a cycle"_s;
        QTest::newRow("duplicate message id")
            << doc([](QJsonObject &d) { setMessage(d, 3, u"id"_s, messageAt(d, 1).value(u"id"_s)); })
            << u"$.messages[3].id: message id"_s;
        QTest::newRow("tool without call id")
            << doc([tool](QJsonObject &d) { setMessage(d, tool, u"tool_call_id"_s, QJsonValue::Null); })
            << u".tool_call_id: a tool message needs"_s;
        QTest::newRow("tool call without id") << doc([callMessage](QJsonObject &d) {
            setMessage(d, callMessage, u"tool_calls"_s, QJsonArray {QJsonObject {{u"name"_s, u"x"_s}}});
        }) << u".tool_calls[0].id"_s;
        QTest::newRow("active leaf unknown")
            << doc([](QJsonObject &d) { setSession(d, u"active_leaf_id"_s, u"ghost"_s); })
            << u"$.session.active_leaf_id: refers to message"_s;
        QTest::newRow("summary span unknown")
            << doc([](QJsonObject &d) { setIn(d, u"summaries"_s, 0, u"first_message_id"_s, u"ghost"_s); })
            << u"$.summaries[0].first_message_id"_s;
        QTest::newRow("tool log message unknown")
            << doc([](QJsonObject &d) { setIn(d, u"tool_log"_s, 0, u"message_id"_s, u"ghost"_s); })
            << u"$.tool_log[0].message_id"_s;
        QTest::newRow("memory scope") << doc([](QJsonObject &d) {
            setIn(d, u"memories"_s, 0, u"scope"_s, u"everywhere"_s);
        }) << u"$.memories[0].scope: unknown value"_s;
        QTest::newRow("memory from elsewhere")
            << doc([](QJsonObject &d) { setIn(d, u"memories"_s, 0, u"source_session_id"_s, u"other-session"_s); })
            << u"$.memories[0].source_session_id"_s;
        QTest::newRow("duplicate snapshot") << doc([](QJsonObject &d) {
            QJsonArray s = d.value(u"context_snapshots"_s).toArray();
            s.append(s.at(0));
            d.insert(u"context_snapshots"_s, s);
        }) << u"$.context_snapshots[1].id: snapshot id"_s;
        QTest::newRow("forked from nowhere")
            << doc([](QJsonObject &d) { setSession(d, u"parent_session_id"_s, u"missing-session"_s); })
            << u"parent_session_id: forked from session"_s;
        QTest::newRow("archive duplicate session") << [this] {
            QJsonObject session = m_valid;
            session.remove(u"format"_s);
            return QJsonDocument(QJsonObject {{u"format"_s, u"skein.archive/1"_s},
                                              {u"sessions"_s, QJsonArray {session, session}}})
                .toJson();
        }() << u"$.sessions[1].session.id: session"_s;
        QTest::newRow("archive sessions not array")
            << QJsonDocument(QJsonObject {{u"format"_s, u"skein.archive/1"_s}, {u"sessions"_s, 3}}).toJson()
            << u"$.sessions: expected an array"_s;
    }

    // Each bad file is rejected with a message naming the place, and the database is unchanged.
    void malformed()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, where);
        const QByteArray before = dump();
        Result<ImportReport> report = Importer(*m_store, {}).importBytes(bytes, u"malformed.json"_s);
        QVERIFY2(!report.ok(), "a malformed file was accepted");
        QCOMPARE(report.error().kind, StorageError::Kind::Invalid);
        QVERIFY2(report.error().message.contains(where), qPrintable(Test::errorText(report)));
        QCOMPARE(dump(), before);
    }

    // The untouched document imports: the cases above fail for their own reason only.
    void validDocumentImports()
    {
        Result<ImportReport> report
            = Importer(*m_store, {}).importBytes(QJsonDocument(m_valid).toJson(), u"malformed.json"_s);
        QVERIFY2(report.ok(), qPrintable(Test::errorText(report)));
        QCOMPARE(report.value().sessions.first().outcome, ImportReport::Outcome::Imported);
    }

    // A failure while writing (after validation) rolls the whole import back.
    void failureHalfwayRollsBack()
    {
        QTemporaryDir tmp;
        auto store = std::move(Store::open(Test::makeDir(tmp.filePath(QStringLiteral("db"))))).value();
        QVERIFY(store->database()
                    .execScript(QStringLiteral("CREATE TRIGGER boom BEFORE INSERT ON context_snapshots "
                                               "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;"))
                    .ok());
        Result<ImportReport> report
            = Importer(*store, {}).importBytes(QJsonDocument(m_valid).toJson(), u"malformed.json"_s);
        QVERIFY(!report.ok());
        QSqlQuery q(store->database().connection());
        for (const char *table : {"sessions", "messages", "summaries", "tool_log", "memories"}) {
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(table))));
            QVERIFY(q.next());
            QVERIFY2(q.value(0).toInt() == 0, table);
        }
    }
};

SKEIN_CORE_TEST_MAIN(TestMalformed)
#include "tst_malformed.moc"
