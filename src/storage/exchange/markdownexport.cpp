// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "markdownexport.h"

#include "jsonreader.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <QTimeZone>
#include <QUrl>

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

// Text outside code, made inert for a Markdown viewer: raw HTML is escaped (a `<img>` or
// `<iframe>` of a model, a tool or a file must not load anything when the export is opened), and a
// remote image becomes a plain link, so opening the file fetches nothing (issue #13).
QString inertSpan(const QString &text)
{
    static const QRegularExpression remoteImage(
        QStringLiteral("!\\[([^\\]]*)\\]\\(\\s*<?\\s*([A-Za-z][A-Za-z0-9+.-]*:)"));
    QString out = text;
    out.replace(remoteImage, QStringLiteral("[%1 \\1](\\2").arg(Text::tr("image:")));
    out.replace(QLatin1Char('<'), QStringLiteral("&lt;"));
    return out;
}

// Code (fenced blocks and inline spans) is kept exactly; everything else goes through inertSpan.
QString inertMarkdown(const QString &text)
{
    static const QRegularExpression fence(QStringLiteral("^ {0,3}(`{3,}|~{3,})"));
    QStringList lines = text.split(QLatin1Char('\n'));
    QString open; // the fence of the code block we are in
    for (QString &line : lines) {
        const QRegularExpressionMatch m = fence.match(line);
        if (!open.isEmpty()) {
            if (m.hasMatch() && m.captured(1).at(0) == open.at(0) && m.captured(1).size() >= open.size())
                open.clear();
            continue;
        }
        if (m.hasMatch()) {
            open = m.captured(1);
            continue;
        }
        QString out;
        qsizetype i = 0;
        while (i < line.size()) {
            const qsizetype tick = line.indexOf(QLatin1Char('`'), i);
            if (tick < 0) {
                out += inertSpan(line.mid(i));
                break;
            }
            qsizetype run = tick;
            while (run < line.size() && line.at(run) == QLatin1Char('`'))
                ++run;
            const QString ticks = line.mid(tick, run - tick);
            qsizetype close = line.indexOf(ticks, run);
            while (close >= 0 && close + ticks.size() < line.size()
                   && line.at(close + ticks.size()) == QLatin1Char('`'))
                close = line.indexOf(ticks, close + ticks.size() + 1);
            out += inertSpan(line.mid(i, tick - i));
            if (close < 0) { // no closing run: the backticks are text
                out += ticks;
                i = run;
                continue;
            }
            out += line.mid(tick, close + ticks.size() - tick);
            i = close + ticks.size();
        }
        line = out;
    }
    return lines.join(QLatin1Char('\n'));
}

QString heading(const Message &m)
{
    return m.role == Role::Assistant && !m.model.isEmpty() ? Text::tr("Assistant (%1)").arg(inertSpan(m.model))
                                                           : inertSpan(speakerName(m));
}

QString statusNote(const Message &m)
{
    const QString status = statusText(m);
    return status.isEmpty() ? status : QStringLiteral("*(") + inertSpan(status) + QStringLiteral(")*");
}

} // namespace

QString speakerName(const Message &m)
{
    switch (m.role) {
    case Role::System:
        return Text::tr("System");
    case Role::User:
        return Text::tr("User");
    case Role::Assistant:
        return Text::tr("Assistant");
    case Role::Tool:
        return m.toolName.isEmpty() ? Text::tr("Tool result") : Text::tr("Tool result: %1").arg(m.toolName);
    }
    return {};
}

QString statusText(const Message &m)
{
    switch (m.status) {
    case MessageStatus::Complete:
        return {};
    case MessageStatus::Generating:
        return Text::tr("still being generated");
    case MessageStatus::Interrupted:
        return Text::tr("interrupted");
    case MessageStatus::Cancelled:
        return Text::tr("stopped by the user");
    case MessageStatus::Failed:
        return m.error.isEmpty() ? Text::tr("failed") : Text::tr("failed: %1").arg(m.error);
    }
    return {};
}

