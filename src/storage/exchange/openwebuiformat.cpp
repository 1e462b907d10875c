// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Open WebUI's chat export: [{id, title, chat: {history: {currentId, messages: {id: {parentId,
// childrenIds, role, content, …}}}}, archived, pinned, meta, folder_id}], and the older form
// without the `chat` wrapper. Reasoning and tool calls live in <details> blocks of the content
// (and in the structured `output` list). docs/import.md.

#include "foreignformats.h"
#include "jsonreader.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QImageReader>
#include <QJsonArray>
#include <QRegularExpression>

namespace Skein::Exchange {

namespace {

using namespace Foreign;

QString unescapeHtml(QString s)
{
    s.replace(QLatin1String("&lt;"), QLatin1String("<"))
        .replace(QLatin1String("&gt;"), QLatin1String(">"))
        .replace(QLatin1String("&quot;"), QLatin1String("\""))
        .replace(QLatin1String("&#39;"), QLatin1String("'"))
        .replace(QLatin1String("&#x27;"), QLatin1String("'"));
    return s.replace(QLatin1String("&amp;"), QLatin1String("&"));
}

// The reasoning inside <details type="reasoning">: a Markdown quote, HTML-escaped.
QString reasoningText(const QString &inner)
{
    static const QRegularExpression summary(QStringLiteral("<summary>.*?</summary>"),
                                            QRegularExpression::DotMatchesEverythingOption);
    QStringList lines;
    for (QString line : unescapeHtml(QString(inner).remove(summary)).split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.startsWith(QLatin1Char('>')))
            line = line.mid(1).trimmed();
        lines << line;
    }
    return lines.join(QLatin1Char('\n')).trimmed();
}

void readOutput(const QJsonArray &output, TurnPieces &turn)
{
    for (const auto &v : output) {
        const QJsonObject item = v.toObject();
        const QString type = item.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("function_call")) {
            turn.call(item.value(QStringLiteral("call_id")).toString(), field(item, QStringLiteral("name"), 128),
                      item.value(QStringLiteral("arguments")).toString());
        } else if (type == QLatin1String("function_call_output")) {
            QStringList text;
            const QJsonValue out = item.value(QStringLiteral("output"));
            if (out.isString())
                text << out.toString();
            for (const auto &part : out.toArray())
                text << part.toObject().value(QStringLiteral("text")).toString();
            turn.result(item.value(QStringLiteral("call_id")).toString(), {}, cleanText(text.join(QLatin1Char('\n'))),
                        item.value(QStringLiteral("status")).toString() == QLatin1String("failed"));
        } else if (type == QLatin1String("message")) {
            for (const auto &part : item.value(QStringLiteral("content")).toArray())
                turn.text(cleanText(part.toObject().value(QStringLiteral("text")).toString()));
        } else if (type == QLatin1String("reasoning")) {
            QStringList text;
            for (const auto &part : item.value(QStringLiteral("content")).toArray())
                text << part.toObject().value(QStringLiteral("text")).toString();
            for (const auto &part : item.value(QStringLiteral("summary")).toArray())
                text << part.toObject().value(QStringLiteral("text")).toString();
            turn.reasoning(cleanText(text.join(QLatin1Char('\n')).trimmed()));
        }
    }
}

