// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Other clients' exports (docs/import.md): every public sample in ../shared/fixtures/imports
// imports with the tree, the active branch and the counts a person reading the file expects, a
// second import adds nothing, and malformed files change nothing and say where they are wrong.

#include "randomtree.h"
#include "storage/attachmentrepository.h"
#include "storage/exchange/foreignformats.h"
#include "storage/exchange/importer.h"
#include "storage/exchange/jsonarraystream.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <KArchiveDirectory>
#include <KZip>

#include <QBuffer>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <functional>

using namespace Skein;
using namespace Skein::Exchange;
using namespace Qt::StringLiterals;

namespace {

// JSON written with single quotes, so that it reads in C++ (moc cannot read raw strings).
QByteArray q(const char *json)
{
    return QByteArray(json).replace('\'', '"');
}

QString fixture(const QString &relative)
{
    return Test::sharedPath(u"fixtures/imports"_s) + u'/' + relative;
}

// A PNG of one colour.
QByteArray pngOf(QSize size, const QColor &colour)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(colour);
    QByteArray png;
    QBuffer buffer(&png);
    return buffer.open(QIODevice::WriteOnly) && image.save(&buffer, "PNG") ? png : QByteArray();
}

// The full id in a fixture that starts with prefix (the file names its ids in full once at least).
QString fullId(const QString &file, const QString &prefix)
{
    const QString text = QString::fromUtf8(Test::readFile(fixture(file)));
    const QRegularExpression re(u"\""_s + QRegularExpression::escape(prefix) + u"[^\"]*\""_s);
    const QRegularExpressionMatch m = re.match(text);
    return m.hasMatch() ? m.captured().mid(1).chopped(1) : QString();
}

// Our id of a sample's node, from the start of the node's id in the file.
std::function<QString(const QString &)> idsIn(const QString &format, const QString &file, const QString &conversation)
{
    return [=](const QString &prefix) { return derivedId(format, conversation, fullId(file, prefix)); };
}

struct Tree
{
    Session session;
    QHash<QString, Message> byId;
    QList<Message> messages;
    const Message &operator[](const QString &id) const { return *byId.find(id); }
    qsizetype leaves() const
    {
        QSet<QString> parents;
        for (const Message &m : messages)
            parents.insert(m.parentId);
        return std::count_if(messages.cbegin(), messages.cend(),
                             [&](const Message &m) { return !parents.contains(m.id); });
    }
    const Message *withContent(const QString &start) const
    {
        for (const Message &m : messages)
            if (m.content.startsWith(start))
                return &m;
        return nullptr;
    }
};

} // namespace

class TestForeignImport final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Store> m_store;
    int m_dbs = 0;

    void freshStore()
    {
        m_store.reset();
        m_store = std::move(Store::open(Test::makeDir(m_tmp.filePath(u"db%1"_s.arg(++m_dbs))))).value();
    }

    Result<ImportReport> import(const QString &path, ImportFormat format = ImportFormat::Auto, bool dryRun = false)
    {
        ImportOptions options;
        options.format = format;
        options.dryRun = dryRun;
        return Importer(*m_store, {}).importPath(path, options);
    }

    Tree tree(const QString &format, const QString &conversation)
    {
        Tree t;
        const QString id = derivedId(format, conversation);
        t.session = m_store->sessions().get(id).value();
        t.messages = m_store->messages().bySession(id).value();
        for (const Message &m : std::as_const(t.messages))
            t.byId.insert(m.id, m);
        return t;
    }

    // Imports a sample and checks what every sample must give.
    ImportReport importSample(const QString &file, const QString &format, int sessions)
    {
        Result<ImportReport> report = import(fixture(file));
        if (!report)
            qWarning("%s", qPrintable(report.error().message));
        [&] { QVERIFY(report.ok()); }();
        if (!report)
            return {};
        [&] {
            QCOMPARE(report->format, format);
            QCOMPARE(report->sessions.size(), sessions);
        }();
        return report.value();
    }

    QString writeZip(const QString &name, const QList<std::pair<QString, QByteArray>> &files)
    {
        QString path = m_tmp.filePath(name);
        KZip zip(path);
        if (!zip.open(QIODevice::WriteOnly))
            return {};
        for (const auto &[entry, bytes] : files)
            zip.writeFile(entry, bytes);
        zip.close();
        return path;
    }

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        QString path = m_tmp.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return path;
    }

    void checkPhotoAttachments(const Message &m, const QByteArray &one, const QByteArray &two)
    {
        QCOMPARE(m.attachments.size(), 2);
        const Attachment &a = m.attachments.at(0);
        QCOMPARE(a.name, u"first.jpg"_s);
        QCOMPARE(a.mimeType, u"image/jpeg"_s);
        QVERIFY(a.kind == AttachmentKind::Image);
        QCOMPARE(a.messageId, m.id);
        QCOMPARE(m.attachments.at(1).name, u"second.jpg"_s);
        QCOMPARE(m.attachments.at(1).ordinal, 1);
        QCOMPARE(m_store->attachments().content(a.sha256, 1024).value(), one);
        if (two.isEmpty())
            QVERIFY(!m.attachments.at(1).hasContent());
        else
            QCOMPARE(m_store->attachments().content(m.attachments.at(1).sha256, 1024).value(), two);
    }

