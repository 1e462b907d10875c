// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli commands on sessions and messages.
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/ids.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "storage/database.h"
#include "storage/exchange/jsoncodec.h"
#include "storage/exchange/markdownexport.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

namespace {

QString when(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QByteArray compact(const QJsonValue &value)
{
    return value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                           : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
}

QString oneLine(QString text, qsizetype max = 100)
{
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.size() > max ? text.left(max - 1) + QChar(0x2026) : text;
}

// Depth of each message in the tree, for the --all-branches outline.
QHash<QString, int> depths(const QList<Message> &messages)
{
    QHash<QString, int> depth;
    for (const Message &m : messages)
        depth.insert(m.id, m.parentId.isEmpty() || !depth.contains(m.parentId) ? 0 : depth.value(m.parentId) + 1);
    return depth;
}

} // namespace

int Cli::cmdInfo(QCommandLineParser &)
{
    m_out << tr("Data directory: %1").arg(m_context->dataDir()) << Qt::endl;
    const QList<ComponentVersion> components = m_context->componentVersions();
    for (const ComponentVersion &c : components)
        m_out << c.name << ' ' << c.version << Qt::endl;
    return 0;
}

int Cli::cmdList(QCommandLineParser &parser)
{
    SessionRepository::ListOptions options;
    options.archived = SessionRepository::ListOptions::Archived::Include;
    options.tag = parser.value(QStringLiteral("tag"));
    if (parser.isSet(QStringLiteral("tag")) && Session::cleanTags({options.tag}).isEmpty())
        return usage(tr("--tag needs a tag"));
    Result<QList<Session>> sessions = m_store->sessions().list(options);
    if (!sessions)
        return fail(sessions.error());
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const Session &s : sessions.value()) {
            QJsonObject o = Exchange::toJson(s);
            o.insert(QStringLiteral("message_count"), m_store->messages().countBySession(s.id).value());
            array.append(o);
        }
        m_out << compact(array) << Qt::endl;
        return 0;
    }
    for (const Session &s : sessions.value()) {
        const QString flags = QString(s.pinned ? QLatin1Char('*') : QLatin1Char(' '))
            + QString(s.archived ? QLatin1Char('a') : QLatin1Char(' '))
            + QString(s.isIncognito() ? QLatin1Char('i') : QLatin1Char(' '));
        m_out << s.id << "  " << when(s.updatedAt) << ' ' << flags << ' '
              << (s.title.isEmpty() ? tr("(untitled)") : s.title);
        if (!s.tags.isEmpty())
            m_out << "  [" << s.tags.join(QStringLiteral(", ")) << ']';
        m_out << Qt::endl;
    }
    return 0;
}

int Cli::cmdNew(QCommandLineParser &parser)
{
    Session session = Session::create(parser.value(QStringLiteral("title")));
    session.titleIsUserSet = parser.isSet(QStringLiteral("title"));
    session.systemPrompt = parser.value(QStringLiteral("system"));
    if (Status s = m_store->database().setSynchronous(Database::Synchronous::Full); !s)
        return fail(s.error());
    if (Status s = m_store->sessions().create(session); !s)
        return fail(s.error());
    m_out << session.id << Qt::endl;
    return 0;
}

int Cli::cmdShow(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: show ID [--json] [--all-branches]"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    const bool all = parser.isSet(QStringLiteral("all-branches"));
    Result<QList<Message>> messages = all || session.activeLeafId.isEmpty()
        ? (all ? m_store->messages().bySession(session.id) : Result<QList<Message>>(QList<Message> {}))
        : m_store->messages().path(session.activeLeafId);
    if (!messages)
        return fail(messages.error());
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const Message &m : messages.value()) {
            QJsonObject o = Exchange::toJson(m);
            o.insert(QStringLiteral("session_id"), m.sessionId);
            array.append(o);
        }
        QJsonObject o;
        o.insert(QStringLiteral("session"), Exchange::toJson(session));
        o.insert(QStringLiteral("messages"), array);
        m_out << compact(o) << Qt::endl;
        return 0;
    }
    m_out << "# " << (session.title.isEmpty() ? tr("(untitled)") : session.title) << "  (" << session.id << ')'
          << Qt::endl;
    const QHash<QString, int> depth = all ? depths(messages.value()) : QHash<QString, int> {};
    for (const Message &m : messages.value()) {
        const QString indent(qsizetype(2) * depth.value(m.id), QLatin1Char(' '));
        const QString status
            = m.status == MessageStatus::Complete ? QString() : QStringLiteral(" [%1]").arg(toString(m.status));
        const QString active = all && m.id == session.activeLeafId ? QStringLiteral(" <- active") : QString();
        if (all) {
            m_out << indent << m.id.left(8) << ' ' << toString(m.role) << status << active << ": " << oneLine(m.content)
                  << Qt::endl;
            continue;
        }
        m_out << Qt::endl << "## " << toString(m.role) << status << Qt::endl << m.content << Qt::endl;
        for (const Attachment &a : m.attachments)
            m_out << QStringLiteral("📎 ") << Exchange::attachmentSummary(a) << Qt::endl;
    }
    return 0;
}

