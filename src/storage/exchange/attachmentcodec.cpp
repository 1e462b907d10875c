// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "attachmentcodec.h"

#include "jsonreader.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace Skein::Exchange {

namespace {

bool isSha256(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

} // namespace

QJsonObject toJson(const Attachment &a)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), a.id);
    o.insert(QStringLiteral("name"), a.name);
    o.insert(QStringLiteral("mime_type"), a.mimeType);
    o.insert(QStringLiteral("kind"), toString(a.kind));
    o.insert(QStringLiteral("size"), a.size);
    o.insert(QStringLiteral("sha256"), a.hasContent() ? QJsonValue(a.sha256) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("width"), a.width);
    o.insert(QStringLiteral("height"), a.height);
    o.insert(QStringLiteral("pages"), a.pages);
    o.insert(QStringLiteral("text"), a.text);
    o.insert(QStringLiteral("created_at"), a.createdAt);
    if (a.sendPages) // only when asked: files written before it existed keep their bytes
        o.insert(QStringLiteral("send_pages"), true);
    return o;
}

QJsonArray toJson(const QList<Attachment> &attachments)
{
    QJsonArray array;
    for (const Attachment &a : attachments)
        array.append(toJson(a));
    return array;
}

QList<Attachment> attachmentsFromJson(const QJsonObject &message, const QString &messageId, const JsonReader &r)
{
    QList<Attachment> attachments;
    const QJsonArray list = r.optionalArray(message, QStringLiteral("attachments"));
    if (list.size() > kMaxAttachmentsPerMessage) {
        r.fail(QStringLiteral("attachments"), Text::tr("more than %1 entries").arg(kMaxAttachmentsPerMessage));
        return {};
    }
    for (qsizetype i = 0; i < list.size() && !r.failed(); ++i) {
        const JsonReader ar(r.at(QStringLiteral("attachments[%1]").arg(i)), r.errorSink());
        if (!list.at(i).isObject()) {
            ar.fail({}, Text::tr("expected an object"));
            break;
        }
        const QJsonObject o = list.at(i).toObject();
        Attachment a;
        a.messageId = messageId;
        a.ordinal = int(i);
        a.id = ar.id(o, QStringLiteral("id"));
        a.name = ar.string(o, QStringLiteral("name"), 1024);
        a.mimeType = ar.string(o, QStringLiteral("mime_type"), 255);
        const QString kind = ar.string(o, QStringLiteral("kind"), 16);
        if (!ar.failed()) {
            if (const auto k = attachmentKindFromString(kind))
                a.kind = *k;
            else
                ar.fail(QStringLiteral("kind"), Text::tr("unknown kind \"%1\"").arg(kind));
        }
        a.size = ar.integer(o, QStringLiteral("size"));
        if (!ar.failed() && a.size > kMaxAttachmentBytes)
            ar.fail(QStringLiteral("size"), Text::tr("larger than %1 MB").arg(kMaxAttachmentBytes >> 20));
        a.sha256 = ar.optionalString(o, QStringLiteral("sha256"), 64);
        if (!ar.failed() && !a.sha256.isEmpty() && !isSha256(a.sha256))
            ar.fail(QStringLiteral("sha256"), Text::tr("expected 64 lowercase hexadecimal digits"));
        a.width = int(ar.optionalInteger(o, QStringLiteral("width")).value_or(0));
        a.height = int(ar.optionalInteger(o, QStringLiteral("height")).value_or(0));
        a.pages = int(ar.optionalInteger(o, QStringLiteral("pages")).value_or(0));
        a.text = ar.text(o, QStringLiteral("text"));
        a.createdAt = ar.integer(o, QStringLiteral("created_at"));
        if (o.contains(QStringLiteral("send_pages")))
            a.sendPages = ar.boolean(o, QStringLiteral("send_pages"));
        for (QChar c : std::as_const(a.name))
            if (!ar.failed() && (c.unicode() < 0x20 || c.unicode() == 0x7f))
                ar.fail(QStringLiteral("name"), Text::tr("contains control characters"));
        attachments.append(a);
    }
    return attachments;
}

QJsonObject contentsToJson(const QHash<QString, QByteArray> &contents)
{
    QJsonObject o;
    for (auto it = contents.cbegin(); it != contents.cend(); ++it)
        o.insert(it.key(), QString::fromLatin1(it.value().toBase64()));
    return o;
}

QHash<QString, QByteArray> contentsFromJson(const QJsonObject &session, const JsonReader &r)
{
    QHash<QString, QByteArray> contents;
    const QJsonValue v = session.value(QStringLiteral("attachment_contents"));
    if (v.isUndefined() || v.isNull())
        return contents;
    const QJsonObject o = r.object(session, QStringLiteral("attachment_contents"));
    for (auto it = o.constBegin(); it != o.constEnd() && !r.failed(); ++it) {
        const QString field = QStringLiteral("attachment_contents[\"%1\"]").arg(it.key().left(64));
        if (!isSha256(it.key())) {
            r.fail(field, Text::tr("the key must be the content's SHA-256, 64 lowercase hexadecimal digits"));
            break;
        }
        if (!it.value().isString()) {
            r.fail(field, Text::tr("expected base64 text"));
            break;
        }
        const auto decoded
            = QByteArray::fromBase64Encoding(it.value().toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            r.fail(field, Text::tr("not valid base64"));
            break;
        }
        if (QString::fromLatin1(QCryptographicHash::hash(*decoded, QCryptographicHash::Sha256).toHex()) != it.key()) {
            r.fail(field, Text::tr("the content does not match its SHA-256"));
            break;
        }
        contents.insert(it.key(), *decoded);
    }
    return contents;
}

} // namespace Skein::Exchange
