// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "htmlexport.h"

#include "core/appinfo.h"
#include "jsonreader.h"
#include "markdownexport.h"
#include "markdownhtml.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>
#include <QTimeZone>
#include <QUrl>

namespace Skein::Exchange {

namespace {

QString timeText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

QByteArray isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::UTC).toString(Qt::ISODate).toLatin1();
}

QString firstLine(const Message &m)
{
    QString text = m.content.simplified();
    if (text.isEmpty() && !m.toolCalls.isEmpty())
        text = Text::tr("Tool call: %1").arg(m.toolCalls.first().toObject().value(QStringLiteral("name")).toString());
    return text.size() > 80 ? text.left(79) + QStringLiteral("…") : text;
}

const char kStyle[] = R"(
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--user:#f1f4f8;--code:#f6f8fa;--line:#d1d9e0;--accent:#0969da}
@media (prefers-color-scheme: dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--user:#161b22;--code:#151b23;--line:#3d444d;--accent:#4493f8}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC",sans-serif}
main{max-width:48rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.6rem;margin:0 0 .25rem}
.meta{color:var(--muted);font-size:.9rem;margin:0 0 2rem}
article{margin:0 0 1.5rem}
article.user .body{background:var(--user);border-radius:.5rem;padding:.1rem 1rem}
.who{font-size:.85rem;color:var(--muted);margin:0 0 .25rem}
.who strong{color:var(--fg)}
.note{font-style:italic;color:var(--muted)}
a{color:var(--accent)}
h3,h4,h5,h6{font-size:1.05rem;margin:1.2rem 0 .5rem}
h3{font-size:1.2rem}
pre{margin:0;padding:.75rem 1rem;overflow-x:auto;font:14px/1.45 ui-monospace,"DejaVu Sans Mono",monospace;white-space:pre}
pre.plain,pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
.code,pre.plain,pre.wrap{background:var(--code);border:1px solid var(--line);border-radius:.4rem;margin:.75rem 0}
.lang{font-size:.75rem;color:var(--muted);padding:.3rem 1rem 0}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:.75rem 0}
th,td{border:1px solid var(--line);padding:.3rem .6rem}
blockquote{margin:.75rem 0;padding:0 1rem;border-left:.25rem solid var(--line);color:var(--muted)}
details{margin:.5rem 0}
summary{cursor:pointer;color:var(--muted);font-size:.9rem}
details.reasoning,details.call{border-left:2px solid var(--line);padding-left:.75rem}
.image{font-style:italic;color:var(--muted)}
.fork{border-left:3px solid var(--accent);padding-left:.75rem;margin:1rem 0}
details.branch>summary{font-weight:600;color:var(--accent)}
details.branch[open]>summary{margin-bottom:1rem}
)";

