// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "panelsdemo.h"

#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

namespace Skein {

namespace {

struct Writer
{
    Store &store;
    QString sessionId;
    qint64 clock;
    QString error;
    int count = 0;

    QString add(const QString &parent, Role role, const QString &text, const QString &model = QStringLiteral("gpt-4o"),
                const QString &requestId = {})
    {
        Message m = Message::create(sessionId, parent, role, text);
        m.requestId = requestId;
        clock += 45'000;
        m.createdAt = clock;
        m.completedAt = clock + 4000;
        if (role == Role::Assistant) {
            m.model = model;
            m.providerId = QStringLiteral("openai");
            m.usage.promptTokens = 900 + count * 37;
            m.usage.completionTokens = 120 + text.size() / 4;
            m.usage.cachedTokens = count > 2 ? 640 : 0;
        }
        m.tokenEstimate = 8 + text.size() / 4;
        if (Status s = store.messages().insert(m); !s && error.isEmpty())
            error = s.error().message;
        ++count;
        return m.id;
    }

    // The snapshot id is chosen before the reply is written, since the reply carries it as request_id.
    QString snapshot(const QString &id, const QString &leaf, const QStringList &messages, const QStringList &memories,
                     const QStringList &summaries, const QJsonObject &sections, qint64 estimate, qint64 prompt,
                     qint64 completion, qint64 cached, double cost, const QString &model = QStringLiteral("gpt-4o"))
    {
        ContextSnapshot s;
        s.id = id;
        s.sessionId = sessionId;
        s.leafMessageId = leaf;
        s.providerId = QStringLiteral("openai");
        s.model = model;
        s.messageIds = messages;
        s.memoryIds = memories;
        s.summaryIds = summaries;
        s.sectionTokens = sections;
        s.budget = 6144;
        s.estimatedTokens = estimate;
        s.reportedUsage.promptTokens = prompt;
        s.reportedUsage.completionTokens = completion;
        s.reportedUsage.cachedTokens = cached;
        s.cost = cost;
        s.createdAt = clock;
        if (Status st = store.snapshots().create(s); !st && error.isEmpty())
            error = st.error().message;
        return s.id;
    }
};

} // namespace

QString PanelsDemo::populate(Store &store, PanelsDemo &demo)
{
    Session session = Session::create(QStringLiteral("Planning a spring trip to Kyoto"));
    session.providerId = QStringLiteral("openai");
    session.model = QStringLiteral("gpt-4o");
    if (Status s = store.sessions().create(session); !s)
        return s.error().message;
    demo.sessionId = session.id;
    const qint64 start = QDateTime::currentDateTime().addDays(-3).toMSecsSinceEpoch();
    Writer w {store, session.id, start, {}};

    const QString olderRequest = Ids::create();
    const QString activeRequest = Ids::create();
    const QString u1 = w.add({}, Role::User,
                             QStringLiteral("I'm planning five days in Kyoto in early April. "
                                            "What should I not miss?"));
    const QString a1 = w.add(u1, Role::Assistant,
                             QStringLiteral("Early April is cherry-blossom season. Don't miss the Philosopher's Path, "
                                            "Maruyama Park at dusk, and an early visit to Fushimi Inari."));
    const QString u2 = w.add(a1, Role::User, QStringLiteral("I'd rather avoid crowds — I prefer quiet places."));
    const QString a2 = w.add(u2, Role::Assistant,
                             QStringLiteral("Then go at sunrise: Fushimi Inari before 7:00, Arashiyama bamboo grove "
                                            "before 8:00, and consider Ohara and Kurama for quiet temples."));
    const QString u3 = w.add(a2, Role::User, QStringLiteral("Can you draft a day-by-day plan?"));
    const QString a3 = w.add(u3, Role::Assistant,
                             QStringLiteral("Day 1: Higashiyama. Day 2: Arashiyama. Day 3: Ohara. Day 4: Nara day "
                                            "trip. Day 5: Fushimi Inari and Tofuku-ji."));
    w.clock += 600'000;
    const QString a3b = w.add(u3, Role::Assistant,
                              QStringLiteral("Here is a calmer plan with one area a day and long lunches:\n"
                                             "Day 1 Higashiyama, Day 2 Ohara, Day 3 Kurama and Kibune, "
                                             "Day 4 Arashiyama at dawn, Day 5 Uji."));
    const QString u4 = w.add(a3b, Role::User, QStringLiteral("Where should I stay?"));
    const QString a4
        = w.add(u4, Role::Assistant, QStringLiteral("Stay near Gion or Kawaramachi for easy buses and evening walks."));
    w.clock += 600'000;
    const QString u4b = w.add(a3b, Role::User,
                              QStringLiteral("Where should I stay if I want a quiet ryokan within walking distance "
                                             "of a train station?"));
    const QString a4b = w.add(u4b, Role::Assistant,
                              QStringLiteral("Look at ryokan in the Okazaki area or near Demachiyanagi: quiet "
                                             "streets, and the Keihan line takes you to Fushimi Inari directly."),
                              QStringLiteral("gpt-4o"), olderRequest);
    const QString u5
        = w.add(a4b, Role::User, QStringLiteral("Great. I'm vegetarian, by the way — any restaurants near there?"));
    const QString a5 = w.add(u5, Role::Assistant,
                             QStringLiteral("Shigetsu at Tenryu-ji serves shojin ryori (Buddhist vegetarian "
                                            "cuisine); near Okazaki try Choraku-kan's vegetarian set."),
                             QStringLiteral("gpt-4o"), activeRequest);
    demo.messageCount = w.count;
    demo.firstQuestion = u1;
    demo.regeneratedReply = a3;
    demo.editedQuestion = u4;
    demo.editedQuestionNew = u4b;
    demo.inactiveLeaf = a4;
    demo.activeLeaf = a5;
    demo.activeReply = a5;
    demo.summarised = {u1, a1, u2, a2};

    Summary summary;
    summary.id = Ids::create();
    summary.sessionId = session.id;
    summary.level = SummaryLevel::Segment;
    summary.firstMessageId = u1;
    summary.lastMessageId = a2;
    summary.content = QStringLiteral("The user plans five days in Kyoto in early April (cherry-blossom season), "
                                     "prefers quiet places and wants to avoid crowds; suggested sunrise visits to "
                                     "Fushimi Inari and Arashiyama, and Ohara / Kurama.");
    summary.tokenCount = 48;
    summary.model = QStringLiteral("gpt-4o-mini");
    summary.createdAt = w.clock;
    if (Status s = store.summaries().create(summary); !s)
        return s.error().message;
    demo.summaryId = summary.id;

    const auto memory
        = [&](MemoryType type, MemoryScope scope, MemoryStatus status, const QString &text, const QString &source) {
              Memory m;
              m.id = Ids::create();
              m.type = type;
              m.scope = scope;
              m.status = status;
              m.content = text;
              if (scope != MemoryScope::Global)
                  m.sessionId = session.id;
              m.sourceSessionId = session.id;
              m.sourceMessageId = source;
              m.confidence = 0.8;
              m.createdAt = m.updatedAt = (w.clock += 1000);
              if (Status s = store.memories().create(m); !s && w.error.isEmpty())
                  w.error = s.error().message;
              return m.id;
          };
    const QString quiet = memory(MemoryType::Preference, MemoryScope::Global, MemoryStatus::Active,
                                 QStringLiteral("Prefers quiet places and avoids crowds"), u2);
    const QString trip = memory(MemoryType::Task, MemoryScope::Session, MemoryStatus::Active,
                                QStringLiteral("Planning five days in Kyoto in early April"), u1);
    const QString language = memory(MemoryType::Profile, MemoryScope::Global, MemoryStatus::Active,
                                    QStringLiteral("Speaks English and some Japanese"), {});
    const QString vegetarian
        = memory(MemoryType::Fact, MemoryScope::Global, MemoryStatus::Pending, QStringLiteral("Is vegetarian"), u5);
    const QString ryokan = memory(MemoryType::Preference, MemoryScope::Branch, MemoryStatus::Pending,
                                  QStringLiteral("Wants a ryokan within walking distance of a station"), u4b);
    memory(MemoryType::Instruction, MemoryScope::Global, MemoryStatus::Disabled,
           QStringLiteral("Answer in bullet points"), {});
    memory(MemoryType::Fact, MemoryScope::Global, MemoryStatus::Rejected, QStringLiteral("Lives in Gion"), u4);
    demo.editedMemoryOldText = QStringLiteral("Speaks English");
    if (Status s = store.memories().editContent(language, demo.editedMemoryOldText, QStringLiteral("extraction")); !s)
        return s.error().message;
    if (Status s = store.memories().editContent(language, QStringLiteral("Speaks English and some Japanese"),
                                                QStringLiteral("user"));
        !s)
        return s.error().message;
    demo.editedMemory = language;
    // Issue 17: a fact that changed — the hotel was given up for a ryokan; both stay, the old one
    // superseded (its timeline shows both, with the reason).
    {
        const QString hotel = memory(MemoryType::Fact, MemoryScope::Session, MemoryStatus::Active,
                                     QStringLiteral("Booked a hotel next to Kyoto Station"), u1);
        Memory ryokanStay = store.memories().get(hotel).value();
        ryokanStay.id = Ids::create();
        ryokanStay.content = QStringLiteral("Stays at a ryokan in Higashiyama instead of the station hotel");
        ryokanStay.sourceMessageId = u4b;
        ryokanStay.createdAt = ryokanStay.updatedAt = ryokanStay.validFrom = (w.clock += 1000);
        ryokanStay.supersedes = hotel;
        ryokanStay.reason = QStringLiteral("cancelled the hotel and booked a ryokan");
        if (Status s = store.memories().create(ryokanStay); !s)
            return s.error().message;
        if (Status s = store.memories().supersede(hotel, ryokanStay.id, ryokanStay.validFrom); !s)
            return s.error().message;
        demo.supersededMemory = hotel;
        demo.successorMemory = ryokanStay.id;
    }
    // Issue 17: a note the user pinned from the first message; in every request, in its own share.
    const QString pinned = memory(MemoryType::Pinned, MemoryScope::Session, MemoryStatus::Active,
                                  QStringLiteral("Flight lands at Kansai at 14:05 on 3 April"), u1);
    demo.pinnedNote = pinned;
    demo.activeMemories = {quiet, trip, language};
    demo.pendingMemories = {vegetarian, ryokan};

    // Snapshots: the latest reply carried the summary instead of u1..a2, two memories, and left
    // out the long draft plan a3b (history trimming).
    // Keys as the context engine records them (output_reserve, window and bookkeeping entries).
    const QJsonObject sections {{QStringLiteral("system"), 1240},
                                {QStringLiteral("pinned"), 19},
                                {QStringLiteral("memories"), 31},
                                {QStringLiteral("summaries"), 48},
                                {QStringLiteral("tools"), 2310},
                                {QStringLiteral("history"), 1480},
                                {QStringLiteral("current"), 64},
                                {QStringLiteral("runtime"), 22},
                                {QStringLiteral("output_reserve"), 2048},
                                {QStringLiteral("window"), 8192},
                                {QStringLiteral("window_source"), QStringLiteral("catalog")},
                                {QStringLiteral("raw_estimate"), 5060},
                                {QStringLiteral("calibration"), 1.03},
                                // Recall quoted u2, which the summary had reduced to a phrase (issue 17).
                                {QStringLiteral("recall"), 41},
                                {QStringLiteral("recall_budget"), 612},
                                {QStringLiteral("recalled"),
                                 QJsonArray {QJsonObject {{QStringLiteral("message_id"), u2},
                                                          {QStringLiteral("session_id"), session.id},
                                                          {QStringLiteral("score"), 0.03252},
                                                          {QStringLiteral("tokens"), 41}}}}};
    demo.recalledMessage = u2;
    demo.activeSnapshot = w.snapshot(activeRequest, u5, {u3, u4b, a4b, u5}, {pinned, quiet, trip}, {summary.id},
                                     sections, 5195, 5088, 171, 3584, 0.0142);
    w.snapshot(olderRequest, u4b, {u1, a1, u2, a2, u3, a3b, u4b}, {quiet}, {},
               QJsonObject {{QStringLiteral("system"), 412},
                            {QStringLiteral("history"), 260},
                            {QStringLiteral("current"), 30},
                            {QStringLiteral("output"), 4000}},
               702, 688, 140, 0, 0.0031);
    if (Status s = store.sessions().setActiveLeaf(session.id, a5); !s)
        return s.error().message;

    Session other = Session::create(QStringLiteral("Rust lifetimes"));
    if (Status s = store.sessions().create(other); !s)
        return s.error().message;
    demo.otherSessionId = other.id;
    Writer o {store, other.id, QDateTime::currentDateTime().addDays(-1).toMSecsSinceEpoch(), {}};
    const QString q = o.add({}, Role::User, QStringLiteral("Explain lifetimes with an example."));
    o.add(q, Role::Assistant, QStringLiteral("A lifetime names how long a reference is valid…"),
          QStringLiteral("claude-sonnet-4"));
    return w.error.isEmpty() ? o.error : w.error;
}

void PanelsDemo::prepare(AppContext &context, PanelsDemo &demo, std::function<void(QString)> done)
{
    {
        auto store = context.openStore();
        if (!store) {
            done(store.error().message);
            return;
        }
        if (const QString error = populate(**store, demo); !error.isEmpty()) {
            done(error);
            return;
        }
    }
    context.storage().open(
        context.dataDir(), Database::Options {}, &context,
        [done](Result<AsyncStore::OpenReport> report) { done(report ? QString() : report.error().message); });
}

QString PanelsDemo::openFresh(std::unique_ptr<QTemporaryDir> &dir, std::unique_ptr<AppContext> &context,
                              PanelsDemo &demo)
{
    dir = std::make_unique<QTemporaryDir>();
    if (!dir->isValid())
        return QStringLiteral("no temporary directory: ") + dir->errorString();
    context = std::make_unique<AppContext>(dir->path());
    demo = {};
    bool ready = false;
    QString error;
    QEventLoop loop;
    prepare(*context, demo, [&](const QString &e) {
        error = e;
        ready = true;
        loop.quit();
    });
    if (!ready) {
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return ready ? error : QStringLiteral("the demo data was not ready after 30 s");
}

} // namespace Skein
