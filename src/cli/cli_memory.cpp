// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli memories, summaries and compact: the memory inspector and consolidation, headless.
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/ids.h"
#include "core/domain/memory.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "core/domain/summary.h"
#include "engine/memory/consolidator.h"
#include "engine/memory/memoryops.h"
#include "engine/providers/providerkinds.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>
#include <QUrl>

namespace Skein {

namespace {

using namespace Qt::StringLiterals;

QString time(qint64 ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::UTC).toString(Qt::ISODate) : QString();
}

QJsonObject memoryJson(const Memory &m)
{
    QJsonObject o {{u"id"_s, m.id},
                   {u"scope"_s, toString(m.scope)},
                   {u"type"_s, toString(m.type)},
                   {u"status"_s, toString(m.status)},
                   {u"content"_s, m.content},
                   {u"confidence"_s, m.confidence},
                   {u"created_at"_s, time(m.createdAt)},
                   {u"updated_at"_s, time(m.updatedAt)},
                   {u"use_count"_s, m.useCount}};
    auto put = [&o](const QString &key, const QString &value) {
        if (!value.isEmpty())
            o.insert(key, value);
    };
    put(u"session_id"_s, m.sessionId);
    put(u"anchor_message_id"_s, m.anchorMessageId);
    put(u"source_session_id"_s, m.sourceSessionId);
    put(u"source_message_id"_s, m.sourceMessageId);
    put(u"last_used_at"_s, time(m.lastUsedAt));
    put(u"valid_from"_s, time(m.validFrom));
    put(u"valid_to"_s, time(m.validTo));
    put(u"supersedes"_s, m.supersedes);
    put(u"superseded_by"_s, m.supersededBy);
    put(u"reason"_s, m.reason);
    put(u"confirmed_at"_s, time(m.confirmedAt));
    put(u"archive_proposed_at"_s, time(m.archiveProposedAt));
    o.insert(u"confirm_count"_s, m.confirmCount);
    o.insert(u"current"_s, m.isCurrent(Ids::nowMs()));
    return o;
}

QJsonObject summaryJson(const Summary &s)
{
    QJsonObject o {{u"id"_s, s.id},
                   {u"level"_s, toString(s.level)},
                   {u"first_message_id"_s, s.firstMessageId},
                   {u"last_message_id"_s, s.lastMessageId},
                   {u"content"_s, s.content},
                   {u"token_count"_s, s.tokenCount},
                   {u"created_at"_s, time(s.createdAt)}};
    if (!s.model.isEmpty())
        o.insert(u"model"_s, s.model);
    if (!s.supersededBy.isEmpty())
        o.insert(u"superseded_by"_s, s.supersededBy);
    return o;
}

QString oneLine(QString text, qsizetype max = 100)
{
    text.replace(u'\n', u' ');
    return text.size() > max ? text.left(max - 1) + u'…' : text;
}

} // namespace

void Cli::defineMemories(QCommandLineParser &p)
{
    p.addOption({u"json"_s, tr("Print JSON.")});
    p.addOption({u"status"_s, tr("list: only pending, active, disabled or rejected memories."), tr("status")});
    p.addOption(
        {u"scope"_s, tr("list: only global, session or branch memories; add, promote: the scope."), tr("scope")});
    p.addOption({u"type"_s, tr("preference, fact, profile, instruction, task or pinned."), tr("type")});
    p.addOption({u"session"_s,
                 tr("list: memories of this session (and global ones); add: the session of a session memory."),
                 tr("id")});
    p.addOption({u"current"_s, tr("list: only memories that still hold (not superseded or ended).")});
    p.addOption({u"superseded"_s, tr("list: only memories a later one superseded.")});
    p.addOption({u"proposed"_s, tr("list: only memories proposed for archiving (the cap on active memories).")});
    p.addOption({u"reason"_s, tr("supersede: why the fact changed."), tr("text")});
    p.addOption({u"message"_s, tr("pin: the message to pin (TEXT, if given, is the part of it to pin)."), tr("id")});
    p.addOption({u"global"_s, tr("pin: pin the note to every conversation.")});
}