// One of a user message's files: an image pasted into the chat is in it as a data URL (its
// content comes along, decoded within limits); a document names itself in file.meta and carries
// the text Open WebUI extracted from it in file.data.content.
Attachment openWebUiFile(const QJsonObject &f, ForeignConversation *out)
{
    constexpr qsizetype kMaxInline = qsizetype(32) << 20;
    const QJsonObject file = f.value(QStringLiteral("file")).toObject();
    const QJsonObject meta = file.value(QStringLiteral("meta")).toObject();
    QString name = field(f, QStringLiteral("name"));
    if (name.isEmpty())
        name = field(meta, QStringLiteral("name"));
    if (name.isEmpty())
        name = field(file, QStringLiteral("filename"));
    const QString url = f.value(QStringLiteral("url")).toString();
    const bool image = f.value(QStringLiteral("type")).toString() == QLatin1String("image");
    const QString mime = url.startsWith(QLatin1String("data:")) ? url.mid(5).section(QLatin1Char(';'), 0, 0).left(128)
                                                                : field(meta, QStringLiteral("content_type"), 128);
    Attachment a = attachment(
        name.isEmpty() && image ? Text::tr("image") : name, mime.isEmpty() && image ? QStringLiteral("image") : mime,
        qint64(f.value(QStringLiteral("size")).toDouble(meta.value(QStringLiteral("size")).toDouble())));
    a.text = cleanText(file.value(QStringLiteral("data")).toObject().value(QStringLiteral("content")).toString());
    if (!a.text.isEmpty() && a.kind == AttachmentKind::Other)
        a.kind = AttachmentKind::Text;
    const qsizetype comma = url.indexOf(QLatin1Char(','));
    if (url.startsWith(QLatin1String("data:")) && url.left(comma).endsWith(QLatin1String(";base64"))
        && url.size() - comma <= kMaxInline / 3 * 4 + 4) {
        const auto decoded
            = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (decoded && !decoded.decoded.isEmpty()) {
            a.sha256 = QString::fromLatin1(QCryptographicHash::hash(*decoded, QCryptographicHash::Sha256).toHex());
            a.size = decoded.decoded.size();
            QBuffer buffer;
            buffer.setData(*decoded);
            QImageReader reader(&buffer);
            if (const QSize size = reader.size(); size.isValid() && a.kind == AttachmentKind::Image) {
                a.width = size.width();
                a.height = size.height();
            }
            out->contents.insert(a.sha256, *decoded);
        }
    }
    return a;
}

void readAnswer(const QJsonObject &m, TurnPieces &turn)
{
    static const QRegularExpression details(QStringLiteral("<details\\s+type=\"(\\w+)\"[^>]*>(.*?)</details>\\s*"),
                                            QRegularExpression::DotMatchesEverythingOption);
    const QString content = m.value(QStringLiteral("content")).toString();
    const QJsonArray output = m.value(QStringLiteral("output")).toArray();
    bool hasCalls = false;
    for (const auto &v : output)
        hasCalls = hasCalls || v.toObject().value(QStringLiteral("type")).toString() == QLatin1String("function_call");
    if (hasCalls) { // the structured list says everything, in order
        readOutput(output, turn);
        return;
    }
    qsizetype at = 0;
    QString text;
    for (auto it = details.globalMatch(content); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        text += content.mid(at, match.capturedStart() - at);
        at = match.capturedEnd();
        if (match.captured(1) == QLatin1String("reasoning"))
            turn.reasoning(cleanText(reasoningText(match.captured(2))));
        else
            text += QStringLiteral("> ")
                + reasoningText(match.captured(2)).replace(QLatin1Char('\n'), QStringLiteral("\n> "))
                + QStringLiteral("\n\n");
    }
    text += content.mid(at);
    turn.text(cleanText(text.trimmed()));
}

} // namespace

QStringList readOpenWebUiTags(const QJsonValue &tags)
{
    QStringList names;
    const QJsonArray list = tags.toArray();
    // More than Skein keeps would be cut anyway; a hostile file's million tags are not read.
    for (qsizetype i = 0; i < list.size() && names.size() < Session::kMaxTags; ++i) {
        constexpr int kLongest = Session::kMaxTagLength * 4; // cut to kMaxTagLength when cleaned
        const QJsonValue tag = list.at(i);
        const QString name
            = tag.isObject() ? field(tag.toObject(), QStringLiteral("name"), kLongest) : tag.toString().left(kLongest);
        // "none" is the tag older versions gave every untagged chat.
        if (!name.isEmpty() && name != QLatin1String("none"))
            names.append(name);
    }
    return Session::cleanTags(names);
}

