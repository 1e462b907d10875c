// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Recall (issue 17): earlier messages outside the window that match the current one come back
// as quoted data in the current user message, from a real database through the loader.

#include "core/domain/ids.h"
#include "core/settings/settingskeys.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "storage/database.h"
#include "storage/embeddingrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"
#include "storetestutil.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

const QStringList kTopics {u"gardening tomatoes"_s, u"weekend hiking trails"_s, u"jazz records"_s,
                           u"sourdough baking"_s,   u"chess openings"_s,        u"bicycle repair"_s,
                           u"astronomy nights"_s,   u"watercolour painting"_s,  u"marathon training"_s};

// A conversation of `turns` user/assistant pairs about ordinary topics, with `planted` as the
// user's message of turn `at`. Returns the path, root first.
QList<Message> conversation(const QString &sessionId, int turns, int at, const QString &planted,
                            const QString &parent = {})
{
    QList<Message> path;
    QString p = parent;
    qint64 t = 1'700'000'000'000;
    for (int i = 0; i < turns; ++i) {
        const QString topic = kTopics.at(i % kTopics.size());
        Message u = Message::create(
            sessionId, p, Role::User,
            i == at ? planted : u"Turn %1. Tell me more about %2, I have been reading about it."_s.arg(i).arg(topic));
        Message a = Message::create(sessionId, u.id, Role::Assistant,
                                    u"Here are some thoughts on %1 for turn %2: start small, practise often, and keep "
                                    u"notes of what worked so you can repeat it."_s.arg(topic)
                                        .arg(i));
        u.createdAt = t += 60'000;
        a.createdAt = t += 5'000;
        p = a.id;
        path << u << a;
    }
    return path;
}

struct Fixture
{
    QTemporaryDir dir;
    std::unique_ptr<Store> store;
    Session session = Session::create(u"Long chat"_s);
    QList<Message> path;
    QString plantedId;
    QueryEmbedding embedding; // semantic recall's query, as the turn gives it

    bool open(int turns = 150, int at = 3,
              const QString &planted = u"My sister Ingrid adopted a greyhound called Biscuit last spring."_s)
    {
        auto opened = Store::open(dir.path());
        if (!opened)
            return false;
        store = std::move(opened.value());
        session.model = u"gpt-4o"_s;
        path = conversation(session.id, turns, at, planted);
        plantedId = path.at(2 * at).id;
        session.activeLeafId = path.last().id;
        return store->sessions().create(session) && store->messages().insertBatch(path);
    }

    // A turn that calls track_parcel({"number":"ZX81"}) and gets `result`, then 150 ordinary turns;
    // returns the tool result (no id when it could not be stored).
    Message appendToolTurn(const QString &result)
    {
        Message u = Message::create(session.id, path.last().id, Role::User, u"Where is my order?"_s);
        Message a = Message::create(session.id, u.id, Role::Assistant, QString());
        a.toolCalls = QJsonArray {QJsonObject {
            {u"id"_s, u"call_1"_s}, {u"name"_s, u"track_parcel"_s}, {u"arguments"_s, u"{\"number\":\"ZX81\"}"_s}}};
        Message t = Message::create(session.id, a.id, Role::Tool, result);
        t.toolCallId = u"call_1"_s;
        t.toolName = u"track_parcel"_s;
        Message r = Message::create(session.id, t.id, Role::Assistant, u"Done."_s);
        const QList<Message> rest = conversation(session.id, 150, -1, {}, r.id);
        if (!store->messages().insertBatch(QList<Message> {u, a, t, r} + rest))
            return {};
        session.activeLeafId = rest.last().id;
        return t;
    }

    AssembledContext assemble(const QString &draft, qint64 window, const ContextExclusions &exclusions = {})
    {
        return assembleWith(draft, window, exclusions);
    }