void Cli::defineCompact(QCommandLineParser &p)
{
    p.addOption({u"json"_s, tr("Print JSON.")});
    p.addOption({u"provider"_s, tr("A configured provider (default: the session's)."), tr("name")});
    p.addOption({u"base-url"_s, tr("A provider's base URL, without a stored key."), tr("url")});
    p.addOption({u"kind"_s, tr("openai, anthropic or ollama."), tr("kind")});
    p.addOption({u"api-key-env"_s, tr("Use the API key in this environment variable for this run."), tr("variable")});
    p.addOption({u"model"_s, tr("The model that writes the summaries (default: the session's)."), tr("model")});
    p.addOption({u"history-tokens"_s,
                 tr("The history share of the budget in tokens (default: from the model's window)."), tr("tokens")});
    p.addOption({u"threshold"_s, tr("Summarise only when the 70% / 12-turn thresholds say so.")});
}

int Cli::cmdMemories(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0, u"list"_s);
    const bool json = parser.isSet(u"json"_s);
    auto needId = [&](int count, const QString &synopsis) -> std::optional<Memory> {
        if (args.size() < count) {
            usage(tr("usage: memories %1").arg(synopsis));
            return std::nullopt;
        }
        Result<Memory> m = MemoryOps::find(*m_store, args.at(1));
        if (!m) {
            fail(m.error());
            return std::nullopt;
        }
        return m.value();
    };
    auto done = [&](const Status &s, const Memory &m) {
        if (!s)
            return fail(s.error());
        Result<Memory> now = m_store->memories().get(m.id);
        if (json && now)
            m_out << QJsonDocument(memoryJson(now.value())).toJson(QJsonDocument::Compact) << Qt::endl;
        else if (now)
            m_out << now->id << "  " << toString(now->status) << "  " << oneLine(now->content) << Qt::endl;
        return 0;
    };

    if (action == "list"_L1) {
        MemoryRepository::Filter filter;
        if (parser.isSet(u"status"_s)) {
            filter.status = memoryStatusFromString(parser.value(u"status"_s));
            if (!filter.status)
                return usage(tr("--status takes pending, active, disabled or rejected"));
        }
        if (parser.isSet(u"scope"_s)) {
            filter.scope = memoryScopeFromString(parser.value(u"scope"_s));
            if (!filter.scope)
                return usage(tr("--scope takes global, session or branch"));
        }
        std::optional<MemoryType> type;
        if (parser.isSet(u"type"_s)) {
            type = memoryTypeFromString(parser.value(u"type"_s));
            if (!type)
                return usage(tr("--type takes preference, fact, profile, instruction, task or pinned"));
        }
        if (parser.isSet(u"session"_s)) {
            Session session;
            if (!resolveSession(parser.value(u"session"_s), &session))
                return 1;
            filter.sessionId = session.id;
        }
        if (parser.isSet(u"current"_s) && parser.isSet(u"superseded"_s))
            return usage(tr("--current and --superseded exclude each other"));
        filter.currentOnly = parser.isSet(u"current"_s);
        filter.currentAt = Ids::nowMs();
        Result<QList<Memory>> all = m_store->memories().list(filter);
        if (!all)
            return fail(all.error());
        QJsonArray array;
        for (const Memory &m : all.value()) {
            if ((type && m.type != *type) || (parser.isSet(u"superseded"_s) && m.supersededBy.isEmpty())
                || (parser.isSet(u"proposed"_s) && m.archiveProposedAt == 0))
                continue;
            if (json)
                array.append(memoryJson(m));
            else
                m_out << m.id.left(8) << "  " << qSetFieldWidth(8) << Qt::left << toString(m.status)
                      << qSetFieldWidth(0) << ' ' << qSetFieldWidth(7) << toString(m.scope) << qSetFieldWidth(0) << ' '
                      << qSetFieldWidth(11) << toString(m.type) << qSetFieldWidth(0) << ' ' << oneLine(m.content)
                      << (m.supersededBy.isEmpty() ? QString()
                                                   : u"  "_s + tr("(superseded by %1)").arg(m.supersededBy.left(8)))
                      << Qt::endl;
        }
        if (json)
            m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    if (action == "add"_L1) {
        const QString text = readText(args, 1);
        if (text.trimmed().isEmpty())
            return usage(tr("usage: memories add [--type T] [--scope global|session --session ID] TEXT|-"));
        const MemoryType type = memoryTypeFromString(parser.value(u"type"_s)).value_or(MemoryType::Fact);
        if (parser.isSet(u"type"_s) && !memoryTypeFromString(parser.value(u"type"_s)))
            return usage(tr("--type takes preference, fact, profile, instruction, task or pinned"));
        const MemoryScope scope = memoryScopeFromString(parser.value(u"scope"_s)).value_or(MemoryScope::Global);
        if (scope == MemoryScope::Branch)
            return usage(tr("a branch memory comes from a message; add it as session or global"));
        Session session;
        if (parser.isSet(u"session"_s) && !resolveSession(parser.value(u"session"_s), &session))
            return 1;
        Result<Memory> m = MemoryOps::add(*m_store, type, text, scope, session.id);
        if (!m)
            return fail(m.error());
        return done({}, m.value());
    }
    if (action == "pin"_L1) {
        Memory pinned;
        const int rc = pinNote(parser, &pinned);
        return rc != 0 ? rc : done({}, pinned);
    }
    if (action == "edit"_L1) {
        const auto m = needId(3, u"edit ID TEXT|-"_s);
        return m ? done(MemoryOps::edit(*m_store, m->id, readText(args, 2)), *m) : 1;
    }
    if (action == "accept"_L1) {
        const auto m = needId(2, u"accept ID [TEXT|-]"_s);
        if (!m)
            return 1;
        return done(args.size() > 2 ? MemoryOps::acceptEdited(*m_store, m->id, readText(args, 2))
                                    : MemoryOps::accept(*m_store, m->id),
                    *m);
    }
    if (action == "reject"_L1) {
        const auto m = needId(2, u"reject ID"_s);
        return m ? done(MemoryOps::reject(*m_store, m->id), *m) : 1;
    }
    if (action == "disable"_L1 || action == "archive"_L1) {
        const auto m = needId(2, action + u" ID"_s);
        return m ? done(MemoryOps::disable(*m_store, m->id), *m) : 1;
    }
    if (action == "keep"_L1) {
        const auto m = needId(2, u"keep ID"_s);
        return m ? done(MemoryOps::keep(*m_store, m->id), *m) : 1;
    }
    if (action == "promote"_L1) {
        const auto m = needId(2, u"promote ID --scope session|global"_s);
        if (!m)
            return 1;
        const auto scope = memoryScopeFromString(parser.value(u"scope"_s));
        if (!scope)
            return usage(tr("promote needs --scope session or global"));
        return done(MemoryOps::promote(*m_store, m->id, *scope), *m);
    }
    if (action == "restore"_L1) {
        const auto m = needId(3, u"restore ID VERSION"_s);
        if (!m)
            return 1;
        bool ok = false;
        const qint64 version = args.at(2).toLongLong(&ok);
        if (!ok)
            return usage(tr("VERSION is a number from 'memories history'"));
        return done(MemoryOps::restore(*m_store, m->id, version), *m);
    }
    if (action == "delete"_L1) {
        const auto m = needId(2, u"delete ID"_s);
        return m ? done(MemoryOps::remove(*m_store, m->id), *m) : 1; // prints nothing: it is gone
    }
    if (action == "supersede"_L1) {
        const auto m = needId(3, u"supersede ID TEXT|- [--reason TEXT]"_s);
        if (!m)
            return 1;
        Result<Memory> successor = MemoryOps::supersede(*m_store, m->id, readText(args, 2), parser.value(u"reason"_s));
        if (!successor)
            return fail(successor.error());
        return done({}, successor.value());
    }
    if (action == "pause"_L1 || action == "resume"_L1) {
        const bool paused = action == "pause"_L1;
        if (Status s = m_store->settings().set(u"memory/paused"_s, paused ? u"true"_s : u"false"_s); !s)
            return fail(s.error());
        m_out << (paused ? tr("Memory is paused: nothing is learned from conversations and no learned memory reaches a "
                              "prompt (pinned notes stay).")
                         : tr("Memory is on again."))
              << Qt::endl;
        return 0;
    }
    if (action == "history"_L1) {
        const auto m = needId(2, u"history ID"_s);
        return m ? printTimeline(m.value(), json) : 1;
    }
    return usage(
        tr("usage: memories list|add|pin|edit|accept|reject|disable|archive|keep|promote|restore|delete|history|"
           "supersede|pause|resume"));
}

