// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Pinned notes (issue 17) through the real path: notes in SQLite, ContextLoader reading them and
// ContextAssembler putting them in the system prompt within their share. A note is the user's:
// it stays in while memory is paused, long after its message left the window, is never shown to
// the extraction model as something to change, and is never proposed for archiving.

#include "core/domain/ids.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/memoryops.h"
#include "engine/memory/memorysettings.h"
#include "memoryfixture.h"
#include "storage/memoryrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 20000;

QList<TurnSpec> longChat(const QString &first, int filler)
{
    QList<TurnSpec> turns {{first, u"Noted."_s, {}, {}}};
    for (int i = 0; i < filler; ++i)
        turns.append({u"Filler message number %1 about the weather and nothing else."_s.arg(i), u"Sure."_s, {}, {}});
    return turns;
}

} // namespace

class TestPinned final : public QObject
{
    Q_OBJECT

private:
    static AssembledContext assembled(Store &store, const Session &session, qint64 window)
    {
        ContextLoader::Options options;
        options.draft = u"What is my locker code?"_s;
        options.window = window;
        const auto loaded = ContextLoader::load(store, session, session.activeLeafId, options);
        if (!loaded)
            return {};
        return ContextAssembler::assemble(session, *loaded.value());
    }

    static void pause(Store &store, bool paused)
    {
        MemorySettings settings = MemorySettings::load(store.settings());
        settings.paused = paused;
        QVERIFY(settings.save(store.settings()));
    }

private Q_SLOTS:
    // Pinned from a message that left the window long ago, and a typed global note: both are in
    // the system prompt, this conversation's first, while memory is paused and learned memories
    // are not.
    void pinnedNotesAreAlwaysInThePrompt()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QStringList ids;
        const Session session = f.conversation(longChat(u"My locker code is 4417."_s, 120), &ids);
        auto s = f.sync();
        const Result<Memory> global = MemoryOps::pin(*s, u"Answer in British English."_s, MemoryScope::Global, {});
        QVERIFY(global);
        const Result<Memory> local
            = MemoryOps::pin(*s, u"My locker code is 4417."_s, MemoryScope::Session, session.id, ids.first());
        QVERIFY(local);
        QCOMPARE(local->sourceMessageId, ids.first());
        QCOMPARE(toString(local->type), u"pinned"_s);
        QVERIFY(MemoryOps::add(*s, MemoryType::Fact, u"The user's name is Ada"_s));
        pause(*s, true);

        const AssembledContext out = assembled(*s, session, 2048);
        const QString system = out.request.systemPrompt;
        QVERIFY2(!out.includedIds.contains(ids.first()), "the pinned message itself is far outside the window");
        QVERIFY2(system.contains(u"<pinned_notes>"_s), qPrintable(system));
        const qsizetype localAt = system.indexOf(u"locker code is 4417"_s);
        const qsizetype globalAt = system.indexOf(u"British English"_s);
        QVERIFY(localAt > 0 && globalAt > localAt);
        QVERIFY2(!system.contains(u"Ada"_s), "paused: nothing learned is injected");
        QCOMPARE(out.pinned.size(), 2);
        QVERIFY(out.snapshot.memoryIds.contains(local->id) && out.snapshot.memoryIds.contains(global->id));
        const qint64 tokens = out.snapshot.sectionTokens.value("pinned"_L1).toInteger();
        QVERIFY(tokens > 0 && tokens <= out.budget.pinned);
        QVERIFY(out.pinnedLeftOut.isEmpty());

        // Not paused: the learned memory joins, in its own block after the notes.
        pause(*s, false);
        const QString both = assembled(*s, session, 2048).request.systemPrompt;
        QVERIFY(both.contains(u"Ada"_s) && both.indexOf(u"<memories>"_s) > both.indexOf(u"</pinned_notes>"_s));

