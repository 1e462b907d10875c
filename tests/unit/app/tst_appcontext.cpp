// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "app/conversations.h"
#include "engine/conversation/conversation.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;

class TestAppContext final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void uiStateLivesInTheDataDir()
    {
        QTemporaryDir tmp;
        {
            AppContext context(tmp.path());
            QCOMPARE(context.dataDir(), tmp.path());
            context.uiState().setValue(QStringLiteral("probe"), 42);
            context.uiState().sync();
        }
        QVERIFY(QFileInfo::exists(tmp.filePath(QStringLiteral("ui-state.ini"))));
        AppContext again(tmp.path());
        QCOMPARE(again.uiState().value(QStringLiteral("probe")).toInt(), 42);
    }
    void componentVersionsAreFilled()
    {
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        const QList<ComponentVersion> versions = context.componentVersions();
        QStringList names;
        for (const ComponentVersion &c : versions) {
            QVERIFY2(!c.version.isEmpty(), qPrintable(c.name));
            names << c.name;
        }
        QCOMPARE(names, (QStringList {QStringLiteral("Qt"), QStringLiteral("SQLite"), QStringLiteral("QtKeychain")}));
    }

    void aLongConversationShowsItsEndFirst()
    {
        // 1,000 messages with a second reply beside the 10th: opening it shows the last
        // PreviewCount messages of the active branch first, then the whole document.
        QTemporaryDir tmp;
        AppContext context(tmp.path());
        Session session = Session::create();
        QList<Message> messages;
        QString parent;
        for (int i = 0; i < 1000; ++i) {
            Message m = Message::create(session.id, parent, i % 2 ? Role::Assistant : Role::User,
                                        QStringLiteral("message %1").arg(i));
            m.createdAt = 1000 + i;
            messages << m;
            parent = m.id;
        }
        Message beside = Message::create(session.id, messages.at(8).id, Role::Assistant, QStringLiteral("other"));
        beside.createdAt = 500;
        messages << beside;
        {
            auto store = context.openStore();
            QVERIFY(store);
            QVERIFY((*store)->sessions().create(session).ok());
            QVERIFY((*store)->messages().insertBatch(messages).ok());
            QVERIFY((*store)->sessions().setActiveLeaf(session.id, messages.at(999).id).ok());
        }

        bool opened = false;
        context.storage().open(context.dataDir(), Database::Options {}, &context,
                               [&](const Result<AsyncStore::OpenReport> &report) { opened = report.ok(); });
        QTRY_VERIFY(opened);
        Conversation *doc = context.conversations().open(session.id);
        struct Seen
        {
            bool loaded;
            int messages;
            QStringList path;
            int siblingsOfTenth;
            quint64 lastTextEpoch;
        };
        QList<Seen> seen;
        connect(&doc->tree(), &ConversationTree::resetDone, this, [&] {
            seen.append({doc->isLoaded(), doc->messageCount(), doc->activePath(),
                         doc->tree().siblingIndex(messages.at(9).id).count, doc->textEpoch(messages.at(999).id)});
        });
        QTRY_VERIFY(doc->isLoaded());
        QCOMPARE(seen.size(), 2);
        // The preview: the end of the branch, not yet loaded, without what lies beside it.
        QVERIFY(!seen.at(0).loaded);
        QCOMPARE(seen.at(0).messages, Conversation::PreviewCount);
        QCOMPARE(seen.at(0).path.size(), Conversation::PreviewCount);
        QCOMPARE(seen.at(0).path.first(), messages.at(1000 - Conversation::PreviewCount).id);
        QCOMPARE(seen.at(0).path.last(), messages.at(999).id);
        // The whole document replaces it.
        QVERIFY(seen.at(1).loaded);
        QCOMPARE(seen.at(1).messages, 1001);
        QCOMPARE(seen.at(1).path.size(), 1000);
        QCOMPARE(seen.at(1).siblingsOfTenth, 2);
        QCOMPARE(doc->message(messages.at(999).id).parentId, messages.at(998).id); // stored as it is
        // The preview's messages are the whole read's: what a view rendered of them stays valid.
        QCOMPARE(seen.at(1).lastTextEpoch, seen.at(0).lastTextEpoch);
        // Every message comes back as it was stored (the document keeps them packed).
        for (const Message &m : std::as_const(messages)) {
            const Message back = doc->message(m.id);
            QCOMPARE(back.content, m.content);
            QCOMPARE(back.parentId, m.parentId);
            QVERIFY(back.role == m.role);
            QCOMPARE(back.createdAt, m.createdAt);
        }
        context.conversations().close(doc);
    }
};

SKEIN_CORE_TEST_MAIN(TestAppContext)
#include "tst_appcontext.moc"