int Cli::cmdAppend(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() < 2)
        return usage(tr("usage: append ID --role ROLE [--parent MSG] [--tool-call-id X] TEXT|-"));
    const std::optional<Role> role = roleFromString(parser.value(QStringLiteral("role")));
    if (!role)
        return usage(tr("--role must be user, assistant, system or tool"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    const QString parent
        = parser.isSet(QStringLiteral("parent")) ? parser.value(QStringLiteral("parent")) : session.activeLeafId;
    if (!parent.isEmpty()) {
        Result<Message> p = m_store->messages().get(parent);
        if (!p)
            return fail(tr("no message %1").arg(parent));
        if (p.value().sessionId != session.id && session.parentSessionId.isEmpty())
            return fail(tr("message %1 belongs to another session").arg(parent));
    }
    Message message = Message::create(session.id, parent, *role, readText(args, 1));
    if (*role == Role::Tool) {
        message.toolCallId = parser.value(QStringLiteral("tool-call-id"));
        message.toolName = parser.value(QStringLiteral("tool-name"));
        if (message.toolCallId.isEmpty())
            return usage(tr("a tool message needs --tool-call-id"));
    }
    // A user message is durable before anything else happens (SPEC §5.2).
    if (Status s = m_store->database().setSynchronous(*role == Role::User ? Database::Synchronous::Full
                                                                          : Database::Synchronous::Normal);
        !s)
        return fail(s.error());
    const Status written = m_store->transaction([&]() -> Status {
        if (Status s = m_store->messages().insert(message); !s)
            return s;
        return m_store->sessions().setActiveLeaf(session.id, message.id);
    });
    if (!written)
        return fail(written.error());
    m_out << message.id << Qt::endl;
    return 0;
}

int Cli::cmdRename(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() < 2)
        return usage(tr("usage: rename ID TITLE"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    if (Status s = m_store->sessions().rename(session.id, args.mid(1).join(QLatin1Char(' '))); !s)
        return fail(s.error());
    return 0;
}

int Cli::cmdDelete(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: delete ID"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    if (Status s = m_store->sessions().remove(session.id); !s)
        return fail(s.error());
    return 0;
}

int Cli::cmdTag(QCommandLineParser &parser)
{
    return changeTags(parser, true);
}

int Cli::cmdUntag(QCommandLineParser &parser)
{
    return changeTags(parser, false);
}

int Cli::changeTags(QCommandLineParser &parser, bool add)
{
    const QStringList args = parser.positionalArguments();
    // "work, rust" is two tags, as it is where the app asks for them.
    QStringList given;
    for (const QString &arg : args.mid(1))
        given << arg.split(QLatin1Char(','));
    given = Session::cleanTags(given);
    if (args.size() < 2 || given.isEmpty())
        return usage(add ? tr("usage: tag ID TAG...") : tr("usage: untag ID TAG..."));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    QStringList tags = session.tags;
    for (const QString &tag : std::as_const(given)) {
        const bool has = tags.contains(tag, Qt::CaseInsensitive);
        if (add && !has)
            tags.append(tag);
        else if (!add && has)
            tags.removeIf([&](const QString &t) { return t.compare(tag, Qt::CaseInsensitive) == 0; });
        else if (!add)
            m_err << tr("\"%1\" has no tag \"%2\".").arg(session.title, tag) << Qt::endl;
    }
    if (add && Session::cleanTags(tags).size() < tags.size())
        return fail(tr("a session has at most %1 tags").arg(Session::kMaxTags));
    if (Status s = m_store->sessions().setTags(session.id, tags); !s)
        return fail(s.error());
    m_out << Session::cleanTags(tags).join(QStringLiteral(", ")) << Qt::endl;
    return 0;
}

int Cli::cmdTags(QCommandLineParser &parser)
{
    const Result<QList<SessionRepository::TagUse>> tags = m_store->sessions().tags();
    if (!tags)
        return fail(tags.error());
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const SessionRepository::TagUse &t : tags.value())
            array.append(QJsonObject {{QStringLiteral("tag"), t.tag}, {QStringLiteral("sessions"), t.sessions}});
        m_out << compact(array) << Qt::endl;
        return 0;
    }
    for (const SessionRepository::TagUse &t : tags.value())
        m_out << t.tag << "  " << tr("%n session(s)", nullptr, int(t.sessions)) << Qt::endl;
    return 0;
}

int Cli::cmdSearch(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usage(tr("usage: search QUERY [--json]"));
    SearchQuery query;
    query.text = args.join(QLatin1Char(' '));
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!json) {
        query.highlightOpen = QStringLiteral("[");
        query.highlightClose = QStringLiteral("]");
    } else {
        query.highlightOpen = QStringLiteral("<mark>");
        query.highlightClose = QStringLiteral("</mark>");
    }
    // What cannot be indexed now (a read-only database) is said, and the rest is searched.
    (void)indexSearchBacklog(json);
    Result<QList<SearchHit>> hits = m_store->search().search(query);
    if (!hits)
        return fail(hits.error());
    if (json) {
        QJsonArray array;
        for (const SearchHit &h : hits.value()) {
            QJsonObject o;
            o.insert(QStringLiteral("message_id"), h.messageId);
            o.insert(QStringLiteral("session_id"), h.sessionId);
            o.insert(QStringLiteral("session_title"), h.sessionTitle);
            o.insert(QStringLiteral("role"), toString(h.role));
            o.insert(QStringLiteral("created_at"), h.createdAt);
            o.insert(QStringLiteral("snippet"), h.snippet);
            array.append(o);
        }
        m_out << compact(array) << Qt::endl;
        return 0;
    }
    for (const SearchHit &h : hits.value())
        m_out << h.sessionId.left(8) << ' ' << when(h.createdAt) << ' ' << toString(h.role) << ": "
              << oneLine(h.snippet, 160) << "  (" << (h.sessionTitle.isEmpty() ? tr("(untitled)") : h.sessionTitle)
              << ')' << Qt::endl;
    return 0;
}

} // namespace Skein