bool readOpenWebUi(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error)
{
    const bool wrapped = o.value(QStringLiteral("chat")).isObject();
    const QJsonObject chat = wrapped ? o.value(QStringLiteral("chat")).toObject() : o;
    const QString chatPath = wrapped ? path + QStringLiteral(".chat") : path;
    out->sourceId = o.value(QStringLiteral("id")).toString(chat.value(QStringLiteral("id")).toString());
    out->path = path;
    if (out->sourceId.isEmpty()) {
        *error = path + QStringLiteral(".id: ") + Text::tr("missing");
        return false;
    }
    const QJsonValue history = chat.value(QStringLiteral("history"));
    if (!history.toObject().value(QStringLiteral("messages")).isObject()) {
        *error = chatPath + QStringLiteral(".history.messages: ") + Text::tr("expected an object of messages");
        return false;
    }
    Session &s = out->session;
    s.title = field(o, QStringLiteral("title"));
    if (s.title.isEmpty())
        s.title = field(chat, QStringLiteral("title"));
    s.titleIsUserSet = !s.title.isEmpty();
    s.createdAt = timeMs(o.value(QStringLiteral("created_at")));
    s.updatedAt = timeMs(o.value(QStringLiteral("updated_at")));
    s.archived = o.value(QStringLiteral("archived")).toBool();
    s.pinned = o.value(QStringLiteral("pinned")).toBool();
    s.model = chat.value(QStringLiteral("models")).toArray().at(0).toString().left(128);
    const QJsonValue tags = o.value(QStringLiteral("meta")).toObject().value(QStringLiteral("tags"));
    s.tags = readOpenWebUiTags(tags.isArray() ? tags : chat.value(QStringLiteral("tags")));
    out->activeSourceId = history.toObject().value(QStringLiteral("currentId")).toString();

    const QJsonObject messages = history.toObject().value(QStringLiteral("messages")).toObject();
    for (auto it = messages.constBegin(); it != messages.constEnd(); ++it) {
        const QString at = chatPath + QStringLiteral(".history.messages[\"%1\"]").arg(it.key().left(64));
        const QJsonObject m = it.value().toObject();
        ForeignNode base;
        base.path = at;
        base.sourceId = m.value(QStringLiteral("id")).toString(it.key());
        base.parentSourceId = m.value(QStringLiteral("parentId")).toString();
        base.message.createdAt = timeMs(m.value(QStringLiteral("timestamp")));
        const QString role = m.value(QStringLiteral("role")).toString();
        TurnPieces turn(base);
        if (role == QLatin1String("user") || role == QLatin1String("system")) {
            base.message.role = role == QLatin1String("user") ? Role::User : Role::System;
            turn = TurnPieces(base);
            turn.text(cleanText(m.value(QStringLiteral("content")).toString()));
            for (const QJsonValue f : m.value(QStringLiteral("files")).toArray())
                turn.attach(openWebUiFile(f.toObject(), out));
        } else if (role == QLatin1String("assistant")) {
            base.message.role = Role::Assistant;
            base.message.model = field(m, QStringLiteral("model"), 128);
            base.message.finishReason = QStringLiteral("stop");
            if (m.contains(QStringLiteral("done")) && !m.value(QStringLiteral("done")).toBool()) {
                base.message.status = MessageStatus::Interrupted;
                base.message.finishReason = QStringLiteral("interrupted");
            }
            if (m.value(QStringLiteral("error")).isObject() || m.value(QStringLiteral("error")).toBool()) {
                base.message.status = MessageStatus::Failed;
                base.message.error
                    = field(m.value(QStringLiteral("error")).toObject(), QStringLiteral("content"), 2048);
            }
            turn = TurnPieces(base);
            readAnswer(m, turn);
        } else {
            *error = at + QStringLiteral(".role: ") + Text::tr("unknown role \"%1\"").arg(role.left(32));
            return false;
        }
        std::move(turn).appendTo(out->nodes);
    }
    return true;
}

} // namespace Skein::Exchange
