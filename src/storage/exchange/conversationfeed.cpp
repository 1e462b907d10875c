// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "conversationfeed.h"

#include "foreignconversation.h"
#include "importsource.h"
#include "jsonarraystream.h"
#include "jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein::Exchange {

namespace {

constexpr qsizetype kMaxObjectFileBytes = qsizetype(1) << 30;

// Why a JSON object is none of the formats, in words a user can act on.
QString unknownFormat(const QJsonObject &o)
{
    if (o.contains(QStringLiteral("history")) && o.contains(QStringLiteral("folders")))
        return Text::tr("this looks like a Chatbot UI export, which Skein cannot import (it imports Skein, ChatGPT, "
                        "Claude, Open WebUI and LibreChat exports)");
    return Text::tr("not a conversation of a format Skein imports (Skein, ChatGPT, Claude, Open WebUI, LibreChat)");
}

using Reader = bool (*)(const QJsonObject &, const QString &, ForeignConversation *, QString *);

Reader readerFor(ImportFormat format)
{
    switch (format) {
    case ImportFormat::ChatGpt:
        return readChatGpt;
    case ImportFormat::Claude:
        return readClaude;
    case ImportFormat::OpenWebUi:
        return readOpenWebUi;
    case ImportFormat::LibreChat:
        return readLibreChat;
    case ImportFormat::Auto:
    case ImportFormat::Skein:
        break;
    }
    return nullptr;
}

// The first byte that is not white space (or a byte-order mark); 0 for an empty device.
char firstByte(QIODevice *device)
{
    const QByteArray head = device->peek(4096);
    for (qsizetype i = head.startsWith("\xEF\xBB\xBF") ? 3 : 0; i < head.size(); ++i)
        if (!QByteArrayView(" \t\r\n").contains(head.at(i)))
            return head.at(i);
    return 0;
}

using Kind = ConversationFeed::Item::Kind;

} // namespace

ConversationFeed::ConversationFeed(const ImportSource &source, ImportFormat format)
    : m_format(format)
    , m_thread([this, &source] { run(source); })
{ }

ConversationFeed::~ConversationFeed()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join(); // before the queue it uses is destroyed
}

ConversationFeed::Item ConversationFeed::next()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_items.empty(); });
    Item item = std::move(m_items.front());
    m_items.pop_front();
    lock.unlock();
    m_changed.notify_all();
    return item;
}

ImportFormat ConversationFeed::format() const
{
    const std::lock_guard lock(m_mutex);
    return m_format;
}

bool ConversationFeed::fail(const QString &reason)
{
    Item item;
    item.kind = Kind::Failed;
    item.reason = reason;
    push(std::move(item));
    return false;
}

bool ConversationFeed::push(Item item)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_stop || m_items.size() < kDepth; });
    if (m_stop)
        return false;
    m_items.push_back(std::move(item));
    lock.unlock();
    m_changed.notify_all();
    return true;
}

void ConversationFeed::run(const ImportSource &source)
{
    if (source.isArchive() && m_format != ImportFormat::ChatGpt)
        readProjects(source);
    qint64 before = 0;
    for (const ImportSource::Document &doc : source.conversations()) {
        if (!readDocument(source, doc.name, doc.size, before))
            return;
        before += doc.size;
    }
    push(Item {});
}

void ConversationFeed::readProjects(const ImportSource &source)
{
    // Names only, so a broken or huge project file costs a note at most: it holds no conversation.
    constexpr qint64 kMaxProjectFileBytes = qint64(64) << 20;
    QStringList files = source.filesIn(QStringLiteral("projects"));
    if (source.contains(QStringLiteral("projects.json")))
        files.append(QStringLiteral("projects.json"));
    for (const QString &name : std::as_const(files)) {
        QString error;
        const std::unique_ptr<QIODevice> device = source.device(name, &error);
        if (!device || !name.endsWith(QLatin1String(".json")))
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(device->read(kMaxProjectFileBytes));
        const QJsonArray projects = document.isArray() ? document.array() : QJsonArray {document.object()};
        for (const auto &project : projects) {
            const auto [uuid, projectName] = readClaudeProject(project.toObject());
            if (!uuid.isEmpty() && !projectName.isEmpty())
                m_projects.insert(uuid, projectName);
        }
    }
}