private Q_SLOTS:
    void initTestCase()
    {
        SKEIN_REQUIRE_SHARED("fixtures/imports");
        QVERIFY(m_tmp.isValid());
    }

    void init() { freshStore(); }

    void chatgptTreeKeepsEveryBranchAndTheCurrentNode()
    {
        const QString file = u"chatgpt/chatgpt-tree.json"_s;
        const ImportReport report = importSample(file, u"chatgpt"_s, 1);
        const QString conv = u"d5dc5307-6807-41a0-8b04-4acee626eeb7"_s;
        const auto id = idsIn(u"chatgpt"_s, file, conv);
        const Tree t = tree(u"chatgpt"_s, conv);
        // 13 nodes: the empty root and the hidden system node are not messages.
        QCOMPARE(t.messages.size(), 11);
        QCOMPARE(report.sessions.first().branches, 3);
        QCOMPARE(t.leaves(), 3);
        QCOMPARE(t.session.title, u"Assist user with summary"_s);
        QCOMPARE(t.session.activeLeafId, id(u"f63b8e17"_s));
        const QList<std::pair<QString, QString>> edges {
            {u"aaa297ba"_s, {}},
            {u"bda8a275"_s, u"aaa297ba"_s},
            {u"aaa24023"_s, u"bda8a275"_s},
            {u"23afbea9"_s, u"aaa24023"_s},
            {u"aaa292cc"_s, u"23afbea9"_s},
            {u"ada93f81"_s, u"aaa292cc"_s},
            {u"aaa236a3"_s, u"bda8a275"_s},
            {u"db88eddf"_s, u"aaa236a3"_s},
            {u"aaa20127"_s, u"db88eddf"_s},
            {u"d0d2a7df"_s, u"aaa20127"_s},
            {u"f63b8e17"_s, u"aaa20127"_s},
        };
        for (const auto &[child, parent] : edges) {
            QVERIFY2(t.byId.contains(id(child)), qPrintable(child));
            QCOMPARE(t[id(child)].parentId, parent.isEmpty() ? QString() : id(parent));
        }
        QCOMPARE(t[id(u"aaa297ba"_s)].content, u"hi there"_s);
        QVERIFY(t[id(u"aaa297ba"_s)].role == Role::User);
        QVERIFY(t[id(u"ada93f81"_s)].status == MessageStatus::Interrupted); // status in_progress
        QCOMPARE(t[id(u"f63b8e17"_s)].model, u"text-davinci-002-render-sha"_s);
        QCOMPARE(t[id(u"aaa297ba"_s)].createdAt, qint64(1714585031150)); // float seconds

        // Left out of the search index by the import, as one backlog range that is indexed after
        // it (the storage thread's job); what comes later is indexed as it is written.
        SearchQuery query;
        query.text = u"scientists trust atoms"_s;
        Result<QList<SearchHit>> hits = m_store->search().search(query);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 0);
        QCOMPARE(*m_store->search().backlog(), qint64(t.messages.size()));
        QCOMPARE(*m_store->transaction([&] { return m_store->search().indexBacklog(1000); }), qint64(0));
        hits = m_store->search().search(query);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 2); // both regenerated jokes
        Message later = Message::create(t.session.id, id(u"f63b8e17"_s), Role::User, u"a later quokka question"_s);
        QVERIFY(m_store->messages().insert(later));
        query.text = u"quokka"_s;
        hits = m_store->search().search(query);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 1);
    }

    void chatgptBrowsingBecomesToolCallsAndResults()
    {
        const QString file = u"chatgpt/chatgpt-export.json"_s;
        importSample(file, u"chatgpt"_s, 2);
        const QString conv = u"d6523d1e-7ec3-474f-a363-0e9dffdb3d93"_s;
        const auto id = idsIn(u"chatgpt"_s, file, conv);
        const Tree t = tree(u"chatgpt"_s, conv);
        QCOMPARE(t.messages.size(), 15);
        QCOMPARE(t.leaves(), 1);
        QCOMPARE(t.session.activeLeafId, id(u"88a0cf9f"_s));
        QCOMPARE(t[id(u"bbb277e8"_s)].parentId, QString()); // under the dropped root and system node
        // search(…) is a call to the browser; its result is the tool message after it.
        const Message &search = t[id(u"412dd50f"_s)];
        QCOMPARE(search.toolCalls.size(), 1);
        QCOMPARE(search.toolCalls.at(0)[u"name"_s].toString(), u"browser"_s);
        QVERIFY(search.toolCalls.at(0)[u"arguments"_s].toString().contains(u"search("_s));
        QVERIFY(t[id(u"374bbcc8"_s)].role == Role::Tool);
        QCOMPARE(t[id(u"374bbcc8"_s)].toolCallId, search.toolCalls.at(0)[u"id"_s].toString());
        // mclick([0, 3, 7]) gave two quotes: one call each, in order.
        const Message &click = t[id(u"36b62905"_s)];
        QCOMPARE(click.toolCalls.size(), 2);
        QCOMPARE(t[id(u"b87c7f57"_s)].toolCallId, click.toolCalls.at(0)[u"id"_s].toString());
        QCOMPARE(t[id(u"2d717cdc"_s)].toolCallId, click.toolCalls.at(1)[u"id"_s].toString());
        QVERIFY(t[id(u"2d717cdc"_s)].content.contains(u"https://www.drive.com.au/"_s));
        QCOMPARE(t[id(u"88a0cf9f"_s)].model, u"gpt-4"_s);
        // Non-ASCII escapes decode: the citation brackets of the browsing result.
        QVERIFY(t[id(u"374bbcc8"_s)].content.contains(QChar(0x3010)));
        const Tree second = tree(u"chatgpt"_s, u"7c5ab593-dbab-43bd-862d-2c3c1eeebf6a"_s);
        QCOMPARE(second.messages.size(), 4);
        QVERIFY(second.withContent(u"give me code in C#"_s));
    }

    void chatgptModernSkipsTheCorruptEntry()
    {
        const ImportReport report = importSample(u"chatgpt/chatgpt-modern-export.json"_s, u"chatgpt"_s, 2);
        QCOMPARE(report.skipped.size(), 1);
        QCOMPARE(report.skipped.first().path, u"$[1]"_s);
        QVERIFY2(report.skipped.first().reason.contains(u"$[1].mapping"_s), qPrintable(report.skipped.first().reason));
        const QString conv = u"6b0f0d9c-0000-4000-8000-000000000001"_s;
        auto id = [&](const QString &node) { return derivedId(u"chatgpt"_s, conv, node); };
        const Tree t = tree(u"chatgpt"_s, conv);
        QCOMPARE(t.messages.size(), 4); // the custom-instructions node is not a message
        QCOMPARE(t[id(u"user-1"_s)].parentId, QString());
        QCOMPARE(t.session.activeLeafId, id(u"assistant-2"_s));
        QCOMPARE(t[id(u"assistant-2"_s)].model, u"o4-mini"_s);
        QCOMPARE(t[id(u"assistant-1"_s)].model, t.session.model); // the conversation's default
        QVERIFY(!t.session.model.isEmpty());
        QVERIFY(t.session.pinned == false);
        QCOMPARE(tree(u"chatgpt"_s, u"6b0f0d9c-0000-4000-8000-000000000003"_s).messages.size(), 2);
    }

    void chatgptExcerptStartsWhereItStarts()
    {
        // chatgpt-citations.json: the first node's parent, the last node's children and
        // current_node are not in the file. A user gets the two messages that are there, the
        // first as the start of the conversation, the last one active, and a note saying so.
        const QString file = u"chatgpt/chatgpt-citations.json"_s;
        const ImportReport report = importSample(file, u"chatgpt"_s, 1);
        const QString conv = u"d6523d1e-7ec3-474f-a363-0e9dffdb3d93"_s;
        const auto id = idsIn(u"chatgpt"_s, file, conv);
        const Tree t = tree(u"chatgpt"_s, conv);
        QCOMPARE(t.messages.size(), 2);
        QCOMPARE(t[id(u"9e874379"_s)].parentId, QString());
        QCOMPARE(t[id(u"4b3aec6b"_s)].parentId, id(u"9e874379"_s));
        QCOMPARE(t.session.activeLeafId, id(u"4b3aec6b"_s));
        QCOMPARE(report.notes.size(), 2);
        QVERIFY(report.notes.join(u'\n').contains(u"excerpt"_s));
        // The full export of the same conversation, imported after it, adds the rest as a branch.
        Result<ImportReport> full = import(fixture(u"chatgpt/chatgpt-export.json"_s));
        QVERIFY(full);
        QCOMPARE(full->sessions.first().outcome, ImportReport::Outcome::Merged);
        QCOMPARE(full->sessions.first().newMessages, 15);
        const Tree merged = tree(u"chatgpt"_s, conv);
        QCOMPARE(merged.messages.size(), 17);
        QCOMPARE(merged.session.activeLeafId, derivedId(u"chatgpt"_s, conv, u"88a0cf9f-e860-4b34-8e7e-65f8346f4862"_s));
    }

    void chatgptShardedZip()
    {
        const ImportReport report = importSample(u"chatgpt/chatgpt-sharded-export.zip"_s, u"chatgpt"_s, 2);
        QCOMPARE(report.attachments, 3);
        QCOMPARE(report.attachmentContents, 2); // the audio file is not in the ZIP
        const Tree trip = tree(u"chatgpt"_s, u"ext-cited"_s);
        QCOMPARE(trip.messages.size(), 2); // thoughts and the recap fold into the answer
        const Message &answer = trip[derivedId(u"chatgpt"_s, u"ext-cited"_s, u"a1"_s)];
        QCOMPARE(answer.parentId, derivedId(u"chatgpt"_s, u"ext-cited"_s, u"u1"_s));
        QVERIFY(answer.reasoning.contains(u"Comparing towns"_s));
        QVERIFY(answer.reasoning.contains(u"Thought for 7 seconds"_s));
        QVERIFY(answer.content.startsWith(u"Stay in Positano."_s));
        QVERIFY(!answer.content.contains(QChar(0xE202)));
        QVERIFY(answer.content.contains(u"(https://earthtrekkers.com/amalfi)"_s));
        QCOMPARE(answer.model, u"gpt-5-thinking"_s);
        QVERIFY(trip.session.archived);
        QCOMPARE(trip.session.activeLeafId, answer.id); // no current_node: the newest leaf
        const Tree photos = tree(u"chatgpt"_s, u"ext-media"_s);
        QVERIFY(photos.session.pinned); // is_starred
        const Message &first = photos[derivedId(u"chatgpt"_s, u"ext-media"_s, u"u1"_s)];
        QCOMPARE(first.content, u"compare these"_s);
        checkPhotoAttachments(first, QByteArray("\x01\x02\x03\x04", 4), QByteArray("\x05\x06\x07\x08", 4));
        const Message &spoken = photos[derivedId(u"chatgpt"_s, u"ext-media"_s, u"u2"_s)];
        QCOMPARE(spoken.content, u"Allora iniziamo"_s);
        QCOMPARE(spoken.attachments.size(), 1); // the recording: named, not in the export
        QCOMPARE(spoken.attachments.at(0).name, u"file_gone"_s);
        QVERIFY(!spoken.attachments.at(0).hasContent());
        QCOMPARE(m_store->attachments().contentCount().value(), 2); // orphan.jpg, which no message uses, is not
        // Again: nothing new, nothing stored twice.
        Result<ImportReport> again = import(fixture(u"chatgpt/chatgpt-sharded-export.zip"_s));
        QVERIFY(again);
        QCOMPARE(again->attachments, 0);
        QCOMPARE(m_store->attachments().contentCount().value(), 2);
    }

    // The same export unpacked into a folder: the files come from the folder; a symbolic link
    // among them is not followed (an export cannot make Skein read a file outside it).
    void chatgptFolderAssetsAndNoSymlinks()
    {
        QTemporaryDir dir;
        KZip zip(fixture(u"chatgpt/chatgpt-sharded-export.zip"_s));
        QVERIFY(zip.open(QIODevice::ReadOnly));
        QVERIFY(zip.directory()->copyTo(dir.path()));
        const QString secret = m_tmp.filePath(u"secret.txt"_s);
        QVERIFY(!writeFile(u"secret.txt"_s, "private key").isEmpty());
        QVERIFY(QFile::remove(dir.filePath(u"file-two.dat"_s)));
        QVERIFY(QFile::link(secret, dir.filePath(u"file-two.dat"_s)));
        Result<ImportReport> report = import(dir.path());
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        QCOMPARE(report->attachmentContents, 1);
        const Tree photos = tree(u"chatgpt"_s, u"ext-media"_s);
        checkPhotoAttachments(photos[derivedId(u"chatgpt"_s, u"ext-media"_s, u"u1"_s)],
                              QByteArray("\x01\x02\x03\x04", 4), {});
    }

    // A pointer with no name in metadata takes the name the export gives the file, and its size in
    // pixels from the file when the export did not say.
    void chatgptAssetNamesAndPixels()
    {
        const QByteArray png = pngOf(QSize(48, 32), Qt::darkCyan);
        const QByteArray conversations
            = q("[{'id': 'c', 'title': 'Pic', 'create_time': 1700000000, 'current_node': 'u', 'mapping': {"
                "'r': {'id': 'r', 'parent': null, 'children': ['u'], 'message': null},"
                "'u': {'id': 'u', 'parent': 'r', 'children': [], 'message': {'id': 'u', 'author': {'role': 'user'},"
                "'create_time': 1700000001, 'content': {'content_type': 'multimodal_text', 'parts': ["
                "{'content_type': 'image_asset_pointer', 'asset_pointer': 'file-service://file-Xy12', "
                "'size_bytes': 999}, 'what is this?']}}}}}]");
        const QString zip = writeZip(
            u"chatgpt-pixels.zip"_s,
            {{u"conversations.json"_s, conversations}, {u"user.json"_s, "{}"}, {u"file-Xy12-IMG_0042.png"_s, png}});
        Result<ImportReport> report = import(zip);
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        const Tree t = tree(u"chatgpt"_s, u"c"_s);
        const Message &m = t[derivedId(u"chatgpt"_s, u"c"_s, u"u"_s)];
        QCOMPARE(m.content, u"what is this?"_s);
        QCOMPARE(m.attachments.size(), 1);
        const Attachment &a = m.attachments.at(0);
        QVERIFY(a.isSendableImage());
        QCOMPARE(a.size, png.size()); // the file's, not what the export said
        QCOMPARE(QSize(a.width, a.height), QSize(48, 32));
        QCOMPARE(a.name, u"file-Xy12"_s); // no names file in this layout: the id it was pointed at by
    }

    void claudeBranchesThinkingAndTools()
    {
        const ImportReport report = importSample(u"claude/claude-conversations.json"_s, u"claude"_s, 2);
        QCOMPARE(report.branches(), 3);
        auto id = [](const QString &conv, const QString &node) { return derivedId(u"claude"_s, conv, node); };
        const QString b = u"claude-branched"_s;
        const Tree branched = tree(u"claude"_s, b);
        QCOMPARE(branched.messages.size(), 4);
        QCOMPARE(branched[id(b, u"m1"_s)].parentId, QString()); // the all-zero root
        QCOMPARE(branched[id(b, u"m2a"_s)].parentId, id(b, u"m1"_s));
        QCOMPARE(branched[id(b, u"m2b"_s)].parentId, id(b, u"m1"_s));
        QCOMPARE(branched[id(b, u"m3"_s)].parentId, id(b, u"m2b"_s));
        QCOMPARE(branched[id(b, u"m2a"_s)].reasoning, u"Comparing the towns."_s);
        QCOMPARE(branched[id(b, u"m2a"_s)].content, u"Positano."_s);
        QCOMPARE(branched.session.activeLeafId, id(b, u"m3"_s)); // the newest leaf

        const QString c = u"claude-tools"_s;
        const Tree tools = tree(u"claude"_s, c);
        // 7 messages; the three with tool results become call, result (and the text after).
        QCOMPARE(tools.messages.size(), 11);
        QCOMPARE(tools.leaves(), 1);
        const Message &bash = tools[id(c, u"t2#1"_s)];
        QCOMPARE(bash.toolCalls.size(), 1);
        QCOMPARE(bash.toolCalls.at(0)[u"name"_s].toString(), u"bash_tool"_s);
        QVERIFY(bash.toolCalls.at(0)[u"arguments"_s].toString().contains(u"ls -la"_s));
        const Message &bashResult = tools[id(c, u"t2"_s)];
        QVERIFY(bashResult.role == Role::Tool);
        QCOMPARE(bashResult.toolCallId, bash.toolCalls.at(0)[u"id"_s].toString());
        QCOMPARE(bashResult.parentId, bash.id);
        // A call and result without ids still pair; an error result says so.
        const Message &artifact = tools[id(c, u"t3#1"_s)];
        QCOMPARE(tools[id(c, u"t3"_s)].toolCallId, artifact.toolCalls.at(0)[u"id"_s].toString());
        QVERIFY(tools[id(c, u"t3"_s)].content.startsWith(u"Error: "_s));
        // The search result, then the answer's text as the last piece.
        QVERIFY(tools[id(c, u"t4#2"_s)].content.contains(u"(https://www.librechat.ai/docs/configuration/redis)"_s));
        QCOMPARE(tools[id(c, u"t4"_s)].content, u"Redis needs a URI when enabled. Set it in your .env file."_s);
        QVERIFY(tools[id(c, u"t4"_s)].role == Role::Assistant);
        // Attachments: records; the extracted text kept as the attachment's text, a binary named
        // once (it is both an attachment and a file of the message).
        const Message &first = tools[id(c, u"t1"_s)];
        QCOMPARE(first.attachments.size(), 2);
        const Attachment &source = first.attachments.at(0);
        QCOMPARE(source.name, u"Registration.tsx"_s);
        QVERIFY(source.kind == AttachmentKind::Text);
        QCOMPARE(source.text, u"export const Registration = () => null;"_s);
        QVERIFY(!source.hasContent());
        QVERIFY(source.modelText().contains(u"export const Registration"_s));
        const Attachment &photo = first.attachments.at(1);
        QCOMPARE(photo.name, u"photo.png"_s);
        QCOMPARE(photo.size, 4096);
        QVERIFY(photo.kind == AttachmentKind::Image);
        QVERIFY(photo.modelText().endsWith(u"its content is not available]"_s));
        QVERIFY(!first.content.contains(u"photo.png"_s));
        const Message &diagram = tools[id(c, u"t6"_s)];
        QCOMPARE(diagram.attachments.size(), 1);
        QCOMPARE(diagram.attachments.at(0).name, u"diagram.png"_s);
        QCOMPARE(diagram.attachments.at(0).mimeType, u"image/png"_s); // from its name
        QCOMPARE(tools[id(c, u"t7"_s)].content, u"Recovered from the flat text field."_s);
        QCOMPARE(tools.session.activeLeafId, id(c, u"t7"_s));
    }

    void claudeZipAndFolderAreTheSameConversations()
    {
        importSample(u"claude/claude-export.zip"_s, u"claude"_s, 2);
        Result<ImportReport> again = import(fixture(u"claude/claude-conversations.json"_s));
        QVERIFY(again);
        QCOMPARE(again->count(ImportReport::Outcome::AlreadyPresent), 2);
        QCOMPARE(again->newMessages(), 0);
    }

    void claudeMemoriesArrivePending()
    {
        const QByteArray conversations = Test::readFile(fixture(u"claude/claude-conversations.json"_s));
        const QByteArray memories
            = q("[{'conversations_memory': '**Work**\\n\\n- Works as an SRE in Osaka.\\n- Prefers Helm over raw "
                "manifests.', 'project_memories': {'p-1': 'The project targets Kubernetes 1.31.'}}]");
        const QString zip = writeZip(
            u"claude-memories.zip"_s,
            {{u"conversations.json"_s, conversations}, {u"memories.json"_s, memories}, {u"users.json"_s, "[]"}});
        Result<ImportReport> report = import(zip);
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        QCOMPARE(report->format, u"claude"_s);
        QCOMPARE(report->memoriesImported, 3);
        const QList<Memory> all = m_store->memories().list({}).value();
        QCOMPARE(all.size(), 3);
        QStringList texts;
        for (const Memory &m : all) {
            QVERIFY(m.status == MemoryStatus::Pending);
            texts << m.content;
        }
        texts.sort();
        QCOMPARE(texts,
                 (QStringList {u"Prefers Helm over raw manifests."_s, u"The project targets Kubernetes 1.31."_s,
                               u"Works as an SRE in Osaka."_s}));
        // Again: nothing new.
        report = import(zip);
        QVERIFY(report);
        QCOMPARE(report->memoriesImported, 0);
        QCOMPARE(report->memoriesAlreadyPresent, 3);
    }

    void openWebUiReasoningAndToolCalls()
    {
        importSample(u"openwebui/openwebui-export.json"_s, u"openwebui"_s, 3);
        auto id = [](const QString &conv, const QString &node) { return derivedId(u"openwebui"_s, conv, node); };
        const Tree r = tree(u"openwebui"_s, u"reasoning-chat"_s);
        QCOMPARE(r.messages.size(), 2);
        const Message &answer = r[id(u"reasoning-chat"_s, u"ra2"_s)];
        QVERIFY2(answer.reasoning.startsWith(u"Let me break this down"_s), qPrintable(answer.reasoning));
        QVERIFY(!answer.content.contains(u"<details"_s));
        QVERIFY(!answer.content.contains(u"&gt;"_s));
        QVERIFY(answer.content.contains(u"255"_s));
        QCOMPARE(answer.model, u"deepseek-r1"_s);
        QCOMPARE(r.session.activeLeafId, answer.id);
        const QString t = u"tool-chat"_s;
        const Tree tool = tree(u"openwebui"_s, t);
        QCOMPARE(tool.messages.size(), 4);
        const Message &call = tool[id(t, u"ta2#1"_s)];
        QCOMPARE(call.toolCalls.size(), 1);
        QCOMPARE(call.toolCalls.at(0)[u"name"_s].toString(), u"get_weather"_s);
        QCOMPARE(call.toolCalls.at(0)[u"arguments"_s].toString(), u"{\"city\":\"Paris\"}"_s);
        QCOMPARE(tool[id(t, u"ta2#2"_s)].content, u"Paris: 18C, rain"_s);
        QCOMPARE(tool[id(t, u"ta2#2"_s)].toolCallId, call.toolCalls.at(0)[u"id"_s].toString());
        QCOMPARE(tool[id(t, u"ta2"_s)].content, u"The weather in Paris is 18C with rain."_s);
        QCOMPARE(tool.session.activeLeafId, id(t, u"ta2"_s));
        QCOMPARE(tree(u"openwebui"_s, u"simple-chat"_s).session.title, u"Simple linear chat"_s);
    }

    void libreChatRecursiveFlatAndBranches()
    {
        importSample(u"librechat/librechat-export.json"_s, u"librechat"_s, 1);
        const Tree linear = tree(u"librechat"_s, u"af1ea676-f525-444f-a9ed-7c8dbf062733"_s);
        QCOMPARE(linear.messages.size(), 6);
        QCOMPARE(linear.leaves(), 1);

        importSample(u"librechat/librechat-tree.json"_s, u"librechat"_s, 1);
        const QString tc = u"4a86c40e-e627-4454-b158-889680e23ad3"_s;
        const auto tid = idsIn(u"librechat"_s, u"librechat/librechat-tree.json"_s, tc);
        const Tree branched = tree(u"librechat"_s, tc);
        QCOMPARE(branched.messages.size(), 9);
        QCOMPARE(branched.leaves(), 3);
        QCOMPARE(branched[tid(u"d3e12088"_s)].parentId, tid(u"4c395510"_s)); // a branch at level two
        QCOMPARE(branched[tid(u"5da2cdce"_s)].parentId, tid(u"6e4c95ca"_s));
        QCOMPARE(branched[tid(u"64ed7568"_s)].parentId, tid(u"6e4c95ca"_s));
        QVERIFY(branched[tid(u"9501f99d"_s)].role == Role::User);
        QCOMPARE(branched[tid(u"4c395510"_s)].model, u"gpt-4-turbo"_s);
        // No createdAt on later messages: they take their parent's time, so the leaves tie and
        // the last in the file is the newest.
        QCOMPARE(branched.session.activeLeafId, tid(u"1f062c99"_s));

        importSample(u"librechat/librechat-opts-nonr-branches.json"_s, u"librechat"_s, 1);
        const QString nc = u"27b593be-9500-479c-94cb-050cab8f5033"_s;
        const auto nid = idsIn(u"librechat"_s, u"librechat/librechat-opts-nonr-branches.json"_s, nc);
        const Tree flat = tree(u"librechat"_s, nc);
        QCOMPARE(flat.messages.size(), 5);
        QCOMPARE(flat[nid(u"115a6247"_s)].parentId, QString());
        QCOMPARE(flat[nid(u"599e1908"_s)].parentId, QString()); // two first messages
        QVERIFY(flat[nid(u"303e4c2c"_s)].status == MessageStatus::Interrupted); // unfinished
        QCOMPARE(flat[nid(u"069b9c22"_s)].finishReason, u"length"_s); // incomplete
        QCOMPARE(flat.session.activeLeafId, nid(u"de9a4e7c"_s)); // the newest leaf
    }

    // An export that names absurdly many files on one message: as many as a Skein export may carry.
    void atMost64AttachmentsAMessage()
    {
        QJsonArray parts;
        for (int i = 0; i < 100; ++i)
            parts.append(QJsonObject {{u"content_type"_s, u"image_asset_pointer"_s},
                                      {u"asset_pointer"_s, u"file-service://file-%1"_s.arg(i)}});
        const QJsonObject user {
            {u"id"_s, u"u"_s},
            {u"parent"_s, u"r"_s},
            {u"children"_s, QJsonArray {}},
            {u"message"_s,
             QJsonObject {
                 {u"id"_s, u"u"_s},
                 {u"author"_s, QJsonObject {{u"role"_s, u"user"_s}}},
                 {u"content"_s, QJsonObject {{u"content_type"_s, u"multimodal_text"_s}, {u"parts"_s, parts}}}}}};
        const QJsonObject root {
            {u"id"_s, u"r"_s}, {u"parent"_s, QJsonValue::Null}, {u"children"_s, QJsonArray {u"u"_s}}};
        const QJsonObject conversation {{u"id"_s, u"many"_s},
                                        {u"title"_s, u"Many"_s},
                                        {u"mapping"_s, QJsonObject {{u"r"_s, root}, {u"u"_s, user}}}};
        Result<ImportReport> report = import(
            writeFile(u"many.json"_s, QJsonDocument(QJsonArray {conversation}).toJson(QJsonDocument::Compact)));
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        QCOMPARE(report->attachments, 64);
        const Tree t = tree(u"chatgpt"_s, u"many"_s);
        QCOMPARE(t[derivedId(u"chatgpt"_s, u"many"_s, u"u"_s)].attachments.size(), 64);
    }

    // Open WebUI keeps a pasted image in the chat as a data URL and a document's extracted text in
    // the file's data; LibreChat names its files with their size in pixels.
    void openWebUiAndLibreChatFiles()
    {
        const QByteArray png = pngOf(QSize(20, 10), Qt::red);
        QByteArray owui = q("[{'id': 'w', 'title': 'Files', 'chat': {'history': {'currentId': 'a', 'messages': {"
                            "'u': {'id': 'u', 'parentId': null, 'childrenIds': ['a'], 'role': 'user', 'content': "
                            "'look', 'timestamp': 1700000000, 'files': [{'type': 'image', 'url': 'DATA'}, "
                            "{'type': 'image', 'url': 'data:image/png;base64,%%%not base64'}, "
                            "{'type': 'file', 'name': 'plan.md', 'size': 12, 'file': {'meta': {'name': 'plan.md', "
                            "'content_type': 'text/markdown', 'size': 12}, 'data': {'content': '# The plan'}}}]},"
                            "'a': {'id': 'a', 'parentId': 'u', 'childrenIds': [], 'role': 'assistant', "
                            "'content': 'A red box.', 'timestamp': 1700000001}}}}}]");
        owui.replace(QByteArrayView("DATA"), QByteArray(QByteArray("data:image/png;base64,") + png.toBase64()));
        Result<ImportReport> report = import(writeFile(u"owui-files.json"_s, owui));
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        QCOMPARE(report->format, u"openwebui"_s);
        QCOMPARE(report->attachments, 3);
        QCOMPARE(report->attachmentContents, 1);
        const Tree chat = tree(u"openwebui"_s, u"w"_s);
        const Message &look = chat[derivedId(u"openwebui"_s, u"w"_s, u"u"_s)];
        QCOMPARE(look.content, u"look"_s);
        QCOMPARE(look.attachments.size(), 3);
        const Attachment &pasted = look.attachments.at(0);
        QVERIFY(pasted.isSendableImage());
        QCOMPARE(QSize(pasted.width, pasted.height), QSize(20, 10));
        QCOMPARE(m_store->attachments().content(pasted.sha256, 1 << 20).value(), png);
        QVERIFY(!look.attachments.at(1).hasContent()); // not base64: named, not stored
        QCOMPARE(look.attachments.at(2).name, u"plan.md"_s);
        QCOMPARE(look.attachments.at(2).text, u"# The plan"_s);
        QVERIFY(look.attachments.at(2).kind == AttachmentKind::Text);

        const QByteArray libre
            = q("{'conversationId': 'l', 'title': 'Shots', 'messages': [{'messageId': 'm1', 'parentMessageId': "
                "'00000000-0000-0000-0000-000000000000', 'isCreatedByUser': true, 'text': 'see', 'files': "
                "[{'file_id': 'f1', 'filename': 'shot.webp', 'type': 'image/webp', 'bytes': 5120, 'width': 800, "
                "'height': 600}]}, {'messageId': 'm2', 'parentMessageId': 'm1', 'isCreatedByUser': false, "
                "'text': 'ok'}]}");
        report = import(writeFile(u"libre-files.json"_s, libre));
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        const Tree shots = tree(u"librechat"_s, u"l"_s);
        const Message &see = shots[derivedId(u"librechat"_s, u"l"_s, u"m1"_s)];
        QCOMPARE(see.content, u"see"_s);
        QCOMPARE(see.attachments.size(), 1);
        const Attachment &shot = see.attachments.at(0);
        QCOMPARE(shot.name, u"shot.webp"_s);
        QCOMPARE(shot.size, 5120);
        QCOMPARE(QSize(shot.width, shot.height), QSize(800, 600));
        QVERIFY(!shot.hasContent());
        QVERIFY(shot.modelText().contains(u"800 × 600 pixels — its content is not available"_s));
    }

    // Open WebUI's tags (meta.tags; chat.tags in older exports) and Claude's projects become tags;
    // a second import leaves the tags the user has changed since as they are.
    void tagsAndProjectsBecomeTags()
    {
        QJsonArray chats
            = QJsonDocument::fromJson(Test::readFile(fixture(u"openwebui/openwebui-export.json"_s))).array();
        QJsonObject first = chats.at(0).toObject();
        first[u"meta"_s] = QJsonObject {{u"tags"_s,
                                         QJsonArray {u"work"_s, QJsonObject {{u"name"_s, u"Research"_s}}, u"none"_s,
                                                     u"WORK"_s, u"  #deep   dive "_s}}};
        chats[0] = first;
        QJsonObject second = chats.at(1).toObject();
        QJsonObject chat = second[u"chat"_s].toObject();
        chat[u"tags"_s] = QJsonArray {u"legacy"_s};
        second[u"chat"_s] = chat;
        chats[1] = second;
        const QString webui = writeFile(u"webui-tags.json"_s, QJsonDocument(chats).toJson());
        QVERIFY(import(webui));
        QCOMPARE(tree(u"openwebui"_s, u"reasoning-chat"_s).session.tags,
                 (QStringList {u"deep dive"_s, u"Research"_s, u"work"_s}));
        QCOMPARE(tree(u"openwebui"_s, u"tool-chat"_s).session.tags, QStringList {u"legacy"_s});
        QCOMPARE(tree(u"openwebui"_s, u"simple-chat"_s).session.tags, QStringList {});
        const QString retagged = derivedId(u"openwebui"_s, u"reasoning-chat"_s);
        QVERIFY(m_store->sessions().setTags(retagged, {u"mine"_s}));
        QVERIFY(import(webui));
        QCOMPARE(m_store->sessions().get(retagged)->tags, QStringList {u"mine"_s});

        // Claude: a project named by its uuid (the name in projects/), or named in the conversation.
        QJsonArray conversations
            = QJsonDocument::fromJson(Test::readFile(fixture(u"claude/claude-conversations.json"_s))).array();
        QJsonObject branched = conversations.at(0).toObject();
        branched[u"project_uuid"_s] = u"p-1"_s;
        conversations[0] = branched;
        QJsonObject tools = conversations.at(1).toObject();
        tools[u"project"_s] = QJsonObject {{u"uuid"_s, u"p-2"_s}, {u"name"_s, u"Kubernetes rollout"_s}};
        conversations[1] = tools;
        const QString zip = writeZip(u"claude-projects.zip"_s,
                                     {{u"conversations.json"_s, QJsonDocument(conversations).toJson()},
                                      {u"users.json"_s, "[]"},
                                      {u"projects/p-1.json"_s, q("{'uuid': 'p-1', 'name': 'Homelab', 'docs': []}")},
                                      {u"projects/broken.json"_s, "{"}});
        Result<ImportReport> report = import(zip);
        QVERIFY2(report, qPrintable(Test::errorText(report)));
        QCOMPARE(tree(u"claude"_s, u"claude-branched"_s).session.tags, QStringList {u"Homelab"_s});
        QCOMPARE(tree(u"claude"_s, u"claude-tools"_s).session.tags, QStringList {u"Kubernetes rollout"_s});
        QCOMPARE(m_store->sessions().tags()->size(), 4); // mine, legacy, Homelab, Kubernetes rollout
        SessionRepository::ListOptions homelab;
        homelab.tag = u"homelab"_s;
        QCOMPARE(m_store->sessions().list(homelab)->size(), 1);

        // The public sample's project is named, but none of its conversations is in it.
        freshStore();
        importSample(u"claude/claude-export.zip"_s, u"claude"_s, 2);
        QVERIFY(m_store->sessions().tags()->isEmpty());
    }

    void everySampleImportsOnceOnly()
    {
        const QStringList samples {
            u"chatgpt/chatgpt-export.json"_s,
            u"chatgpt/chatgpt-tree.json"_s,
            u"chatgpt/chatgpt-citations.json"_s,
            u"chatgpt/chatgpt-modern-export.json"_s,
            u"chatgpt/chatgpt-sharded-export.zip"_s,
            u"claude/claude-conversations.json"_s,
            u"claude/claude-export.zip"_s,
            u"openwebui/openwebui-export.json"_s,
            u"librechat/librechat-export.json"_s,
            u"librechat/librechat-tree.json"_s,
            u"librechat/librechat-opts-nonr-branches.json"_s,
        };
        for (const QString &sample : samples)
            QVERIFY2(import(fixture(sample)), qPrintable(sample));
        const QByteArray once = Test::dumpDatabase(*m_store);
        for (const QString &sample : samples) {
            Result<ImportReport> again = import(fixture(sample));
            QVERIFY2(again, qPrintable(sample));
            QCOMPARE(again->newMessages(), 0);
            QCOMPARE(again->count(ImportReport::Outcome::AlreadyPresent), again->sessions.size());
        }
        QCOMPARE(Test::dumpDatabase(*m_store), once);
    }

    void aGrownConversationAddsOnlyWhatIsNew()
    {
        // The tree export as it was before the last regenerated answer.
        QJsonArray doc = QJsonDocument::fromJson(Test::readFile(fixture(u"chatgpt/chatgpt-tree.json"_s))).array();
        QJsonObject conv = doc.at(0).toObject();
        QJsonObject mapping = conv.value(u"mapping"_s).toObject();
        const QString last = conv.value(u"current_node"_s).toString();
        const QString parent = mapping.value(last).toObject().value(u"parent"_s).toString();
        mapping.remove(last);
        QJsonObject p = mapping.value(parent).toObject();
        QJsonArray children = p.value(u"children"_s).toArray();
        children.removeLast();
        const QString earlier = children.at(0).toString();
        p.insert(u"children"_s, children);
        mapping.insert(parent, p);
        conv.insert(u"mapping"_s, mapping);
        conv.insert(u"current_node"_s, earlier);
        const QString before = writeFile(u"tree-before.json"_s, QJsonDocument(QJsonArray {conv}).toJson());
        Result<ImportReport> first = import(before);
        QVERIFY(first);
        QCOMPARE(first->newMessages(), 10);
        Result<ImportReport> grown = import(fixture(u"chatgpt/chatgpt-tree.json"_s));
        QVERIFY(grown);
        QCOMPARE(grown->sessions.first().outcome, ImportReport::Outcome::Merged);
        QCOMPARE(grown->newMessages(), 1);
        const QString id = u"d5dc5307-6807-41a0-8b04-4acee626eeb7"_s;
        const Tree t = tree(u"chatgpt"_s, id);
        QCOMPARE(t.messages.size(), 11);
        QCOMPARE(t.session.activeLeafId, derivedId(u"chatgpt"_s, id, last)); // the new answer is current
    }

    void dryRunCountsAndWritesNothing()
    {
        const QByteArray empty = Test::dumpDatabase(*m_store);
        Result<ImportReport> dry = import(fixture(u"chatgpt/chatgpt-tree.json"_s), ImportFormat::Auto, true);
        QVERIFY(dry);
        QVERIFY(dry->dryRun);
        QCOMPARE(dry->newMessages(), 11);
        QCOMPARE(dry->branches(), 3);
        QCOMPARE(Test::dumpDatabase(*m_store), empty);
        QVERIFY(import(fixture(u"chatgpt/chatgpt-tree.json"_s)));
        QCOMPARE(import(fixture(u"chatgpt/chatgpt-tree.json"_s), ImportFormat::Auto, true)
                     ->count(ImportReport::Outcome::AlreadyPresent),
                 1);
    }

    void theFormatCanBeNamed()
    {
        Result<ImportReport> named = import(fixture(u"openwebui/openwebui-export.json"_s), ImportFormat::OpenWebUi);
        QVERIFY(named);
        QCOMPARE(named->format, u"openwebui"_s);
        // Named wrongly: every conversation is unreadable as ChatGPT, so nothing is imported.
        freshStore();
        const QByteArray empty = Test::dumpDatabase(*m_store);
        Result<ImportReport> wrong = import(fixture(u"openwebui/openwebui-export.json"_s), ImportFormat::ChatGpt);
        QVERIFY(!wrong);
        QVERIFY2(wrong.error().message.contains(u"$[0]"_s), qPrintable(wrong.error().message));
        QCOMPARE(Test::dumpDatabase(*m_store), empty);
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes"); // a JSON file; "zip:" + entries as JSON {name: text}
        QTest::addColumn<QString>("where"); // must appear in the error

        const QByteArray node = q("{'id':'%1','parent':%2,'children':[],'message':{'id':'%1','author':{'role':'%3'},'"
                                  "content':{'content_type':'text','parts':['hi']}}}");
        auto chatgpt = [&](const QList<std::tuple<QString, QString, QString>> &nodes) -> QByteArray {
            QByteArray mapping;
            for (const auto &[id, parent, role] : nodes)
                mapping += (mapping.isEmpty() ? "" : ",") + ('"' + id.toUtf8() + "\":")
                    + QString::fromUtf8(node)
                          .arg(id, parent.isEmpty() ? u"null"_s : u'"' + parent + u'"', role)
                          .toUtf8();
            return q("[{'conversation_id':'c1','title':'T','current_node':'b','mapping':{") + mapping + "}}]";
        };
        const QByteArray claude = q("[{'uuid':'c1','name':'T','chat_messages':[%1]}]");
        auto claudeWith
            = [&](const QByteArray &messages) -> QByteArray { return QByteArray(claude).replace("%1", messages); };
        const QByteArray owui = q("[{'id':'o1','title':'T','chat':{'history':{'currentId':'b','messages':%1}}}]");
        auto owuiWith
            = [&](const QByteArray &messages) -> QByteArray { return QByteArray(owui).replace("%1", messages); };

        QTest::newRow("not json") << u"a.json"_s << QByteArray("hello") << u"$: not a JSON export"_s;
        QTest::newRow("empty") << u"a.json"_s << QByteArray("  \n") << u"$: the file is empty"_s;
        QTest::newRow("a string") << u"a.json"_s << QByteArray("\"chat\"") << u"$: not a JSON export"_s;
        QTest::newRow("truncated array") << u"a.json"_s << QByteArray(q("[{'mapping': {'a': "))
                                         << u"$[0]: the file ends"_s;
        QTest::newRow("no comma") << u"a.json"_s << q("[{'conversation_id':'c1','mapping':{}} {'b':2}]")
                                  << u"$[0]: expected"_s;
        QTest::newRow("unclosed array") << u"a.json"_s << q("[{'conversation_id':'c1','mapping':{}},")
                                        << u"$: the array is not closed"_s;
        QTest::newRow("numbers") << u"a.json"_s << QByteArray("[1, 2]") << u"expected an object"_s;
        QTest::newRow("broken element") << u"a.json"_s << QByteArray(q("[{'mapping': {]}]")) << u"not valid JSON"_s;
        QTest::newRow("unknown shape") << u"a.json"_s << QByteArray(q("[{'foo': 1}]")) << u"$[0]: not a conversation"_s;
        QTest::newRow("chatbot ui") << u"a.json"_s << Test::readFile(fixture(u"other/chatbotui-export.json"_s))
                                    << u"Chatbot UI"_s;
        QTest::newRow("object not json") << u"a.json"_s << QByteArray(q("{'conversationId': "))
                                         << u"$: not valid JSON"_s;
        QTest::newRow("chatgpt mapping not object")
            << u"a.json"_s << QByteArray(q("[{'conversation_id':'c1','mapping':[]}]")) << u"$[0].mapping"_s;
        QTest::newRow("chatgpt node not object")
            << u"a.json"_s << QByteArray(q("[{'conversation_id':'c1','mapping':{'x':3}}]")) << u"$[0].mapping[\"x\"]"_s;
        QTest::newRow("chatgpt no id") << u"a.json"_s
                                       << QByteArray(q("[{'title':'T','current_node':'a','mapping':{}}]"))
                                       << u"no conversation_id"_s;
        QTest::newRow("chatgpt cycle") << u"a.json"_s
                                       << chatgpt({{u"a"_s, u"b"_s, u"user"_s}, {u"b"_s, u"a"_s, u"assistant"_s}})
                                       << u"cycle"_s;
        QTest::newRow("chatgpt two missing parents")
            << u"a.json"_s << chatgpt({{u"a"_s, u"x"_s, u"user"_s}, {u"b"_s, u"y"_s, u"assistant"_s}})
            << u"$[0].mapping[\"b\"]: the parent \"y\" is not in the file"_s;
        QTest::newRow("chatgpt self parent")
            << u"a.json"_s << chatgpt({{u"a"_s, u"a"_s, u"user"_s}}) << u"its own parent"_s;
        QTest::newRow("chatgpt unknown role")
            << u"a.json"_s << chatgpt({{u"a"_s, {}, u"user"_s}, {u"b"_s, u"a"_s, u"robot"_s}})
            << u"$[0].mapping[\"b\"].message.author.role"_s;
        QTest::newRow("chatgpt nothing visible")
            << u"a.json"_s
            << QByteArray(q("[{'conversation_id':'c1','mapping':{'r':{'id':'r','parent':null,'message':null}}}]"))
            << u"$[0]: the conversation has no messages"_s;
        QTest::newRow("claude messages not array")
            << u"a.json"_s << QByteArray(q("[{'uuid':'c1','chat_messages':{}}]")) << u"$[0].chat_messages"_s;
        QTest::newRow("claude unknown sender")
            << u"a.json"_s << claudeWith(q("{'uuid':'m1','sender':'robot','text':'x'}"))
            << u"$[0].chat_messages[0].sender"_s;
        QTest::newRow("claude no uuid")
            << u"a.json"_s
            << claudeWith(q("{'uuid':'m1','sender':'human','text':'x'},{'sender':'assistant','text':'y'}"))
            << u"$[0].chat_messages[1].uuid"_s;
        QTest::newRow("claude duplicate")
            << u"a.json"_s
            << claudeWith(q("{'uuid':'m1','sender':'human','text':'x','parent_message_uuid':null},{'uuid':'m1','sender'"
                            ":'assistant','text':'y','parent_message_uuid':'m1'}"))
            << u"used twice"_s;
        QTest::newRow("claude missing parents")
            << u"a.json"_s
            << claudeWith(q("{'uuid':'m1','sender':'human','text':'x','parent_message_uuid':'p1'},{'uuid':'m2','sender'"
                            ":'assistant','text':'y','parent_message_uuid':'p2'}"))
            << u"$[0].chat_messages[1]: the parent \"p2\""_s;
        QTest::newRow("owui messages not object") << u"a.json"_s << owuiWith("[]") << u"$[0].chat.history.messages"_s;
        QTest::newRow("owui unknown role")
            << u"a.json"_s << owuiWith(q("{'a':{'id':'a','parentId':null,'role':'robot','content':'x'}}"))
            << u"$[0].chat.history.messages[\"a\"].role"_s;
        QTest::newRow("owui no id") << u"a.json"_s
                                    << QByteArray(q("[{'title':'T','chat':{'history':{'messages':{}}}}]"))
                                    << u"$[0].id"_s;
        QTest::newRow("librechat messages not array")
            << u"a.json"_s << QByteArray(q("{'conversationId':'l1','messages':{}}")) << u"$.messages"_s;
        QTest::newRow("librechat nested no id")
            << u"a.json"_s
            << QByteArray(q("{'conversationId':'l1','messages':[{'messageId':'a','isCreatedByUser':true,'text':'x','"
                            "children':[{'text':'y'}]}]}"))
            << u"$.messages[0].children[0].messageId"_s;
        QTest::newRow("skein named chatgpt")
            << u"a.json"_s << QByteArray(q("{'format':'skein.session/1'}")) << u"a Skein export"_s;
        QTest::newRow("zip manifest missing shard")
            << u"a.zip"_s
            << QByteArray(q("{'export_manifest.json':'{\\'logical_files\\':{\\'conversations.json\\':{\\'files\\':[\\'"
                            "conversations-000.json\\']}}}'}"))
            << u"files[0]: conversations-000.json is not in the export"_s;
        QTest::newRow("zip manifest path")
            << u"a.zip"_s
            << QByteArray(q("{'export_manifest.json':'{\\'logical_files\\':{\\'conversations.json\\':{\\'files\\':[\\'."
                            "./etc/passwd\\']}}}','conversations.json':'[]'}"))
            << u"not a file name of the export"_s;
        QTest::newRow("zip manifest not json") << u"a.zip"_s << QByteArray(q("{'export_manifest.json':'{nope'}"))
                                               << u"export_manifest.json: not valid JSON"_s;
        QTest::newRow("zip without conversations")
            << u"a.zip"_s << QByteArray(q("{'users.json':'[]'}")) << u"no conversations.json"_s;
        QTest::newRow("zip damaged") << u"a.zip"_s << QByteArray("PK\x03\x04 this is not a zip at all")
                                     << u"not a readable ZIP"_s;
        QTest::newRow("zip broken shard")
            << u"a.zip"_s
            << QByteArray(q("{'conversations.json':'[{\\'conversation_id\\':\\'c1\\',\\'mapping\\':7}]'}"))
            << u"conversations.json$[0].mapping"_s;
    }

    void malformed()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, where);
        // Something already there, which must stay as it is.
        QVERIFY(import(fixture(u"librechat/librechat-export.json"_s)));
        const QByteArray before = Test::dumpDatabase(*m_store);
        QString path;
        if (name.endsWith(u".zip"_s) && !bytes.startsWith("PK")) {
            QList<std::pair<QString, QByteArray>> entries;
            const QJsonObject files = QJsonDocument::fromJson(bytes).object();
            for (auto it = files.constBegin(); it != files.constEnd(); ++it)
                entries.append({it.key(), it.value().toString().toUtf8()});
            path = writeZip(name, entries);
        } else {
            path = writeFile(name, bytes);
        }
        QVERIFY(!path.isEmpty());
        const ImportFormat format
            = QByteArray(QTest::currentDataTag()) == "skein named chatgpt" ? ImportFormat::ChatGpt : ImportFormat::Auto;
        Result<ImportReport> report = import(path, format);
        QVERIFY2(!report, "the import should have failed");
        QVERIFY2(report.error().message.contains(where), qPrintable(report.error().message));
        QCOMPARE(Test::dumpDatabase(*m_store), before);
    }

    void streamFindsElementsAcrossChunks()
    {
        // Elements larger than the 1 MB read chunk, with brackets, quotes and escapes in strings.
        QByteArray big(3 << 20, 'x');
        big.replace(1000, 6, "\\\"]}[{");
        const QByteArray file
            = "\xEF\xBB\xBF [ {\"a\": \"" + big + "\", \"b\": [1, {\"c\": \"]\"}]} ,\n 42 , \"s,]\", [] ]";
        QBuffer buffer;
        buffer.setData(file);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        JsonArrayStream stream(&buffer);
        QList<QByteArray> elements;
        QByteArray element;
        while (stream.next(&element))
            elements << element;
        QCOMPARE(stream.error(), QString());
        QCOMPARE(elements.size(), 4);
        QCOMPARE(QJsonDocument::fromJson(elements.at(0)).object().value(u"a"_s).toString().size(), big.size() - 1);
        QCOMPARE(elements.at(1), QByteArray("42"));
        QCOMPARE(elements.at(2), QByteArray("\"s,]\""));
        QCOMPARE(elements.at(3), QByteArray("[]"));
        QCOMPARE(stream.bytesRead(), file.size());
        // An element over the limit is refused with its index.
        buffer.seek(0);
        JsonArrayStream small(&buffer, 1 << 20);
        QVERIFY(!small.next(&element));
        QVERIFY2(small.error().startsWith(u"$[0]: the element is larger than"_s), qPrintable(small.error()));
    }
};

SKEIN_CORE_TEST_MAIN(TestForeignImport)
#include "tst_foreignimport.moc"
