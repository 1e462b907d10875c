// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ChatGPT's conversations.json (one file, or the shards an export_manifest.json names): each
// conversation is a tree of nodes in `mapping`, with `parent` / `children` and `current_node`.
// docs/import.md says what each content type becomes.

#include "attachmentcodec.h"
#include "foreignformats.h"
#include "jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace Skein::Exchange {

namespace {

using namespace Foreign;

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

// ChatGPT's citation marks: U+E200 … U+E201 spans and U+E202 followed by a reference name
// (turn0search0) point into metadata.content_references; they are not readable text.
QString withoutCitationMarks(QString text)
{
    static const QRegularExpression span(QStringLiteral("\\x{E200}[^\\x{E201}]{0,200}\\x{E201}"));
    static const QRegularExpression mark(QStringLiteral("\\x{E202}[A-Za-z0-9_]{0,64}"));
    if (!text.contains(QChar(0xE200)) && !text.contains(QChar(0xE202)))
        return text;
    return text.remove(span).remove(mark);
}

// The sources a cited answer names, as a list of links after it.
QString sources(const QJsonObject &metadata)
{
    QStringList lines;
    for (const auto &v : metadata.value(QStringLiteral("content_references")).toArray()) {
        const QJsonObject r = v.toObject();
        const QString url = field(r, QStringLiteral("url"), 2048);
        if (url.isEmpty())
            continue;
        const QString title = field(r, QStringLiteral("title"));
        lines << QStringLiteral("- [%1](%2)").arg(title.isEmpty() ? url : title, url);
    }
    return lines.isEmpty() ? QString() : Text::tr("Sources:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
}

// The parts' text. Asset pointers (images, audio) and the files metadata.attachments names become
// attachment records on node, when there is one; their content is looked for in the export's files.
QString partsText(const QJsonObject &content, const QJsonObject &metadata, ForeignNode *node)
{
    QHash<QString, QJsonObject> named; // metadata.attachments: name, MIME type, size by file id
    QStringList order;
    for (const QJsonValue v : metadata.value(QStringLiteral("attachments")).toArray()) {
        const QString id = v.toObject().value(QStringLiteral("id")).toString();
        if (!named.contains(id))
            order << id;
        named.insert(id, v.toObject());
    }
    const auto attach = [&](const QString &id, const QString &fallbackType, qint64 bytes, int width, int height) {
        const QJsonObject a = named.take(id);
        if (node->message.attachments.size() >= kMaxAttachmentsPerMessage)
            return; // as many as a Skein export may carry; an export with more is not a real one
        Attachment record = attachment(a.isEmpty() ? id : field(a, QStringLiteral("name")),
                                       a.isEmpty() ? fallbackType : field(a, QStringLiteral("mime_type"), 128),
                                       a.isEmpty() ? bytes : qint64(a.value(QStringLiteral("size")).toDouble()));
        record.width = std::clamp(width, 0, 1 << 20);
        record.height = std::clamp(height, 0, 1 << 20);
        node->message.attachments.append(record);
        node->assets.append(id);
    };
    QStringList out;
    for (const QJsonValue part : content.value(QStringLiteral("parts")).toArray()) {
        if (part.isString()) {
            if (!part.toString().isEmpty())
                out << part.toString();
            continue;
        }
        const QJsonObject p = part.toObject();
        const QString type = str(p, "content_type");
        if (type == QLatin1String("audio_transcription") || p.value(QStringLiteral("text")).isString()) {
            out << p.value(QStringLiteral("text")).toString();
        } else if (type.endsWith(QLatin1String("_asset_pointer")) && node) {
            // "file-service://file-abc", "sediment://file_00…": the file's id after the scheme.
            const QString id = str(p, "asset_pointer").section(QStringLiteral("://"), 1).left(256);
            attach(id, type.section(QLatin1Char('_'), 0, 0), qint64(p.value(QStringLiteral("size_bytes")).toDouble()),
                   p.value(QStringLiteral("width")).toInt(), p.value(QStringLiteral("height")).toInt());
        } else if (!p.isEmpty()) {
            out << Text::tr("[%1]").arg(type.isEmpty() ? QStringLiteral("part") : type);
        }
    }
    if (node)
        for (const QString &id : std::as_const(order))
            if (named.contains(id)) // not pointed at by a part: a file the user uploaded
                attach(id, {}, 0, 0, 0);
    return out.join(QStringLiteral("\n\n"));
}

// Anything else: readable text, with its type named.
QString unknownContent(const QString &type, const QJsonObject &content)
{
    QString body;
    for (const char *key : {"text", "result", "content", "summary"})
        if (content.value(QLatin1String(key)).isString()) {
            body = content.value(QLatin1String(key)).toString();
            break;
        }
    if (body.isEmpty() && content.contains(QStringLiteral("parts")))
        body = partsText(content, {}, nullptr);
    if (body.isEmpty()) {
        QJsonObject rest = content;
        rest.remove(QStringLiteral("content_type"));
        body = QString::fromUtf8(QJsonDocument(rest).toJson(QJsonDocument::Compact)).left(qsizetype(64) * 1024);
    }
    return Text::tr("[%1]").arg(type) + QLatin1Char('\n') + body;
}

bool readNode(const QString &key, const QJsonObject &node, const QString &path, const QString &defaultModel,
              ForeignNode *out)
{
    out->sourceId = node.value(QStringLiteral("id")).toString(key);
    out->parentSourceId = node.value(QStringLiteral("parent")).toString();
    out->path = path;
    const QJsonObject m = node.value(QStringLiteral("message")).toObject();
    const QJsonObject metadata = m.value(QStringLiteral("metadata")).toObject();
    const QJsonObject content = m.value(QStringLiteral("content")).toObject();
    const QString type = str(content, "content_type");
    const QString role = m.value(QStringLiteral("author")).toObject().value(QStringLiteral("role")).toString();
    if (m.isEmpty() || metadata.value(QStringLiteral("is_visually_hidden_from_conversation")).toBool()
        || type == QLatin1String("user_editable_context") || type == QLatin1String("model_editable_context")) {
        out->kind = ForeignNode::Kind::Dropped;
        return true;
    }
    Message &msg = out->message;
    msg.createdAt = timeMs(m.value(QStringLiteral("create_time")));
    if (role == QLatin1String("user"))
        msg.role = Role::User;
    else if (role == QLatin1String("assistant"))
        msg.role = Role::Assistant;
    else if (role == QLatin1String("tool"))
        msg.role = Role::Tool;
    else if (role == QLatin1String("system"))
        msg.role = Role::System;
    else
        return false;
    if (msg.role == Role::Tool)
        msg.toolName = field(m.value(QStringLiteral("author")).toObject(), QStringLiteral("name"), 128);

    if (type == QLatin1String("text") || type == QLatin1String("multimodal_text")) {
        msg.content = partsText(content, metadata, out);
    } else if (type == QLatin1String("code")) {
        const QString code = str(content, "text");
        const QString recipient = str(m, "recipient");
        msg.content = fenced(code, field(content, QStringLiteral("language"), 32).remove(QStringLiteral("unknown")));
        if (msg.role == Role::Assistant && !recipient.isEmpty() && recipient != QLatin1String("all")) {
            out->callsTool = recipient.left(64);
            out->callArguments = QString::fromUtf8(
                QJsonDocument(QJsonObject {{QStringLiteral("code"), code}}).toJson(QJsonDocument::Compact));
        }
    } else if (type == QLatin1String("execution_output")) {
        msg.content = str(content, "text");
    } else if (type == QLatin1String("tether_browsing_display")) {
        msg.content = str(content, "result");
        if (const QString summary = str(content, "summary"); !summary.isEmpty())
            msg.content = summary + QStringLiteral("\n\n") + msg.content;
    } else if (type == QLatin1String("tether_quote")) {
        msg.content
            = QStringList {str(content, "title"), str(content, "url"), str(content, "text")}.join(QLatin1Char('\n'));
    } else if (type == QLatin1String("thoughts")) {
        QStringList thoughts;
        for (const auto &t : content.value(QStringLiteral("thoughts")).toArray()) {
            const QJsonObject o = t.toObject();
            const QString summary = str(o, "summary"), text = str(o, "content");
            thoughts << (summary.isEmpty() ? text : QStringLiteral("**%1**\n%2").arg(summary, text));
        }
        out->kind = ForeignNode::Kind::Reasoning;
        msg.reasoning = thoughts.join(QStringLiteral("\n\n"));
    } else if (type == QLatin1String("reasoning_recap")) {
        out->kind = ForeignNode::Kind::Reasoning;
        msg.reasoning = str(content, "content");
    } else {
        msg.content = unknownContent(type.isEmpty() ? QStringLiteral("unknown") : type, content);
    }
    // An empty system message (the model's default instructions) is not part of the conversation.
    if (msg.role == Role::System && msg.content.trimmed().isEmpty()) {
        out->kind = ForeignNode::Kind::Dropped;
        return true;
    }
    if (msg.role == Role::Assistant && out->kind == ForeignNode::Kind::Message) {
        msg.content = withoutCitationMarks(msg.content);
        if (const QString cited = sources(metadata); !cited.isEmpty())
            msg.content += QStringLiteral("\n\n") + cited;
    }
    msg.content = cleanText(msg.content);
    msg.reasoning = cleanText(msg.reasoning);
    const QString status = str(m, "status");
    const QString finish
        = metadata.value(QStringLiteral("finish_details")).toObject().value(QStringLiteral("type")).toString();
    if (status == QLatin1String("in_progress") || status == QLatin1String("finished_partial_completion")
        || finish == QLatin1String("interrupted")) {
        msg.status = MessageStatus::Interrupted;
        msg.finishReason = QStringLiteral("interrupted");
    } else if (finish == QLatin1String("max_tokens")) {
        msg.finishReason = QStringLiteral("length");
    } else if (msg.role == Role::Assistant) {
        msg.finishReason = QStringLiteral("stop");
    }
    if (msg.role == Role::Assistant) {
        msg.model = field(metadata, QStringLiteral("model_slug"), 128);
        if (msg.model.isEmpty())
            msg.model = defaultModel;
    }
    return true;
}

} // namespace

bool readChatGpt(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error)
{
    out->sourceId = o.value(QStringLiteral("conversation_id")).toString(o.value(QStringLiteral("id")).toString());
    out->path = path;
    if (out->sourceId.isEmpty()) {
        *error = path + QStringLiteral(": ") + Text::tr("no conversation_id");
        return false;
    }
    const QJsonValue mapping = o.value(QStringLiteral("mapping"));
    if (!mapping.isObject()) {
        *error = path + QStringLiteral(".mapping: ")
            + (mapping.isUndefined() || mapping.isNull() ? Text::tr("missing: the conversation has no messages")
                                                         : Text::tr("expected an object of messages"));
        return false;
    }
    Session &s = out->session;
    s.title = field(o, QStringLiteral("title"));
    s.titleIsUserSet = !s.title.isEmpty();
    s.createdAt = timeMs(o.value(QStringLiteral("create_time")));
    s.updatedAt = timeMs(o.value(QStringLiteral("update_time")));
    s.archived = o.value(QStringLiteral("is_archived")).toBool();
    s.pinned = o.value(QStringLiteral("is_starred")).toBool() || timeMs(o.value(QStringLiteral("pinned_time"))) > 0;
    s.model = field(o, QStringLiteral("default_model_slug"), 128);
    out->activeSourceId = o.value(QStringLiteral("current_node")).toString();

    const QJsonObject nodes = mapping.toObject();
    out->nodes.reserve(nodes.size());
    QHash<QString, qsizetype> index;
    for (auto it = nodes.constBegin(); it != nodes.constEnd(); ++it) {
        const QString at = path + QStringLiteral(".mapping[\"%1\"]").arg(it.key().left(64));
        if (!it.value().isObject()) {
            *error = at + QStringLiteral(": ") + Text::tr("expected an object");
            return false;
        }
        ForeignNode node;
        if (!readNode(it.key(), it.value().toObject(), at, s.model, &node)) {
            *error = at + QStringLiteral(".message.author.role: ") + Text::tr("unknown role");
            return false;
        }
        index.insert(node.sourceId, out->nodes.size());
        out->nodes.append(std::move(node));
    }
    // A node whose `parent` is missing but that another node lists as a child hangs from that one.
    for (auto it = nodes.constBegin(); it != nodes.constEnd(); ++it)
        for (const auto &child : it.value().toObject().value(QStringLiteral("children")).toArray()) {
            const auto c = index.constFind(child.toString());
            const QString parentId = it.value().toObject().value(QStringLiteral("id")).toString(it.key());
            if (c != index.constEnd() && out->nodes.at(*c).parentSourceId.isEmpty() && child.toString() != parentId)
                out->nodes[*c].parentSourceId = parentId;
        }
    return true;
}

} // namespace Skein::Exchange
