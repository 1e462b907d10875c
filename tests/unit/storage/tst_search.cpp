// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/wordindex.h"
#include "storetestutil.h"
#include "testsupport.h"

#include <QTemporaryDir>

using namespace Skein;

namespace {

QStringList contents(Store &store, const QList<SearchHit> &hits)
{
    QStringList out;
    for (const SearchHit &h : hits)
        out << store.messages().get(h.messageId)->content;
    return out;
}

} // namespace

class TestSearch final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Store> m_store;
    Session m_session;
    Session m_other;
    QString m_lastId;

    Message add(const Session &s, const QString &content)
    {
        Message m = Message::create(s.id, m_lastId, Role::User, content);
        if (!m_store->messages().insert(m))
            qFatal("insert failed");
        m_lastId = m.id;
        return m;
    }

    // The contents the word index ranks for text, best first.
    QStringList ranked(const QString &text, const QString &sessionId, const QString &excluded = {})
    {
        auto hits = m_store->search().ranked(WordIndex::terms(text), sessionId, 50, excluded);
        if (!hits)
            qFatal("ranked: %s", qPrintable(hits.error().message));
        QStringList out;
        for (const RankedHit &h : hits.value())
            out << m_store->messages().get(h.messageId)->content;
        return out;
    }

    Result<QList<SearchHit>> find(const QString &text, const QString &sessionId = {})
    {
        SearchQuery q;
        q.text = text;
        q.sessionId = sessionId;
        q.highlightOpen = QStringLiteral("[");
        q.highlightClose = QStringLiteral("]");
        return m_store->search().search(q);
    }