const char kPrintStyle[] = R"(
body{font-size:10.5pt;color:#1f2328}
h1{font-size:16pt}
.meta,.who,.note,.label,.image{color:#59636e}
.who{font-size:9pt;margin-top:12pt}
pre{font-family:"DejaVu Sans Mono",monospace;font-size:9pt;white-space:pre-wrap;background-color:#f6f8fa}
code{font-family:"DejaVu Sans Mono",monospace;font-size:9pt}
.lang,.label{font-size:8pt}
.reasoning{color:#59636e}
th,td{padding:3px}
)";

// Opening one branch of a fork closes its siblings: the fork becomes a switcher.
const char kScript[] = "document.addEventListener('toggle',function(e){var d=e.target;"
                       "if(d.open&&d.classList&&d.classList.contains('branch'))"
                       "for(var s of d.parentElement.children)if(s!==d&&s.tagName==='DETAILS')s.open=false},true);";

class Page
{
public:
    Page(const ReadableSession &readable, const HtmlOptions &options)
        : m_readable(readable)
        , m_options(options)
        , m_colours(options.forPrint)
    { }

    QByteArray build()
    {
        const Session &s = m_readable.session;
        const QString title = s.title.isEmpty() ? Text::tr("Untitled conversation") : s.title;
        QByteArray body;
        m_body = &body;
        body += "<main>\n<h1>" + escaped(title) + "</h1>\n<p class=\"meta\">";
        QStringList meta;
        if (s.createdAt > 0)
            meta << Text::tr("Started %1").arg(timeText(s.createdAt));
        meta << Text::tr("messages: %1").arg(m_readable.messages.size());
        if (m_options.allBranches && !m_options.forPrint)
            meta << Text::tr("every branch; the active one is open");
        meta << Text::tr("exported from Skein %1").arg(AppInfo::version());
        body += escaped(meta.join(QStringLiteral(" · "))) + "</p>\n";
        if (!s.systemPrompt.isEmpty())
            folded("system", Text::tr("System prompt"), "<pre class=\"wrap\">" + escaped(s.systemPrompt) + "</pre>\n");
        if (m_options.allBranches && !m_options.forPrint)
            tree();
        else
            for (const Message &m : m_readable.messages)
                message(m);
        body += "</main>\n";

        QByteArray html = "<!DOCTYPE html>\n<html lang=\"" + QLocale().bcp47Name().toLatin1()
            + "\">\n<head>\n"
              "<meta charset=\"utf-8\">\n";
        if (!m_options.forPrint) {
            const QByteArray hash
                = QCryptographicHash::hash(QByteArray(kScript), QCryptographicHash::Sha256).toBase64();
            html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "style-src 'unsafe-inline'; script-src 'sha256-"
                + hash + "'\">\n";
        }
        html += "<meta name=\"generator\" content=\"Skein " + escaped(AppInfo::version()) + "\">\n<title>"
            + escaped(title) + "</title>\n<style>" + (m_options.forPrint ? kPrintStyle : kStyle) + m_colours.css()
            + "</style>\n</head>\n<body>\n" + body;
        if (m_options.allBranches && !m_options.forPrint)
            html += "<script>" + QByteArray(kScript) + "</script>\n";
        html += "</body>\n</html>\n";
        return html;
    }

private:
    // Collapsible in a browser; for print a labelled block, always shown.
    void folded(const char *cls, const QString &label, const QByteArray &inner)
    {
        if (m_options.forPrint)
            *m_body += QByteArray("<div class=\"") + cls + "\"><p class=\"label\">" + escaped(label) + "</p>\n" + inner
                + "</div>\n";
        else
            *m_body += QByteArray("<details class=\"") + cls + "\"><summary>" + escaped(label) + "</summary>\n" + inner
                + "</details>\n";
    }

    void markdown(const QString &text, QByteArray &out) { markdownToHtml(text, m_colours, m_options.forPrint, out); }

    void message(const Message &m)
    {
        QByteArray &out = *m_body;
        const char *role = m.role == Role::User ? "user"
            : m.role == Role::Assistant         ? "assistant"
            : m.role == Role::Tool              ? "tool"
                                                : "system";
        out += QByteArray("<article class=\"") + role + "\" id=\"m-" + escaped(m.id) + "\">\n<p class=\"who\"><strong>"
            + escaped(speakerName(m)) + "</strong>";
        if (!m.model.isEmpty() && m.role == Role::Assistant)
            out += " \xC2\xB7 " + escaped(m.model);
        if (m.createdAt > 0)
            out += " \xC2\xB7 <time datetime=\"" + isoTime(m.createdAt) + "\">" + escaped(timeText(m.createdAt))
                + "</time>";
        out += "</p>\n";
        if (!m.reasoning.isEmpty()) {
            QByteArray inner;
            markdown(m.reasoning.trimmed(), inner);
            folded("reasoning", Text::tr("Reasoning"), inner);
        }
        out += "<div class=\"body\">\n";
        if (m.role == Role::Tool || m.role == Role::System)
            out += "<pre class=\"plain\">" + escaped(m.content) + "</pre>\n";
        else if (!m.content.isEmpty())
            markdown(m.content, out);
        for (const Attachment &a : m.attachments) {
            const QString file = m_options.attachmentFiles.value(a.id);
            out += "<p class=\"note\">\xF0\x9F\x93\x8E ";
            if (file.isEmpty())
                out += escaped(attachmentSummary(a));
            else
                out += "<a href=\"" + QUrl::toPercentEncoding(file, "/-._~") + "\">" + escaped(a.name)
                    + "</a> \xC2\xB7 " + escaped(QLocale().formattedDataSize(a.size));
            out += "</p>\n";
        }
        out += "</div>\n";
        for (const auto &call : m.toolCalls) {
            const QJsonObject c = call.toObject();
            const QString text = toolCallArguments(c).trimmed();
            folded("call", Text::tr("Tool call: %1").arg(c.value(QStringLiteral("name")).toString()),
                   "<div class=\"code\"><pre><code>" + highlighted(m_colours, text, QStringLiteral("json"))
                       + "</code></pre></div>\n");
        }
        if (const QString note = statusText(m); !note.isEmpty())
            out += "<p class=\"note\">(" + escaped(note) + ")</p>\n";
        out += "</article>\n";
    }

    // Every branch: a linear run is written as it is; at a fork each child's subtree is a
    // <details> — the one on the active branch open. An explicit stack: forks may nest deeply.
    void tree()
    {
        QHash<QString, QList<const Message *>> children;
        QSet<QString> ids;
        for (const Message &m : m_readable.messages)
            ids.insert(m.id);
        for (const Message &m : m_readable.messages)
            children[ids.contains(m.parentId) ? m.parentId : QString()].append(&m);
        for (auto &list : children)
            std::stable_sort(list.begin(), list.end(),
                             [](const Message *a, const Message *b) { return a->createdAt < b->createdAt; });
        QSet<QString> active;
        {
            QHash<QString, const Message *> byId;
            for (const Message &m : m_readable.messages)
                byId.insert(m.id, &m);
            for (const Message *m = byId.value(m_readable.session.activeLeafId); m && !active.contains(m->id);
                 m = byId.value(m->parentId))
                active.insert(m->id);
        }
        struct Step
        {
            const Message *message = nullptr; // a subtree to write
            QByteArray text; // or markup
        };
        QList<Step> stack;
        const auto pushFork = [&](const QList<const Message *> &kids) {
            if (kids.isEmpty())
                return;
            if (kids.size() == 1) {
                stack.append(Step {kids.first(), {}});
                return;
            }
            qsizetype open = 0;
            for (qsizetype i = 0; i < kids.size(); ++i)
                if (active.contains(kids.at(i)->id))
                    open = i;
            stack.append(Step {nullptr, "</div>\n"});
            for (qsizetype i = kids.size() - 1; i >= 0; --i) {
                const Message *kid = kids.at(i);
                QString label = Text::tr("Branch %1 of %2").arg(i + 1).arg(kids.size());
                if (!kid->model.isEmpty())
                    label += QStringLiteral(" · ") + kid->model;
                if (const QString first = firstLine(*kid); !first.isEmpty())
                    label += QStringLiteral(" — ") + first;
                stack.append(Step {nullptr, "</details>\n"});
                stack.append(Step {kid, {}});
                stack.append(Step {nullptr,
                                   QByteArray("<details class=\"branch\"") + (i == open ? " open" : "") + "><summary>"
                                       + escaped(label) + "</summary>\n"});
            }
            stack.append(Step {nullptr, "<div class=\"fork\">\n"});
        };
        pushFork(children.value(QString()));
        while (!stack.isEmpty()) {
            Step step = stack.takeLast();
            if (!step.message) {
                *m_body += step.text;
                continue;
            }
            message(*step.message);
            if (const auto kids = children.value(step.message->id); !kids.isEmpty())
                pushFork(kids);
        }
    }

    const ReadableSession &m_readable;
    HtmlOptions m_options;
    CodeColours m_colours;
    QByteArray *m_body = nullptr;
};

} // namespace

Result<ReadableSession> readableSession(Store &store, const QString &sessionId, bool allBranches)
{
    Result<Session> session = store.sessions().get(sessionId);
    if (!session)
        return session.error();
    ReadableSession readable;
    readable.session = session.value();
    readable.allBranches = allBranches;
    Result<QList<Message>> messages = allBranches ? store.messages().bySession(sessionId)
        : readable.session.activeLeafId.isEmpty() ? Result<QList<Message>>(QList<Message> {})
                                                  : store.messages().path(readable.session.activeLeafId);
    if (!messages)
        return messages.error();
    readable.messages = messages.value();
    return readable;
}

QByteArray toHtml(const ReadableSession &readable, const HtmlOptions &options)
{
    return Page(readable, options).build();
}

} // namespace Skein::Exchange
