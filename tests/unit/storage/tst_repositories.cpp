// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/ids.h"
#include "storage/checkpointrepository.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"
#include "storetestutil.h"
#include "testsupport.h"

#include <QJsonObject>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestRepositories final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sessionRoundTripAndListOrder()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session a = Session::create(QStringLiteral("old"));
        a.updatedAt = 1000;
        a.providerId = QStringLiteral("openai");
        a.model = QStringLiteral("gpt-x");
        a.systemPrompt = QStringLiteral("be brief");
        a.contextSettings = QJsonObject {{QStringLiteral("budget"), 4096}};
        Session b = Session::create(QStringLiteral("new"));
        b.updatedAt = 2000;
        Session c = Session::create(QStringLiteral("pinned"));
        c.updatedAt = 500;
        c.pinned = true;
        Session d = Session::create(QStringLiteral("archived"));
        d.archived = true;
        for (const Session &s : {a, b, c, d})
            SKEIN_VERIFY_OK(store.sessions().create(s));

        auto got = store.sessions().get(a.id);
        SKEIN_VERIFY_OK(got);
        QCOMPARE(*got, a);

        auto list = store.sessions().list();
        SKEIN_VERIFY_OK(list);
        QStringList titles;
        for (const Session &s : *list)
            titles << s.title;
        QCOMPARE(titles, (QStringList {QStringLiteral("pinned"), QStringLiteral("new"), QStringLiteral("old")}));
        SessionRepository::ListOptions archived;
        archived.archived = SessionRepository::ListOptions::Archived::Only;
        QCOMPARE(store.sessions().list(archived)->size(), 1);
        QCOMPARE(*store.sessions().count(), 4);
        QCOMPARE(store.sessions().get(QStringLiteral("missing")).error().kind, StorageError::Kind::NotFound);
    }

    void tagsAreCleanFilterAndCount()
    {
        QCOMPARE(Session::cleanTags({u" work "_s, u"Work"_s, u"#rust"_s, u"a,b"_s, u"line\nbreak\u200b"_s, QString(),
                                     u"##"_s, u"\u00c9t\u00e9"_s, u"\u00e9T\u00c9"_s}),
                 (QStringList {u"a b"_s, u"line break"_s, u"rust"_s, u"work"_s, u"\u00c9t\u00e9"_s}));
        QCOMPARE(Session::cleanTags({QString(100, u'x')}).first().size(), Session::kMaxTagLength);
        QStringList many;
        for (int i = 0; i < 40; ++i)
            many << u"t%1"_s.arg(i, 2, 10, QLatin1Char('0'));
        QCOMPARE(Session::cleanTags(many), many.mid(0, Session::kMaxTags));

        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session a = Session::create(u"a"_s);
        a.tags = {u"work"_s, u"rust"_s};
        Session b = Session::create(u"b"_s);
        b.tags = {u"Work"_s};
        Session c = Session::create(u"c"_s);
        c.tags = {u"WORK"_s, u"\u00e9t\u00e9"_s};
        c.updatedAt = a.updatedAt - 10;
        Session archived = Session::create(u"archived"_s);
        archived.tags = {u"old"_s, u"work"_s};
        archived.archived = true;
        for (const Session &s : {a, b, c, archived})
            SKEIN_VERIFY_OK(store.sessions().create(s));
        QCOMPARE(store.sessions().get(a.id)->tags, (QStringList {u"rust"_s, u"work"_s}));

        // Regardless of case, Unicode too; archived ones are counted only when asked for.
        const auto titles = [&](const QString &tag, SessionRepository::ListOptions::Archived which) {
            SessionRepository::ListOptions options;
            options.tag = tag;
            options.archived = which;
            const QList<Session> sessions = store.sessions().list(options).value();
            QStringList found;
            for (const Session &s : sessions)
                found << s.title;
            found.sort();
            return found;
        };
        using Archived = SessionRepository::ListOptions::Archived;
        QCOMPARE(titles(u"work"_s, Archived::Exclude), (QStringList {u"a"_s, u"b"_s, u"c"_s}));
        QCOMPARE(titles(u"#WORK "_s, Archived::Include), (QStringList {u"a"_s, u"archived"_s, u"b"_s, u"c"_s}));
        QCOMPARE(titles(u"\u00c9T\u00c9"_s, Archived::Exclude), QStringList {u"c"_s});
        QCOMPARE(titles(u"nothing"_s, Archived::Exclude), QStringList {});
        SessionRepository::ListOptions page;
        page.tag = u"work"_s;
        page.limit = 1;
        page.offset = 2; // newest first: b or a (same time), then the other, then c
        QCOMPARE(store.sessions().list(page)->size(), 1);
        QCOMPARE(store.sessions().list(page)->first().title, u"c"_s);

        // One entry per tag, spelled as most have it; archived sessions left out.
        const QList<SessionRepository::TagUse> uses = store.sessions().tags().value();
        QCOMPARE(uses.size(), 3);
        QCOMPARE(uses.at(0).tag, u"rust"_s);
        QCOMPARE(uses.at(0).sessions, 1);
        QCOMPARE(uses.at(1).tag, u"WORK"_s); // Work and WORK once each (work is archived): the first in byte order
        QCOMPARE(uses.at(1).sessions, 3);
        QCOMPARE(uses.at(2).tag, u"\u00e9t\u00e9"_s);

        // setTags cleans and bumps the version; update() writes them too; copies keep them.
        const qint64 version = store.sessions().get(b.id)->version;
        SKEIN_VERIFY_OK(store.sessions().setTags(b.id, {u"x"_s, u"X"_s, u" y"_s}));
        Session stored = store.sessions().get(b.id).value();
        QCOMPARE(stored.tags, (QStringList {u"x"_s, u"y"_s}));
        QCOMPARE(stored.version, version + 1);
        stored.tags = {};
        SKEIN_VERIFY_OK(store.sessions().update(stored));
        QVERIFY(store.sessions().get(b.id)->tags.isEmpty());
        QCOMPARE(store.sessions().duplicate(a.id, u"copy"_s)->tags, (QStringList {u"rust"_s, u"work"_s}));
        QCOMPARE(store.sessions().setTags(u"missing"_s, {u"x"_s}).error().kind, StorageError::Kind::NotFound);
        QSqlQuery raw(store.database().connection());
        QVERIFY(raw.exec(u"SELECT tags FROM sessions WHERE id = '%1'"_s.arg(a.id)) && raw.next());
        QCOMPARE(raw.value(0).toString(), u"[\"rust\",\"work\"]"_s);
    }

    void renameMarksTheTitleAsUserSet()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(s));
        SKEIN_VERIFY_OK(store.sessions().setAutoTitle(s.id, QStringLiteral("auto")));
        QCOMPARE(store.sessions().get(s.id)->title, QStringLiteral("auto"));
        SKEIN_VERIFY_OK(store.sessions().rename(s.id, QStringLiteral("mine")));
        SKEIN_VERIFY_OK(store.sessions().setAutoTitle(s.id, QStringLiteral("auto again")));
        auto got = store.sessions().get(s.id);
        QCOMPARE(got->title, QStringLiteral("mine"));
        QVERIFY(got->titleIsUserSet);
        QVERIFY(got->version > s.version);
        SKEIN_VERIFY_OK(store.sessions().setPinned(s.id, true));
        SKEIN_VERIFY_OK(store.sessions().setArchived(s.id, true));
        SKEIN_VERIFY_OK(store.sessions().setState(s.id, SessionState::WaitingTool));
        got = store.sessions().get(s.id);
        QVERIFY(got->pinned && got->archived);
        QVERIFY(got->state == SessionState::WaitingTool);
        // States written before the agent loop existed still read.
        QSqlQuery legacy(store.database().connection());
        QVERIFY(legacy.exec(QStringLiteral("UPDATE sessions SET state = 'running_tools' WHERE id = '%1'").arg(s.id)));
        QVERIFY(store.sessions().get(s.id)->state == SessionState::WaitingTool);
        QVERIFY(legacy.exec(QStringLiteral("UPDATE sessions SET state = 'error' WHERE id = '%1'").arg(s.id)));
        QVERIFY(store.sessions().get(s.id)->state == SessionState::Failed);
        QCOMPARE(toString(SessionState::WaitingTool), QStringLiteral("waiting_tool"));
        QCOMPARE(store.sessions().rename(QStringLiteral("nope"), QStringLiteral("x")).error().kind,
                 StorageError::Kind::NotFound);
    }

    void staleWriteFromASecondConnectionIsRejected()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(first, tmp.path());
        SKEIN_OPEN_STORE(second, tmp.path());
        Session s = Session::create(QStringLiteral("shared"));
        SKEIN_VERIFY_OK(first.sessions().create(s));

        Session mine = *first.sessions().get(s.id);
        Session theirs = *second.sessions().get(s.id);
        QCOMPARE(mine.version, theirs.version);

        mine.systemPrompt = QStringLiteral("first wins");
        auto updated = first.sessions().update(mine);
        SKEIN_VERIFY_OK(updated);
        QCOMPARE(updated->version, mine.version + 1);

        theirs.systemPrompt = QStringLiteral("second is stale");
        auto stale = second.sessions().update(theirs);
        QVERIFY(!stale);
        QCOMPARE(stale.error().kind, StorageError::Kind::Conflict);

        auto now = second.sessions().get(s.id);
        QCOMPARE(now->systemPrompt, QStringLiteral("first wins"));
        QCOMPARE(now->version, updated->version);

        // Re-reading and retrying applies.
        Session retry = *now;
        retry.systemPrompt = QStringLiteral("second, after re-reading");
        SKEIN_VERIFY_OK(second.sessions().update(retry));
        QCOMPARE(first.sessions().get(s.id)->systemPrompt, QStringLiteral("second, after re-reading"));

        Session ghost = Session::create();
        QCOMPARE(first.sessions().update(ghost).error().kind, StorageError::Kind::NotFound);
    }

    void messageTreeQueries()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create(QStringLiteral("tree"));
        SKEIN_VERIFY_OK(store.sessions().create(s));
        Message root = Message::create(s.id, {}, Role::User, QStringLiteral("hi"));
        Message a1 = Message::create(s.id, root.id, Role::Assistant, QStringLiteral("answer 1"));
        a1.toolCalls = QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("call_1")},
                                                {QStringLiteral("name"), QStringLiteral("search")},
                                                {QStringLiteral("arguments"), QStringLiteral("{}")}}};
        a1.usage.promptTokens = 12;
        a1.usage.cachedTokens = 0;
        a1.reasoning = QStringLiteral("thinking");
        a1.providerId = QStringLiteral("p");
        a1.model = QStringLiteral("m");
        a1.tokenEstimate = 3;
        a1.requestId = QStringLiteral("req-1");
        a1.stopSequence = QStringLiteral("\n\nUser:");
        ReasoningBlock thinking;
        thinking.thinking = QStringLiteral("first");
        thinking.signature = QStringLiteral("sig+/==");
        ReasoningBlock redacted;
        redacted.kind = ReasoningBlock::Kind::Redacted;
        redacted.data = QStringLiteral("opaque");
        redacted.textOffset = 6;
        redacted.toolCallsBefore = 1;
        a1.reasoningBlocks = {thinking, redacted};
        Message a2 = Message::create(s.id, root.id, Role::Assistant, QStringLiteral("answer 2"));
        Message tool = Message::create(s.id, a1.id, Role::Tool, QStringLiteral("result"));
        tool.toolCallId = QStringLiteral("call_1");
        tool.toolName = QStringLiteral("search");
        SKEIN_VERIFY_OK(store.messages().insertBatch({root, a1, a2, tool}));

        QCOMPARE(*store.messages().get(a1.id), a1);
        auto kids = store.messages().children(s.id, root.id);
        SKEIN_VERIFY_OK(kids);
        QCOMPARE(kids->size(), 2);
        QCOMPARE(kids->at(0).id, a1.id);
        QCOMPARE(kids->at(1).id, a2.id);
        auto roots = store.messages().children(s.id, {});
        QCOMPARE(roots->size(), 1);
        QCOMPARE(roots->first().id, root.id);

        auto path = store.messages().path(tool.id);
        SKEIN_VERIFY_OK(path);
        QCOMPARE(path->size(), 3);
        QCOMPARE(path->at(0).id, root.id);
        QCOMPARE(path->at(1).id, a1.id);
        QCOMPARE(path->at(2).id, tool.id);

        // A retried insert of the same id is rejected and changes nothing.
        Message dup = a2;
        dup.content = QStringLiteral("different");
        QCOMPARE(store.messages().insert(dup).error().kind, StorageError::Kind::Constraint);
        QCOMPARE(store.messages().get(a2.id)->content, QStringLiteral("answer 2"));

        // Deleting a subtree removes descendants and moves the active leaf to the parent.
        SKEIN_VERIFY_OK(store.sessions().setActiveLeaf(s.id, tool.id));
        auto deleted = store.messages().deleteSubtree(a1.id);
        SKEIN_VERIFY_OK(deleted);
        QCOMPARE(deleted->size(), 2);
        QVERIFY(deleted->contains(tool.id));
        QCOMPARE(store.messages().get(tool.id).error().kind, StorageError::Kind::NotFound);
        QCOMPARE(store.sessions().get(s.id)->activeLeafId, root.id);
        QCOMPARE(*store.messages().countBySession(s.id), 2);
    }

    void pathOfALongChain()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(s));
        QList<Message> chain;
        QString parent;
        for (int i = 0; i < 3000; ++i) {
            Message m = Message::create(s.id, parent, i % 2 ? Role::Assistant : Role::User, QString::number(i));
            parent = m.id;
            chain << m;
            if (i % 10 == 0) // a side branch every 10 nodes, which the path must not include
                chain << Message::create(s.id, m.id, Role::Assistant, QStringLiteral("side"));
        }
        SKEIN_VERIFY_OK(store.messages().insertBatch(chain));
        auto path = store.messages().path(parent);
        SKEIN_VERIFY_OK(path);
        QCOMPARE(path->size(), 3000);
        for (int i = 0; i < 3000; ++i)
            QCOMPARE(path->at(i).content, QString::number(i));
        // Deleting the root removes the whole 3,300-node tree (no trigger recursion limit).
        auto deleted = store.messages().deleteSubtree(path->first().id);
        SKEIN_VERIFY_OK(deleted);
        QCOMPARE(deleted->size(), 3300);
        QCOMPARE(*store.messages().countBySession(s.id), 0);
    }

    void streamingDeltasAndFinish()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(s));
        Message reply = Message::create(s.id, {}, Role::Assistant, {});
        reply.status = MessageStatus::Generating;
        reply.completedAt = 0;
        SKEIN_VERIFY_OK(store.messages().insert(reply));
        SKEIN_VERIFY_OK(store.messages().appendDeltaAt(reply.id, QStringLiteral("Hel"), QStringLiteral("hmm"), 0, 0));
        SKEIN_VERIFY_OK(store.messages().appendDeltaAt(reply.id, QStringLiteral("lo 世界"), {}, 3, 3));
        // A writer that lost a part (it believes fewer bytes are stored) cannot append after the hole.
        QCOMPARE(store.messages().appendDeltaAt(reply.id, QStringLiteral("!"), {}, 3, 3).error().kind,
                 StorageError::Kind::Conflict);
        QCOMPARE(store.messages().generating()->size(), 1);
        MessageRepository::Finish finish;
        finish.finishReason = QStringLiteral("stop");
        finish.usage.completionTokens = 5;
        finish.stopSequence = QStringLiteral("END");
        SKEIN_VERIFY_OK(store.messages().finish(reply.id, finish));
        ReasoningBlock block;
        block.thinking = QStringLiteral("hmm");
        block.signature = QStringLiteral("sig");
        SKEIN_VERIFY_OK(store.messages().setReasoningBlocks(reply.id, {block}));
        auto got = store.messages().get(reply.id);
        QCOMPARE(got->stopSequence, QStringLiteral("END"));
        QCOMPARE(got->reasoningBlocks, QList<ReasoningBlock> {block});
        QCOMPARE(got->content, QStringLiteral("Hello 世界"));
        QCOMPARE(got->reasoning, QStringLiteral("hmm"));
        QVERIFY(got->status == MessageStatus::Complete);
        QCOMPARE(got->usage.completionTokens, std::optional<qint64>(5));
        QVERIFY(!got->usage.promptTokens);
        QVERIFY(got->completedAt > 0);
        QVERIFY(store.messages().generating()->isEmpty());
        // A finished message no longer accepts deltas.
        const qint64 bytes = QStringLiteral("Hello 世界").toUtf8().size();
        QCOMPARE(store.messages().appendDeltaAt(reply.id, QStringLiteral("x"), {}, bytes, 3).error().kind,
                 StorageError::Kind::Conflict);
    }

    void deleteDuplicateAndForkSessions()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create(QStringLiteral("orig"));
        SKEIN_VERIFY_OK(store.sessions().create(s));
        Message u = Message::create(s.id, {}, Role::User, QStringLiteral("q"));
        Message a = Message::create(s.id, u.id, Role::Assistant, QStringLiteral("a"));
        Message b = Message::create(s.id, u.id, Role::Assistant, QStringLiteral("b"));
        SKEIN_VERIFY_OK(store.messages().insertBatch({u, a, b}));
        SKEIN_VERIFY_OK(store.sessions().setActiveLeaf(s.id, b.id));

        auto copy = store.sessions().duplicate(s.id, QStringLiteral("copy"));
        SKEIN_VERIFY_OK(copy);
        QVERIFY(copy->id != s.id);
        auto copied = store.messages().bySession(copy->id);
        QCOMPARE(copied->size(), 3);
        QCOMPARE(copied->at(1).parentId, copied->at(0).id);
        QCOMPARE(copied->at(2).parentId, copied->at(0).id);
        QVERIFY(copied->at(0).id != u.id);
        QCOMPARE(store.sessions().get(copy->id)->activeLeafId, copied->at(2).id);

        auto fork = store.sessions().fork(s.id, a.id, QStringLiteral("fork"));
        SKEIN_VERIFY_OK(fork);
        Message next = Message::create(fork->id, a.id, Role::User, QStringLiteral("continue"));
        SKEIN_VERIFY_OK(store.messages().insert(next));
        auto path = store.messages().path(next.id);
        QCOMPARE(path->size(), 3);
        QCOMPARE(path->first().id, u.id);

        // Summaries, tool log, snapshots and checkpoints go with the session.
        SKEIN_VERIFY_OK(store.summaries().create({Ids::create(),
                                                  copy->id,
                                                  SummaryLevel::Session,
                                                  copied->at(0).id,
                                                  copied->at(1).id,
                                                  QStringLiteral("sum"),
                                                  1,
                                                  {},
                                                  1,
                                                  {}}));
        SKEIN_VERIFY_OK(store.sessions().remove(copy->id));
        QCOMPARE(store.sessions().get(copy->id).error().kind, StorageError::Kind::NotFound);
        QCOMPARE(*store.messages().countBySession(copy->id), 0);
        QVERIFY(store.summaries().bySession(copy->id)->isEmpty());
        QCOMPARE(*store.messages().countBySession(s.id), 3);
    }

    void memoriesKeepVersionsAndRestore()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Memory m;
        m.id = Ids::create();
        m.scope = MemoryScope::Global;
        m.type = MemoryType::Preference;
        m.content = QStringLiteral("likes tea");
        m.status = MemoryStatus::Active;
        m.confidence = 0.9;
        m.createdAt = m.updatedAt = Ids::nowMs();
        SKEIN_VERIFY_OK(store.memories().create(m));
        QCOMPARE(store.memories().get(m.id)->validFrom, m.createdAt); // unless said otherwise
        m.validFrom = m.createdAt;
        QCOMPARE(*store.memories().get(m.id), m);

        SKEIN_VERIFY_OK(store.memories().editContent(m.id, QStringLiteral("likes green tea"), QStringLiteral("user")));
        SKEIN_VERIFY_OK(
            store.memories().editContent(m.id, QStringLiteral("likes coffee"), QStringLiteral("extraction")));
        auto versions = store.memories().versions(m.id);
        SKEIN_VERIFY_OK(versions);
        QCOMPARE(versions->size(), 2);
        QCOMPARE(versions->at(0).content, QStringLiteral("likes tea"));
        QCOMPARE(versions->at(1).changedBy, QStringLiteral("extraction"));

        SKEIN_VERIFY_OK(store.memories().restore(m.id, versions->at(0).id));
        QCOMPARE(store.memories().get(m.id)->content, QStringLiteral("likes tea"));
        QCOMPARE(store.memories().versions(m.id)->size(), 3);
        QCOMPARE(store.memories().versions(m.id)->last().content, QStringLiteral("likes coffee"));

        SKEIN_VERIFY_OK(store.memories().markUsed({m.id}, 42));
        QCOMPARE(store.memories().get(m.id)->useCount, 1);
        QCOMPARE(store.memories().get(m.id)->lastUsedAt, 42);

        MemoryRepository::Filter active;
        active.status = MemoryStatus::Active;
        QCOMPARE(store.memories().list(active)->size(), 1);
        SKEIN_VERIFY_OK(store.memories().setStatus(m.id, MemoryStatus::Disabled));
        QVERIFY(store.memories().list(active)->isEmpty());
        QCOMPARE(store.memories().list({})->size(), 1);
        SKEIN_VERIFY_OK(store.memories().remove(m.id));
        QVERIFY(store.memories().versions(m.id)->isEmpty());
    }

    void toolLogCheckpointsSnapshotsProvidersSettings()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(s));

        ToolLogEntry e {QStringLiteral("call_9"),
                        s.id,
                        {},
                        QStringLiteral("read_file"),
                        QStringLiteral("{\"p\":1}"),
                        ToolStatus::Running,
                        {},
                        {},
                        0,
                        10,
                        0};
        SKEIN_VERIFY_OK(store.toolLog().save(e));
        e.status = ToolStatus::Success;
        e.resultRaw = QStringLiteral("contents");
        e.finishedAt = 20;
        SKEIN_VERIFY_OK(store.toolLog().save(e));
        QCOMPARE(*store.toolLog().get(s.id, {}, e.requestId), e);
        QCOMPARE(store.toolLog().bySession(s.id)->size(), 1);
        // An import inserts: the same key again is an error, never a silent replacement.
        QVERIFY(!store.toolLog().insert(e).ok());
        // The key is session + message + call: another session's "call_9" is its own row.
        Session other = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(other));
        ToolLogEntry theirs = e;
        theirs.sessionId = other.id;
        theirs.resultRaw = QStringLiteral("theirs");
        SKEIN_VERIFY_OK(store.toolLog().insert(theirs));
        QCOMPARE(store.toolLog().get(s.id, {}, e.requestId)->resultRaw, QStringLiteral("contents"));
        QCOMPARE(store.toolLog().get(other.id, {}, e.requestId)->resultRaw, QStringLiteral("theirs"));

        RuntimeCheckpoint c {s.id,
                             QStringLiteral("msg"),
                             QJsonArray {QStringLiteral("call_9")},
                             QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("call_10")}}},
                             2,
                             30};
        SKEIN_VERIFY_OK(store.checkpoints().save(c));
        QCOMPARE(store.checkpoints().get(s.id)->value(), c);
        QCOMPARE(store.checkpoints().all()->size(), 1);
        SKEIN_VERIFY_OK(store.checkpoints().clear(s.id));
        QVERIFY(!store.checkpoints().get(s.id)->has_value());

        ContextSnapshot snap;
        snap.id = Ids::create();
        snap.sessionId = s.id;
        snap.messageIds = {QStringLiteral("a"), QStringLiteral("b")};
        snap.memoryIds = {QStringLiteral("m")};
        snap.sectionTokens = QJsonObject {{QStringLiteral("history"), 100}};
        snap.budget = 8000;
        snap.estimatedTokens = 120;
        snap.createdAt = 5;
        SKEIN_VERIFY_OK(store.snapshots().create(snap));
        Usage reported;
        reported.promptTokens = 118;
        SKEIN_VERIFY_OK(store.snapshots().setReportedUsage(snap.id, reported, 0.25));
        snap.reportedUsage = reported;
        snap.cost = 0.25;
        QCOMPARE(*store.snapshots().get(snap.id), snap);
        QCOMPARE(store.snapshots().bySession(s.id)->size(), 1);

        ProviderConfig p {QStringLiteral("openai"),
                          QStringLiteral("OpenAI"),
                          QStringLiteral("openai"),
                          QStringLiteral("https://api.openai.com/v1"),
                          true,
                          QStringLiteral("gpt-4o"),
                          {{QStringLiteral("gpt-4o"), 128000, 16384, 2.5, 10.0, 1.25}},
                          1,
                          2};
        SKEIN_VERIFY_OK(store.providers().save(p));
        QCOMPARE(*store.providers().get(p.id), p);
        QCOMPARE(store.providers().list()->size(), 1);
        SKEIN_VERIFY_OK(store.providers().remove(p.id));
        QVERIFY(store.providers().list()->isEmpty());

        Summary first {Ids::create(),
                       s.id,
                       SummaryLevel::Segment,
                       QStringLiteral("m1"),
                       QStringLiteral("m9"),
                       QStringLiteral("old summary"),
                       10,
                       QStringLiteral("small"),
                       1,
                       {}};
        Summary second = first;
        second.id = Ids::create();
        second.content = QStringLiteral("regenerated");
        second.createdAt = 2;
        SKEIN_VERIFY_OK(store.summaries().create(first));
        SKEIN_VERIFY_OK(store.summaries().create(second));
        SKEIN_VERIFY_OK(store.summaries().supersede(first.id, second.id));
        QCOMPARE(store.summaries().bySession(s.id)->size(), 1);
        QCOMPARE(store.summaries().bySession(s.id)->first().id, second.id);
        QCOMPARE(store.summaries().bySession(s.id, true)->size(), 2);
        QCOMPARE(store.summaries().get(first.id)->supersededBy, second.id);
        QCOMPARE(store.summaries().supersede(first.id, QStringLiteral("missing")).error().kind,
                 StorageError::Kind::NotFound);
        SKEIN_VERIFY_OK(store.summaries().setContent(second.id, QStringLiteral("edited"), 3));
        QCOMPARE(store.summaries().get(second.id)->content, QStringLiteral("edited"));

        SKEIN_VERIFY_OK(store.settings().set(QStringLiteral("ui.theme"), QStringLiteral("dark")));
        QCOMPARE(store.settings().get(QStringLiteral("ui.theme"))->value(), QStringLiteral("dark"));
        QVERIFY(!store.settings().get(QStringLiteral("nope"))->has_value());
        QCOMPARE(store.settings().all()->size(), 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestRepositories)
#include "tst_repositories.moc"
