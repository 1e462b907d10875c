// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli on a machine without a session bus and without a display (issue 12 item 2), as a user
// runs it over SSH: a keyless local server must work end to end — providers add → send (tools on,
// default settings) → show → context → export — without ever touching the keychain; a provider
// whose key is in the keychain fails with an error naming both ways out, and --api-key-env
// supplies the key for one run without storing it anywhere.

#include "cliprocess.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "storage/attachmentrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QColor>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

// No session bus, no display: what a headless machine (or CI without dbus-run-session) offers.
QProcessEnvironment headless(const QString &dataDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name :
         {"DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(u"SKEIN_DATA_DIR"_s, dataDir);
    return env;
}

QString describe(const CliRun &run)
{
    return u"status %1\nstdout: %2\nstderr: %3"_s.arg(run.status)
        .arg(QString::fromUtf8(run.out), QString::fromUtf8(run.err));
}

ReplayResponse answer(const RecordedRequest &request)
{
    // One tool round (the calculator, a built-in read-only tool), then an answer.
    int results = 0;
    for (const QJsonValue &m : requestMessages(request))
        if (m[u"role"_s] == u"tool"_s)
            ++results;
    ScriptedReply reply;
    reply.promptTokens = 40;
    reply.completionTokens = 6;
    if (results == 0 && !requestJson(request).value(u"tools"_s).toArray().isEmpty())
        reply.toolCalls = {{u"call_1"_s, u"calculator"_s, QJsonObject {{u"expression"_s, u"17 * 3"_s}}}};
    else
        reply.text = u"It is 51."_s;
    return openAiReply(reply);
}

// A PDF of two US Letter pages, each red in its top half, written by hand (no GUI in this test).
QByteArray twoPagePdf()
{
    const QByteArray content = "1 0 0 rg 0 396 612 396 re f";
    const QList<QByteArray> objects {
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>",
        "<< /Length " + QByteArray::number(content.size()) + " >>\nstream\n" + content + "\nendstream",
    };
    QByteArray out = "%PDF-1.4\n";
    QList<qsizetype> offsets;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        offsets << out.size();
        out += QByteArray::number(i + 1) + " 0 obj\n" + objects.at(i) + "\nendobj\n";
    }
    const qsizetype xref = out.size();
    out += "xref\n0 " + QByteArray::number(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (const qsizetype offset : offsets)
        out += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    out += "trailer\n<< /Size " + QByteArray::number(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n"
        + QByteArray::number(xref) + "\n%%EOF\n";
    return out;
}

} // namespace

class TestHeadlessCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keylessLocalServerNeedsNoKeychain()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", answer);

        CliRun r = runCli({u"providers"_s, u"add"_s, u"peer"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                           server.url(u"/v1"_s).toString(), u"--model"_s, u"local-model"_s},
                          env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"providers"_s, u"list"_s, u"--json"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        const QJsonArray providers = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(providers.size(), 1);
        QCOMPARE(providers.at(0)[u"api_key"_s].toString(), u"none"_s);

        // Tools on, default settings: the calculator runs, the answer streams to stdout.
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"peer"_s, u"--json"_s,
                    u"What is 17 times 3?"_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY2(!r.err.contains("keychain") && !r.err.contains("D-Bus"), qPrintable(describe(r)));
        const QJsonObject sent = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(sent[u"state"_s].toString(), u"completed"_s);
        QCOMPARE(sent[u"iterations"_s].toInt(), 2);
        const QString session = sent[u"session_id"_s].toString();
        QVERIFY(!session.isEmpty());
        QCOMPARE(server.requestCount(), 2);
        QVERIFY(!server.requests().at(0).hasHeader("authorization"));

        r = runCli({u"show"_s, session}, env);
        QVERIFY2(r.status == 0 && r.out.contains("It is 51."), qPrintable(describe(r)));
        r = runCli({u"context"_s, session, u"--json"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY(QJsonDocument::fromJson(r.out).isObject());
        const QString exported = dir.filePath(u"chat.json"_s);
        r = runCli({u"export"_s, session, u"-o"_s, exported}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY(readFile(exported).contains("It is 51."));
        r = runCli({u"providers"_s, u"remove"_s, u"peer"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
    }

    // Issue 16 from the user's seat: send --attach stores the files with the message (once per
    // content) and the model reads a text file's text and is told what is not sent; a file too
    // large or not of a kind that can be sent is refused before anything is written.
    // An image, a source file and a PDF with its pages, sent to a loopback server in each provider
    // kind's dialect (docs/attachments.md, "On the wire"): the exact shape of the user message.
    void attachmentsReachEachProviderKind_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QString>("reply"); // a recorded stream of that kind; "" for OpenAI's scripted one
        QTest::addColumn<QByteArray>("contentType");
        QTest::newRow("openai") << u"openai"_s << QByteArray("/v1/chat/completions") << QString() << QByteArray();
        QTest::newRow("anthropic") << u"anthropic"_s << QByteArray("/v1/messages")
                                   << u"fixtures/wire/anthropic/messages-text-stream.sse"_s
                                   << QByteArray("text/event-stream");
        QTest::newRow("ollama") << u"ollama"_s << QByteArray("/api/chat")
                                << u"fixtures/wire/ollama/chat-stream-phi3-with-done-reason.ndjson"_s
                                << QByteArray("application/x-ndjson");
    }

    void attachmentsReachEachProviderKind()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, path);
        QFETCH(QString, reply);
        QFETCH(QByteArray, contentType);
        if (!reply.isEmpty())
            SKEIN_REQUIRE_SHARED("fixtures/wire");
        QTemporaryDir dir;
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        ReplayServer server;
        QVERIFY(server.listen());
        const QByteArray recorded = reply.isEmpty() ? QByteArray() : Test::readFile(Test::sharedPath(reply));
        server.route("POST", path, [&](const RecordedRequest &) {
            return reply.isEmpty() ? openAiText(u"Seen."_s) : ReplayResponse::fromBytes(200, recorded, contentType);
        });
        const QString chart = dir.filePath(u"chart.png"_s);
        QImage image(120, 60, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        QVERIFY(image.save(chart, "PNG"));
        const QString source = dir.filePath(u"plot.py"_s);
        QFile py(source);
        QVERIFY(py.open(QIODevice::WriteOnly) && py.write("import matplotlib\nprint('plot')\n") > 0);
        py.close();
        const QString report = dir.filePath(u"report.pdf"_s);
        QFile pdf(report);
        QVERIFY(pdf.open(QIODevice::WriteOnly) && pdf.write(twoPagePdf()) > 0);
        pdf.close();
        const QString base = kind == u"openai"_s ? server.url(u"/v1"_s).toString() : server.url(u"/"_s).toString();
        const CliRun r = runCli({u"send"_s, u"--new"_s, u"--base-url"_s, base, u"--kind"_s, kind, u"--model"_s, u"m"_s,
                                 u"--no-background"_s, u"--no-tools"_s, u"--attach"_s, chart, u"--attach"_s, source,
                                 u"--attach-pages"_s, report, u"Compare them."_s},
                                env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
        const QJsonObject body = QJsonDocument::fromJson(server.requests().at(0).body).object();
        const QJsonObject user = body[u"messages"_s].toArray().last().toObject();
        QCOMPARE(user[u"role"_s].toString(), u"user"_s);
        QString text;
        QStringList shapes; // what follows the text, in order
        QList<QByteArray> payloads;
        if (kind == u"openai"_s) {
            const QJsonArray parts = user[u"content"_s].toArray();
            text = parts.at(0)[u"text"_s].toString();
            for (qsizetype i = 1; i < parts.size(); ++i) {
                const QString url = parts.at(i)[u"image_url"_s][u"url"_s].toString();
                shapes << parts.at(i)[u"type"_s].toString() + u':' + url.section(u';', 0, 0);
                payloads << QByteArray::fromBase64(url.section(u',', 1).toLatin1());
            }
        } else if (kind == u"anthropic"_s) {
            const QJsonArray blocks = user[u"content"_s].toArray();
            text = blocks.last()[u"text"_s].toString();
            QCOMPARE(blocks.last()[u"type"_s].toString(), u"text"_s);
            for (qsizetype i = 0; i + 1 < blocks.size(); ++i) {
                const QJsonObject encoded = blocks.at(i)[u"source"_s].toObject();
                QCOMPARE(encoded[u"type"_s].toString(), u"base64"_s);
                shapes << blocks.at(i)[u"type"_s].toString() + u':' + encoded[u"media_type"_s].toString();
                payloads << QByteArray::fromBase64(encoded[u"data"_s].toString().toLatin1());
            }
        } else {
            text = user[u"content"_s].toString();
            for (const QJsonValue v : user[u"images"_s].toArray()) {
                shapes << u"image"_s;
                payloads << QByteArray::fromBase64(v.toString().toLatin1());
            }
        }
        // The text: the user's words, then each file's line; the source file's text in a fence.
        QVERIFY2(text.startsWith(u"Compare them.\n\n[Attachment: chart.png, image/png"_s), qPrintable(text));
        QVERIFY2(text.contains(u"[Attachment: plot.py, text/x-python"_s) && text.contains(u"import matplotlib"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"[Attachment: report.pdf, application/pdf"_s)
                     && text.contains(u"2 pages — its pages follow]"_s),
                 qPrintable(text));
        QCOMPARE(QImage::fromData(payloads.value(0)).size(), QSize(120, 60));
        if (kind == u"openai"_s)
            QCOMPARE(shapes,
                     (QStringList {u"image_url:data:image/png"_s, u"image_url:data:image/png"_s,
                                   u"image_url:data:image/png"_s}));
        else if (kind == u"anthropic"_s)
            QCOMPARE(shapes, (QStringList {u"image:image/png"_s, u"document:application/pdf"_s}));
        else
            QCOMPARE(shapes, (QStringList {u"image"_s, u"image"_s, u"image"_s}));
        if (kind == u"anthropic"_s) {
            QCOMPARE(payloads.at(1), twoPagePdf()); // the file itself
        } else {
            for (int page = 1; page <= 2; ++page) { // the pages, rendered
                const QImage rendered = QImage::fromData(payloads.value(page));
                QVERIFY(rendered.height() > rendered.width());
                QCOMPARE(rendered.pixelColor(rendered.width() / 2, rendered.height() / 4), QColor(255, 0, 0));
            }
        }
    }

    void sendAttachesFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", [](const RecordedRequest &) {
            ScriptedReply reply;
            reply.text = u"Ship on Friday."_s;
            return openAiReply(reply);
        });
        const QString notes = dir.filePath(u"notes.md"_s);
        QFile n(notes);
        QVERIFY(n.open(QIODevice::WriteOnly) && n.write("# Plan\nShip on Friday, 西湖 team.\n") > 0);
        n.close();
        const QString chart = dir.filePath(u"chart.png"_s);
        QImage image(120, 60, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        QVERIFY(image.save(chart, "PNG"));
        const QStringList endpoint {u"--base-url"_s,      server.url(u"/v1"_s).toString(),
                                    u"--kind"_s,          u"openai"_s,
                                    u"--model"_s,         u"m"_s,
                                    u"--no-background"_s, u"--no-tools"_s};

        // Refused first: nothing is written, not even the new session.
        const QString big = dir.filePath(u"big.log"_s);
        QFile b(big);
        QVERIFY(b.open(QIODevice::WriteOnly) && b.resize(qint64(25) << 20));
        b.close();
        CliRun r
            = runCli(QStringList {u"send"_s, u"--new"_s, u"--attach"_s, big} + endpoint + QStringList {u"hi"_s}, env);
        QVERIFY2(r.status != 0 && r.err.contains("big.log") && r.err.contains("at most"), qPrintable(describe(r)));
        const QString archive = dir.filePath(u"bundle.zip"_s);
        QFile z(archive);
        QVERIFY(z.open(QIODevice::WriteOnly) && z.write(QByteArray("PK\x03\x04\x14\0\0\0\0\0", 10)) == 10);
        z.close();
        r = runCli(QStringList {u"send"_s, u"--new"_s, u"--attach"_s, archive} + endpoint + QStringList {u"hi"_s}, env);
        QVERIFY2(r.status != 0 && r.err.contains("application/zip"), qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 0);
        r = runCli({u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 0);

        r = runCli(QStringList {u"send"_s, u"--new"_s, u"--attach"_s, notes, u"--attach"_s, chart, u"--attach"_s, notes}
                       + endpoint + QStringList {u"--json"_s, u"Summarise the notes."_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
        // A model nobody said anything about gets the image: text, then the image as a data URL.
        QVERIFY2(!r.err.contains("image not sent"), qPrintable(describe(r)));
        const QJsonArray messages = requestMessages(server.requests().at(0));
        const QJsonArray parts = messages.last()[u"content"_s].toArray();
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0)[u"type"_s].toString(), u"text"_s);
        const QString asked = parts.at(0)[u"text"_s].toString();
        QVERIFY2(asked.startsWith(u"Summarise the notes.\n\n[Attachment: notes.md, text/markdown"_s),
                 qPrintable(asked));
        QVERIFY2(asked.contains(u"```\n# Plan\nShip on Friday, 西湖 team.\n```"_s), qPrintable(asked));
        QVERIFY2(asked.contains(u"[Attachment: chart.png, image/png"_s) && asked.contains(u"120 × 60 pixels]"_s),
                 qPrintable(asked));
        QCOMPARE(asked.count(u"[Attachment: notes.md"_s), 2);
        QCOMPARE(parts.at(1)[u"type"_s].toString(), u"image_url"_s);
        const QString url = parts.at(1)[u"image_url"_s][u"url"_s].toString();
        QVERIFY2(url.startsWith(u"data:image/png;base64,"_s), qPrintable(url.left(64)));
        const QImage sent = QImage::fromData(QByteArray::fromBase64(url.mid(url.indexOf(u',') + 1).toLatin1()));
        QCOMPARE(sent.size(), QSize(120, 60));
        QCOMPARE(sent.pixelColor(60, 30), QColor(Qt::darkCyan));

        // Stored with the message, the same content once.
        const QString session = QJsonDocument::fromJson(r.out).object()[u"session_id"_s].toString();
        r = runCli({u"show"_s, session, u"--json"_s}, env);
        const QJsonArray shown = QJsonDocument::fromJson(r.out).object()[u"messages"_s].toArray();
        const QJsonArray files = shown.first()[u"attachments"_s].toArray();
        QCOMPARE(files.size(), 3);
        QCOMPARE(files.at(0)[u"name"_s].toString(), u"notes.md"_s);
        QCOMPARE(files.at(1)[u"kind"_s].toString(), u"image"_s);
        QCOMPARE(files.at(1)[u"width"_s].toInt(), 120);
        QCOMPARE(files.at(0)[u"sha256"_s], files.at(2)[u"sha256"_s]);
        {
            const auto store = Store::open(dir.filePath(u"data"_s));
            QVERIFY(store);
            QCOMPARE(store.value()->attachments().contentCount().value(), 2);
        }

        // A reading export writes the files beside it and links them; to standard output, it names them.
        const QString exported = dir.filePath(u"out/notes export.md"_s);
        QVERIFY(QDir().mkpath(dir.filePath(u"out"_s)));
        r = runCli({u"export"_s, session, u"--format"_s, u"markdown"_s, u"-o"_s, exported}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QFile md(exported);
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(md.readAll());
        QVERIFY2(markdown.contains(u"![chart.png](notes%20export-files/02-chart.png)"_s), qPrintable(markdown));
        QVERIFY2(markdown.contains(u"📎 [notes.md](notes%20export-files/01-notes.md)"_s), qPrintable(markdown));
        QCOMPARE(QImage(dir.filePath(u"out/notes export-files/02-chart.png"_s)).size(), QSize(120, 60));
        QFile copy(dir.filePath(u"out/notes export-files/03-notes.md"_s));
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QCOMPARE(copy.readAll(), QByteArray("# Plan\nShip on Friday, 西湖 team.\n"));
        r = runCli({u"export"_s, session, u"--format"_s, u"html"_s}, env);
        QVERIFY2(r.status == 0 && r.out.contains("chart.png") && !r.out.contains("-files/"), qPrintable(describe(r)));

        // A model marked as without vision: the user is told before the send, and the model reads
        // the images' descriptions, in the history too.
        r = runCli({u"providers"_s, u"add"_s, u"p"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                    server.url(u"/v1"_s).toString(), u"--model"_s, u"m"_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"providers"_s, u"set-model"_s, u"p"_s, u"m"_s, u"--vision"_s, u"maybe"_s}, env);
        QVERIFY2(r.status == 2 && r.err.contains("--vision"), qPrintable(describe(r)));
        r = runCli({u"providers"_s, u"set-model"_s, u"p"_s, u"m"_s, u"--vision"_s, u"no"_s}, env);
        QVERIFY2(r.status == 0 && r.out.contains("\tno"), qPrintable(describe(r)));
        r = runCli({u"send"_s, u"--session"_s, session, u"--provider"_s, u"p"_s, u"--no-background"_s, u"--no-tools"_s,
                    u"--attach"_s, chart, u"And this one?"_s},
                   env);
        QVERIFY2(r.status == 0 && r.err.contains("chart.png: image not sent: m has no vision"),
                 qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 2);
        const QJsonArray described = requestMessages(server.requests().at(1));
        int notSent = 0;
        for (const QJsonValue &m : described) {
            QVERIFY2(m[u"content"_s].isString(), "no image parts for a model without vision");
            notSent
                += int(m[u"content"_s].toString().count(u"120 × 60 pixels — the image is not sent to this model]"_s));
        }
        QCOMPARE(notSent, 2);

        // A PDF's pages, when asked for (--attach-pages): after the text, each page as an image.
        const QString report = dir.filePath(u"report.pdf"_s);
        QFile pdf(report);
        QVERIFY(pdf.open(QIODevice::WriteOnly) && pdf.write(twoPagePdf()) > 0);
        pdf.close();
        r = runCli(QStringList {u"send"_s, u"--new"_s, u"--attach-pages"_s, notes} + endpoint + QStringList {u"x"_s},
                   env);
        QVERIFY2(r.status == 2 && r.err.contains("--attach-pages takes a PDF"), qPrintable(describe(r)));
        const qsizetype before = server.requestCount();
        r = runCli(QStringList {u"send"_s, u"--new"_s, u"--attach-pages"_s, report} + endpoint
                       + QStringList {u"--json"_s, u"What is on the pages?"_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), before + 1);
        const QJsonArray withPages = requestMessages(server.requests().last()).last()[u"content"_s].toArray();
        QCOMPARE(withPages.size(), 3);
        const QString pagesAsked = withPages.at(0)[u"text"_s].toString();
        QVERIFY2(pagesAsked.contains(u"[Attachment: report.pdf, application/pdf"_s)
                     && pagesAsked.contains(u"2 pages — its pages follow]\n"_s),
                 qPrintable(pagesAsked));
        for (int page = 1; page <= 2; ++page) {
            const QString pageUrl = withPages.at(page)[u"image_url"_s][u"url"_s].toString();
            QVERIFY2(pageUrl.startsWith(u"data:image/png;base64,"_s), qPrintable(pageUrl.left(64)));
            const QImage rendered
                = QImage::fromData(QByteArray::fromBase64(pageUrl.mid(pageUrl.indexOf(u',') + 1).toLatin1()));
            QVERIFY2(rendered.height() > rendered.width() && rendered.height() <= 1024 && rendered.width() <= 768,
                     qPrintable(u"%1 × %2"_s.arg(rendered.width()).arg(rendered.height())));
            QCOMPARE(rendered.pixelColor(rendered.width() / 2, rendered.height() / 4), QColor(255, 0, 0));
            QCOMPARE(rendered.pixelColor(rendered.width() / 2, rendered.height() * 3 / 4), QColor(Qt::white));
        }
        const QString pagesSession = QJsonDocument::fromJson(r.out).object()[u"session_id"_s].toString();
        r = runCli({u"show"_s, pagesSession, u"--json"_s}, env);
        const QJsonObject stored = QJsonDocument::fromJson(r.out)
                                       .object()[u"messages"_s]
                                       .toArray()
                                       .first()[u"attachments"_s]
                                       .toArray()
                                       .first()
                                       .toObject();
        QCOMPARE(stored[u"send_pages"_s], QJsonValue(true));
        QCOMPARE(stored[u"pages"_s].toInt(), 2);
        // A model without vision reads the text; the user is told first.
        r = runCli({u"send"_s, u"--session"_s, pagesSession, u"--provider"_s, u"p"_s, u"--no-background"_s,
                    u"--no-tools"_s, u"--attach-pages"_s, report, u"Again?"_s},
                   env);
        QVERIFY2(r.status == 0 && r.err.contains("report.pdf: pages not sent: m has no vision"),
                 qPrintable(describe(r)));
        for (const QJsonValue &m : requestMessages(server.requests().last()))
            QVERIFY2(m[u"content"_s].isString(), "no page images for a model without vision");

        // The limit of Settings holds for the CLI too.
        {
            const auto store = Store::open(dir.filePath(u"data"_s));
            QVERIFY(store);
            QVERIFY(store.value()->settings().set(u"attachments/max_file_mb"_s, u"1"_s));
        }
        const QString log = dir.filePath(u"two.log"_s);
        QFile twoMb(log);
        QVERIFY(twoMb.open(QIODevice::WriteOnly) && twoMb.write(QByteArray(2 << 20, 'a')) == (2 << 20));
        twoMb.close();
        r = runCli({u"send"_s, u"--session"_s, session, u"--provider"_s, u"p"_s, u"--attach"_s, log, u"Read it"_s},
                   env);
        QVERIFY2(r.status != 0 && r.err.contains("two.log") && r.err.contains("at most"), qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 4); // nothing more was sent
    }

    // Issue 17: what was said 300 messages ago reaches the server as recalled data in the
    // current user message (ChatTurn → request on loopback → snapshot), not in the system prompt.
    void recallReachesTheWireAndTheSnapshot()
    {
        QTemporaryDir dir;
        const QString dataDir = dir.filePath(u"data"_s);
        const QProcessEnvironment env = headless(dataDir);
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", [](const RecordedRequest &) { return openAiText(u"4417."_s); });
        CliRun r = runCli({u"providers"_s, u"add"_s, u"srv"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                           server.url(u"/v1"_s).toString(), u"--model"_s, u"m"_s},
                          env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QString planted;
        const Session session = plantLongChat(dataDir, 300, 4, u"My locker at the gym is number 4417."_s, &planted);
        QVERIFY(!session.id.isEmpty());
        r = runCli({u"send"_s, u"--no-background"_s, u"--session"_s, session.id, u"--provider"_s, u"srv"_s,
                    u"--no-tools"_s, u"What is my gym locker number?"_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
        const QJsonObject body = QJsonDocument::fromJson(server.requests().at(0).body).object();
        const QJsonArray messages = body[u"messages"_s].toArray();
        QVERIFY(!messages.first()[u"content"_s].toString().contains(u"4417"_s)); // the system prompt
        const QString user = messages.last()[u"content"_s].toString();
        const qsizetype quoted = user.indexOf(u"<recalled_messages>"_s);
        QVERIFY2(quoted > user.indexOf(u"What is my gym locker number?"_s), qPrintable(user));
        QVERIFY(user.indexOf(u"] My locker at the gym is number 4417."_s) > quoted);
        QVERIFY(user.indexOf(u"<runtime>"_s) > quoted);
        for (const QJsonValue m : messages) // not replayed as history
            QVERIFY(m[u"content"_s].toString() == user || !m[u"content"_s].toString().contains(u"4417"_s));

        auto store = Store::open(dataDir);
        QVERIFY(store);
        const QList<ContextSnapshot> snapshots = store.value()->snapshots().bySession(session.id).value();
        QCOMPARE(snapshots.size(), 1);
        const QJsonArray recalled = snapshots.first().sectionTokens[u"recalled"_s].toArray();
        QCOMPARE(recalled.size(), 1);
        QCOMPARE(recalled.first()[u"message_id"_s].toString(), planted);
        QVERIFY(!snapshots.first().messageIds.contains(planted));
    }

    void keyInTheKeychainNamesBothWaysOut()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString dataDir = dir.filePath(u"data"_s);
        QProcessEnvironment env = headless(dataDir);
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", answer);
        CliRun r = runCli({u"providers"_s, u"add"_s, u"cloud"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                           server.url(u"/v1"_s).toString(), u"--model"_s, u"m"_s},
                          env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        // Storing a key without a keychain is refused, and says how to go on.
        const QString key = u"sk-headless-0123456789"_s;
        env.insert(u"CLOUD_KEY"_s, key);
        r = runCli({u"providers"_s, u"set-key"_s, u"cloud"_s, u"--api-key-env"_s, u"CLOUD_KEY"_s}, env);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("--api-key-env"), qPrintable(describe(r)));

        // As if the key had been stored on a desktop session: recorded as being in the keychain.
        {
            auto store = Store::open(dataDir);
            QVERIFY(store);
            const ProviderConfig cloud = store.value()->providers().list().value().at(0);
            QVERIFY(store.value()->providers().setApiKeyState(cloud.id, ApiKeyState::Keychain));
        }
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"cloud"_s, u"hello"_s}, env);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("cloud") && r.err.contains("keychain") && r.err.contains("--api-key-env")
                     && r.err.contains("Secret Service"),
                 qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 0);

        // The key for this run only: sent to the server, stored nowhere.
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"cloud"_s, u"--api-key-env"_s,
                    u"CLOUD_KEY"_s, u"--no-tools"_s, u"hello"_s},
                   env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
        QCOMPARE(server.requests().at(0).header("authorization"), "Bearer " + key.toUtf8());
        QDirIterator files(dataDir, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString path = files.next();
            QVERIFY2(!readFile(path).contains(key.toUtf8()), qPrintable(path));
        }
        QVERIFY(!r.out.contains(key.toUtf8()) && !r.err.contains(key.toUtf8()));

        // An unset variable is a plain error, before anything is sent.
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"cloud"_s, u"--api-key-env"_s,
                    u"NO_SUCH_VARIABLE"_s, u"hello"_s},
                   env);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("NO_SUCH_VARIABLE"), qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
    }

    // A provider from before Skein recorded the key state: used without a key, with a note.
    void providerOfUnknownKeyStateGoesOnWithANote()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString dataDir = dir.filePath(u"data"_s);
        const QProcessEnvironment env = headless(dataDir);
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("POST", "/v1/chat/completions", answer);
        CliRun r = runCli({u"providers"_s, u"add"_s, u"old"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                           server.url(u"/v1"_s).toString(), u"--model"_s, u"m"_s},
                          env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        {
            auto store = Store::open(dataDir);
            QVERIFY(store);
            const ProviderConfig old = store.value()->providers().list().value().at(0);
            QVERIFY(store.value()->providers().setApiKeyState(old.id, ApiKeyState::Unknown));
        }
        r = runCli(
            {u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"old"_s, u"--no-tools"_s, u"hello"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("without an API key") && r.err.contains("--api-key-env"), qPrintable(describe(r)));
        QCOMPARE(server.requestCount(), 1);
    }

    // Issue #13 items 1, 8 and 14 from the user's seat. An archive names its own server as an
    // enabled provider: after import it is listed "imported — review" and send refuses it without
    // a byte sent, until the user enables it. An mcpServers file is listed in full and imported
    // only with consent; it cannot make its servers trusted. Secrets are not taken from argv, and
    // a base URL that carries a key is refused. On f279e63 the send reached the imported server
    // and the import started nothing but replaced servers silently.
    void importsAnotherClientsExport()
    {
        // From the user's seat: no session bus, no display, an empty data dir, Claude's ZIP.
        SKEIN_REQUIRE_SHARED("fixtures/imports");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        const QString zip = sharedPath(u"fixtures/imports"_s) + u"/claude/claude-export.zip"_s;
        // Counted, not written.
        CliRun r = runCli({u"import"_s, zip, u"--dry-run"_s, u"--json"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[u"dry_run"_s].toBool(), true);
        QCOMPARE(o[u"sessions_imported"_s].toInt(), 2);
        r = runCli({u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 0);
        // Imported, with the format it detected and the keys the issue names.
        r = runCli({u"import"_s, zip, u"--json"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        o = QJsonDocument::fromJson(r.out).object();
        for (const char *key :
             {"format", "sessions_imported", "sessions_already_present", "messages", "branches", "memories", "skipped"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o[u"format"_s].toString(), u"claude"_s);
        QCOMPARE(o[u"sessions_imported"_s].toInt(), 2);
        QCOMPARE(o[u"messages"_s].toInt(), 15);
        QCOMPARE(o[u"branches"_s].toInt(), 3);
        QCOMPARE(o[u"skipped"_s].toArray().size(), 0);
        // The tree, as show prints it.
        QString branched;
        for (const QJsonValue &v : o[u"sessions"_s].toArray())
            if (v[u"title"_s] == u"Branching answer"_s)
                branched = v[u"id"_s].toString();
        r = runCli({u"show"_s, branched, u"--all-branches"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()[u"messages"_s].toArray().size(), 4);
        // Again: nothing new. Named as the wrong format: refused, in words, nothing written.
        r = runCli({u"import"_s, zip, u"--from"_s, u"claude"_s, u"--json"_s}, env);
        o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[u"sessions_already_present"_s].toInt(), 2);
        QCOMPARE(o[u"messages"_s].toInt(), 0);
        r = runCli({u"import"_s, zip, u"--from"_s, u"librechat"_s}, env);
        QVERIFY2(r.status != 0 && r.err.contains("nothing imported"), qPrintable(describe(r)));
        r = runCli({u"import"_s, zip, u"--from"_s, u"myspace"_s}, env);
        QVERIFY2(r.status != 0 && r.err.contains("--from"), qPrintable(describe(r)));
        r = runCli({u"import"_s, sharedPath(u"fixtures/imports"_s) + u"/other/chatbotui-export.json"_s}, env);
        QVERIFY2(r.status != 0 && r.err.contains("Chatbot UI"), qPrintable(describe(r)));
        r = runCli({u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 2);

        // Read elsewhere: a web page with every branch, a PDF (fonts and layout without a display),
        // the format from the extension or --format.
        const QString html = dir.filePath(u"branching.html"_s);
        r = runCli({u"export"_s, branched, u"--all-branches"_s, u"-o"_s, html}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        const QByteArray page = Test::readFile(html);
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QCOMPARE(page.count("<article "), 4);
        QVERIFY(page.contains("<details class=\"branch\" open>"));
        const QString pdf = dir.filePath(u"branching.out"_s);
        r = runCli({u"export"_s, branched, u"--format"_s, u"pdf"_s, u"-o"_s, pdf}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY(Test::readFile(pdf).startsWith("%PDF-"));
        r = runCli({u"export"_s, branched, u"--format"_s, u"pdf"_s}, env);
        QVERIFY2(r.status == 2 && r.err.contains("-o FILE"), qPrintable(describe(r)));
        r = runCli({u"export"_s, branched, u"--all-branches"_s, u"--format"_s, u"markdown"_s}, env);
        QVERIFY2(r.status == 2 && r.err.contains("active branch only"), qPrintable(describe(r)));
        r = runCli({u"export"_s, branched, u"--format"_s, u"docx"_s}, env);
        QVERIFY2(r.status == 2 && r.err.contains("json, markdown, html or pdf"), qPrintable(describe(r)));
    }

    // Tags from the user's seat: given and taken, listed with their counts, a filter for list,
    // carried by an export into another data dir.
    void tagsGroupConversations()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        QStringList ids;
        for (const QString &title : {u"Rollout plan"_s, u"Rust lifetimes"_s, u"Groceries"_s}) {
            const CliRun r = runCli({u"new"_s, u"--title"_s, title}, env);
            QVERIFY2(r.status == 0, qPrintable(describe(r)));
            ids << QString::fromUtf8(r.out).trimmed();
        }
        CliRun r = runCli({u"tag"_s, ids[0], u"work, Kubernetes"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(QString::fromUtf8(r.out).trimmed(), u"Kubernetes, work"_s);
        r = runCli({u"tag"_s, ids[1].left(8), u"#Work"_s, u"rust"_s}, env);
        QCOMPARE(QString::fromUtf8(r.out).trimmed(), u"rust, Work"_s);
        r = runCli({u"tags"_s, u"--json"_s}, env);
        const QJsonArray tags = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(tags.size(), 3);
        QCOMPARE(tags.at(2).toObject()[u"tag"_s].toString().toLower(), u"work"_s);
        QCOMPARE(tags.at(2).toObject()[u"sessions"_s].toInt(), 2);
        r = runCli({u"list"_s, u"--tag"_s, u"WORK"_s, u"--json"_s}, env);
        QStringList titles;
        const QJsonArray listed = QJsonDocument::fromJson(r.out).array();
        for (const auto &v : listed)
            titles << v[u"title"_s].toString();
        titles.sort();
        QCOMPARE(titles, (QStringList {u"Rollout plan"_s, u"Rust lifetimes"_s}));
        r = runCli({u"list"_s}, env);
        QVERIFY2(r.out.contains("Rust lifetimes  [rust, Work]"), r.out.constData());
        r = runCli({u"untag"_s, ids[1], u"work"_s, u"missing"_s}, env);
        QVERIFY2(r.status == 0 && r.err.contains("missing"), qPrintable(describe(r)));
        QCOMPARE(QString::fromUtf8(r.out).trimmed(), u"rust"_s);
        r = runCli({u"tag"_s, ids[2]}, env);
        QVERIFY2(r.status == 2 && r.err.contains("tag ID TAG"), qPrintable(describe(r)));
        r = runCli({u"list"_s, u"--tag"_s, u" "_s}, env);
        QVERIFY2(r.status == 2, qPrintable(describe(r)));

        // An export keeps them; the import into an empty data dir brings them back.
        const QString archive = dir.filePath(u"all.json"_s);
        r = runCli({u"export"_s, u"--all"_s, u"-o"_s, archive}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        const QProcessEnvironment other = headless(dir.filePath(u"other"_s));
        r = runCli({u"import"_s, archive}, other);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"show"_s, ids[0], u"--json"_s}, other);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()[u"session"_s][u"tags"_s].toArray(),
                 (QJsonArray {u"Kubernetes"_s, u"work"_s}));
    }

    void importsWaitForTheUsersDecision()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = headless(dir.filePath(u"data"_s));
        ReplayServer evil;
        QVERIFY(evil.listen());
        evil.route("POST", "/v1/chat/completions", answer);

        const QJsonObject archive {{u"format"_s, u"skein.archive/1"_s},
                                   {u"sessions"_s, QJsonArray {}},
                                   {u"memories"_s, QJsonArray {}},
                                   {u"providers"_s,
                                    QJsonArray {QJsonObject {{u"id"_s, u"evil-1"_s},
                                                             {u"name"_s, u"evil"_s},
                                                             {u"kind"_s, u"openai"_s},
                                                             {u"base_url"_s, evil.url(u"/v1"_s).toString()},
                                                             {u"enabled"_s, true},
                                                             {u"default_model"_s, u"m"_s},
                                                             {u"models"_s, QJsonArray {}},
                                                             {u"created_at"_s, 1},
                                                             {u"updated_at"_s, 1}}}}};
        const QString file = dir.filePath(u"gift.json"_s);
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(archive).toJson());
        }
        CliRun r = runCli({u"import"_s, file}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("disabled until you review"), qPrintable(describe(r)));
        r = runCli({u"providers"_s, u"list"_s}, env);
        QVERIFY2(r.out.contains("imported — review"), qPrintable(describe(r)));
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"evil"_s, u"hello"_s}, env);
        QVERIFY2(r.status != 0, qPrintable(describe(r)));
        QVERIFY2(r.err.contains("providers enable evil"), qPrintable(describe(r)));
        QCOMPARE(evil.requestCount(), 0);
        r = runCli({u"providers"_s, u"enable"_s, u"evil"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"providers"_s, u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().at(0)[u"enabled"_s].toBool(), true);
        r = runCli(
            {u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"evil"_s, u"--no-tools"_s, u"hello"_s},
            env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        QCOMPARE(evil.requestCount(), 1);

        // An mcpServers file: listed in full, imported only with --yes, never trusted by the file.
        const QString servers = dir.filePath(u"mcp.json"_s);
        {
            QFile f(servers);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"mcpServers": {"probe": {"command": "/usr/bin/env", "args": ["sh", "-c", "echo hi"],
                        "trusted": true}}})");
        }
        r = runCli({u"mcp"_s, u"import"_s, servers}, env);
        QVERIFY2(r.status != 0, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("new probe: /usr/bin/env sh -c 'echo hi'"), qPrintable(describe(r)));
        QVERIFY2(r.err.contains("--yes"), qPrintable(describe(r)));
        r = runCli({u"mcp"_s, u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 0);
        r = runCli({u"mcp"_s, u"import"_s, servers, u"--yes"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"mcp"_s, u"list"_s, u"--json"_s}, env);
        const QJsonArray listed = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0)[u"trusted"_s].toBool(), false);
        r = runCli({u"mcp"_s, u"trust"_s, u"probe"_s}, env);
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = runCli({u"mcp"_s, u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().at(0)[u"trusted"_s].toBool(), true);

        // Secrets are not taken from the command line; keys do not go into base URLs.
        r = runCli({u"mcp"_s, u"add"_s, u"leaky"_s, u"--command"_s, u"/bin/true"_s, u"--env"_s, u"TOKEN=sk-123"_s},
                   env);
        QVERIFY2(r.status != 0 && r.err.contains("--env NAME"), qPrintable(describe(r)));
        QVERIFY2(!r.err.contains("sk-123"), qPrintable(describe(r)));
        r = runCli({u"mcp"_s, u"add"_s, u"leaky"_s, u"--url"_s, u"https://mcp.example/"_s, u"--header"_s,
                    u"Authorization=Bearer sk-123"_s},
                   env);
        QVERIFY2(r.status != 0 && r.err.contains("--header-env"), qPrintable(describe(r)));
        for (const QString &url : {u"https://user:pw@api.example/v1"_s, u"https://api.example/v1?key=abc"_s}) {
            r = runCli({u"providers"_s, u"add"_s, u"keyed"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s, url}, env);
            QVERIFY2(r.status != 0 && r.err.contains("keychain"), qPrintable(describe(r)));
        }
        r = runCli({u"providers"_s, u"list"_s, u"--json"_s}, env);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestHeadlessCli)
#include "tst_headlesscli.moc"
