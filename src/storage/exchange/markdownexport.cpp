#include "markdownexport.h"

#include "jsonreader.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>

namespace Skein::Exchange {

namespace {

// A fence longer than any backtick run inside the text, so the text cannot close it.
QString fenceFor(const QString &text)
{
    int longest = 0, run = 0;
    for (const QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max(3, longest + 1), QLatin1Char('`'));
}

QString codeBlock(const QString &text, const QString &language = {})
{
    const QString fence = fenceFor(text);
    return fence + language + QLatin1Char('\n') + text
        + (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + fence + QLatin1Char('\n');
}

QString escapeHtml(const QString &text)
{
    return text.toHtmlEscaped();
}

QString heading(const Message &m)
{
    switch (m.role) {
    case Role::System:
        return Text::tr("System");
    case Role::User:
        return Text::tr("User");
    case Role::Assistant:
        return m.model.isEmpty() ? Text::tr("Assistant") : Text::tr("Assistant (%1)").arg(m.model);
    case Role::Tool:
        return m.toolName.isEmpty() ? Text::tr("Tool result") : Text::tr("Tool result: %1").arg(m.toolName);
    }
    return {};
}

QString statusNote(const Message &m)
{
    switch (m.status) {
    case MessageStatus::Complete:
        return {};
    case MessageStatus::Generating:
        return Text::tr("*(still being generated)*");
    case MessageStatus::Interrupted:
        return Text::tr("*(interrupted)*");
    case MessageStatus::Cancelled:
        return Text::tr("*(stopped by the user)*");
    case MessageStatus::Failed:
        return m.error.isEmpty() ? Text::tr("*(failed)*") : Text::tr("*(failed: %1)*").arg(m.error);
    }
    return {};
}

} // namespace

QString toMarkdown(const Session &session, const QList<Message> &path)
{
    QString md;
    md += QStringLiteral("# ") + (session.title.isEmpty() ? Text::tr("Untitled conversation") : session.title)
                         + QStringLiteral("\n\n");
    if (session.createdAt > 0)
        md += Text::tr("*Started %1*")
                  .arg(QDateTime::fromMSecsSinceEpoch(session.createdAt, QTimeZone::UTC).toString(Qt::ISODate))
            + QStringLiteral("\n\n");
    if (!session.systemPrompt.isEmpty()) {
        md += QStringLiteral("<details><summary>") + escapeHtml(Text::tr("System prompt"))
                             + QStringLiteral("</summary>\n\n") + codeBlock(session.systemPrompt)
                                              + QStringLiteral("\n</details>\n\n");
    }
    for (const Message &m : path) {
        md += QStringLiteral("## ") + heading(m) + QStringLiteral("\n\n");
        if (!m.reasoning.isEmpty()) {
            md += QStringLiteral("<details><summary>") + escapeHtml(Text::tr("Reasoning"))
                                 + QStringLiteral("</summary>\n\n") + m.reasoning.trimmed()
                                                  + QStringLiteral("\n\n</details>\n\n");
        }
        if (m.role == Role::Tool)
            md += codeBlock(m.content);
        else if (!m.content.isEmpty())
            md += m.content.trimmed() + QStringLiteral("\n");
        if (const QString note = statusNote(m); !note.isEmpty())
            md += QLatin1Char('\n') + note + QLatin1Char('\n');
        for (const QJsonValue &call : m.toolCalls) {
            const QJsonObject c = call.toObject();
            const QJsonValue args = c.value(QStringLiteral("arguments"));
            QString argText
                = args.isString() ? args.toString() : QString::fromUtf8(QJsonDocument(args.toObject()).toJson());
            if (const QJsonDocument parsed = QJsonDocument::fromJson(argText.toUtf8()); parsed.isObject())
                argText = QString::fromUtf8(parsed.toJson(QJsonDocument::Indented));
            md += QStringLiteral("\n<details><summary>")
                                 + escapeHtml(Text::tr("Tool call: %1").arg(c.value(QStringLiteral("name")).toString()))
                                              + QStringLiteral("</summary>\n\n")
                                                               + codeBlock(argText, QStringLiteral("json"))
                                                                           + QStringLiteral("\n</details>\n");
        }
        md += QLatin1Char('\n');
    }
    return md;
}

} // namespace Skein::Exchange