    // As the engine prepares a re-run: what the user added comes back as recalled passages.
    AssembledContext assembleWith(const QString &draft, qint64 window, const ContextExclusions &exclusions)
    {
        ContextLoader::Options options;
        options.draft = draft;
        options.window = window;
        options.embedding = embedding;
        auto loaded = ContextLoader::load(*store, session, session.activeLeafId, options);
        if (!loaded)
            qFatal("load: %s", qPrintable(loaded.error().message));
        ContextInputs inputs = *loaded.value();
        inputs.exclusions = exclusions;
        if (Status s = ContextLoader::addRequested(*store, session, inputs); !s)
            qFatal("add: %s", qPrintable(s.error().message));
        return ContextAssembler::assemble(session, inputs);
    }
};

// A scripted embedding model for semantic recall: one dimension per concept, counting the words
// of the text that belong to it, and one that every text has. Texts about the same things point
// the same way whatever their words (what a real embedding model learns, here written down).
const QList<QStringList> kConcepts {{u"dog"_s, u"greyhound"_s, u"pet"_s, u"puppy"_s, u"cat"_s, u"animal"_s},
                                    {u"sister"_s, u"brother"_s, u"family"_s, u"mother"_s, u"father"_s},
                                    {u"gardening"_s, u"tomatoes"_s},
                                    {u"hiking"_s, u"trails"_s},
                                    {u"jazz"_s, u"records"_s},
                                    {u"sourdough"_s, u"baking"_s},
                                    {u"chess"_s, u"openings"_s},
                                    {u"bicycle"_s, u"repair"_s},
                                    {u"astronomy"_s},
                                    {u"watercolour"_s, u"painting"_s},
                                    {u"marathon"_s, u"training"_s}};
const QString kEmbeddingModel = u"concepts-1"_s;

QList<float> conceptVector(const QString &text)
{
    QList<float> v(kConcepts.size() + 1, 0.0f);
    v.last() = 0.25f;
    static const QRegularExpression words(u"\\W+"_s);
    for (const QString &w : text.toLower().split(words, Qt::SkipEmptyParts))
        for (qsizetype i = 0; i < kConcepts.size(); ++i)
            if (kConcepts.at(i).contains(w))
                v[i] += 1.0f;
    return v;
}

// Gives every message of the path its vector, as the indexer would.
bool indexPath(Store &store, const QList<Message> &path)
{
    EmbeddingRepository vectors(store.database());
    for (const Message &m : path)
        if (!vectors.putFor(m.id, kEmbeddingModel, conceptVector(m.content)))
            return false;
    return true;
}

QStringList recalledIds(const AssembledContext &c)
{
    QStringList ids;
    for (const RecallPassage &p : c.recalled.passages)
        ids << p.messageId;
    return ids;
}

QString lastUserContent(const ChatRequest &r)
{
    for (qsizetype i = r.messages.size() - 1; i >= 0; --i)
        if (r.messages.at(i).role == ChatMessage::Role::User)
            return r.messages.at(i).content;
    return {};
}

} // namespace

