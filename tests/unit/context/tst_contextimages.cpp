// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Images in the context (issue 16): sent to a model that reads them, at each provider's size and
// cost, described to one that does not, the old ones left out first when the window is tight, and
// their bytes read from a real store after assembly.

#include "core/domain/ids.h"
#include "engine/attachments/attachmentintake.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextengine.h"
#include "llm/imagecost.h"
#include "llm/wirerequest.h"
#include "storage/attachmentrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QColor>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPainter>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

Attachment image(const QString &name, int width, int height)
{
    Attachment a;
    a.id = Ids::create();
    a.name = name;
    a.mimeType = u"image/png"_s;
    a.kind = AttachmentKind::Image;
    a.size = 4096;
    a.sha256 = QString(64, u'a');
    a.width = width;
    a.height = height;
    return a;
}

// turns user/assistant turns, each user message with a 2048 × 2048 image, then a current message
// with one more.
QList<Message> illustrated(const QString &sessionId, int turns)
{
    QList<Message> path;
    QString parent;
    for (int t = 0; t <= turns; ++t) {
        Message u = Message::create(sessionId, parent, Role::User, u"What is on picture %1?"_s.arg(t));
        u.attachments = {image(u"picture-%1.png"_s.arg(t), 2048, 2048)};
        path << u;
        if (t == turns)
            break;
        Message a = Message::create(sessionId, u.id, Role::Assistant, u"Picture %1 shows a harbour."_s.arg(t));
        parent = a.id;
        path << a;
    }
    return path;
}

qsizetype imageCount(const ChatRequest &request)
{
    qsizetype n = 0;
    for (const ChatMessage &m : request.messages)
        n += m.images.size();
    return n;
}

} // namespace

