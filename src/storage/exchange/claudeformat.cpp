// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Claude's export (a ZIP or its folder): conversations.json with `chat_messages`, each naming
// its parent (`parent_message_uuid`, the all-zero UUID for the first), content blocks (text,
// thinking, tool_use, tool_result), attachments and files; memories.json. docs/import.md.

#include "foreignformats.h"
#include "jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace Skein::Exchange {

namespace {

using namespace Foreign;

bool isRootParent(const QString &id)
{
    // The all-zero UUID, also with its version and variant digits set (00000000-0000-4000-8000-…).
    static const QRegularExpression zero(QStringLiteral("^0{8}-0{4}-[0-9a-fA-F]0{3}-[0-9a-fA-F]0{3}-0{12}$"));
    return id.isEmpty() || zero.match(id).hasMatch();
}

// A tool result's content: its text parts; search results as a list of linked titles.
QString resultText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList out;
    for (const auto &v : content.toArray()) {
        const QJsonObject item = v.toObject();
        const QString type = item.value(QStringLiteral("type")).toString();
        const QString text = item.value(QStringLiteral("text")).toString();
        if (type == QLatin1String("text")
            || (!text.isEmpty() && !item.contains(QStringLiteral("title")) && !item.contains(QStringLiteral("url")))) {
            out << text;
        } else if (item.contains(QStringLiteral("title")) || item.contains(QStringLiteral("url"))) {
            const QString url = field(item, QStringLiteral("url"), 2048);
            const QString title = field(item, QStringLiteral("title"));
            out << (url.isEmpty() ? QStringLiteral("- %1").arg(title)
                                  : QStringLiteral("- [%1](%2)").arg(title.isEmpty() ? url : title, url))
                    + (text.isEmpty() ? QString() : QStringLiteral(": ") + text);
        } else if (!type.isEmpty()) {
            out << Text::tr("[%1]").arg(type);
        }
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

bool readClaude(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error)
{
    out->sourceId = o.value(QStringLiteral("uuid")).toString();
    out->path = path;
    if (out->sourceId.isEmpty()) {
        *error = path + QStringLiteral(".uuid: ") + Text::tr("missing");
        return false;
    }
    const QJsonValue list = o.value(QStringLiteral("chat_messages"));
    if (!list.isArray()) {
        *error = path + QStringLiteral(".chat_messages: ") + Text::tr("expected an array of messages");
        return false;
    }
    Session &s = out->session;
    s.title = field(o, QStringLiteral("name"));
    s.titleIsUserSet = !s.title.isEmpty();
    s.createdAt = timeMs(o.value(QStringLiteral("created_at")));
    s.updatedAt = timeMs(o.value(QStringLiteral("updated_at")));
    s.model = field(o, QStringLiteral("model"), 128);
    // A project, named here or by its uuid (the export's projects/ files name it): a tag.
    const QJsonObject project = o.value(QStringLiteral("project")).toObject();
    s.tags = Session::cleanTags({field(project, QStringLiteral("name"), Session::kMaxTagLength * 4)});
    out->projectId = field(o, QStringLiteral("project_uuid"), 128);
    if (out->projectId.isEmpty())
        out->projectId = field(project, QStringLiteral("uuid"), 128);

    const QJsonArray messages = list.toArray();
    // Older exports name no parents: the messages are one line, in order.
    bool anyParent = false;
    for (const auto &v : messages)
        anyParent = anyParent || v.toObject().contains(QStringLiteral("parent_message_uuid"));
    QString previous;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QString at = path + QStringLiteral(".chat_messages[%1]").arg(i);
        const QJsonObject m = messages.at(i).toObject();
        ForeignNode base;
        base.path = at;
        base.sourceId = m.value(QStringLiteral("uuid")).toString();
        if (base.sourceId.isEmpty()) {
            *error = at + QStringLiteral(".uuid: ") + Text::tr("missing");
            return false;
        }
        const QString parent = m.value(QStringLiteral("parent_message_uuid")).toString();
        base.parentSourceId = anyParent ? (isRootParent(parent) ? QString() : parent) : previous;
        previous = base.sourceId;
        const QString sender = m.value(QStringLiteral("sender")).toString();
        if (sender == QLatin1String("human")) {
            base.message.role = Role::User;
        } else if (sender == QLatin1String("assistant")) {
            base.message.role = Role::Assistant;
            base.message.finishReason = QStringLiteral("stop");
            base.message.model = s.model;
        } else {
            *error = at + QStringLiteral(".sender: ") + Text::tr("unknown sender \"%1\"").arg(sender.left(32));
            return false;
        }
        base.message.createdAt = timeMs(m.value(QStringLiteral("created_at")));
        const QString flat = cleanText(m.value(QStringLiteral("text")).toString());

        TurnPieces turn(base);
        const QJsonArray blocks = m.value(QStringLiteral("content")).toArray();
        bool hasText = false;
        for (const auto &v : blocks) {
            const QJsonObject b = v.toObject();
            const QString type = b.value(QStringLiteral("type")).toString();
            if (type == QLatin1String("text")) {
                turn.text(cleanText(b.value(QStringLiteral("text")).toString()));
                hasText = true;
            } else if (type == QLatin1String("thinking")) {
                turn.reasoning(cleanText(b.value(QStringLiteral("thinking")).toString()));
            } else if (type == QLatin1String("tool_use")) {
                turn.call(
                    b.value(QStringLiteral("id")).toString(), field(b, QStringLiteral("name"), 128),
                    QString::fromUtf8(
                        QJsonDocument(b.value(QStringLiteral("input")).toObject()).toJson(QJsonDocument::Compact)));
            } else if (type == QLatin1String("tool_result")) {
                turn.result(b.value(QStringLiteral("tool_use_id")).toString(), field(b, QStringLiteral("name"), 128),
                            cleanText(resultText(b.value(QStringLiteral("content")))),
                            b.value(QStringLiteral("is_error")).toBool());
            }
            // Other blocks (token_budget, …) carry nothing to read.
        }
        // The flat text when the blocks had none (older exports, some answers).
        if (!hasText)
            turn.text(flat);
        // Attachments: records; their extracted text is kept as the attachment's text. Files
        // (images and binaries the export does not include) are named.
        QSet<QString> attached;
        for (const QJsonValue v : m.value(QStringLiteral("attachments")).toArray()) {
            const QJsonObject a = v.toObject();
            Attachment record
                = attachment(field(a, QStringLiteral("file_name")), field(a, QStringLiteral("file_type"), 128),
                             qint64(a.value(QStringLiteral("file_size")).toDouble()));
            record.text = cleanText(a.value(QStringLiteral("extracted_content")).toString());
            if (!record.text.isEmpty() && record.kind == AttachmentKind::Other)
                record.kind = AttachmentKind::Text;
            attached.insert(record.name);
            turn.attach(record);
        }
        for (const QJsonValue v : m.value(QStringLiteral("files")).toArray()) {
            const Attachment record = attachment(field(v.toObject(), QStringLiteral("file_name")), {}, 0);
            if (!attached.contains(record.name))
                turn.attach(record);
        }
        std::move(turn).appendTo(out->nodes);
    }
    return true;
}

std::pair<QString, QString> readClaudeProject(const QJsonObject &o)
{
    return {field(o, QStringLiteral("uuid"), 128), field(o, QStringLiteral("name"), Session::kMaxTagLength * 4)};
}

QStringList readClaudeMemories(const QJsonValue &root, QString *error)
{
    // [{"conversations_memory": "…", "project_memories": {"uuid": "…"}}]: Markdown text; each
    // bullet or paragraph is one memory.
    QStringList out;
    const QJsonArray entries = root.isArray() ? root.toArray() : QJsonArray {root};
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (!entries.at(i).isObject()) {
            *error = QStringLiteral("memories.json$[%1]: ").arg(i) + Text::tr("expected an object");
            return {};
        }
        const QJsonObject e = entries.at(i).toObject();
        QStringList texts {e.value(QStringLiteral("conversations_memory")).toString()};
        const QJsonObject projects = e.value(QStringLiteral("project_memories")).toObject();
        for (auto it = projects.constBegin(); it != projects.constEnd(); ++it)
            texts << it.value().toString();
        for (const QString &text : std::as_const(texts))
            for (QString item : text.split(QRegularExpression(QStringLiteral("\\n\\s*\\n|\\n(?=\\s*[-*] )")))) {
                item = cleanText(item).trimmed();
                if (item.startsWith(QLatin1String("- ")) || item.startsWith(QLatin1String("* ")))
                    item = item.mid(2).trimmed();
                // Headings ("# Work", "**Work**") only group the items under them.
                static const QRegularExpression heading(QStringLiteral("^(#.*|\\*\\*[^*\\n]+\\*\\*:?)$"));
                if (!item.isEmpty() && !heading.match(item).hasMatch())
                    out << item;
            }
    }
    return out;
}

} // namespace Skein::Exchange