QString toolCallArguments(const QJsonObject &call)
{
    const QJsonValue args = call.value(QStringLiteral("arguments"));
    QString text = args.isString() ? args.toString() : QString::fromUtf8(QJsonDocument(args.toObject()).toJson());
    if (const QJsonDocument parsed = QJsonDocument::fromJson(text.toUtf8()); parsed.isObject())
        text = QString::fromUtf8(parsed.toJson(QJsonDocument::Indented));
    return text;
}

QString attachmentSummary(const Attachment &a)
{
    QStringList facts {a.name};
    if (a.size > 0 || a.hasContent()) // an import may not know it
        facts << QLocale().formattedDataSize(a.size);
    if (a.width > 0 && a.height > 0)
        facts << Text::tr("%1 × %2 pixels").arg(a.width).arg(a.height);
    if (a.pages > 0)
        facts << Text::tr("%n page(s)", nullptr, a.pages);
    if (!a.hasContent())
        facts << (a.text.isEmpty() ? Text::tr("not included in the import")
                                   : Text::tr("its text only: the file was not included in the import"));
    return facts.join(QStringLiteral(" · "));
}

namespace {

QString attachmentMarkdown(const Attachment &a, const QHash<QString, QString> &files)
{
    const QString file = files.value(a.id);
    if (file.isEmpty())
        return QStringLiteral("📎 ") + inertSpan(attachmentSummary(a));
    QString label = inertSpan(a.name);
    label.replace(QLatin1Char('['), QStringLiteral("\\[")).replace(QLatin1Char(']'), QStringLiteral("\\]"));
    const QString url = QString::fromLatin1(QUrl::toPercentEncoding(file, "/-._~"));
    if (a.kind == AttachmentKind::Image)
        return QStringLiteral("![%1](%2)").arg(label, url);
    return QStringLiteral("📎 [%1](%2) · %3").arg(label, url, QLocale().formattedDataSize(a.size));
}

} // namespace

QString toMarkdown(const Session &session, const QList<Message> &path, const QHash<QString, QString> &files)
{
    QString md;
    md += QStringLiteral("# ")
        + (session.title.isEmpty() ? Text::tr("Untitled conversation") : inertSpan(session.title))
        + QStringLiteral("\n\n");
    if (session.createdAt > 0)
        md += Text::tr("*Started %1*")
                  .arg(QDateTime::fromMSecsSinceEpoch(session.createdAt, QTimeZone::UTC).toString(Qt::ISODate))
            + QStringLiteral("\n\n");
    if (!session.systemPrompt.isEmpty()) {
        md += QStringLiteral("<details><summary>") + escapeHtml(Text::tr("System prompt"))
            + QStringLiteral("</summary>\n\n") + codeBlock(session.systemPrompt) + QStringLiteral("\n</details>\n\n");
    }
    for (const Message &m : path) {
        md += QStringLiteral("## ") + heading(m) + QStringLiteral("\n\n");
        if (!m.reasoning.isEmpty()) {
            md += QStringLiteral("<details><summary>") + escapeHtml(Text::tr("Reasoning"))
                + QStringLiteral("</summary>\n\n") + inertMarkdown(m.reasoning.trimmed())
                + QStringLiteral("\n\n</details>\n\n");
        }
        if (m.role == Role::Tool)
            md += codeBlock(m.content);
        else if (!m.content.isEmpty())
            md += inertMarkdown(m.content.trimmed()) + QStringLiteral("\n");
        for (const Attachment &a : m.attachments)
            md += QLatin1Char('\n') + attachmentMarkdown(a, files) + QLatin1Char('\n');
        if (const QString note = statusNote(m); !note.isEmpty())
            md += QLatin1Char('\n') + note + QLatin1Char('\n');
        for (const auto &call : m.toolCalls) {
            const QJsonObject c = call.toObject();
            md += QStringLiteral("\n<details><summary>")
                + escapeHtml(Text::tr("Tool call: %1").arg(c.value(QStringLiteral("name")).toString()))
                + QStringLiteral("</summary>\n\n") + codeBlock(toolCallArguments(c), QStringLiteral("json"))
                + QStringLiteral("\n</details>\n");
        }
        md += QLatin1Char('\n');
    }
    return md;
}

} // namespace Skein::Exchange
