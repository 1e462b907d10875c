// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/searchhistorytool.h"

#include "core/domain/session.h"
#include "engine/context/recall.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/wordindex.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QPointer>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

ToolResult search(Store &store, const QStringList &terms, const QString &sessionId, int limit)
{
    Result<QList<RankedHit>> hits = store.search().ranked(terms, sessionId, limit);
    if (!hits)
        return ToolResult::error(
            QCoreApplication::translate("Skein::SearchHistoryTool", "The history could not be searched: %1")
                .arg(hits.error().message));
    QStringList ids;
    for (const RankedHit &h : std::as_const(hits.value()))
        ids << h.messageId;
    Result<QList<Message>> read = store.messages().byIds(ids);
    if (!read)
        return ToolResult::error(
            QCoreApplication::translate("Skein::SearchHistoryTool", "The history could not be searched: %1")
                .arg(read.error().message));
    QHash<QString, Message> byId;
    for (const Message &m : std::as_const(read.value()))
        byId.insert(m.id, m);
    QHash<QString, QString> titles;
    QJsonArray found;
    QStringList lines;
    for (const RankedHit &h : std::as_const(hits.value())) {
        const auto it = byId.constFind(h.messageId);
        if (it == byId.cend())
            continue;
        const Message &m = it.value();
        if (!titles.contains(m.sessionId)) {
            Result<Session> s = store.sessions().get(m.sessionId);
            titles.insert(m.sessionId, s && !s->title.isEmpty() ? s->title : u"untitled"_s);
        }
        RecallPassage p;
        p.messageId = m.id;
        p.role = m.role;
        p.createdAt = m.createdAt;
        p.toolName = m.toolName;
        p.text = Recall::excerpt(m.content, terms);
        p.sessionTitle = titles.value(m.sessionId);
        lines << u"- "_s + Recall::line(p, QDateTime::currentDateTime());
        found.append(QJsonObject {{u"message_id"_s, m.id},
                                  {u"session_id"_s, m.sessionId},
                                  {u"conversation"_s, p.sessionTitle},
                                  {u"role"_s, toString(m.role)},
                                  {u"created_at"_s, double(m.createdAt)},
                                  {u"text"_s, p.text}});
    }
    ToolResult r = ToolResult::text(lines.isEmpty() ? u"Nothing earlier matches."_s : lines.join(u'\n'));
    r.structured = QJsonObject {{u"results"_s, found}};
    return r;
}

} // namespace

StoreReads directStoreReads(Store &store)
{
    return
        [&store](QObject *, const StoreReadJob &job, const std::function<void(ToolResult)> &done) { done(job(store)); };
}

StoreReads asyncStoreReads(AsyncStore *asyncStore)
{
    QPointer<AsyncStore> guarded(asyncStore);
    return [guarded](QObject *context, StoreReadJob work, std::function<void(ToolResult)> then) {
        if (!guarded) {
            then(ToolResult::error(QCoreApplication::translate("Skein::SearchHistoryTool", "The database is closed.")));
            return;
        }
        guarded->read<ToolResult>(
            context, [job = std::move(work)](Store &store) -> Result<ToolResult> { return job(store); },
            [done = std::move(then)](Result<ToolResult> r) {
                done(r ? r.value()
                       : ToolResult::error(QCoreApplication::translate("Skein::SearchHistoryTool", "Storage failed: %1")
                                               .arg(r.error().message)));
            });
    };
}

QString SearchHistoryTool::description() const
{
    return u"Searches what was said earlier, by words: in this conversation (default) or in all of the user's "
           u"conversations. Returns the best matching messages with when and by whom they were said. Use it when "
           u"the user refers to something discussed before that is not in view."_s;
}

QJsonObject SearchHistoryTool::parameters() const
{
    return QJsonObject {
        {u"type"_s, u"object"_s},
        {u"properties"_s,
         QJsonObject {
             {u"query"_s, QJsonObject {{u"type"_s, u"string"_s}, {u"description"_s, u"words to look for"_s}}},
             {u"scope"_s,
              QJsonObject {{u"type"_s, u"string"_s},
                           {u"enum"_s, QJsonArray {u"conversation"_s, u"all"_s}},
                           {u"description"_s, u"this conversation (default) or all conversations"_s}}},
             {u"limit"_s, QJsonObject {{u"type"_s, u"integer"_s}, {u"minimum"_s, 1}, {u"maximum"_s, maxLimit}}}}},
        {u"required"_s, QJsonArray {u"query"_s}},
        {u"additionalProperties"_s, false}};
}

void SearchHistoryTool::start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call)
{
    const QStringList terms = WordIndex::terms(arguments.value("query"_L1).toString());
    if (terms.isEmpty()) {
        call->finish(ToolResult::error(QCoreApplication::translate(
            "Skein::SearchHistoryTool", "The argument “query” needs at least one word to search for.")));
        return;
    }
    const QString scope = arguments.value("scope"_L1).toString(u"conversation"_s);
    if (scope != "conversation"_L1 && scope != "all"_L1) {
        call->finish(ToolResult::error(QCoreApplication::translate(
            "Skein::SearchHistoryTool", "The argument “scope” must be “conversation” or “all”.")));
        return;
    }
    if (scope == "conversation"_L1 && context.sessionId.isEmpty()) {
        call->finish(ToolResult::error(QCoreApplication::translate(
            "Skein::SearchHistoryTool", "There is no conversation to search; use scope “all”.")));
        return;
    }
    const int limit = std::clamp(arguments.value("limit"_L1).toInt(defaultLimit), 1, maxLimit);
    const QString sessionId = scope == "all"_L1 ? QString() : context.sessionId;
    m_reads(
        call, [terms, sessionId, limit](Store &store) { return search(store, terms, sessionId, limit); },
        [call](const ToolResult &r) { call->finish(r); });
}

} // namespace Skein