// A memory's timeline (issue 17): every memory of its lineage, oldest first, each with its earlier
// texts, the reason for each and the time from which each held.
int Cli::printTimeline(const Memory &memory, bool json)
{
    Result<QList<Memory>> lineage = m_store->memories().lineage(memory.id);
    if (!lineage)
        return fail(lineage.error());
    QJsonArray chain;
    for (const Memory &m : lineage.value()) {
        Result<QList<MemoryVersion>> versions = m_store->memories().versions(m.id);
        if (!versions)
            return fail(versions.error());
        if (json) {
            QJsonArray array;
            for (const MemoryVersion &v : versions.value()) {
                QJsonObject o {{u"version"_s, v.id},
                               {u"content"_s, v.content},
                               {u"changed_by"_s, v.changedBy},
                               {u"changed_at"_s, time(v.changedAt)}};
                if (!v.reason.isEmpty())
                    o.insert(u"reason"_s, v.reason);
                if (v.validFrom > 0)
                    o.insert(u"valid_from"_s, time(v.validFrom));
                array.append(o);
            }
            QJsonObject o = memoryJson(m);
            o.insert(u"versions"_s, array);
            chain.append(o);
            continue;
        }
        m_out << m.id.left(8) << "  " << toString(m.status) << (m.id == memory.id ? u"  ←"_s : QString()) << Qt::endl;
        for (const MemoryVersion &v : versions.value())
            m_out << "  #" << v.id << "  " << time(v.validFrom > 0 ? v.validFrom : v.changedAt) << "  "
                  << oneLine(v.content) << (v.reason.isEmpty() ? QString() : u"  ("_s + oneLine(v.reason, 80) + u')')
                  << "  " << tr("replaced by %1").arg(v.changedBy) << Qt::endl;
        m_out << "  " << time(m.validFrom) << " … " << (m.validTo > 0 ? time(m.validTo) : tr("now")) << "  "
              << oneLine(m.content) << (m.reason.isEmpty() ? QString() : u"  ("_s + oneLine(m.reason, 80) + u')')
              << Qt::endl;
    }
    if (json) {
        QJsonObject o;
        for (const QJsonValue v : std::as_const(chain))
            if (v.toObject().value(u"id"_s).toString() == memory.id)
                o = v.toObject();
        o.insert(u"lineage"_s, chain);
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    }
    return 0;
}

