// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The chat area end to end: a real MainWindow over a temporary data dir, talking to a scripted
// OpenAI-compatible server on loopback. Send -> streamed -> stored; edit -> new branch and the
// ‹ n / m › switcher; regenerate -> sibling; search -> jump to the message on its branch;
// delete with undo; inline rename; export.
#include "app/appcontext.h"
#include "chatfixture.h"
#include "core/domain/ids.h"
#include "engine/conversation/conversation.h"
#include "gui/chatcontroller.h"
#include "gui/chatview.h"
#include "gui/composer.h"
#include "gui/mainwindow.h"
#include "gui/messageeditor.h"
#include "gui/sessionsidebar.h"
#include "gui/topicswitchbanner.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "scriptedmodel.h"
#include "secrets/memorysecretstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

using Fixture = ChatFixture;

Session seedSession(Store &store, const QString &title, const QList<Message> &messages, const QString &leaf)
{
    Session s = Session::create(title);
    s.providerId = u"prov-1"_s;
    s.model = u"scripted-1"_s;
    if (!store.sessions().create(s))
        return {};
    for (Message m : messages) {
        m.sessionId = s.id;
        if (!store.messages().insert(m))
            return {};
    }
    if (!store.sessions().setActiveLeaf(s.id, leaf))
        return {};
    return s;
}

Message message(const QString &id, const QString &parent, Role role, const QString &text, qint64 at)
{
    Message m = Message::create(QString(), parent, role, text);
    m.id = id;
    m.createdAt = at;
    m.completedAt = at;
    return m;
}

} // namespace

class TestChatWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sendStreamsAndStores()
    {
        Fixture f;
        QVERIFY(f.start());
        QVERIFY(f.window->findChild<QWidget *>(u"welcomePanel"_s)->isVisible());
        f.type(u"Hello there"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QString expected = u"Answer 1 to: Hello there"_s + kReplyTail;
        QCOMPARE(f.content(0), u"Hello there"_s);
        QCOMPARE(f.content(1), expected);
        QVERIFY(f.view()->isVisible());
        QVERIFY(f.window->composer()->text().isEmpty());
        // Usage arrived with the stored row and shows on hover.
        QTRY_VERIFY(f.thread()->index(1).data(Qt::ToolTipRole).toString().contains(u"12"_s));

        // On disk: the same two messages, complete, on the session's active branch.
        const QString sessionId = f.controller()->currentSessionId();
        QVERIFY(!sessionId.isEmpty());
        std::unique_ptr<Store> store = f.store();
        const Session s = store->sessions().get(sessionId).value();
        const QList<Message> path = store->messages().path(s.activeLeafId).value();
        QCOMPARE(path.size(), 2);
        QCOMPARE(path.at(0).content, u"Hello there"_s);
        QCOMPARE(path.at(1).content, expected);
        QVERIFY(path.at(1).status == MessageStatus::Complete);
        QCOMPARE(path.at(1).providerId, u"prov-1"_s);

        // Auto-title from the first user message (heuristic, not a model call).
        QTRY_COMPARE(f.controller()->sessionModel()->session(sessionId).title, u"Hello there"_s);
        QVERIFY(!store->sessions().get(sessionId)->titleIsUserSet);

        // The view painted the reply (code block with its copy button, a table).
        f.window->grab();
        QVERIFY(f.view()->messageDelegate()->renderCount() >= 3);
        const QList<MessageDelegate::Hit> hits
            = f.view()->messageDelegate()->hits(f.thread()->index(1), f.view()->visualRect(f.thread()->index(1)));
        bool copyCode = false;
        for (const MessageDelegate::Hit &h : hits)
            copyCode = copyCode
                || (h.action == MessageDelegate::Action::CopyCode && h.data == u"int main() { return 0; }"_s);
        QVERIFY(copyCode);

        // Edit → View Message Source shows the Markdown as written.
        f.view()->setCurrentIndex(f.thread()->index(1));
        f.window->findChild<QAction *>(u"actionMessageSource"_s)->trigger();
        QDialog *source = nullptr;
        QTRY_VERIFY((source = f.window->findChild<QDialog *>(u"messageSourceDialog"_s)));
        QCOMPARE(source->findChild<QPlainTextEdit *>()->toPlainText(), expected);
        source->close();
    }

    void sendWhileBusyQueues()
    {
        Fixture f;
        QVERIFY(f.start());
        f.type(u"one"_s);
        f.type(u"two"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(4), 20000);
        QCOMPARE(f.content(0), u"one"_s);
        QCOMPARE(f.content(2), u"two"_s);
        QVERIFY(f.content(3).startsWith(u"Answer 2 to: two"_s));
        QCOMPARE(f.controller()->queuedCount(), 0);
    }

    void editMakesABranchAndTheSwitcherWalksIt()
    {
        Fixture f;
        QVERIFY(f.start());
        f.type(u"first question"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QString firstReply = f.thread()->idAt(1);

        // Edit turns the message into an editor in place, no dialog; it has the focus.
        ChatView *view = f.view();
        const int rowHeight = view->visualRect(f.thread()->index(0)).height();
        QVERIFY(f.click(0, MessageDelegate::Action::Edit));
        QPointer<MessageEditor> editor = view->messageEditor();
        QVERIFY(editor);
        QVERIFY(!f.window->findChild<QDialog *>());
        QCOMPARE(editor->text(), u"first question"_s);
        QTRY_VERIFY(editor->isVisible());
        QTRY_COMPARE(f.window->focusWidget(), editor->edit()); // (also where the window is not active)
        auto editorInsideRow = [&] {
            const QRect row = view->visualRect(f.thread()->index(0));
            return row.contains(editor->geometry());
        };
        QTRY_VERIFY(editorInsideRow());
        // The row grows with the editor's text, and the editor with it.
        const int editorHeight = editor->height();
        editor->edit()->setPlainText(u"first question\n\n\n\n\n\nwith more lines"_s);
        QTRY_VERIFY(editor->height() > editorHeight);
        QTRY_VERIFY(view->visualRect(f.thread()->index(0)).height() > rowHeight);
        QTRY_VERIFY(editorInsideRow());
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            f.window->resize(1000, 700);
            QTest::qWait(300);
            QVERIFY(f.window->grab().save(shots + u"/edit-in-place.png"_s));
            f.window->resize(760, 560);
        }
        // With "Enter sends" off, Enter adds a line; Esc puts the message back as it was.
        Composer::setEnterSendsEverywhere(false);
        QVERIFY(!editor->edit()->enterSends());
        editor->edit()->moveCursor(QTextCursor::End);
        QTest::keyClick(editor->edit(), Qt::Key_Return);
        QVERIFY(editor);
        QVERIFY(editor->text().endsWith(u"lines\n"_s));
        QTest::keyClick(editor->edit(), Qt::Key_Escape);
        QTRY_VERIFY(!editor);
        QVERIFY(!view->messageEditor());
        QCOMPARE(f.content(0), u"first question"_s);
        QTRY_COMPARE(view->visualRect(f.thread()->index(0)).height(), rowHeight);
        QCOMPARE(f.store()->messages().countBySession(f.controller()->currentSessionId()).value(), 2);
        // Enter sends the edit as a new branch (the setting back on, as most people have it).
        Composer::setEnterSendsEverywhere(true);
        QVERIFY(f.click(0, MessageDelegate::Action::Edit));
        editor = view->messageEditor();
        QVERIFY(editor && editor->edit()->enterSends());
        editor->edit()->setPlainText(u"better question"_s);
        QTest::keyClick(editor->edit(), Qt::Key_Return);
        QTRY_VERIFY(!editor);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2) && f.content(0) == u"better question"_s, 15000);
        QVERIFY(f.content(1).startsWith(u"Answer 2 to: better question"_s));
        QCOMPARE(f.thread()->index(0).data(ThreadModel::SiblingIndexRole).toInt(), 2);
        QCOMPARE(f.thread()->index(0).data(ThreadModel::SiblingCountRole).toInt(), 2);

        // Alt+Left on the selected reply walks up to the edited message and shows the old branch.
        f.view()->setCurrentIndex(f.thread()->index(1));
        f.window->findChild<QAction *>(u"actionPreviousBranch"_s)->trigger();
        QCOMPARE(f.content(0), u"first question"_s);
        QCOMPARE(f.thread()->idAt(1), firstReply);
        QCOMPARE(f.thread()->index(0).data(ThreadModel::SiblingIndexRole).toInt(), 1);
        // ...and the choice is stored.
        QTRY_COMPARE(f.store()->sessions().get(f.controller()->currentSessionId())->activeLeafId, firstReply);
        // The › button goes forward again.
        QVERIFY(f.click(0, MessageDelegate::Action::NextSibling));
        QCOMPARE(f.content(0), u"better question"_s);
        QCOMPARE(f.store()->messages().countBySession(f.controller()->currentSessionId()).value(), 4);
    }

    void rerunWithContextLeavesMessagesOut()
    {
        Fixture f;
        QVERIFY(f.start());
        f.type(u"my code word is heliotrope"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        f.type(u"what next"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(4), 15000);
        auto sentWord = [&f](int request) {
            const QJsonArray messages = requestMessages(f.server.requests().at(request));
            for (const QJsonValue &m : messages)
                if (contentText(m[u"content"_s]).contains(u"heliotrope"_s))
                    return true;
            return false;
        };
        QVERIFY(sentWord(1));

        // The context inspector's re-run: the first exchange left out, a sibling of the reply.
        ContextExclusions exclusions;
        exclusions.messageIds = {f.thread()->idAt(0), f.thread()->idAt(1)};
        const QString oldReply = f.thread()->idAt(3);
        f.controller()->rerunWithContext(oldReply, exclusions);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(4) && f.thread()->idAt(3) != oldReply, 15000);
        QCOMPARE(f.server.requestCount(), 3);
        QVERIFY(!sentWord(2));
        QVERIFY(lastUserText(f.server.requests().at(2)).startsWith(u"what next"_s));
        QCOMPARE(f.thread()->index(3).data(ThreadModel::SiblingCountRole).toInt(), 2);
        QCOMPARE(f.thread()->message(f.thread()->idAt(3)).parentId, f.thread()->idAt(2));
    }

    void memoriesAndTheTopicOfferFollowTurns()
    {
        Fixture f;
        f.background = true;
        int extractions = 0;
        int topicChecks = 0;
        // The background calls are told apart by their system prompt; chat turns get the usual answer.
        f.script = [&](const RecordedRequest &request) {
            const QJsonArray messages = requestMessages(request);
            const QString system = messages.isEmpty() ? QString() : contentText(messages.first()[u"content"_s]);
            if (system.contains(u"long-term memory"_s)) {
                ++extractions;
                const QJsonObject data = QJsonDocument::fromJson(lastUserText(request).toUtf8()).object();
                QJsonArray decisions;
                for (const QJsonValue &m : data[u"user_messages"_s].toArray())
                    if (m[u"own_words"_s].toString().contains(u"vegetarian"_s))
                        decisions.append(QJsonObject {{u"action"_s, u"add"_s},
                                                      {u"type"_s, u"preference"_s},
                                                      {u"content"_s, u"The user is vegetarian"_s},
                                                      {u"source_message_id"_s, m[u"id"_s]}});
                return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
            }
            if (system.contains(u"unrelated"_s)) {
                ++topicChecks;
                const bool tax
                    = QJsonDocument::fromJson(lastUserText(request).toUtf8())[u"new_message"_s].toString().contains(
                        u"tax return"_s);
                return openAiText(tax ? u"{\"related\": false, \"confidence\": 0.95, \"title\": \"Tax return\"}"_s
                                      : u"{\"related\": true, \"confidence\": 0.9}"_s);
            }
            return openAiText(u"Noted: "_s + lastUserText(request).section(u"\n\n<runtime>"_s, 0, 0));
        };
        QVERIFY(f.start([](Store &store) { QVERIFY(store.settings().set(u"memory/extract_after_turns"_s, u"1"_s)); }));
        f.type(u"I am vegetarian, plan my dinners"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        // Extraction after the turn: the memory waits in the review inbox (the default policy).
        QTRY_VERIFY_WITH_TIMEOUT(f.store()->memories().list({}).value().size() == 1, 15000);
        const Memory memory = f.store()->memories().list({}).value().first();
        QCOMPARE(memory.content, u"The user is vegetarian"_s);
        QVERIFY(memory.status == MemoryStatus::Pending);
        QCOMPARE(memory.sourceMessageId, f.thread()->idAt(0));
        QVERIFY(extractions >= 1);

        // A follow-up, then an unrelated request (the check needs two earlier turns): the banner
        // offers a new session; accepting opens it.
        f.type(u"Add a dessert too"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(4), 15000);
        f.type(u"Now help me with my tax return"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(6), 15000);
        auto *banner = f.window->findChild<TopicSwitchBanner *>();
        QVERIFY(banner);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QVERIFY(topicChecks >= 1);
        const QString oldSession = f.controller()->currentSessionId();
        banner->accept();
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->currentSessionId() != oldSession, 10000);
        QVERIFY(!banner->isVisible());
        QTRY_COMPARE(f.controller()->sessionModel()->sessionCount(), 2);
    }

    void regenerateAddsASibling()
    {
        Fixture f;
        QVERIFY(f.start());
        f.type(u"pick a number"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        QVERIFY(f.click(1, MessageDelegate::Action::Regenerate));
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2) && f.content(1).startsWith(u"Answer 2"_s), 15000);
        QCOMPARE(f.thread()->index(1).data(ThreadModel::SiblingIndexRole).toInt(), 2);
        QCOMPARE(f.thread()->index(1).data(ThreadModel::SiblingCountRole).toInt(), 2);
        QVERIFY(f.click(1, MessageDelegate::Action::PreviousSibling));
        QVERIFY(f.content(1).startsWith(u"Answer 1"_s));
        QCOMPARE(f.thread()->index(1).data(ThreadModel::SiblingIndexRole).toInt(), 1);
        // One user message, two replies: the regenerate did not resend the question.
        QCOMPARE(f.server.requestCount(), 2);
        QCOMPARE(f.store()->messages().countBySession(f.controller()->currentSessionId()).value(), 3);
    }

    void searchJumpsToTheMessageOnItsBranch()
    {
        Fixture f;
        Session seeded;
        QVERIFY(f.start([&](Store &store) {
            seedSession(store, u"Other"_s, {message(u"o1"_s, {}, Role::User, u"nothing here"_s, 1000)}, u"o1"_s);
            seeded = seedSession(store, u"Zoo"_s,
                                 {message(u"u1"_s, {}, Role::User, u"tell me about animals"_s, 2000),
                                  message(u"a1a"_s, u"u1"_s, Role::Assistant, u"the zebra has stripes"_s, 3000),
                                  message(u"a1b"_s, u"u1"_s, Role::Assistant, u"the lion roars"_s, 4000)},
                                 u"a1b"_s);
        }));
        QTRY_COMPARE(f.controller()->sessionModel()->sessionCount(), 2);
        f.window->findChild<QAction *>(u"actionSearch"_s)->trigger();
        auto *sidebar = f.window->findChild<SessionSidebar *>();
        QVERIFY(sidebar->searchBox()->hasFocus());
        QTest::keyClicks(sidebar->searchBox(), u"zebra"_s);
        QTRY_COMPARE(f.controller()->searchModel()->rowCount(), 1);
        QVERIFY(sidebar->resultList()->isVisible());
        const QModelIndex hit = f.controller()->searchModel()->index(0, 0);
        QCOMPARE(hit.data(SearchResultModel::MessageIdRole).toString(), u"a1a"_s);
        QVERIFY(hit.data(SearchResultModel::SnippetRole).toString().contains(u"\x02zebra\x03"_s));
        QTest::mouseClick(sidebar->resultList()->viewport(), Qt::LeftButton, {},
                          sidebar->resultList()->visualRect(hit).center());
        QTRY_COMPARE(f.controller()->currentSessionId(), seeded.id);
        QTRY_COMPARE(f.thread()->activeLeaf(), u"a1a"_s);
        QTRY_COMPARE(f.view()->currentIndex().data(ThreadModel::IdRole).toString(), u"a1a"_s);
        QCOMPARE(f.thread()->index(1).data(ThreadModel::SiblingIndexRole).toInt(), 1);
        QTRY_COMPARE(f.store()->sessions().get(seeded.id)->activeLeafId, u"a1a"_s);
        // Clearing the search shows the session list again.
        sidebar->searchBox()->clear();
        QVERIFY(sidebar->sessionList()->isVisible());
    }

    void theContextCountFollowsTheBranch()
    {
        // Stored estimates are summed; a message stored without one is estimated from its text.
        Fixture f;
        Session seeded;
        QVERIFY(f.start([&](Store &store) {
            Message u1 = message(u"u1"_s, {}, Role::User, u"tell me about animals"_s, 2000);
            u1.tokenEstimate = 0;
            Message a1a = message(u"a1a"_s, u"u1"_s, Role::Assistant, u"the zebra has stripes"_s, 3000);
            a1a.tokenEstimate = 100;
            Message a1b = message(u"a1b"_s, u"u1"_s, Role::Assistant, u"the lion roars"_s, 4000);
            a1b.tokenEstimate = 1000;
            seeded = seedSession(store, u"Zoo"_s, {u1, a1a, a1b}, u"a1b"_s);
        }));
        QSignalSpy counted(f.controller(), &ChatController::contextTokensChanged);
        f.controller()->openSession(seeded.id);
        QTRY_VERIFY(!counted.isEmpty() && counted.last().first().toLongLong() > 1000);
        const qint64 onB = counted.last().first().toLongLong();
        const qint64 firstMessage = onB - 1000;
        QVERIFY(firstMessage > 0 && firstMessage < 100);
        QTest::qWait(50);
        const qsizetype afterOpen = counted.size();

        // Two changes in one event-loop turn (the session, then the branch) are counted once.
        Conversation *doc = f.controller()->conversation();
        Session renamed = doc->session();
        renamed.title = u"Zoo, renamed"_s;
        doc->setSession(renamed);
        f.controller()->switchSibling(u"a1b"_s, ConversationTree::Direction::Previous);
        QTRY_COMPARE(counted.last().first().toLongLong(), firstMessage + 100);
        QTest::qWait(50);
        QCOMPARE(counted.size(), afterOpen + 1);
    }

    void deleteCanBeUndone()
    {
        Fixture f;
        Session a, b;
        QVERIFY(f.start([&](Store &store) {
            a = seedSession(store, u"Keep me"_s, {message(u"x1"_s, {}, Role::User, u"x"_s, 1000)}, u"x1"_s);
            b = seedSession(store, u"Drop me"_s, {message(u"y1"_s, {}, Role::User, u"y"_s, 2000)}, u"y1"_s);
        }));
        SessionListModel *sessions = f.controller()->sessionModel();
        QTRY_COMPARE(sessions->sessionCount(), 2);
        auto *sidebar = f.window->findChild<SessionSidebar *>();
        f.controller()->setUndoWindow(60000);
        sidebar->sessionList()->setCurrentIndex(sessions->index(sessions->rowOf(a.id)));
        QTRY_COMPARE(f.controller()->currentSessionId(), a.id);
        f.window->findChild<QAction *>(u"actionDelete"_s)->trigger();
        QCOMPARE(sessions->rowOf(a.id), -1);
        auto *undoBar = f.window->findChild<QWidget *>(u"undoBar"_s);
        QVERIFY(undoBar->isVisible());
        QVERIFY(f.controller()->currentSessionId().isEmpty());
        QAction *undo = f.window->findChild<QAction *>(u"actionUndoDelete"_s);
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
        QTest::mouseClick(f.window->findChild<QPushButton *>(u"undoButton"_s), Qt::LeftButton);
        QVERIFY(sessions->rowOf(a.id) >= 0);
        QVERIFY(!undoBar->isVisible());
        QVERIFY(!undo->isEnabled());
        // Edit → Undo Delete does the same.
        f.controller()->deleteSession(a.id);
        QCOMPARE(sessions->rowOf(a.id), -1);
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QVERIFY(sessions->rowOf(a.id) >= 0);
        QTRY_COMPARE(f.controller()->currentSessionId(), a.id);
        QVERIFY(f.store()->sessions().get(a.id).ok());

        // Without undo the delete happens when the window closes.
        f.controller()->setUndoWindow(300);
        f.controller()->deleteSession(b.id);
        QCOMPARE(sessions->rowOf(b.id), -1);
        QTRY_COMPARE(f.store()->sessions().count().value(), qint64(1));
        QVERIFY(!f.store()->sessions().get(b.id).ok());
        QTRY_VERIFY(!undoBar->isVisible());
    }

    void importFromTheFileMenu()
    {
        Fixture source;
        Session a;
        QVERIFY(source.start([&](Store &store) {
            a = seedSession(store, u"Travel plans"_s,
                            {message(u"t1"_s, {}, Role::User, u"Lisbon in May?"_s, 1000),
                             message(u"t2"_s, u"t1"_s, Role::Assistant, u"Yes, mild weather."_s, 2000)},
                            u"t2"_s);
        }));
        const QString path = source.dir.filePath(u"export.json"_s);
        source.controller()->exportSession(a.id, path);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path), 10000);

        Fixture target;
        QVERIFY(target.start());
        QTRY_VERIFY(target.window->findChild<QAction *>(u"actionImport"_s)->isEnabled());
        target.window->importFile(path);
        QTRY_COMPARE_WITH_TIMEOUT(target.controller()->sessionModel()->sessionCount(), 1, 10000);
        QCOMPARE(target.controller()->sessionModel()->session(a.id).title, u"Travel plans"_s);
        QCOMPARE(target.store()->messages().countBySession(a.id).value(), 2);
        QMessageBox *summary = nullptr;
        QTRY_VERIFY((summary = target.window->findChild<QMessageBox *>(u"importSummary"_s)) != nullptr);
        QVERIFY2(summary->informativeText().contains(u"New conversations: 1, with 2 messages."_s),
                 qPrintable(summary->informativeText()));
        summary->close();
        QTRY_VERIFY(!target.window->findChild<QMessageBox *>());
        // A broken file: a clear message, nothing imported.
        const QString broken = target.dir.filePath(u"broken.json"_s);
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"skein.session/1\", \"sessions\": [");
        file.close();
        target.window->importFile(broken);
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = target.window->findChild<QMessageBox *>()) != nullptr, 10000);
        QVERIFY(box->text().startsWith(u"Nothing was imported"_s));
        box->close();
        QCOMPARE(target.store()->sessions().count().value(), qint64(1));
    }

    void renameInlineAndExport()
    {
        Fixture f;
        Session a;
        QVERIFY(f.start([&](Store &store) {
            a = seedSession(store, u"Old name"_s,
                            {message(u"m1"_s, {}, Role::User, u"question"_s, 1000),
                             message(u"m2"_s, u"m1"_s, Role::Assistant, u"answer"_s, 2000)},
                            u"m2"_s);
        }));
        SessionListModel *sessions = f.controller()->sessionModel();
        QTRY_COMPARE(sessions->sessionCount(), 1);
        auto *sidebar = f.window->findChild<SessionSidebar *>();
        sidebar->sessionList()->setCurrentIndex(sessions->index(sessions->rowOf(a.id)));
        f.window->findChild<QAction *>(u"actionRename"_s)->trigger();
        QLineEdit *editor = nullptr;
        QTRY_VERIFY((editor = sidebar->sessionList()->findChild<QLineEdit *>()));
        editor->selectAll();
        QTest::keyClicks(editor, u"New name"_s);
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(f.store()->sessions().get(a.id)->title, u"New name"_s);
        QVERIFY(f.store()->sessions().get(a.id)->titleIsUserSet);

        const QString json = f.dir.filePath(u"out.json"_s);
        const QString md = f.dir.filePath(u"out.md"_s);
        f.controller()->exportSession(a.id, json);
        f.controller()->exportSession(a.id, md);
        QTRY_VERIFY(QFile::exists(json) && QFile::exists(md));
        QVERIFY(readFile(json).contains("skein.session/1"));
        QVERIFY(readFile(md).contains("answer"));

        // Pin moves it to the Pinned group; duplicate makes a second session.
        f.controller()->setPinned(a.id, true);
        QTRY_VERIFY(sessions->session(a.id).pinned);
        QCOMPARE(sessions->index(0).data().toString(), u"Pinned"_s);
        f.controller()->duplicateSession(a.id);
        QTRY_COMPARE(sessions->sessionCount(), 2);
        QTRY_VERIFY(f.controller()->currentSessionId() != a.id);
        QTRY_COMPARE(f.thread()->rowCount(), 2);
    }

    // File → Export… (keyboard: Ctrl+Shift+E): the kind chosen in the dialog decides the format and
    // the name's extension; File → Print… (Ctrl+P) prints the active branch off the GUI thread.
    void exportKindsFromTheDialogAndPrint()
    {
        Fixture f;
        Session a;
        QVERIFY(f.start([&](Store &store) {
            a = seedSession(store, u"Plans"_s,
                            {message(u"p1"_s, {}, Role::User, u"question"_s, 1000),
                             message(u"p2"_s, u"p1"_s, Role::Assistant, u"first answer"_s, 2000),
                             message(u"p3"_s, u"p1"_s, Role::Assistant, u"second answer"_s, 3000)},
                            u"p3"_s);
        }));
        SessionListModel *sessions = f.controller()->sessionModel();
        QTRY_COMPARE(sessions->sessionCount(), 1);
        auto *sidebar = f.window->findChild<SessionSidebar *>();
        sidebar->sessionList()->setCurrentIndex(sessions->index(sessions->rowOf(a.id)));
        f.window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));

        // The file written, or an empty string when the dialog or the file did not appear.
        const auto exportAs = [&](int filterIndex, const QString &base, const QString &shot = {}) -> QString {
            f.window->activateWindow();
            if (!QTest::qWaitForWindowActive(f.window.get()))
                return {};
            QTest::keyClick(f.window.get(), Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
            QFileDialog *dialog = nullptr;
            if (!QTest::qWaitFor([&] { return (dialog = f.window->findChild<QFileDialog *>(u"exportDialog"_s)); }))
                return {};
            const QStringList filters = dialog->nameFilters();
            dialog->selectNameFilter(filters.at(filterIndex));
            Q_EMIT dialog->filterSelected(filters.at(filterIndex));
            dialog->selectFile(f.dir.filePath(base));
            const QString path = f.dir.filePath(base + u'.' + dialog->defaultSuffix());
            if (!shot.isEmpty()) {
                QTest::qWait(200);
                if (!dialog->grab().save(shot))
                    return {};
            }
            static_cast<QDialog *>(dialog)->accept();
            const bool gone = QTest::qWaitFor([&] { return !f.window->findChild<QFileDialog *>(); });
            return gone && QTest::qWaitFor([&] { return QFileInfo(path).size() > 0; }, 10000) ? path : QString();
        };
        const QString json = exportAs(0, u"plans"_s);
        QVERIFY(json.endsWith(u".json"_s));
        QVERIFY(readFile(json).contains("second answer") && readFile(json).contains("first answer"));
        const QString page = exportAs(1, u"page"_s);
        QVERIFY(page.endsWith(u".html"_s));
        QVERIFY(readFile(page).contains("second answer"));
        QVERIFY(!readFile(page).contains("first answer"));
        const QString tree = exportAs(2, u"tree"_s);
        QVERIFY(readFile(tree).contains("first answer"));
        QVERIFY(readFile(tree).contains("<details class=\"branch\" open>"));
        const QString pdf = exportAs(3, u"plans"_s, shotPath(u"export-dialog"_s));
        QVERIFY(pdf.endsWith(u".pdf"_s));
        QTRY_VERIFY(readFile(pdf).startsWith("%PDF-"));
        const QString md = exportAs(4, u"notes"_s);
        QVERIFY(readFile(md).contains("## Assistant"));

        QSignalSpy notices(f.controller(), &ChatController::notice);
        f.window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
        QTest::keyClick(f.window.get(), Qt::Key_P, Qt::ControlModifier);
        QPrintDialog *print = nullptr;
        QTRY_VERIFY((print = f.window->findChild<QPrintDialog *>(u"printDialog"_s)) != nullptr);
        const QString printed = f.dir.filePath(u"printed.pdf"_s);
        print->printer()->setOutputFormat(QPrinter::PdfFormat);
        print->printer()->setOutputFileName(printed);
        print->done(QDialog::Accepted);
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(notices.cbegin(), notices.cend(),
                        [](const QList<QVariant> &n) { return n.first().toString() == u"Sent to the printer"_s; }),
            10000);
        QVERIFY(readFile(printed).startsWith("%PDF-"));
    }

    void titleHeuristic()
    {
        QCOMPARE(ChatController::titleFromText(u"\n\n# How do I sort a list in Python?\nmore"_s),
                 u"How do I sort a list in Python?"_s);
        const QString longText = u"Please explain the difference between processes and threads in operating systems"_s;
        const QString t = ChatController::titleFromText(longText);
        QVERIFY(t.size() <= 49);
        QVERIFY(t.endsWith(u"…"_s));
        QVERIFY(longText.startsWith(t.chopped(1)));
    }
};

SKEIN_TEST_MAIN(TestChatWindow, QApplication)
#include "tst_chatwindow.moc"