// One file of the export: a conversation object, an array of them, or a Skein export. false when
// the feed ended (a failure, a Skein export, or told to stop).
bool ConversationFeed::readDocument(const ImportSource &source, const QString &name, qint64 size, qint64 before)
{
    QString error;
    std::unique_ptr<QIODevice> device = source.device(name, &error);
    if (!device)
        return fail(error);
    m_prefix = source.isArchive() ? name : QString();
    const char first = firstByte(device.get());
    if (first == '[') {
        JsonArrayStream stream(device.get());
        QByteArray element;
        while (stream.next(&element)) {
            const QString at = m_prefix + QStringLiteral("$[%1]").arg(stream.index());
            if (!readConversation(element, at, before + stream.bytesRead()))
                return false;
            element.clear();
        }
        if (!stream.error().isEmpty())
            return fail(m_prefix + stream.error());
        return true;
    }
    if (first != '{')
        return fail(m_prefix
                    + (first ? Text::tr("$: not a JSON export (it does not start with [ or {)")
                             : Text::tr("$: the file is empty")));
    if (size > kMaxObjectFileBytes)
        return fail(m_prefix + Text::tr("$: the file is larger than %1 MB").arg(kMaxObjectFileBytes >> 20));
    const QByteArray bytes = device->readAll();
    if (bytes.contains("\"format\"")) {
        QJsonParseError parseError {};
        const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
        if (document.object().value(QStringLiteral("format")).toString().startsWith(QLatin1String("skein"))) {
            const ImportFormat format = this->format();
            if (source.isArchive() || (format != ImportFormat::Auto && format != ImportFormat::Skein))
                return fail(m_prefix + Text::tr("$: a Skein export, not a %1 one").arg(formatName(format)));
            Item item;
            item.kind = Kind::SkeinExport;
            item.skeinBytes = bytes;
            push(std::move(item));
            return false;
        }
    }
    return readConversation(bytes, m_prefix + QStringLiteral("$"), before + size);
}

// One conversation's JSON: converted and queued, or queued as skipped. false when the feed ended.
bool ConversationFeed::readConversation(const QByteArray &element, const QString &at, qint64 bytesDone)
{
    Item item;
    item.path = at;
    item.bytesDone = bytesDone;
    QJsonParseError parseError {};
    const QJsonDocument document
        = element.startsWith('{') ? QJsonDocument::fromJson(element, &parseError) : QJsonDocument();
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        // A whole file that is not JSON is the user's mistake, not one broken conversation.
        if (at.endsWith(QLatin1Char('$')) && parseError.error != QJsonParseError::NoError)
            return fail(
                at + Text::tr(": not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        item.kind = Kind::Skipped;
        item.reason = parseError.error != QJsonParseError::NoError
            ? Text::tr("not valid JSON at byte %1 of the conversation: %2")
                  .arg(parseError.offset)
                  .arg(parseError.errorString())
            : Text::tr("expected an object");
        return push(std::move(item));
    }
    const QJsonObject o = document.object();
    ImportFormat format = this->format();
    if (format == ImportFormat::Auto) {
        format = sniffConversation(o);
        if (format == ImportFormat::Auto)
            return fail(at + QStringLiteral(": ") + unknownFormat(o));
        const std::lock_guard lock(m_mutex);
        m_format = format;
    }
    const Reader read = readerFor(format);
    ForeignConversation conversation;
    QString error;
    if (!read || !read(o, at, &conversation, &error)
        || !conversation.build(formatName(format), &item.content, &error)) {
        item.kind = Kind::Skipped;
        item.reason = error.isEmpty() ? unknownFormat(o) : error;
        return push(std::move(item));
    }
    if (item.content.session.tags.isEmpty() && m_projects.contains(conversation.projectId))
        item.content.session.tags = Session::cleanTags({m_projects.value(conversation.projectId)});
    item.kind = Kind::Conversation;
    item.sourceId = conversation.sourceId;
    item.branches = conversation.branches;
    item.assets = std::move(conversation.assets);
    const QString title = item.content.session.title.isEmpty() ? Text::tr("(untitled)") : item.content.session.title;
    for (const QString &note : std::as_const(conversation.notes))
        item.notes << QStringLiteral("\"%1\": %2").arg(title, note);
    return push(std::move(item));
}

} // namespace Skein::Exchange