class TestContextImages final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sentToAModelThatReadsThem()
    {
        Session session = Session::create(u"s"_s);
        session.model = u"gpt-4o"_s; // reads images (the presets say so)
        ContextEngine engine;
        QList<Message> path = illustrated(session.id, 1);
        path[0].attachments = {image(u"chart.png"_s, 640, 480)};
        const AssembledContext c = ContextAssembler::assemble(session, *engine.inputsFor(session, path));
        const ChatMessage &first = c.request.messages.first();
        QCOMPARE(first.images.size(), 1);
        QCOMPARE(first.images.first().attachmentId, path[0].attachments.first().id);
        QCOMPARE(QSize(first.images.first().width, first.images.first().height), QSize(640, 480));
        QCOMPARE(first.images.first().tokens, 425); // 2 tiles
        QVERIFY2(first.content.endsWith(u"[Attachment: chart.png, image/png, 4.00 KiB, 640 × 480 pixels]"_s),
                 qPrintable(first.content));
        const ChatImage &current = c.request.messages.last().images.first();
        QCOMPARE(QSize(current.width, current.height), QSize(768, 768));
        QCOMPARE(current.tokens, 765);
        // Their own segment of the budget; nothing left out.
        QVERIFY(c.snapshot.sectionTokens.value(u"attachments"_s).toInteger() >= 425 + 765);
        QVERIFY(c.imagesLeftOut.isEmpty());
        QVERIFY(!c.snapshot.sectionTokens.contains(u"images_left_out"_s));
        // What each message's images cost, for the inspector's rows.
        const QJsonObject imageTokens = c.snapshot.sectionTokens.value(u"image_tokens"_s).toObject();
        QCOMPARE(imageTokens.size(), 2);
        QCOMPARE(imageTokens.value(path[0].id).toInteger(), 425);
        QCOMPARE(imageTokens.value(path.last().id).toInteger(), 765);
        // Without the store, no bytes: nothing goes on the wire but the text.
        const QJsonObject body = WireRequest::openAiBody(c.request);
        QVERIFY(!QJsonDocument(body).toJson().contains("image_url"));
    }

    void describedToAModelThatDoesNot()
    {
        Session session = Session::create(u"s"_s);
        session.model = u"deepseek-chat"_s; // reads no images (the presets say so)
        ContextEngine engine;
        const QList<Message> path = illustrated(session.id, 2);
        const AssembledContext c = ContextAssembler::assemble(session, *engine.inputsFor(session, path));
        QCOMPARE(imageCount(c.request), 0);
        QVERIFY2(
            c.request.messages.first().content.endsWith(u"2048 × 2048 pixels — the image is not sent to this model]"_s),
            qPrintable(c.request.messages.first().content));
        QVERIFY(c.imagesLeftOut.isEmpty());
        const qint64 attachments = c.snapshot.sectionTokens.value(u"attachments"_s).toInteger();
        QVERIFY2(attachments > 0 && attachments < 200, qPrintable(QString::number(attachments))); // three lines
    }

    // A window too small for every image but large enough for every word: the oldest images go
    // first, each replaced by a line, and no turn is dropped; the current message keeps its image.
    void oldImagesGiveWayFirst()
    {
        Session session = Session::create(u"s"_s);
        session.model = u"gpt-4o"_s;
        session.contextSettings = QJsonObject {{u"window"_s, 6000}, {u"max_output_tokens"_s, 500}};
        ContextEngine engine;
        const QList<Message> path = illustrated(session.id, 8);
        auto inputs = engine.inputsFor(session, path);
        inputs->tools.clear();
        const AssembledContext c = ContextAssembler::assemble(session, *inputs);
        QCOMPARE(c.includedIds.size(), path.size()); // every turn stays
        QCOMPARE(c.governance.turnsDropped, 0);
        QVERIFY(!c.imagesLeftOut.isEmpty());
        QVERIFY(c.imagesLeftOut.size() < 8);
        const qsizetype left = c.imagesLeftOut.size();
        for (qsizetype i = 0; i < left; ++i) {
            QCOMPARE(c.imagesLeftOut.at(i).messageId, path.at(2 * i).id); // oldest first
            QCOMPARE(c.imagesLeftOut.at(i).tokens, 765);
            QCOMPARE(c.imagesLeftOut.at(i).name, u"picture-%1.png"_s.arg(i));
        }
        for (qsizetype i = 0; i < c.request.messages.size(); ++i) {
            const ChatMessage &m = c.request.messages.at(i);
            if (m.role != ChatMessage::Role::User)
                continue;
            const bool gone = i / 2 < left;
            QCOMPARE(m.images.isEmpty(), gone);
            QCOMPARE(m.content.contains(u"— the image was left out of this request to save space]"_s), gone);
        }
        QCOMPARE(c.request.messages.last().images.size(), 1);
        QVERIFY(c.snapshot.estimatedTokens <= c.budget.input);
        // Recorded in the snapshot for the context inspector.
        const QJsonArray recorded = c.snapshot.sectionTokens.value(u"images_left_out"_s).toArray();
        QCOMPARE(recorded.size(), left);
        QCOMPARE(recorded.at(0)[u"message_id"_s].toString(), path.at(0).id);
        QCOMPARE(recorded.at(0)[u"attachment_id"_s].toString(), path.at(0).attachments.first().id);
        QCOMPARE(recorded.at(0)[u"tokens"_s].toInteger(), 765);

        // With room for everything, nothing is left out.
        session.contextSettings = QJsonObject {{u"window"_s, 64000}};
        const AssembledContext roomy = ContextAssembler::assemble(session, *engine.inputsFor(session, path));
        QVERIFY(roomy.imagesLeftOut.isEmpty());
        QCOMPARE(imageCount(roomy.request), 9);
    }

    // The bytes: read from a real store after assembly, scaled to the provider's size, and kept
    // for a request assembled again (a retry with a smaller window).
    void bytesFromTheStoreAtTheSentSize()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        ProviderConfig provider;
        provider.id = Ids::create();
        provider.name = u"claude"_s;
        provider.kind = u"anthropic"_s;
        provider.baseUrl = u"https://api.anthropic.com"_s;
        ModelInfo info;
        info.id = u"claude-test"_s;
        info.contextWindow = 200000;
        info.vision = ModelVision::Yes;
        provider.models = {info};
        QVERIFY(store.providers().save(provider));
        Session session = Session::create(u"look"_s);
        session.model = info.id;
        session.providerId = provider.id;
        QVERIFY(store.sessions().create(session));

        QImage pixels(3000, 2000, QImage::Format_RGB32);
        pixels.fill(QColor(200, 40, 40));
        const QString file = dir.filePath(u"wide.png"_s);
        QVERIFY(pixels.save(file, "PNG"));
        const Result<PreparedAttachment> prepared = AttachmentIntake::prepare(file);
        QVERIFY(prepared);
        Message user = Message::create(session.id, {}, Role::User, u"What colour is it?"_s);
        QVERIFY(storeAttachments(store, {prepared.value()}, &user));
        QVERIFY(store.messages().insert(user));

        ContextEngine engine;
        const auto inputs = engine.prepare(store, session, user.id, {}, {});
        QVERIFY(inputs);
        const BuiltRequest built = engine.buildCall(session, {}, inputs.get());
        const QSize expected = ImageCost::sentSize(ProviderKind::Anthropic, QSize(3000, 2000));
        QCOMPARE(built.request.messages.size(), 1);
        QCOMPARE(built.request.messages.first().images.size(), 1);
        const ChatImage &sent = built.request.messages.first().images.first();
        QCOMPARE(sent.mimeType, u"image/png"_s);
        const QImage decoded = QImage::fromData(sent.data);
        QCOMPARE(decoded.size(), expected);
        QCOMPARE(decoded.pixelColor(10, 10), QColor(200, 40, 40));
        QCOMPARE(sent.tokens, (qint64(expected.width()) * expected.height() + 749) / 750);
        const QJsonArray blocks
            = WireRequest::anthropicBody(built.request).value(u"messages"_s).toArray().at(0)[u"content"_s].toArray();
        QCOMPARE(blocks.at(0)[u"type"_s].toString(), u"image"_s);
        QCOMPARE(blocks.at(0)[u"source"_s][u"data"_s].toString(), QString::fromLatin1(sent.data.toBase64()));

        // Assembled again without the store: the same bytes.
        auto again = std::make_shared<ContextInputs>(*static_cast<const ContextInputs *>(inputs.get()));
        again->prebuilt.reset();
        const BuiltRequest rebuilt = engine.buildCall(session, {}, again.get());
        QCOMPARE(rebuilt.request.messages.first().images.first().data, sent.data);

        // Content that is not there any more (a damaged database): the model is told.
        again->images.clear();
        const BuiltRequest lost = engine.buildCall(session, {}, again.get());
        QVERIFY(lost.request.messages.first().images.isEmpty());
        QVERIFY(lost.request.messages.first().content.contains(u"could not be read"_s));
    }

    // A PDF whose pages the user asked for: Anthropic gets the file as a document block, an
    // OpenAI-compatible server its pages rendered as images (Poppler) at the size a page is sent at.
    void pdfPagesFromTheStore()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        const QString file = dir.filePath(u"report.pdf"_s);
        {
            QPdfWriter pdf(file);
            QPainter painter(&pdf);
            painter.fillRect(QRectF(0, 0, pdf.width(), pdf.height() / 2.0), QColor(200, 40, 40));
            pdf.newPage();
            painter.fillRect(QRectF(0, 0, pdf.width(), pdf.height() / 2.0), QColor(40, 40, 200));
        }
        Result<PreparedAttachment> prepared = AttachmentIntake::prepare(file);
        QVERIFY(prepared);
        QCOMPARE(prepared->attachment.pages, 2);
        prepared.value().attachment.sendPages = true;

        const auto build = [&](const QString &kind) {
            ProviderConfig provider;
            provider.id = Ids::create();
            provider.name = kind;
            provider.kind = kind;
            provider.baseUrl = u"http://127.0.0.1:9"_s;
            ModelInfo info;
            info.id = kind + u"-vision"_s;
            info.contextWindow = 200000;
            info.vision = ModelVision::Yes;
            provider.models = {info};
            [&] { QVERIFY(store.providers().save(provider)); }();
            Session session = Session::create(u"pages"_s);
            session.model = info.id;
            session.providerId = provider.id;
            [&] { QVERIFY(store.sessions().create(session)); }();
            Message user = Message::create(session.id, {}, Role::User, u"Summarise the report."_s);
            [&] {
                QVERIFY(storeAttachments(store, {prepared.value()}, &user));
                QVERIFY(store.messages().insert(user));
            }();
            ContextEngine engine;
            const auto inputs = engine.prepare(store, session, user.id, {}, {});
            return inputs ? engine.buildCall(session, {}, inputs.get()) : BuiltRequest {};
        };

        const BuiltRequest anthropic = build(u"anthropic"_s);
        QCOMPARE(anthropic.request.messages.size(), 1);
        const ChatMessage &asked = anthropic.request.messages.first();
        QVERIFY2(asked.content.contains(u"2 pages — its pages follow]\n"_s), qPrintable(asked.content));
        QCOMPARE(asked.images.size(), 1);
        QCOMPARE(asked.images.first().mimeType, u"application/pdf"_s);
        QCOMPARE(asked.images.first().data, Test::readFile(file));
        QCOMPARE(asked.images.first().tokens, ImageCost::pageTokens(ProviderKind::Anthropic, 2));
        const QJsonArray blocks = WireRequest::anthropicBody(anthropic.request)
                                      .value(u"messages"_s)
                                      .toArray()
                                      .at(0)[u"content"_s]
                                      .toArray();
        QCOMPARE(blocks.at(0)[u"type"_s].toString(), u"document"_s);
        QCOMPARE(blocks.at(0)[u"source"_s][u"media_type"_s].toString(), u"application/pdf"_s);
        QCOMPARE(blocks.at(1)[u"type"_s].toString(), u"text"_s);

        const BuiltRequest openai = build(u"openai"_s);
        const ChatMessage &pages = openai.request.messages.first();
        QCOMPARE(pages.images.size(), 2);
        const QSize box = ImageCost::sentSize(ProviderKind::OpenAiCompatible, ImageCost::kPageSize);
        const QColor colours[] = {QColor(200, 40, 40), QColor(40, 40, 200)};
        for (int page = 0; page < 2; ++page) {
            const ChatImage &image = pages.images.at(page);
            QCOMPARE(image.page, page);
            QCOMPARE(image.tokens, ImageCost::tokens(ProviderKind::OpenAiCompatible, ImageCost::kPageSize));
            const QImage decoded = QImage::fromData(image.data);
            QVERIFY(!decoded.isNull());
            QVERIFY2(decoded.width() <= box.width() && decoded.height() <= box.height()
                         && (decoded.width() >= box.width() - 1 || decoded.height() >= box.height() - 1),
                     qPrintable(u"%1 × %2"_s.arg(decoded.width()).arg(decoded.height())));
            QCOMPARE(decoded.pixelColor(decoded.width() / 2, decoded.height() / 4), colours[page]);
            QCOMPARE(decoded.pixelColor(decoded.width() / 2, decoded.height() * 3 / 4), QColor(Qt::white));
        }
        const QJsonArray parts
            = WireRequest::openAiBody(openai.request).value(u"messages"_s).toArray().last()[u"content"_s].toArray();
        QCOMPARE(parts.size(), 3); // the text, two pages
        QVERIFY(parts.at(1)[u"image_url"_s][u"url"_s].toString().startsWith(u"data:image/png;base64,"_s));
        // The inspector's rows: what the pages cost, by message.
        QVERIFY(openai.snapshot.has_value());
        const QJsonObject costs = openai.snapshot->sectionTokens.value(u"image_tokens"_s).toObject();
        QCOMPARE(costs.value(openai.snapshot->leafMessageId).toInteger(),
                 2 * ImageCost::tokens(ProviderKind::OpenAiCompatible, ImageCost::kPageSize));
    }

    // A long PDF: its first pages go, and its text stands for all of it; a model without vision
    // reads the text alone.
    void longPdfsAndModelsWithoutVision()
    {
        Session session = Session::create(u"s"_s);
        session.model = u"gpt-4o"_s;
        ContextEngine engine;
        Message user = Message::create(session.id, {}, Role::User, u"Read this."_s);
        Attachment pdf;
        pdf.id = Ids::create();
        pdf.name = u"manual.pdf"_s;
        pdf.mimeType = u"application/pdf"_s;
        pdf.kind = AttachmentKind::Pdf;
        pdf.size = 900000;
        pdf.sha256 = QString(64, u'b');
        pdf.pages = 30;
        pdf.text = u"[Page 1]\nInstallation"_s;
        pdf.sendPages = true;
        user.attachments = {pdf};
        const AssembledContext c = ContextAssembler::assemble(session, *engine.inputsFor(session, {user}));
        const ChatMessage &asked = c.request.messages.last();
        QCOMPARE(asked.images.size(), Attachment::kMaxSentPages);
        QCOMPARE(asked.images.last().page, Attachment::kMaxSentPages - 1);
        QVERIFY2(asked.content.contains(u"30 pages — its first 20 pages follow, then its text]"_s),
                 qPrintable(asked.content));
        QVERIFY(asked.content.contains(u"Installation"_s));

        session.model = u"deepseek-chat"_s; // no vision: the text, as without the choice
        const AssembledContext text = ContextAssembler::assemble(session, *engine.inputsFor(session, {user}));
        QVERIFY(text.request.messages.last().images.isEmpty());
        QVERIFY(text.request.messages.last().content.contains(u"[Page 1]\nInstallation\n```"_s));
    }
};

SKEIN_TEST_MAIN(TestContextImages, QGuiApplication)
#include "tst_contextimages.moc"
