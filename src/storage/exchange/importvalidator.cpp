// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "importvalidator.h"

#include "attachmentcodec.h"
#include "exporter.h"
#include "jsoncodec.h"
#include "jsonreader.h"

#include "core/stream/utf8text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <ranges>

namespace Skein::Exchange {

namespace {

enum IdKind { Sessions, Summaries, Memories, ToolCalls, Snapshots, Providers, Attachments };

QString item(const QString &path, const QString &key, qsizetype index)
{
    return path + QLatin1Char('.') + key + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

// The value with every string and key as the database will hold it (lone surrogates replaced), so
// what is validated, compared and written is what reads back.
QJsonValue storable(const QJsonValue &value)
{
    if (value.isString())
        return withoutLoneSurrogates(value.toString());
    if (value.isArray()) {
        QJsonArray out;
        const QJsonArray in = value.toArray();
        for (const auto &v : in)
            out.append(storable(v));
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            out.insert(withoutLoneSurrogates(it.key()), storable(it.value()));
        return out;
    }
    return value;
}

// Whether the file spells a UTF-16 surrogate as an escape (backslash, u, D8 to DF), the only way JSON
// can carry a lone one.
bool mayHoldSurrogates(const QByteArray &bytes)
{
    for (qsizetype i = bytes.indexOf("\\u"); i >= 0 && i + 3 < bytes.size(); i = bytes.indexOf("\\u", i + 2)) {
        const char a = bytes.at(i + 2), b = bytes.at(i + 3);
        if ((a == 'd' || a == 'D') && ((b >= '8' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')))
            return true;
    }
    return false;
}

} // namespace

ImportValidator::ImportValidator(Lookup messageSession, Lookup sessionParent)
    : m_messageSession(std::move(messageSession))
    , m_sessionParent(std::move(sessionParent))
{ }

QSet<QString> ImportValidator::forkAncestors(const Session &session) const
{
    QSet<QString> out;
    QString next = session.parentSessionId;
    while (!next.isEmpty() && !out.contains(next)) {
        out.insert(next);
        if (auto it = m_fileParents.constFind(next); it != m_fileParents.constEnd())
            next = it.value();
        else
            next = m_sessionParent(next).value_or(QString());
    }
    return out;
}

bool ImportValidator::parse(const QByteArray &bytes, ParsedImport *out)
{
    if (bytes.size() > kMaxFileBytes) {
        m_error = Text::tr("$: the file is larger than %1 MB").arg(kMaxFileBytes >> 20);
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        m_error = Text::tr("$: not valid JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset);
        return false;
    }
    if (!doc.isObject()) {
        m_error = Text::tr("$: expected a JSON object");
        return false;
    }
    const QJsonObject root = mayHoldSurrogates(bytes) ? storable(doc.object()).toObject() : doc.object();
    const JsonReader r(QStringLiteral("$"), &m_error);
    out->format = r.string(root, QStringLiteral("format"), 64);
    if (r.failed())
        return false;
    if (out->format == kSessionFormat) {
        ParsedSession session;
        if (!parseSession(root, QStringLiteral("$"), &session))
            return false;
        out->sessions.append(session);
    } else if (out->format == kArchiveFormat) {
        const QJsonArray sessions = r.array(root, QStringLiteral("sessions"));
        if (r.failed())
            return false;
        for (qsizetype i = 0; i < sessions.size(); ++i) {
            const QString path = item(QStringLiteral("$"), QStringLiteral("sessions"), i);
            if (!sessions.at(i).isObject()) {
                m_error = path + Text::tr(": expected an object");
                return false;
            }
            ParsedSession session;
            if (!parseSession(sessions.at(i).toObject(), path, &session))
                return false;
            out->sessions.append(session);
        }
        if (!parseMemories(r.optionalArray(root, QStringLiteral("memories")), QStringLiteral("$.memories"), {},
                           &out->looseMemories))
            return false;
        const QJsonArray providers = r.optionalArray(root, QStringLiteral("providers"));
        for (qsizetype i = 0; i < providers.size() && !r.failed(); ++i) {
            const JsonReader pr(item(QStringLiteral("$"), QStringLiteral("providers"), i), &m_error);
            const ProviderConfig p = providerFromJson(providers.at(i).toObject(), pr);
            if (!pr.failed() && !m_ids[Providers].contains(p.id))
                out->providers.append(p);
            m_ids[Providers].insert(p.id);
            if (pr.failed())
                return false;
        }
    } else {
        m_error = Text::tr("$.format: unsupported format \"%1\" (this version reads %2 and %3)")
                      .arg(out->format, kSessionFormat, kArchiveFormat);
        return false;
    }
    if (r.failed())
        return false;
    for (qsizetype i = 0; i < out->looseMemories.size(); ++i) {
        const QString sessionId = out->looseMemories.at(i).memory.sessionId;
        if (!sessionId.isEmpty() && !m_ids[Sessions].contains(sessionId) && !m_sessionParent(sessionId)) {
            m_error = QStringLiteral("$.memories[%1].session_id").arg(i)
                + Text::tr(": refers to session \"%1\", which is neither in this file nor in the database")
                      .arg(sessionId);
            return false;
        }
    }
    for (qsizetype i = 0; i < out->sessions.size(); ++i) {
        const QString path = out->format == kSessionFormat ? QStringLiteral("$")
                                                           : item(QStringLiteral("$"), QStringLiteral("sessions"), i);
        if (!checkReferences(out->sessions.at(i), path))
            return false;
    }
    return orderSessions(out->sessions);
}

bool ImportValidator::parseSession(const QJsonObject &o, const QString &path, ParsedSession *out)
{
    const JsonReader r(path, &m_error);
    const JsonReader sr(path + QStringLiteral(".session"), &m_error);
    out->session = sessionFromJson(r.object(o, QStringLiteral("session")), sr);
    if (r.failed())
        return false;
    const QString sessionId = out->session.id;
    if (m_ids[Sessions].contains(sessionId)) {
        sr.fail(QStringLiteral("id"), Text::tr("session \"%1\" appears twice").arg(sessionId));
        return false;
    }
    m_ids[Sessions].insert(sessionId);
    m_fileParents.insert(sessionId, out->session.parentSessionId);

    const QJsonArray messages = r.array(o, QStringLiteral("messages"));
    if (r.failed())
        return false;
    if (qsizetype(m_messageInFile.size()) + messages.size() > kMaxMessages) {
        r.fail(QStringLiteral("messages"), Text::tr("more than %1 messages").arg(kMaxMessages));
        return false;
    }
    out->messages.reserve(messages.size());
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const JsonReader mr(item(path, QStringLiteral("messages"), i), &m_error);
        if (!messages.at(i).isObject()) {
            mr.fail({}, Text::tr("expected an object"));
            return false;
        }
        Message m = messageFromJson(messages.at(i).toObject(), sessionId, mr);
        if (mr.failed())
            return false;
        if (m_messageInFile.contains(m.id)) {
            mr.fail(QStringLiteral("id"), Text::tr("message id \"%1\" appears twice").arg(m.id));
            return false;
        }
        m_messageInFile.insert(m.id, sessionId);
        for (qsizetype k = 0; k < m.attachments.size(); ++k) {
            if (m_ids[Attachments].contains(m.attachments.at(k).id)) {
                mr.fail(QStringLiteral("attachments[%1].id").arg(k),
                        Text::tr("attachment id \"%1\" appears twice").arg(m.attachments.at(k).id));
                return false;
            }
            m_ids[Attachments].insert(m.attachments.at(k).id);
        }
        for (const auto &call : std::as_const(m.toolCalls)) {
            const QString callId = call.toObject().value(QStringLiteral("id")).toString();
            if (m_ids[ToolCalls].contains(callId)) {
                mr.fail(QStringLiteral("tool_calls"), Text::tr("tool call id \"%1\" appears twice").arg(callId));
                return false;
            }
            m_ids[ToolCalls].insert(callId);
        }
        out->messages.append(std::move(m));
    }

    out->contents = contentsFromJson(o, r);
    if (r.failed() || !checkContents(*out, path))
        return false;

    const QJsonArray summaries = r.optionalArray(o, QStringLiteral("summaries"));
    for (qsizetype i = 0; i < summaries.size() && !r.failed(); ++i) {
        const JsonReader xr(item(path, QStringLiteral("summaries"), i), &m_error);
        const Summary s = summaryFromJson(summaries.at(i).toObject(), sessionId, xr);
        if (!xr.failed() && m_ids[Summaries].contains(s.id))
            xr.fail(QStringLiteral("id"), Text::tr("summary id \"%1\" appears twice").arg(s.id));
        if (xr.failed())
            return false;
        m_ids[Summaries].insert(s.id);
        out->summaries.append(s);
    }
    if (!parseMemories(r.optionalArray(o, QStringLiteral("memories")), path + QStringLiteral(".memories"), sessionId,
                       &out->memories))
        return false;
    const QJsonArray toolLog = r.optionalArray(o, QStringLiteral("tool_log"));
    QSet<QString> logIds;
    for (qsizetype i = 0; i < toolLog.size() && !r.failed(); ++i) {
        const JsonReader xr(item(path, QStringLiteral("tool_log"), i), &m_error);
        const ToolLogEntry e = toolLogFromJson(toolLog.at(i).toObject(), sessionId, xr);
        if (!xr.failed() && logIds.contains(e.requestId))
            xr.fail(QStringLiteral("request_id"), Text::tr("tool call \"%1\" is logged twice").arg(e.requestId));
        if (xr.failed())
            return false;
        logIds.insert(e.requestId);
        out->toolLog.append(e);
    }
    const QJsonArray snapshots = r.optionalArray(o, QStringLiteral("context_snapshots"));
    for (qsizetype i = 0; i < snapshots.size() && !r.failed(); ++i) {
        const JsonReader xr(item(path, QStringLiteral("context_snapshots"), i), &m_error);
        const ContextSnapshot c = snapshotFromJson(snapshots.at(i).toObject(), sessionId, xr);
        if (!xr.failed() && m_ids[Snapshots].contains(c.id))
            xr.fail(QStringLiteral("id"), Text::tr("snapshot id \"%1\" appears twice").arg(c.id));
        if (xr.failed())
            return false;
        m_ids[Snapshots].insert(c.id);
        out->snapshots.append(c);
    }
    if (r.failed())
        return false;
    return checkTree(*out, path);
}

bool ImportValidator::parseMemories(const QJsonArray &a, const QString &path, const QString &sessionId,
                                    QList<ParsedMemory> *out)
{
    for (qsizetype i = 0; i < a.size(); ++i) {
        const JsonReader r(path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']'), &m_error);
        if (!a.at(i).isObject()) {
            r.fail({}, Text::tr("expected an object"));
            return false;
        }
        ParsedMemory pm;
        pm.memory = memoryFromJson(a.at(i).toObject(), r, &pm.versions);
        if (!r.failed() && m_ids[Memories].contains(pm.memory.id))
            r.fail(QStringLiteral("id"), Text::tr("memory id \"%1\" appears twice").arg(pm.memory.id));
        if (!r.failed() && !sessionId.isEmpty() && pm.memory.sourceSessionId != sessionId)
            r.fail(QStringLiteral("source_session_id"), Text::tr("a memory inside a session must come from it"));
        if (r.failed())
            return false;
        m_ids[Memories].insert(pm.memory.id);
        out->append(pm);
    }
    return true;
}

// Parents exist, no cycles, and messages come out parents-first.
bool ImportValidator::checkTree(ParsedSession &session, const QString &path)
{
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < session.messages.size(); ++i)
        index.insert(session.messages.at(i).id, i);
    const bool forked = !session.session.parentSessionId.isEmpty();
    for (qsizetype i = 0; i < session.messages.size(); ++i) {
        const Message &m = session.messages.at(i);
        if (m.parentId.isEmpty() || index.contains(m.parentId))
            continue;
        const QString where = item(path, QStringLiteral("messages"), i) + QStringLiteral(".parent_id");
        if (!forked) {
            m_error = where + Text::tr(": refers to message \"%1\", which is not in this session").arg(m.parentId);
            return false;
        }
        if (!m_messageInFile.contains(m.parentId) && !m_messageSession(m.parentId)) {
            m_error = where
                + Text::tr(": refers to message \"%1\" of the session this one was forked from, which is "
                           "neither in this file nor in the database; export that session too")
                      .arg(m.parentId);
            return false;
        }
    }
    // Cycle check and topological order in one pass: 0 = new, 1 = on the current chain, 2 = placed.
    QList<char> state(session.messages.size(), 0);
    QList<Message> ordered;
    ordered.reserve(session.messages.size());
    for (qsizetype start = 0; start < session.messages.size(); ++start) {
        QList<qsizetype> chain;
        qsizetype i = start;
        while (i >= 0 && state.at(i) == 0) {
            state[i] = 1;
            chain.append(i);
            i = index.value(session.messages.at(i).parentId, -1);
        }
        if (i >= 0 && state.at(i) == 1) {
            m_error = item(path, QStringLiteral("messages"), i)
                + Text::tr(": message \"%1\" is its own ancestor (the parent links form a cycle)")
                      .arg(session.messages.at(i).id);
            return false;
        }
        for (const qsizetype c : std::views::reverse(chain)) {
            state[c] = 2;
            ordered.append(session.messages.at(c));
        }
    }
    session.messages = ordered;
    return true;
}

bool ImportValidator::checkReferences(const ParsedSession &s, const QString &path)
{
    QSet<QString> own;
    for (const Message &m : s.messages)
        own.insert(m.id);
    const auto fail = [&](const QString &where, const QString &id) {
        m_error = path + where + Text::tr(": refers to message \"%1\", which is not in this session").arg(id);
        return false;
    };
    const Session &session = s.session;
    if (!session.activeLeafId.isEmpty() && !own.contains(session.activeLeafId))
        return fail(QStringLiteral(".session.active_leaf_id"), session.activeLeafId);
    if (!session.parentSessionId.isEmpty() && !m_ids[Sessions].contains(session.parentSessionId)
        && !m_sessionParent(session.parentSessionId)) {
        m_error = path
            + Text::tr(".session.parent_session_id: forked from session \"%1\", which is neither in this file "
                       "nor in the database")
                  .arg(session.parentSessionId);
        return false;
    }
    // A message outside the session may only be one of the sessions it was forked from: a fork
    // never hangs its messages (or a snapshot) under another conversation.
    const QSet<QString> ancestors = forkAncestors(session);
    const auto outsideOk = [&](const QString &id) {
        const auto inFile = m_messageInFile.constFind(id);
        const std::optional<QString> owner
            = inFile != m_messageInFile.constEnd() ? std::optional<QString>(inFile.value()) : m_messageSession(id);
        return owner && ancestors.contains(*owner);
    };
    for (qsizetype i = 0; i < s.messages.size(); ++i) {
        const Message &m = s.messages.at(i);
        if (m.parentId.isEmpty() || own.contains(m.parentId) || outsideOk(m.parentId))
            continue;
        m_error = path + QStringLiteral(".messages[%1].parent_id").arg(i)
            + Text::tr(": refers to message \"%1\" of another conversation, not of the session this one was forked "
                       "from")
                  .arg(m.parentId);
        return false;
    }
    QSet<QString> summaryIds;
    for (const Summary &x : s.summaries)
        summaryIds.insert(x.id);
    for (qsizetype i = 0; i < s.summaries.size(); ++i) {
        const Summary &x = s.summaries.at(i);
        const QString where = QStringLiteral(".summaries[%1]").arg(i);
        if (!own.contains(x.firstMessageId))
            return fail(where + QStringLiteral(".first_message_id"), x.firstMessageId);
        if (!own.contains(x.lastMessageId))
            return fail(where + QStringLiteral(".last_message_id"), x.lastMessageId);
        if (!x.supersededBy.isEmpty() && !summaryIds.contains(x.supersededBy)) {
            m_error = path + where + Text::tr(".superseded_by: unknown summary \"%1\"").arg(x.supersededBy);
            return false;
        }
    }
    for (qsizetype i = 0; i < s.toolLog.size(); ++i) {
        const ToolLogEntry &e = s.toolLog.at(i);
        if (!e.messageId.isEmpty() && !own.contains(e.messageId))
            return fail(QStringLiteral(".tool_log[%1].message_id").arg(i), e.messageId);
    }
    for (qsizetype i = 0; i < s.memories.size(); ++i) {
        const Memory &m = s.memories.at(i).memory;
        const QString where = QStringLiteral(".memories[%1]").arg(i);
        if (!m.sourceMessageId.isEmpty() && !own.contains(m.sourceMessageId))
            return fail(where + QStringLiteral(".source_message_id"), m.sourceMessageId);
        if (!m.anchorMessageId.isEmpty() && !own.contains(m.anchorMessageId))
            return fail(where + QStringLiteral(".anchor_message_id"), m.anchorMessageId);
        if (!m.sessionId.isEmpty() && m.sessionId != session.id) {
            m_error = path + where + Text::tr(".session_id: a memory inside a session can only be scoped to it");
            return false;
        }
    }
    for (qsizetype i = 0; i < s.snapshots.size(); ++i) {
        const ContextSnapshot &c = s.snapshots.at(i);
        if (!c.leafMessageId.isEmpty() && !own.contains(c.leafMessageId) && !outsideOk(c.leafMessageId))
            return fail(QStringLiteral(".context_snapshots[%1].leaf_message_id").arg(i), c.leafMessageId);
    }
    return true;
}

// Every attachment with content finds it in the file, as large as the attachment says.
bool ImportValidator::checkContents(const ParsedSession &s, const QString &path)
{
    for (qsizetype i = 0; i < s.messages.size(); ++i) {
        const QList<Attachment> &attachments = s.messages.at(i).attachments;
        for (qsizetype k = 0; k < attachments.size(); ++k) {
            const Attachment &a = attachments.at(k);
            if (!a.hasContent())
                continue;
            const QString where = path + QStringLiteral(".messages[%1].attachments[%2]").arg(i).arg(k);
            const auto content = s.contents.constFind(a.sha256);
            if (content == s.contents.cend()) {
                m_error = where + Text::tr(".sha256: no content %1 in attachment_contents").arg(a.sha256);
                return false;
            }
            if (content->size() != a.size) {
                m_error = where + Text::tr(".size: %1 bytes, but its content has %2").arg(a.size).arg(content->size());
                return false;
            }
        }
    }
    return true;
}

// A fork must be written after the session it forks from.
bool ImportValidator::orderSessions(QList<ParsedSession> &sessions)
{
    QList<ParsedSession> ordered;
    QSet<QString> placed;
    while (!sessions.isEmpty()) {
        bool progress = false;
        for (qsizetype i = 0; i < sessions.size();) {
            const QString parent = sessions.at(i).session.parentSessionId;
            const bool inFile = !parent.isEmpty() && m_ids[Sessions].contains(parent);
            if (!inFile || placed.contains(parent)) {
                placed.insert(sessions.at(i).session.id);
                ordered.append(sessions.takeAt(i));
                progress = true;
            } else {
                ++i;
            }
        }
        if (!progress) {
            m_error = Text::tr("$.sessions: sessions are forked from each other in a cycle");
            return false;
        }
    }
    sessions = ordered;
    return true;
}

} // namespace Skein::Exchange
