// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "foreignformats.h"

#include "attachmentcodec.h"
#include "jsonreader.h"

#include <QDateTime>
#include <QJsonArray>
#include <QMimeDatabase>

namespace Skein::Exchange {

QString formatName(ImportFormat format)
{
    switch (format) {
    case ImportFormat::Auto:
        return QStringLiteral("auto");
    case ImportFormat::Skein:
        return QStringLiteral("skein");
    case ImportFormat::ChatGpt:
        return QStringLiteral("chatgpt");
    case ImportFormat::Claude:
        return QStringLiteral("claude");
    case ImportFormat::OpenWebUi:
        return QStringLiteral("openwebui");
    case ImportFormat::LibreChat:
        return QStringLiteral("librechat");
    }
    return {};
}

std::optional<ImportFormat> formatFromName(const QString &name)
{
    for (ImportFormat f : {ImportFormat::Auto, ImportFormat::Skein, ImportFormat::ChatGpt, ImportFormat::Claude,
                           ImportFormat::OpenWebUi, ImportFormat::LibreChat})
        if (formatName(f) == name)
            return f;
    return std::nullopt;
}

ImportFormat sniffConversation(const QJsonObject &o)
{
    if (o.contains(QStringLiteral("mapping"))
        && (o.contains(QStringLiteral("current_node")) || o.contains(QStringLiteral("conversation_id"))
            || o.value(QStringLiteral("mapping")).isObject()))
        return ImportFormat::ChatGpt;
    if (o.contains(QStringLiteral("chat_messages")))
        return ImportFormat::Claude;
    const QJsonObject chat = o.value(QStringLiteral("chat")).toObject();
    if (chat.value(QStringLiteral("history")).isObject() || o.value(QStringLiteral("history")).isObject())
        return ImportFormat::OpenWebUi;
    if (o.contains(QStringLiteral("conversationId")) && o.contains(QStringLiteral("messages")))
        return ImportFormat::LibreChat;
    // ChatGPT's damaged entries (no mapping) still name their conversation and model this way.
    if (o.contains(QStringLiteral("conversation_id")) && o.contains(QStringLiteral("default_model_slug")))
        return ImportFormat::ChatGpt;
    return ImportFormat::Auto;
}

namespace Foreign {

qint64 timeMs(const QJsonValue &v)
{
    if (v.isDouble()) {
        const double x = v.toDouble();
        if (!(x > 0) || x > 1e20)
            return 0;
        if (x > 1e17) // nanoseconds (Open WebUI keeps some times so)
            return qint64(x / 1e6);
        if (x > 1e11) // milliseconds
            return qint64(x);
        return qint64(x * 1000.0);
    }
    if (v.isString()) {
        const QString s = v.toString().left(64);
        QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
        if (!t.isValid())
            t = QDateTime::fromString(s, Qt::ISODate);
        if (!t.isValid())
            t = QDateTime::fromString(s, Qt::RFC2822Date);
        return t.isValid() ? std::max<qint64>(t.toMSecsSinceEpoch(), 0) : 0;
    }
    return 0;
}

QString field(const QJsonObject &o, const QString &key, int maxLength)
{
    return cleanText(o.value(key).toString().left(maxLength)).simplified();
}

QString cleanText(QString text)
{
    for (QChar &c : text)
        if (c.category() == QChar::Other_Control && c != QLatin1Char('\n') && c != QLatin1Char('\t'))
            c = QChar(0xFFFD);
    return text;
}

Attachment attachment(const QString &name, const QString &type, qint64 bytes)
{
    Attachment a;
    a.name = cleanText(name.left(255)).simplified();
    if (a.name.isEmpty())
        a.name = Text::tr("unnamed");
    a.size = std::max<qint64>(bytes, 0);
    const QMimeDatabase mimes;
    QMimeType mime = type.contains(QLatin1Char('/')) ? mimes.mimeTypeForName(type) : QMimeType();
    if (!mime.isValid() && !type.isEmpty()) // "pdf", "txt": a file type, as an extension
        mime = mimes.mimeTypeForFile(QStringLiteral("x.") + type, QMimeDatabase::MatchExtension);
    if (!mime.isValid() || mime.isDefault())
        mime = mimes.mimeTypeForFile(a.name, QMimeDatabase::MatchExtension);
    if (mime.isValid() && !mime.isDefault())
        a.mimeType = mime.name();
    else if (type.contains(QLatin1Char('/')))
        a.mimeType = cleanText(type.left(128)).simplified();
    if (a.mimeType.startsWith(QLatin1String("image/")) || type == QLatin1String("image"))
        a.kind = AttachmentKind::Image;
    else if (a.mimeType == QLatin1String("application/pdf"))
        a.kind = AttachmentKind::Pdf;
    else if (mime.isValid() && mime.inherits(QStringLiteral("text/plain")))
        a.kind = AttachmentKind::Text;
    return a;
}

QString fenced(const QString &text, const QString &language)
{
    qsizetype longest = 0, run = 0;
    for (QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(std::max<qsizetype>(3, longest + 1), QLatin1Char('`'));
    return fence + language + QLatin1Char('\n') + text
        + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + fence;
}

Message &TurnPieces::open()
{
    if (!m_open) {
        m_current = m_base;
        m_current.message.content.clear();
        m_current.message.reasoning.clear();
        m_current.message.toolCalls = {};
        m_current.message.attachments.clear();
        m_current.assets.clear();
        m_open = true;
    }
    return m_current.message;
}

void TurnPieces::text(const QString &text)
{
    if (text.isEmpty())
        return;
    Message &m = open();
    m.content += (m.content.isEmpty() ? QString() : QStringLiteral("\n\n")) + text;
}

void TurnPieces::reasoning(const QString &text)
{
    if (text.isEmpty())
        return;
    Message &m = open();
    m.reasoning += (m.reasoning.isEmpty() ? QString() : QStringLiteral("\n\n")) + text;
}

void TurnPieces::call(QString id, const QString &name, const QString &arguments)
{
    if (id.isEmpty())
        id = m_base.sourceId + QStringLiteral(":call") + QString::number(m_calls);
    ++m_calls;
    m_lastCall = id;
    open().toolCalls.append(QJsonObject {{QStringLiteral("id"), id},
                                         {QStringLiteral("name"), name.isEmpty() ? QStringLiteral("tool") : name},
                                         {QStringLiteral("arguments"), arguments}});
}

void TurnPieces::attach(Attachment attachment, const QString &asset)
{
    if (open().attachments.size() >= kMaxAttachmentsPerMessage)
        return; // as many as a Skein export may carry; an export with more is not a real one
    m_current.message.attachments.append(std::move(attachment));
    m_current.assets.append(asset);
}

void TurnPieces::result(const QString &callId, const QString &name, const QString &content, bool isError)
{
    if (m_open) {
        m_pieces.append(m_current);
        m_open = false;
    }
    ForeignNode piece = m_base;
    piece.message.role = Role::Tool;
    piece.message.reasoning.clear();
    piece.message.toolCalls = {};
    piece.message.attachments.clear();
    piece.assets.clear();
    piece.message.toolCallId = callId.isEmpty() ? m_lastCall : callId;
    piece.message.toolName = name;
    piece.message.content = isError ? Text::tr("Error: %1").arg(content) : content;
    piece.message.finishReason.clear();
    piece.message.model.clear();
    m_pieces.append(piece);
}

void TurnPieces::appendTo(QList<ForeignNode> &nodes) &&
{
    if (m_open || m_pieces.isEmpty())
        m_pieces.append(m_open ? m_current : m_base);
    const qsizetype last = m_pieces.size() - 1;
    QString parent = m_base.parentSourceId;
    for (qsizetype k = 0; k <= last; ++k) {
        ForeignNode &p = m_pieces[k];
        p.sourceId = k == last ? m_base.sourceId : m_base.sourceId + QLatin1Char('#') + QString::number(k + 1);
        p.parentSourceId = parent;
        parent = p.sourceId;
        if (k < last && p.message.role == Role::Assistant) {
            p.message.status = MessageStatus::Complete;
            p.message.finishReason = QStringLiteral("tool_calls");
        }
        nodes.append(std::move(p));
    }
}

} // namespace Foreign

} // namespace Skein::Exchange
