// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_storage: builds a chat database of --sessions sessions / --messages messages (with
// branches) and measures the storage layer against SPEC §9 and raw SQLite in the same run.
#include "corpus.h"
#include "startup.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <sqlite3.h>

using namespace Skein;
using Bench::Corpus;

namespace {

struct Batch
{
    Session session;
    QList<Message> messages;
};

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size() - 1) + 0.5))];
}

void print(const char *line)
{
    std::fputs(line, stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void printf2(const QString &s)
{
    print(s.toUtf8().constData());
}

[[noreturn]] void fail(const QString &what, const StorageError &e)
{
    printf2(QStringLiteral("FAILED: %1: %2").arg(what, e.message));
    std::exit(1);
}

QList<Batch> generate(Corpus &corpus, int sessions, int perSession, qint64 &clock)
{
    QList<Batch> out;
    for (int i = 0; i < sessions; ++i) {
        Batch b {Session::create(QStringLiteral("bench %1").arg(i)), {}};
        b.session.createdAt = b.session.updatedAt = clock;
        b.messages = corpus.sessionMessages(b.session, perSession, clock);
        clock += perSession + 1;
        b.session.activeLeafId = b.messages.last().id;
        out.append(std::move(b));
    }
    return out;
}

void insertWithRepository(Store &store, const QList<Batch> &batches)
{
    for (const Batch &b : batches) {
        Status s = store.transaction([&]() -> Status {
            if (Status r = store.sessions().create(b.session); !r)
                return r;
            for (const Message &m : b.messages) {
                if (Status r = store.messages().insert(m); !r)
                    return r;
            }
            return {};
        });
        if (!s)
            fail(QStringLiteral("repository insert"), s.error());
    }
}

// The same rows through the sqlite3 C API with prepared statements: the ceiling for our layer.
void insertRaw(sqlite3 *db, const QList<Batch> &batches)
{
    sqlite3_stmt *session = nullptr;
    sqlite3_stmt *message = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO sessions (id, title, created_at, updated_at, active_leaf_id) VALUES (?,?,?,?,?)",
                       -1, &session, nullptr);
    sqlite3_prepare_v2(
        db,
        "INSERT INTO messages (id, session_id, parent_id, role, content, status, token_estimate, "
        "created_at, completed_at, parent_seq) VALUES (?,?,?,?,?,?,?,?,?,(SELECT seq FROM messages WHERE id = ?3))",
        -1, &message, nullptr);
    auto text = [](sqlite3_stmt *st, int i, const QString &s) {
        if (s.isEmpty())
            sqlite3_bind_null(st, i);
        else
            sqlite3_bind_text16(st, i, s.utf16(), int(s.size() * 2), SQLITE_STATIC);
    };
    for (const Batch &b : batches) {
        sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
        text(session, 1, b.session.id);
        text(session, 2, b.session.title);
        sqlite3_bind_int64(session, 3, b.session.createdAt);
        sqlite3_bind_int64(session, 4, b.session.updatedAt);
        text(session, 5, b.session.activeLeafId);
        sqlite3_step(session);
        sqlite3_reset(session);
        for (const Message &m : b.messages) {
            const QString role = toString(m.role);
            const QString status = toString(m.status);
            text(message, 1, m.id);
            text(message, 2, m.sessionId);
            text(message, 3, m.parentId);
            text(message, 4, role);
            text(message, 5, m.content);
            text(message, 6, status);
            sqlite3_bind_int64(message, 7, m.tokenEstimate);
            sqlite3_bind_int64(message, 8, m.createdAt);
            sqlite3_bind_int64(message, 9, m.completedAt);
            if (sqlite3_step(message) != SQLITE_DONE) {
                printf2(QStringLiteral("FAILED: raw insert: %1").arg(QString::fromUtf8(sqlite3_errmsg(db))));
                std::exit(1);
            }
            sqlite3_reset(message);
        }
        sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    }
    sqlite3_finalize(session);
    sqlite3_finalize(message);
}

qint64 rows(const QList<Batch> &batches)
{
    qint64 n = 0;
    for (const Batch &b : batches)
        n += b.messages.size() + 1;
    return n;
}

std::unique_ptr<Store> openStore(const QString &dir)
{
    QDir().mkpath(dir);
    auto store = Store::open(dir);
    if (!store)
        fail(QStringLiteral("open ") + dir, store.error());
    return std::move(store).value();
}

void measureSearch(Store &store, const QString &label, const QStringList &queries, int repeat)
{
    QList<double> times;
    int hits = 0;
    for (int r = 0; r < repeat; ++r) {
        for (const QString &text : queries) {
            SearchQuery q;
            q.text = text;
            QElapsedTimer t;
            t.start();
            auto result = store.search().search(q);
            times.append(double(t.nsecsElapsed()) / 1e6);
            if (!result)
                fail(QStringLiteral("search"), result.error());
            hits += int(result->size());
        }
    }
    printf2(QStringLiteral("search %1: p50 %2 ms, p95 %3 ms, max %4 ms (%5 queries x %6, avg %7 hits)")
                .arg(label, -24)
                .arg(percentile(times, 0.5), 0, 'f', 2)
                .arg(percentile(times, 0.95), 0, 'f', 2)
                .arg(percentile(times, 1.0), 0, 'f', 2)
                .arg(queries.size())
                .arg(repeat)
                .arg(double(hits) / double(times.size()), 0, 'f', 1));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Skein storage benchmark"));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("sessions"), QStringLiteral("Sessions to generate."), QStringLiteral("n"),
                      QStringLiteral("1000")});
    parser.addOption({QStringLiteral("messages"), QStringLiteral("Messages to generate in total."), QStringLiteral("n"),
                      QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("ratio-rows"),
                      QStringLiteral("Rows inserted both ways for the repository/raw ratio."), QStringLiteral("n"),
                      QStringLiteral("50000")});
    parser.addOption({QStringLiteral("dir"),
                      QStringLiteral("Work directory (default: a temporary one next to the executable)."),
                      QStringLiteral("path")});
    parser.addOption(
        {QStringLiteral("startup"),
         QStringLiteral("Only measure start-up (session list vs integrity check) on the database in --dir, "
                        "generating it first when missing.")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("startup"))) {
        if (!parser.isSet(QStringLiteral("dir")))
            parser.showHelp(2);
        return Bench::runStartup(parser.value(QStringLiteral("dir")),
                                 std::max(2, parser.value(QStringLiteral("sessions")).toInt()),
                                 std::max<qint64>(10000, parser.value(QStringLiteral("messages")).toLongLong()));
    }
    const int sessions = std::max(2, parser.value(QStringLiteral("sessions")).toInt());
    const qint64 total = std::max<qint64>(10000, parser.value(QStringLiteral("messages")).toLongLong());
    const int perSession = int(std::max<qint64>(4, total / sessions));
    const qint64 ratioRows = std::min<qint64>(total, parser.value(QStringLiteral("ratio-rows")).toLongLong());

    // Next to the executable by default: a real disk (fsync costs are real) with room for ~1.5 GB.
    QTemporaryDir tmp(QCoreApplication::applicationDirPath() + QStringLiteral("/bench-data-XXXXXX"));
    const QString base = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    printf2(QStringLiteral("bench_storage: %1 sessions, %2 messages, SQLite %3, in %4")
                .arg(sessions)
                .arg(qint64(sessions) * perSession)
                .arg(QString::fromLatin1(sqlite3_libversion()), base));

    Corpus corpus(20261129);
    qint64 clock = 1'700'000'000'000;

    // 1. Insert throughput: the same rows through the repositories and through the raw C API.
    const int ratioSessions = int(std::max<qint64>(1, ratioRows / perSession));
    const QList<Batch> sample = generate(corpus, ratioSessions, perSession, clock);
    auto raw = openStore(base + QStringLiteral("/raw"));
    QElapsedTimer t;
    t.start();
    insertRaw(raw->database().handle(), sample);
    const double rawSeconds = double(t.nsecsElapsed()) / 1e9;
    raw.reset();
    auto store = openStore(base + QStringLiteral("/main"));
    t.restart();
    insertWithRepository(*store, sample);
    const double repoSeconds = double(t.nsecsElapsed()) / 1e9;
    const double sampleRows = double(rows(sample));
    printf2(QStringLiteral("insert (FTS triggers on, %1 rows, one transaction per session): raw sqlite3 %2 rows/s, "
                           "repository %3 rows/s, ratio %4%")
                .arg(qint64(sampleRows))
                .arg(qint64(sampleRows / rawSeconds))
                .arg(qint64(sampleRows / repoSeconds))
                .arg(100.0 * rawSeconds / repoSeconds, 0, 'f', 1));

    // 1b. The same without FTS triggers, which dominate the above: this isolates the cost of QtSql
    // and the repository code. Repository first this time, so order effects cannot favour it.
    {
        const QString dropFts = QStringLiteral(
            "DROP TRIGGER messages_fts_insert; DROP TRIGGER messages_fts_delete; DROP TRIGGER messages_fts_update;");
        const QList<Batch> plain = generate(corpus, ratioSessions, perSession, clock);
        auto repoStore = openStore(base + QStringLiteral("/plain-repo"));
        auto rawStore = openStore(base + QStringLiteral("/plain-raw"));
        if (!repoStore->database().execScript(dropFts) || !rawStore->database().execScript(dropFts))
            fail(QStringLiteral("drop triggers"), repoStore->database().lastError());
        t.restart();
        insertWithRepository(*repoStore, plain);
        const double repoPlain = double(t.nsecsElapsed()) / 1e9;
        t.restart();
        insertRaw(rawStore->database().handle(), plain);
        const double rawPlain = double(t.nsecsElapsed()) / 1e9;
        const double plainRows = double(rows(plain));
        printf2(QStringLiteral("insert (no FTS, %1 rows): raw sqlite3 %2 rows/s, repository %3 rows/s, ratio %4%")
                    .arg(qint64(plainRows))
                    .arg(qint64(plainRows / rawPlain))
                    .arg(qint64(plainRows / repoPlain))
                    .arg(100.0 * rawPlain / repoPlain, 0, 'f', 1));
    }

    // 2. The rest of the database through the repositories, one long 3,000-message chain included.
    // To keep the run short the FTS triggers are off while filling and the index is rebuilt once
    // afterwards (about 4x faster than per-row trigger updates); step 1 measured the real path.
    QStringList triggers;
    {
        QSqlQuery q(store->database().connection());
        q.exec(QStringLiteral("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'messages_fts_%'"));
        while (q.next())
            triggers << q.value(0).toString();
    }
    if (Status s = store->database().execScript(QStringLiteral(
            "DROP TRIGGER messages_fts_insert; DROP TRIGGER messages_fts_delete; DROP TRIGGER messages_fts_update;"));
        !s)
        fail(QStringLiteral("drop triggers"), s.error());
    t.restart();
    qint64 inserted = qint64(sampleRows);
    for (int done = ratioSessions; done < sessions - 1;) {
        const int n = std::min(50, sessions - 1 - done);
        const QList<Batch> part = generate(corpus, n, perSession, clock);
        insertWithRepository(*store, part);
        inserted += rows(part);
        done += n;
    }
    Session longSession = Session::create(QStringLiteral("long conversation"));
    QList<Message> chain;
    QString parent;
    for (int i = 0; i < 3000; ++i) {
        Message m = Message::create(longSession.id, parent, i % 2 ? Role::Assistant : Role::User, corpus.text(10, 60));
        m.createdAt = m.completedAt = clock++;
        chain.append(m);
        if (i % 10 == 5)
            chain.append(Message::create(longSession.id, parent, Role::Assistant, corpus.text(10, 60)));
        parent = m.id;
    }
    longSession.activeLeafId = parent;
    insertWithRepository(*store, {{longSession, chain}});
    inserted += chain.size() + 1;
    const double insertSeconds = double(t.nsecsElapsed()) / 1e9;
    if (Status s
        = store->database().execScript(QStringLiteral("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');")
                                       + triggers.join(QStringLiteral(";\n")) + QLatin1Char(';'));
        !s)
        fail(QStringLiteral("rebuild"), s.error());
    const double fillSeconds = double(t.nsecsElapsed()) / 1e9;
    printf2(QStringLiteral("fill without FTS triggers: %1 rows/s; FTS rebuild %2 s")
                .arg(qint64(double(inserted - qint64(sampleRows)) / insertSeconds))
                .arg(fillSeconds - insertSeconds, 0, 'f', 1));
    printf2(QStringLiteral("generate: %1 rows in %2 s (%3 rows/s); database file %4 MB")
                .arg(inserted - qint64(sampleRows))
                .arg(fillSeconds, 0, 'f', 1)
                .arg(qint64(double(inserted - qint64(sampleRows)) / fillSeconds))
                .arg(QFileInfo(base + QStringLiteral("/main/skein.db")).size() / (1024 * 1024)));
    Status checkpoint = store->database().execScript(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    if (!checkpoint)
        fail(QStringLiteral("checkpoint"), checkpoint.error());

    // 3. Commit latency of one user message per transaction, FULL (user input) and NORMAL.
    for (auto mode : {Database::Synchronous::Full, Database::Synchronous::Normal}) {
        if (Status s = store->database().setSynchronous(mode); !s)
            fail(QStringLiteral("synchronous"), s.error());
        QList<double> times;
        QString leaf = longSession.activeLeafId;
        for (int i = 0; i < 300; ++i) {
            Message m = Message::create(longSession.id, leaf, Role::User, corpus.text(5, 30));
            QElapsedTimer c;
            c.start();
            Status s = store->transaction([&] { return store->messages().insert(m); });
            times.append(double(c.nsecsElapsed()) / 1e6);
            if (!s)
                fail(QStringLiteral("commit"), s.error());
        }
        printf2(QStringLiteral("commit one user message, synchronous=%1: p50 %2 ms, p99 %3 ms (%4 commits)")
                    .arg(mode == Database::Synchronous::Full ? QStringLiteral("FULL  ") : QStringLiteral("NORMAL"))
                    .arg(percentile(times, 0.5), 0, 'f', 3)
                    .arg(percentile(times, 0.99), 0, 'f', 3)
                    .arg(times.size()));
    }

    // 4. Opening the 3,000-message path (recursive CTE from the leaf).
    {
        QList<double> times;
        qsizetype length = 0;
        for (int i = 0; i < 30; ++i) {
            QElapsedTimer c;
            c.start();
            auto path = store->messages().path(longSession.activeLeafId);
            times.append(double(c.nsecsElapsed()) / 1e6);
            if (!path)
                fail(QStringLiteral("path"), path.error());
            length = path->size();
        }
        // The same statement stepped through the C API, for the cost of SQLite alone.
        QList<double> rawTimes;
        sqlite3_stmt *st = nullptr;
        sqlite3_prepare_v2(
            store->database().handle(),
            "WITH RECURSIVE chain(seq, parent, depth) AS (SELECT seq, parent_seq, 0 FROM messages "
            "WHERE id = ? UNION ALL SELECT m.seq, m.parent_seq, chain.depth + 1 FROM messages m JOIN chain "
            "ON m.seq = chain.parent) SELECT m.* FROM chain JOIN messages m ON m.seq = chain.seq ORDER BY "
            "chain.depth DESC",
            -1, &st, nullptr);
        const QByteArray leaf = longSession.activeLeafId.toUtf8();
        for (int i = 0; i < 30; ++i) {
            QElapsedTimer c;
            c.start();
            sqlite3_bind_text(st, 1, leaf.constData(), int(leaf.size()), SQLITE_STATIC);
            while (sqlite3_step(st) == SQLITE_ROW)
                (void)sqlite3_column_text(st, 5);
            sqlite3_reset(st);
            rawTimes.append(double(c.nsecsElapsed()) / 1e6);
        }
        sqlite3_finalize(st);
        printf2(QStringLiteral("open path, raw sqlite3 stepping only: p50 %1 ms")
                    .arg(percentile(rawTimes, 0.5), 0, 'f', 2));
        printf2(QStringLiteral("open path of %1 messages: p50 %2 ms, p95 %3 ms (target <= 20 ms)")
                    .arg(length)
                    .arg(percentile(times, 0.5), 0, 'f', 2)
                    .arg(percentile(times, 0.95), 0, 'f', 2));
    }

    // 5. Search, newest first, 20 hits with snippets.
    const int repeat = 20;
    measureSearch(*store, QStringLiteral("english word"),
                  {QStringLiteral("transformer"), QStringLiteral("coroutine"), QStringLiteral("database"),
                   QStringLiteral("benchmark"), QStringLiteral("gradient")},
                  repeat);
    measureSearch(*store, QStringLiteral("english two words"),
                  {QStringLiteral("mutex deadlock"), QStringLiteral("quantum entropy"), QStringLiteral("python rust")},
                  repeat);
    measureSearch(*store, QStringLiteral("prefix"),
                  {QStringLiteral("progr"), QStringLiteral("datab"), QStringLiteral("transf"), QStringLiteral("embed")},
                  repeat);
    measureSearch(*store, QStringLiteral("chinese 3+ chars"),
                  {QStringLiteral("数据库"), QStringLiteral("全文检索"), QStringLiteral("今天天气"),
                   QStringLiteral("上下文窗口")},
                  repeat);
    measureSearch(*store, QStringLiteral("chinese 2 chars (LIKE)"),
                  {QStringLiteral("摘要"), QStringLiteral("分支"), QStringLiteral("事务")}, repeat);
    measureSearch(*store, QStringLiteral("chinese 1 char (LIKE)"), {QStringLiteral("谢"), QStringLiteral("库")},
                  repeat);
    measureSearch(*store, QStringLiteral("no match (FTS)"), {QStringLiteral("zyxwvut"), QStringLiteral("龘龘龘")},
                  repeat);
    measureSearch(*store, QStringLiteral("no match (LIKE window)"), {QStringLiteral("龘龘")}, repeat);
    return 0;
}