        // Unpinning (deleting the note) takes it out of the next request.
        QVERIFY(MemoryOps::remove(*s, local->id));
        QVERIFY(!assembled(*s, session, 2048).request.systemPrompt.contains(u"4417"_s));
    }

    // An incognito conversation keeps the notes pinned to it, not global ones.
    void incognitoKeepsOnlyItsOwnNotes()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QStringList ids;
        Session session = f.conversation(longChat(u"Call me Captain."_s, 3), &ids);
        auto s = f.sync();
        QVERIFY(MemoryOps::pin(*s, u"Everywhere note about tea."_s, MemoryScope::Global, {}));
        QVERIFY(MemoryOps::pin(*s, u"Call me Captain."_s, MemoryScope::Session, session.id, ids.first()));
        QVERIFY(s->sessions().setIncognito(session.id, Session::Incognito::Kept));
        session = s->sessions().get(session.id).value();
        const QString system = assembled(*s, session, 4096).request.systemPrompt;
        QVERIFY2(system.contains(u"Call me Captain."_s), qPrintable(system));
        QVERIFY(!system.contains(u"tea"_s));
    }

    // Notes beyond their share are left out and reported, and the request stays in its budget.
    void notesBeyondTheirShareAreReported()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        Session session = f.conversation(longChat(u"Hello."_s, 2));
        auto s = f.sync();
        QStringList pinned;
        for (int i = 0; i < 6; ++i) {
            const Result<Memory> m = MemoryOps::pin(
                *s, u"Note %1: the project codename is Heron and the deadline is in March, keep both in mind."_s.arg(i),
                MemoryScope::Session, session.id);
            QVERIFY(m);
            pinned << m->id;
            QTest::qWait(2); // each pinned a moment after the one before
        }
        session.contextSettings = QJsonObject {{u"pinned_share"_s, 0.04}};
        const AssembledContext out = assembled(*s, session, 2048);
        QVERIFY(!out.pinned.isEmpty());
        QVERIFY(!out.pinnedLeftOut.isEmpty());
        QCOMPARE(out.pinned.size() + out.pinnedLeftOut.size(), 6);
        QCOMPARE(out.pinned.first().id, pinned.first()); // the oldest first
        QVERIFY(out.snapshot.sectionTokens.value("pinned"_L1).toInteger() <= out.budget.pinned + 8);
        QCOMPARE(out.snapshot.sectionTokens.value("pinned_left_out"_L1).toArray().size(), out.pinnedLeftOut.size());
        QVERIFY(out.snapshot.estimatedTokens <= out.budget.input);
    }

    // The extraction model never sees a note as a memory to change and cannot make one; the cap
    // on active memories never proposes a note for archiving.
    void extractionAndTheCapLeaveNotesAlone()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QStringList ids;
        const Session session = f.conversation({{u"I drink my coffee black."_s, u"Ok."_s, {}, {}}}, &ids);
        auto s = f.sync();
        const Result<Memory> note = MemoryOps::pin(*s, u"Pinned: always cite sources."_s, MemoryScope::Global, {});
        QVERIFY(note);
        MemorySettings settings = MemorySettings::load(s->settings());
        settings.reviewRequired = false;
        settings.activeCap = 10; // the least allowed
        QVERIFY(settings.save(s->settings()));
        QJsonObject shown;
        f.server.route("POST", "/v1/chat/completions", [&](const RecordedRequest &r) -> ReplayResponse {
            shown = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
            const QJsonArray decisions {QJsonObject {{u"action"_s, u"add"_s},
                                                     {u"type"_s, u"pinned"_s},
                                                     {u"content"_s, u"The user drinks coffee black"_s},
                                                     {u"source_message_id"_s, ids.first()}}};
            return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
        });
        MemoryExtractor extractor(&f.store);
        std::optional<MemoryExtractor::Report> report;
        extractor.run(session.id, f.route(), [&](const MemoryExtractor::Report &r) { report = r; });
        QVERIFY(QTest::qWaitFor([&] { return report.has_value(); }, Wait));
        QVERIFY2(report->ok(), qPrintable(report->error));
        QVERIFY(!QJsonDocument(shown).toJson().contains("always cite sources"));
        QList<Memory> learned = s->memories().list({}).value();
        learned.removeIf([&](const Memory &m) { return m.id == note->id; });
        QCOMPARE(learned.size(), 1);
        QCOMPARE(toString(learned.first().type), u"fact"_s); // "pinned" is the user's alone

        for (int i = 0; i < 12; ++i)
            QVERIFY(MemoryOps::pin(*s, u"Note %1"_s.arg(i), MemoryScope::Global, {}));
        QCOMPARE(s->memories().proposeArchiving(10, Ids::nowMs()).value(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPinned)
#include "tst_pinned.moc"