int Cli::cmdSummaries(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: summaries ID [--json]"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    Result<QList<Summary>> all = m_store->summaries().bySession(session.id, true);
    if (!all)
        return fail(all.error());
    if (parser.isSet(u"json"_s)) {
        QJsonArray array;
        for (const Summary &s : all.value())
            array.append(summaryJson(s));
        m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    for (const Summary &s : all.value()) {
        m_out << s.id.left(8) << "  " << toString(s.level) << "  " << s.firstMessageId.left(8) << "…"
              << s.lastMessageId.left(8) << "  " << tr("%n tokens", nullptr, int(s.tokenCount))
              << (s.supersededBy.isEmpty() ? QString() : u"  "_s + tr("superseded by %1").arg(s.supersededBy.left(8)))
              << Qt::endl;
        m_out << "  " << QString(s.content).replace(u'\n', u"\n  "_s) << Qt::endl;
    }
    return 0;
}

int Cli::cmdCompact(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: compact ID [--provider NAME | --base-url URL --kind K] [--model M]"));
    const bool json = parser.isSet(u"json"_s);
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;

    ProviderEndpoint endpoint;
    QString model = parser.value(u"model"_s);
    ProviderConfig config;
    bool hasConfig = false;
    if (parser.isSet(u"base-url"_s)) {
        const std::optional<ProviderKind> kind = ProviderKinds::fromName(parser.value(u"kind"_s));
        if (!kind)
            return usage(tr("--base-url needs --kind openai, anthropic or ollama"));
        const QUrl url(parser.value(u"base-url"_s), QUrl::StrictMode);
        if (!url.isValid() || url.scheme().isEmpty())
            return usage(tr("--base-url needs a full URL such as https://api.openai.com/v1"));
        if (const QString why = ProviderKinds::baseUrlProblem(url); !why.isEmpty())
            return usage(why);
        endpoint = ProviderEndpoint::make(*kind, url);
    } else {
        const QString provider = parser.isSet(u"provider"_s) ? parser.value(u"provider"_s) : session.providerId;
        if (provider.isEmpty())
            return usage(tr("the session has no provider; use --provider NAME or --base-url URL --kind K"));
        QString key;
        if (!findEnabledProvider(provider, &config) || !readApiKey(config, parser, &key))
            return 1;
        hasConfig = true;
        endpoint = ProviderKinds::endpoint(config, key);
        if (model.isEmpty())
            model = session.model.isEmpty() ? config.defaultModel : session.model;
    }
    if (model.isEmpty())
        model = session.model;
    if (model.isEmpty())
        return usage(tr("no model given; use --model"));

    Consolidator::Options options;
    options.mode
        = parser.isSet(u"threshold"_s) ? ConsolidationPlanner::Mode::Threshold : ConsolidationPlanner::Mode::Compact;
    if (parser.isSet(u"history-tokens"_s)) {
        bool ok = false;
        options.historyShare = parser.value(u"history-tokens"_s).toLongLong(&ok);
        if (!ok || options.historyShare < 1)
            return usage(tr("--history-tokens needs a positive number"));
    } else {
        options.historyShare = Consolidator::historyShareFor(session, hasConfig ? &config : nullptr, model);
    }
    m_store.reset(); // the writer thread owns the writes from here on

    AsyncStore store;
    bool finished = false;
    QString openError;
    QObject context;
    store.open(m_context->dataDir(), Database::Options {}, &context, [&](const Result<AsyncStore::OpenReport> &report) {
        if (!report)
            openError = report.error().message;
        endLoop(finished);
    });
    runLoop(finished);
    if (!openError.isEmpty())
        return fail(tr("cannot open the database in %1: %2").arg(m_context->dataDir(), openError));

    ProviderClient client(m_context->network(), endpoint);
    Consolidator consolidator(&store);
    Consolidator::Report report;
    finished = false;
    consolidator.run(session.id, ModelRoute {&client, model}, options, [&](const Consolidator::Report &r) {
        report = r;
        endLoop(finished);
    });
    runLoop(finished);

    if (json) {
        QJsonArray created;
        for (const Summary &s : report.created)
            created.append(summaryJson(s));
        QJsonObject o {{u"session_id"_s, session.id},
                       {u"reason"_s, ConsolidationPlan::reasonName(report.plan.reason)},
                       {u"history_share"_s, report.plan.historyShare},
                       {u"unsummarised_tokens"_s, report.plan.unsummarisedTokens},
                       {u"unsummarised_turns"_s, report.plan.unsummarisedTurns},
                       {u"segments"_s, created},
                       {u"errors"_s, QJsonArray::fromStringList(report.errors)}};
        if (report.sessionSummary)
            o.insert(u"session_summary"_s, summaryJson(*report.sessionSummary));
        if (!report.supersededId.isEmpty())
            o.insert(u"superseded"_s, report.supersededId);
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        m_out << tr("%1 unsummarised turns (%2 tokens; history share %3 tokens)")
                     .arg(report.plan.unsummarisedTurns)
                     .arg(report.plan.unsummarisedTokens)
                     .arg(report.plan.historyShare)
              << Qt::endl;
        if (report.created.isEmpty() && !report.sessionSummary)
            m_out << tr("nothing to summarise") << Qt::endl;
        for (const Summary &s : report.created)
            m_out << tr("summarised %1…%2 into %3 (%n tokens):", nullptr, int(s.tokenCount))
                         .arg(s.firstMessageId.left(8), s.lastMessageId.left(8), s.id.left(8))
                  << Qt::endl
                  << "  " << QString(s.content).replace(u'\n', u"\n  "_s) << Qt::endl;
        if (report.sessionSummary)
            m_out << tr("session summary %1 updated").arg(report.sessionSummary->id.left(8)) << Qt::endl;
    }
    for (const QString &e : report.errors)
        fail(e);
    return report.errors.isEmpty() ? 0 : 1;
}

} // namespace Skein