class TestRecall final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recallsAPlantedFactOutsideTheWindow()
    {
        Fixture f;
        QVERIFY(f.open());
        const AssembledContext c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(!c.includedIds.contains(f.plantedId)); // far outside a 4k window
        QVERIFY2(recalledIds(c).contains(f.plantedId), qPrintable(recalledIds(c).join(u' ')));
        // Quoted in the current user message, after the user's words and before the runtime block;
        // the system prompt (the cached prefix) does not change.
        const QString user = lastUserContent(c.request);
        const qsizetype block = user.indexOf(u"<recalled_messages>"_s);
        QVERIFY(block > user.indexOf(u"What breed"_s));
        QVERIFY(block < user.indexOf(u"<runtime>"_s));
        QVERIFY(user.contains(u", user] My sister Ingrid adopted a greyhound"_s));
        QVERIFY(user.contains(u"2023-11-14"_s)); // when it was said
        QVERIFY(!c.request.systemPrompt.contains(u"Ingrid"_s));
        // Within the share and the budget, recorded in the snapshot.
        const QJsonObject sections = c.snapshot.sectionTokens;
        QVERIFY(sections.value(u"recall"_s).toInteger() > 0);
        QVERIFY(sections.value(u"recall"_s).toInteger() <= sections.value(u"recall_budget"_s).toInteger());
        QCOMPARE(sections.value(u"recall_budget"_s).toInteger(), c.recallBudget);
        QVERIFY(c.recallBudget >= c.budget.recall);
        QVERIFY(c.snapshot.estimatedTokens <= c.budget.input);
        const QJsonArray recalled = sections.value(u"recalled"_s).toArray();
        QCOMPARE(recalled.size(), c.recalled.passages.size());
        bool found = false;
        for (const QJsonValue v : recalled) {
            const QJsonObject o = v.toObject();
            QVERIFY(o.value(u"tokens"_s).toInteger() > 0);
            QVERIFY(o.value(u"score"_s).toDouble() > 0.0);
            found = found || o.value(u"message_id"_s).toString() == f.plantedId;
        }
        QVERIFY(found);
        // Nothing recalled is also in the window.
        for (const QString &id : recalledIds(c))
            QVERIFY(!c.includedIds.contains(id));
    }

    void turnedOffItLeavesTheWholeBudgetToHistory()
    {
        Fixture f;
        QVERIFY(f.open());
        f.session.contextSettings = QJsonObject {{u"history_count"_s, 1000}}; // tokens decide
        const AssembledContext on = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(!on.recalled.passages.isEmpty());
        f.session.contextSettings = QJsonObject {{u"history_count"_s, 1000}, {u"recall_share"_s, 0}};
        const AssembledContext off = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(off.recalled.passages.isEmpty());
        QVERIFY(!lastUserContent(off.request).contains(u"<recalled_messages>"_s));
        QVERIFY(!off.snapshot.sectionTokens.contains(u"recall"_s));
        QVERIFY(off.includedIds.size() > on.includedIds.size());
    }

    // Settings → Context sets the share of every conversation; a conversation's own setting wins.
    void theShareIsASettingAConversationCanOverride()
    {
        Fixture f;
        QVERIFY(f.open());
        SKEIN_VERIFY_OK(f.store->settings().set(QString(Settings::Keys::recallSharePercent.key), u"0"_s));
        AssembledContext c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(c.recalled.passages.isEmpty());
        QCOMPARE(c.budget.recall, 0);
        f.session.contextSettings = QJsonObject {{u"recall_share"_s, 0.2}};
        c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(recalledIds(c).contains(f.plantedId));
        QCOMPARE(c.budget.recall, qint64(std::floor(double(c.budget.input) * 0.2)));
    }

    void nothingToRecallGivesTheShareBack()
    {
        // Everything that matches is in the window already.
        Fixture f;
        QVERIFY(f.open(12, 3));
        f.session.contextSettings = QJsonObject {{u"history_count"_s, 1000}};
        const AssembledContext c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(c.includedIds.contains(f.plantedId));
        QVERIFY(c.recalled.passages.isEmpty());
        f.session.contextSettings = QJsonObject {{u"history_count"_s, 1000}, {u"recall_share"_s, 0}};
        const AssembledContext off = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QCOMPARE(c.includedIds.mid(0, 24), off.includedIds.mid(0, 24)); // the draft's id is new each time
        QCOMPARE(c.includedIds.size(), off.includedIds.size());
        QCOMPARE(c.snapshot.estimatedTokens, off.snapshot.estimatedTokens);
    }

    // History ended by its count cap leaves tokens that recall may use.
    void whatHistoryLeavesGoesToRecall()
    {
        Fixture f;
        QVERIFY(f.open(300, 3));
        f.session.contextSettings = QJsonObject {{u"history_count"_s, 10}};
        const AssembledContext capped = f.assemble(u"Tell me about sourdough baking and chess openings"_s, 16384);
        QVERIFY(capped.includedIds.size() <= 11); // at most ten and the draft
        QVERIFY(capped.recallBudget > capped.budget.recall * 3);
        const qint64 recalled = capped.snapshot.sectionTokens.value(u"recall"_s).toInteger();
        QVERIFY2(recalled > capped.budget.recall, qPrintable(QString::number(recalled)));
        QVERIFY(capped.snapshot.estimatedTokens <= capped.budget.input);
    }

    // A follow-up too short to say what it is about is searched for with the turn before it.
    void aShortFollowUpLeansOnTheTurnBefore()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"My neighbour Tomasz keeps two beehives on his allotment."_s));
        Message u = Message::create(f.session.id, f.path.last().id, Role::User, u"Is Tomasz's honey any good?"_s);
        Message a = Message::create(f.session.id, u.id, Role::Assistant, u"I could not say."_s);
        SKEIN_VERIFY_OK(f.store->messages().insertBatch({u, a}));
        f.session.activeLeafId = a.id;
        QVERIFY(recalledIds(f.assemble(u"And how many?"_s, 4096)).contains(f.plantedId));
        // A message that says enough is searched for alone.
        QVERIFY(!recalledIds(f.assemble(u"Which jazz records and chess openings did we discuss?"_s, 4096))
                     .contains(f.plantedId));
    }

    void onlyTheActivePathCounts()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"Nothing special here."_s));
        // An edit of turn 3 on another branch says something the active path never said.
        Message edited = Message::create(f.session.id, f.path.at(5).id, Role::User,
                                         u"My sister Ingrid adopted a greyhound called Biscuit."_s);
        edited.createdAt = f.path.at(6).createdAt;
        SKEIN_VERIFY_OK(f.store->messages().insert(edited));
        AssembledContext c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(!recalledIds(c).contains(edited.id));
        // Continue the other branch: the same question now recalls it (the path cache follows).
        const QList<Message> branch = conversation(f.session.id, 120, -1, {}, edited.id);
        SKEIN_VERIFY_OK(f.store->messages().insertBatch(branch));
        f.session.activeLeafId = branch.last().id;
        c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(recalledIds(c).contains(edited.id));
        // ... and back: gone again.
        f.session.activeLeafId = f.path.last().id;
        c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096);
        QVERIFY(!recalledIds(c).contains(edited.id));
        // A reply stored below the leaf extends the cached path.
        Message more = Message::create(f.session.id, f.path.last().id, Role::User, u"Ingrid says hello."_s);
        SKEIN_VERIFY_OK(f.store->messages().insert(more));
        f.session.activeLeafId = more.id;
        const QList<Message> tail = conversation(f.session.id, 100, -1, {}, more.id);
        SKEIN_VERIFY_OK(f.store->messages().insertBatch(tail));
        f.session.activeLeafId = tail.last().id;
        c = f.assemble(u"What did Ingrid say?"_s, 4096);
        QVERIFY(recalledIds(c).contains(more.id));
    }

    void aToolResultComesWithItsCall()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"Nothing special here."_s));
        // Turn 150: a tool call and its result about a parcel, then 150 more ordinary turns.
        const Message t = f.appendToolTurn(u"Parcel ZX81 was delivered to the locker at Kelvingrove station."_s);
        QVERIFY(!t.id.isEmpty());
        const AssembledContext c = f.assemble(u"Which locker at Kelvingrove station was it?"_s, 4096);
        QVERIFY(recalledIds(c).contains(t.id));
        const QString user = lastUserContent(c.request);
        QVERIFY2(user.contains(u"tool result of track_parcel({\"number\":\"ZX81\"})] Parcel ZX81 was delivered"_s),
                 qPrintable(user));
    }

    void chineseIsFoundByCharacterPairs()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"我妹妹去年在杭州开了一家咖啡馆，生意很好。"_s));
        const AssembledContext c = f.assemble(u"我妹妹的咖啡馆开在哪个城市？"_s, 4096);
        QVERIFY(recalledIds(c).contains(f.plantedId));
    }

    void otherConversationsWhenTheUserAsks()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"Nothing special here."_s));
        Session other = Session::create(u"Trip notes"_s);
        Message note = Message::create(other.id, {}, Role::User, u"The ferry to Mull leaves Oban at 07:30."_s);
        other.activeLeafId = note.id;
        SKEIN_VERIFY_OK(f.store->sessions().create(other));
        SKEIN_VERIFY_OK(f.store->messages().insert(note));
        const QString draft = u"When does the ferry to Mull leave Oban?"_s;
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(note.id));
        // Settings → Context: recall from other conversations too.
        SKEIN_VERIFY_OK(f.store->settings().set(QString(Settings::Keys::recallAllConversations.key), u"true"_s));
        const AssembledContext c = f.assemble(draft, 4096);
        QVERIFY(recalledIds(c).contains(note.id));
        QVERIFY(lastUserContent(c.request).contains(u"in the conversation \u201CTrip notes\u201D] The ferry"_s));
        // A session can still keep to itself.
        f.session.contextSettings = QJsonObject {{u"recall_scope"_s, u"session"_s}};
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(note.id));
    }

    void whatTheUserLeftOutStaysOut()
    {
        Fixture f;
        QVERIFY(f.open());
        ContextExclusions exclusions;
        exclusions.messageIds.insert(f.plantedId);
        const AssembledContext c = f.assemble(u"What breed is the dog Ingrid adopted?"_s, 4096, exclusions);
        QVERIFY(!recalledIds(c).contains(f.plantedId));
    }

    // "Re-run with this context" adding messages the request left out: each comes back as a
    // recalled passage marked as the user's, ahead of what recall found, even with recall off; a
    // tool result comes with its call; another conversation's message is not taken.
    void whatTheUserAddsComesBack()
    {
        Fixture f;
        QVERIFY(f.open(150, 3, u"Nothing special here."_s));
        const Message t = f.appendToolTurn(u"Parcel ZX81 is at the depot."_s);
        QVERIFY(!t.id.isEmpty());
        Session other = Session::create(u"Elsewhere"_s);
        Message foreign = Message::create(other.id, {}, Role::User, u"A message of another conversation."_s);
        SKEIN_VERIFY_OK(f.store->sessions().create(other));
        SKEIN_VERIFY_OK(f.store->messages().insert(foreign));
        f.session.contextSettings = QJsonObject {{u"recall_share"_s, 0.0}}; // recall off

        const QString draft = u"Summarise the bicycle repair advice."_s;
        const AssembledContext before = f.assemble(draft, 4096);
        QVERIFY(before.recalled.passages.isEmpty());
        QVERIFY(!before.includedIds.contains(f.plantedId));
        ContextExclusions changes;
        changes.addMessageIds = {f.plantedId, t.id, foreign.id};
        const AssembledContext c = f.assembleWith(draft, 4096, changes);
        QCOMPARE(recalledIds(c), (QStringList {f.plantedId, t.id}));
        for (const RecallPassage &p : c.recalled.passages)
            QVERIFY(p.added);
        const QString user = lastUserContent(c.request);
        QVERIFY2(user.contains(u"] Nothing special here."_s), qPrintable(user));
        QVERIFY(user.contains(u"tool result of track_parcel({\"number\":\"ZX81\"})] Parcel ZX81 is at the depot."_s));
        QVERIFY(!user.contains(u"another conversation"_s));
        const QJsonArray recorded = c.snapshot.sectionTokens.value("recalled"_L1).toArray();
        QCOMPARE(recorded.size(), 2);
        QVERIFY(recorded.first()[u"added"_s].toBool());
        QVERIFY(c.snapshot.estimatedTokens <= c.budget.input);
    }

    // Semantic recall (the query's vector against the stored ones, fused with BM25 by reciprocal
    // rank) finds a message that shares no word with the question; by words alone it is not found.
    void semanticRecallFindsWhatSharesNoWord()
    {
        Fixture f;
        QVERIFY(f.open());
        QVERIFY(indexPath(*f.store, f.path));
        const QString draft = u"Which pet joined the family?"_s;
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(f.plantedId));
        f.embedding = {kEmbeddingModel, conceptVector(draft)};
        const AssembledContext c = f.assemble(draft, 4096);
        QVERIFY2(recalledIds(c).contains(f.plantedId), qPrintable(recalledIds(c).join(u' ')));
        QVERIFY(lastUserContent(c.request).contains(u", user] My sister Ingrid adopted a greyhound"_s));
        QVERIFY(c.snapshot.estimatedTokens <= c.budget.input);
        // Only the active path counts, as for words: a branch off it is not recalled.
        Message side = Message::create(f.session.id, f.path.at(10).id, Role::User, u"My brother has a puppy."_s);
        SKEIN_VERIFY_OK(f.store->messages().insert(side));
        QVERIFY(indexPath(*f.store, {side}));
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(side.id));
        // Vectors of another model, or of another length, are never compared.
        f.embedding = {u"other-model"_s, conceptVector(draft)};
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(f.plantedId));
        f.embedding = {kEmbeddingModel, conceptVector(draft).mid(1)};
        QVERIFY(!recalledIds(f.assemble(draft, 4096)).contains(f.plantedId));
    }

    // A retry or a later call of the agent loop has no new text: the vector stored for the
    // current user message is the query.
    void theStoredVectorOfTheUserMessageIsTheQuery()
    {
        Fixture f;
        QVERIFY(f.open());
        Message u = Message::create(f.session.id, f.path.last().id, Role::User, u"Which pet joined the family?"_s);
        SKEIN_VERIFY_OK(f.store->messages().insert(u));
        f.session.activeLeafId = u.id;
        QVERIFY(indexPath(*f.store, f.path + QList<Message> {u}));
        ContextLoader::Options options;
        options.window = 4096;
        options.embedding = {kEmbeddingModel, {}};
        auto loaded = ContextLoader::load(*f.store, f.session, u.id, options);
        QVERIFY(loaded);
        QList<QString> ids;
        for (const RecallPassage &p : loaded.value()->recall)
            ids << p.messageId;
        QVERIFY2(ids.contains(f.plantedId), qPrintable(ids.join(u' ')));
        QVERIFY(!ids.contains(u.id)); // the current message is never its own passage
        // Its vector gone (the message changed), words alone do not find it.
        SKEIN_VERIFY_OK(f.store->database().run("UPDATE messages SET content = content || ' ' WHERE id = ?", {u.id}));
        auto again = ContextLoader::load(*f.store, f.session, u.id, options);
        QVERIFY(again);
        for (const RecallPassage &p : again.value()->recall)
            QVERIFY(p.messageId != f.plantedId);
    }

    void biggerWindowsRecallMore()
    {
        Fixture f;
        QVERIFY(f.open(300, 3));
        const AssembledContext small = f.assemble(u"Tell me about sourdough baking and chess openings"_s, 4096);
        const AssembledContext large = f.assemble(u"Tell me about sourdough baking and chess openings"_s, 16384);
        QVERIFY(!small.recalled.passages.isEmpty());
        QVERIFY(large.recalled.passages.size() > small.recalled.passages.size());
        for (const AssembledContext *c : {&small, &large}) {
            QVERIFY(c->snapshot.sectionTokens.value(u"recall"_s).toInteger() <= c->recallBudget);
            QVERIFY(c->snapshot.estimatedTokens <= c->budget.input);
            // Quoted in the order they were said.
            for (qsizetype i = 1; i < c->recalled.passages.size(); ++i)
                QVERIFY(c->recalled.passages.at(i - 1).createdAt <= c->recalled.passages.at(i).createdAt);
        }
    }
};

QTEST_GUILESS_MAIN(TestRecall)
#include "tst_recall.moc"
