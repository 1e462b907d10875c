// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// LibreChat's conversation export: {conversationId, title, recursive, options, messages}, the
// messages flat with `parentMessageId` (the all-zero UUID for the first) or, `recursive`, nested
// in `children`. docs/import.md.

#include "foreignformats.h"
#include "jsonreader.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace Skein::Exchange {

namespace {

using namespace Foreign;

bool isZero(const QString &id)
{
    static const QRegularExpression zero(QStringLiteral("^[0-]+$"));
    return id.isEmpty() || zero.match(id).hasMatch();
}

// Newer messages keep their text in content parts ({type: "text", text: "…" or {value}}, "think").
void readParts(const QJsonArray &parts, TurnPieces &turn)
{
    for (const auto &v : parts) {
        const QJsonObject p = v.toObject();
        const QString type = p.value(QStringLiteral("type")).toString();
        const QJsonValue value = p.value(type);
        const QString text
            = value.isString() ? value.toString() : value.toObject().value(QStringLiteral("value")).toString();
        if (type == QLatin1String("text"))
            turn.text(cleanText(text));
        else if (type == QLatin1String("think"))
            turn.reasoning(cleanText(text));
        else if (type == QLatin1String("tool_call")) {
            const QJsonObject call = p.value(QStringLiteral("tool_call")).toObject();
            turn.call(call.value(QStringLiteral("id")).toString(), field(call, QStringLiteral("name"), 128),
                      call.value(QStringLiteral("args")).toString());
            if (call.contains(QStringLiteral("output")))
                turn.result(call.value(QStringLiteral("id")).toString(), field(call, QStringLiteral("name"), 128),
                            cleanText(call.value(QStringLiteral("output")).toString()), false);
        }
    }
}

bool readMessages(const QJsonArray &list, const QString &path, const QString &enclosing, const QString &model,
                  ForeignConversation *out, QString *error, int depth)
{
    if (depth > 1100) { // QJsonDocument refuses deeper nesting anyway
        *error = path + QStringLiteral(": ") + Text::tr("the messages are nested too deeply");
        return false;
    }
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = path + QStringLiteral("[%1]").arg(i);
        const QJsonObject m = list.at(i).toObject();
        ForeignNode base;
        base.path = at;
        base.sourceId = m.value(QStringLiteral("messageId")).toString();
        if (base.sourceId.isEmpty()) {
            *error = at + QStringLiteral(".messageId: ") + Text::tr("missing");
            return false;
        }
        const QString parent = m.value(QStringLiteral("parentMessageId")).toString();
        base.parentSourceId
            = isZero(parent) ? (m.contains(QStringLiteral("parentMessageId")) ? QString() : enclosing) : parent;
        base.message.createdAt = timeMs(m.value(QStringLiteral("createdAt")));
        if (m.value(QStringLiteral("isCreatedByUser")).toBool()) {
            base.message.role = Role::User;
        } else {
            base.message.role = Role::Assistant;
            base.message.model = field(m, QStringLiteral("model"), 128);
            if (base.message.model.isEmpty())
                base.message.model = model;
            base.message.finishReason = field(m, QStringLiteral("finish_reason"), 32);
            if (base.message.finishReason.isEmpty() || base.message.finishReason == QLatin1String("incomplete"))
                base.message.finishReason
                    = base.message.finishReason.isEmpty() ? QStringLiteral("stop") : QStringLiteral("length");
            if (m.value(QStringLiteral("unfinished")).toBool()) {
                base.message.status = MessageStatus::Interrupted;
                base.message.finishReason = QStringLiteral("interrupted");
            }
            if (m.value(QStringLiteral("error")).toBool())
                base.message.status = MessageStatus::Failed;
        }
        TurnPieces turn(base);
        if (m.value(QStringLiteral("content")).isArray())
            readParts(m.value(QStringLiteral("content")).toArray(), turn);
        if (turn.isEmpty())
            turn.text(cleanText(m.value(QStringLiteral("text")).toString()));
        for (const QJsonValue f : m.value(QStringLiteral("files")).toArray()) {
            const QJsonObject file = f.toObject();
            Attachment record
                = attachment(field(file, QStringLiteral("filename")), field(file, QStringLiteral("type"), 128),
                             qint64(file.value(QStringLiteral("bytes")).toDouble()));
            record.width = std::clamp(file.value(QStringLiteral("width")).toInt(), 0, 1 << 20);
            record.height = std::clamp(file.value(QStringLiteral("height")).toInt(), 0, 1 << 20);
            turn.attach(record);
        }
        std::move(turn).appendTo(out->nodes);
        if (const QJsonValue children = m.value(QStringLiteral("children")); children.isArray())
            if (!readMessages(children.toArray(), at + QStringLiteral(".children"), base.sourceId, model, out, error,
                              depth + 1))
                return false;
    }
    return true;
}

} // namespace

bool readLibreChat(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error)
{
    out->sourceId = o.value(QStringLiteral("conversationId")).toString();
    out->path = path;
    if (out->sourceId.isEmpty()) {
        *error = path + QStringLiteral(".conversationId: ") + Text::tr("missing");
        return false;
    }
    if (!o.value(QStringLiteral("messages")).isArray()) {
        *error = path + QStringLiteral(".messages: ") + Text::tr("expected an array of messages");
        return false;
    }
    Session &s = out->session;
    s.title = field(o, QStringLiteral("title"));
    s.titleIsUserSet = !s.title.isEmpty();
    const QJsonObject options = o.value(QStringLiteral("options")).toObject();
    s.model = field(options, QStringLiteral("model"), 128);
    s.createdAt = timeMs(options.value(QStringLiteral("createdAt")));
    s.updatedAt = timeMs(options.value(QStringLiteral("updatedAt")));
    return readMessages(o.value(QStringLiteral("messages")).toArray(), path + QStringLiteral(".messages"), {}, s.model,
                        out, error, 0);
}

} // namespace Skein::Exchange