private Q_SLOTS:
    void initTestCase()
    {
        auto opened = Store::open(m_tmp.path());
        QVERIFY(opened);
        m_store = std::move(opened).value();
        m_session = Session::create(QStringLiteral("notes"));
        m_other = Session::create(QStringLiteral("other"));
        QVERIFY(m_store->sessions().create(m_session));
        QVERIFY(m_store->sessions().create(m_other));
        add(m_session, QStringLiteral("I like functional programming in Haskell"));
        add(m_session, QStringLiteral("Rust programming is fun, and so is C++"));
        add(m_session, QStringLiteral("今天天气很好，我们去公园散步吧"));
        add(m_session, QStringLiteral("数据库的全文检索需要支持中文"));
        m_lastId.clear();
        add(m_other, QStringLiteral("Programs written in Go are programmed quickly"));
        add(m_other, QStringLiteral("中文分词很难"));
    }

    void englishTermsNewestFirstWithSnippets()
    {
        auto hits = find(QStringLiteral("programming"));
        QVERIFY(hits);
        QCOMPARE(hits->size(), 2);
        QVERIFY(hits->at(0).snippet.contains(QStringLiteral("[programming]")));
        QCOMPARE(contents(*m_store, *hits).first(), QStringLiteral("Rust programming is fun, and so is C++"));
        QCOMPARE(hits->at(0).sessionTitle, QStringLiteral("notes"));
        QVERIFY(hits->at(0).role == Role::User);
        // Case-insensitive, all terms required.
        QCOMPARE(find(QStringLiteral("HASKELL functional"))->size(), 1);
        QCOMPARE(find(QStringLiteral("haskell rust"))->size(), 0);
    }

    void prefixAndSubstring()
    {
        // "progr" is a prefix of programming/programs/programmed: newest first.
        auto hits = find(QStringLiteral("progr"));
        QCOMPARE(hits->size(), 3);
        QVERIFY(contents(*m_store, *hits).first().startsWith(QStringLiteral("Programs written")));
        QCOMPARE(find(QStringLiteral("progr*"))->size(), 3);
        QCOMPARE(find(QStringLiteral("progr"), m_session.id)->size(), 2);
    }

    void chineseThreeOrMoreCharacters()
    {
        auto hits = find(QStringLiteral("全文检索"));
        QCOMPARE(hits->size(), 1);
        QVERIFY(hits->first().snippet.contains(QStringLiteral("[全文检索]")));
        QCOMPARE(find(QStringLiteral("去公园"))->size(), 1);
    }

    void chineseTwoCharacters()
    {
        auto hits = find(QStringLiteral("中文"));
        QVERIFY(hits);
        QCOMPARE(hits->size(), 2);
        QCOMPARE(contents(*m_store, *hits).first(), QStringLiteral("中文分词很难")); // newest first
        QVERIFY(hits->first().snippet.contains(QStringLiteral("[中文]")));
        QCOMPARE(find(QStringLiteral("中文"), m_session.id)->size(), 1);
    }

    void chineseOneCharacterAndMixedTerms()
    {
        QCOMPARE(find(QStringLiteral("园"))->size(), 1);
        QCOMPARE(find(QStringLiteral("天"))->size(), 1);
        // A short term filters the indexed candidates of a long one.
        QCOMPARE(find(QStringLiteral("数据库 中"))->size(), 1);
        QCOMPARE(find(QStringLiteral("数据库 园"))->size(), 0);
        QCOMPARE(find(QStringLiteral("Go"))->size(), 1);
    }

    void queryTextIsNeverSyntax()
    {
        QVERIFY(find(QStringLiteral("\"unbalanced AND OR NOT ( *"))); // no FTS syntax error
        QVERIFY(find(QStringLiteral("100%"))->isEmpty());
        QVERIFY(find(QStringLiteral("   "))->isEmpty());
    }

    void wordsAreFoldedAndCjkIsPaired()
    {
        using namespace Qt::StringLiterals;
        QCOMPARE(WordIndex::prepare(u"长城很长"_s), u"长城 城很 很长"_s);
        QCOMPARE(WordIndex::prepare(u"我在Tokyo住了三年。好"_s), u"我在 Tokyo 住了 了三 三年 好"_s);
        QCOMPARE(WordIndex::prepare(u"Plain text, as it is."_s), u"Plain text, as it is."_s);
        QCOMPARE(WordIndex::terms(u"What did Ingrid's dog eat? Ingrid said: kibble!"_s),
                 (QStringList {u"ingrid"_s, u"dog"_s, u"eat"_s, u"kibble"_s}));
        QCOMPARE(WordIndex::terms(u"咖啡馆 coffee"_s), (QStringList {u"咖啡"_s, u"啡馆"_s, u"coffee"_s}));
        QCOMPARE(WordIndex::anyOf({u"say \"hi\""_s, u"x"_s}), u"\"say \"\"hi\"\"\" OR \"x\""_s);
        QVERIFY(WordIndex::anyOf({}).isEmpty());
    }

    void wordIndexRanksStemsAndPairs()
    {
        using namespace Qt::StringLiterals;
        // "programming" and "programmed" meet at the stem "program"; sessions are kept apart.
        QCOMPARE(ranked(u"programs"_s, m_session.id).size(), 2);
        QCOMPARE(ranked(u"programs"_s, m_other.id), QStringList {u"Programs written in Go are programmed quickly"_s});
        QCOMPARE(ranked(u"programs"_s, {}, m_session.id), ranked(u"programs"_s, m_other.id));
        QCOMPARE(ranked(u"programs"_s, {}).size(), 3); // every session
        // The rarer word ranks first.
        QCOMPARE(ranked(u"Haskell programming"_s, m_session.id).first(), u"I like functional programming in Haskell"_s);
        QCOMPARE(ranked(u"支持中文吗"_s, m_session.id), QStringList {u"数据库的全文检索需要支持中文"_s});
        QCOMPARE(ranked(u"中文"_s, m_other.id), QStringList {u"中文分词很难"_s});
        QVERIFY(ranked(u"the and of"_s, m_session.id).isEmpty()); // nothing but function words
    }

    // A reply is indexed once it stops generating; edits and deletions follow.
    void wordIndexFollowsReplies()
    {
        using namespace Qt::StringLiterals;
        Message root = add(m_other, u"marmoset"_s);
        Message gen = Message::create(m_other.id, root.id, Role::Assistant, {});
        gen.status = MessageStatus::Generating;
        QVERIFY(m_store->messages().insert(gen));
        QVERIFY(m_store->messages().appendDeltaAt(gen.id, u"wombat "_s, {}, 0, 0));
        QVERIFY(ranked(u"wombat"_s, m_other.id).isEmpty());
        SKEIN_VERIFY_OK(m_store->messages().finish(gen.id, {}));
        QCOMPARE(ranked(u"wombat"_s, m_other.id), QStringList {u"wombat "_s});
        QVERIFY(
            m_store->database().execScript(u"UPDATE messages SET content = 'quokka' WHERE id = '%1'"_s.arg(gen.id)));
        QVERIFY(ranked(u"wombat"_s, m_other.id).isEmpty());
        QCOMPARE(ranked(u"quokka"_s, m_other.id).size(), 1);
        QVERIFY(m_store->messages().deleteSubtree(root.id));
        QVERIFY(ranked(u"quokka marmoset"_s, m_other.id).isEmpty());
        QVERIFY(m_store->database().execScript(
            u"INSERT INTO messages_words(messages_words, rank) VALUES('integrity-check', 1)"_s));
        m_lastId.clear();
    }

    void triggersFollowUpdatesAndDeletes()
    {
        Message m = add(m_other, QStringLiteral("zebra"));
        QVERIFY(m_store->messages().get(m.id));
        QCOMPARE(find(QStringLiteral("zebra"))->size(), 1);
        Message gen = Message::create(m_other.id, m.id, Role::Assistant, {});
        gen.status = MessageStatus::Generating;
        QVERIFY(m_store->messages().insert(gen));
        QVERIFY(m_store->messages().appendDeltaAt(gen.id, QStringLiteral("giraffe "), {}, 0, 0));
        QVERIFY(m_store->messages().appendDeltaAt(gen.id, QStringLiteral("okapi"), {}, 8, 0));
        QCOMPARE(find(QStringLiteral("okapi"))->size(), 1);
        QVERIFY(m_store->messages().deleteSubtree(m.id));
        QCOMPARE(find(QStringLiteral("zebra"))->size(), 0);
        QCOMPARE(find(QStringLiteral("okapi"))->size(), 0);
        // The index agrees with the table (FTS5 integrity check for external content).
        QVERIFY(m_store->database().execScript(
            QStringLiteral("INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)")));
    }

    // Messages written while a backlog range covers them (an import) are not indexed until
    // indexBacklog() reaches them; deleting or editing one meanwhile leaves the index intact, and
    // then it is indexed as it is by then.
    void theBacklogIsIndexedLaterInSteps()
    {
        m_lastId.clear(); // a thread of its own (an earlier test deleted the last message)
        QVERIFY(m_store->database().execScript(
            QStringLiteral("INSERT INTO search_backlog(first_seq, last_seq) "
                           "SELECT coalesce(max(seq), 0) + 1, 9223372036854775807 FROM messages")));
        QList<Message> written;
        for (int i = 0; i < 5; ++i)
            written << add(m_other, QStringLiteral("capybara number %1").arg(i));
        QVERIFY(m_store->database().execScript(
            QStringLiteral("UPDATE search_backlog SET last_seq = (SELECT max(seq) FROM messages)")));
        QCOMPARE(find(QStringLiteral("capybara"))->size(), 0);
        QCOMPARE(*m_store->search().backlog(), qint64(5));
        QVERIFY(m_store->messages().deleteSubtree(written.at(4).id)); // the last: its seq comes again
        m_lastId = written.at(3).id;
        QVERIFY(m_store->database().execScript(
            QStringLiteral("UPDATE messages SET content = 'capybara edited' WHERE id = '%1'").arg(written.at(1).id)));
        written << add(m_other, QStringLiteral("capybara reusing a seq"));

        QCOMPARE(*m_store->transaction([&] { return m_store->search().indexBacklog(2); }), qint64(3));
        QCOMPARE(find(QStringLiteral("capybara"))->size(), 2);
        QCOMPARE(find(QStringLiteral("edited"))->size(), 1);
        QCOMPARE(*m_store->transaction([&] { return m_store->search().indexBacklog(2); }), qint64(1));
        QCOMPARE(*m_store->transaction([&] { return m_store->search().indexBacklog(2); }), qint64(0));
        QCOMPARE(*m_store->transaction([&] { return m_store->search().indexBacklog(2); }), qint64(0));
        QCOMPARE(find(QStringLiteral("capybara"))->size(), 5);
        QCOMPARE(find(QStringLiteral("reusing"))->size(), 1);
        QCOMPARE(ranked(QStringLiteral("capybara"), m_other.id).size(), 5); // the word index too
        QCOMPARE(ranked(QStringLiteral("edited"), m_other.id).size(), 1);
        QVERIFY(m_store->database().execScript(
            QStringLiteral("INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)")));
        // Out of the backlog, the triggers index again.
        QVERIFY(m_store->messages().deleteSubtree(written.constLast().id));
        QCOMPARE(find(QStringLiteral("capybara"))->size(), 4);
        QCOMPARE(ranked(QStringLiteral("capybara"), m_other.id).size(), 4);
        QVERIFY(m_store->database().execScript(
            QStringLiteral("INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)")));
    }
};

SKEIN_CORE_TEST_MAIN(TestSearch)
#include "tst_search.moc"
