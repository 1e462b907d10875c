// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The session sidebar over a real data dir and a scripted model server: a reply that ends in a
// conversation not shown marks it unread (until it is opened, and across a reload of the list);
// the row's accessible description says what the conversation is doing; the buttons on the row
// under the mouse pin and delete; how the rows look in light and dark.
#include "chat/chatfixture.h"
#include "gui/sessionsidebar.h"
#include "gui/sessiontagsdialog.h"
#include "gui/settings/appearance.h"
#include "models/sessionlistmodel.h"
#include "storage/memoryrepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "testsupport.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

// A refusal that arrives after a second (400: not retried).
ReplayResponse slowFailure(const RecordedRequest &)
{
    ReplayResponse r = ReplayResponse::fromBytes(
        400, R"({"error":{"message":"no such model","type":"invalid_request_error"}})", "application/json");
    r.headerDelayMs = 1500;
    return r;
}

void applyTheme(AppearanceSettings::Theme theme)
{
    AppearanceSettings s;
    s.theme = theme;
    Appearance::apply(s);
}

bool seedSessions(Store &store, const QStringList &titles)
{
    qint64 at = QDateTime::currentMSecsSinceEpoch() - 60000;
    for (const QString &title : titles) {
        Session s = Session::create(title);
        s.providerId = u"prov-1"_s;
        s.model = u"scripted-1"_s;
        s.updatedAt = at;
        at += 1000;
        if (!store.sessions().create(s))
            return false;
    }
    return true;
}

struct Sidebar
{
    ChatFixture &f;

    SessionSidebar *widget() const { return f.window->findChild<SessionSidebar *>(); }
    QListView *list() const { return widget()->sessionList(); }
    SessionListModel *model() const { return f.controller()->sessionModel(); }
    SessionDelegate *delegate() const { return qobject_cast<SessionDelegate *>(list()->itemDelegate()); }
    QModelIndex indexOf(const QString &id) const { return model()->index(model()->rowOf(id)); }
    // Where the row is now (the view lays rows out late after a reset or a resize).
    QRect rectOf(const QString &id) const
    {
        list()->doItemsLayout();
        return list()->visualRect(indexOf(id));
    }
    QString idOf(const QString &title) const
    {
        for (int row = 0; row < model()->rowCount(); ++row)
            if (model()->index(row).data().toString() == title)
                return model()->idAt(row);
        return {};
    }

    // What a screen reader reads for the row: the accessible cell of the list.
    QString accessible(const QString &id, QAccessible::Text text) const
    {
        QAccessibleInterface *view = QAccessible::queryAccessibleInterface(list());
        QAccessibleTableInterface *table = view ? view->tableInterface() : nullptr;
        if (table) {
            // Without an accessibility bridge the view does not tell its cells about resets; a
            // screen reader's bridge does, as here.
            QAccessibleTableModelChangeEvent reset(list(), QAccessibleTableModelChangeEvent::ModelReset);
            table->modelChange(&reset);
        }
        QAccessibleInterface *cell = table ? table->cellAt(model()->rowOf(id), 0) : nullptr;
        if (!cell || cell->text(QAccessible::Name) != indexOf(id).data().toString())
            return u"<no cell for %1: %2 / %3>"_s.arg(id, cell ? cell->text(QAccessible::Name) : u"-"_s,
                                                      indexOf(id).data().toString());
        return cell->text(text);
    }

    // Moves the mouse over a row's button, as a user does before clicking it.
    QPoint hover(const QString &id, SessionDelegate::Action action) const
    {
        list()->scrollTo(indexOf(id));
        const QPoint at = SessionDelegate::buttonRect(rectOf(id), action).center();
        moveTo(at);
        return at;
    }

    // Qt drops a move to where the mouse already is: come from the corner.
    void moveTo(const QPoint &at) const
    {
        QTest::mouseMove(list()->viewport(), QPoint(0, 0));
        QTest::mouseMove(list()->viewport(), at);
    }
};

QString systemOf(const RecordedRequest &request)
{
    const QJsonArray messages = requestMessages(request);
    return messages.isEmpty() ? QString() : messages.first()[u"content"_s].toString();
}

} // namespace

class TestSidebar final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { applyTheme(AppearanceSettings::Theme::System); }

    void backgroundReplyLeavesConversationUnread()
    {
        ChatFixture f;
        f.script = slowReply;
        QVERIFY(f.start());
        Sidebar bar {f};
        f.type(u"alpha"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy() && f.thread()->rowCount() == 2, 10000);
        const QString a = f.controller()->currentSessionId();
        QTRY_VERIFY(!f.content(1).isEmpty()); // streaming

        // Away to a new conversation while A still replies.
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty() && f.controller()->currentSessionId() != a);
        const QString b = f.controller()->currentSessionId();
        QTRY_COMPARE(bar.model()->activity(a), int(Conversations::Activity::Running));
        QVERIFY(!bar.model()->isUnread(a)); // not while it runs
        const QString running = bar.accessible(a, QAccessible::Description);
        QVERIFY2(running.contains(u"Replying"_s), qPrintable(running));
        QVERIFY(!running.contains(u"Unread"_s));

        // The reply ends in the background: A is unread, and says so.
        QTRY_VERIFY_WITH_TIMEOUT(bar.model()->activity(a) == 0, 20000);
        QTRY_VERIFY(bar.model()->isUnread(a));
        QVERIFY(bar.indexOf(a).data(SessionListModel::UnreadRole).toBool());
        QVERIFY(!bar.model()->isUnread(b));
        QTRY_COMPARE(bar.accessible(a, QAccessible::Description), u"Unread"_s);

        // Reloading the list (after an import) keeps the mark.
        QSignalSpy loaded(f.controller(), &ChatController::sessionsLoaded);
        QSignalSpy reset(bar.model(), &QAbstractItemModel::modelReset);
        f.controller()->reloadSessions();
        QTRY_COMPARE(loaded.size(), 1);
        QVERIFY(!reset.isEmpty());
        QVERIFY(bar.model()->isUnread(a));
        QVERIFY(bar.indexOf(a).data(SessionListModel::UnreadRole).toBool());

        // A reply that ends in the conversation shown leaves it read.
        f.type(u"beta"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 20000);
        QTRY_VERIFY(bar.model()->rowOf(b) >= 0);
        QVERIFY(!bar.model()->isUnread(b));
        QTRY_COMPARE(bar.accessible(b, QAccessible::Description), QString());

        // Opening A (a click on its title) reads it.
        const QRect row = bar.rectOf(a);
        QTest::mouseClick(bar.list()->viewport(), Qt::LeftButton, {}, QPoint(row.left() + 30, row.center().y()));
        QTRY_COMPARE(f.controller()->currentSessionId(), a);
        QTRY_VERIFY(!bar.model()->isUnread(a));
        QTRY_COMPARE(bar.accessible(a, QAccessible::Description), QString());
    }

    // Issue 17: an incognito chat is marked in the list and above the chat; leaving it deletes
    // it unless the user kept it; a memory the user has never reaches its requests.
    void incognitoChatIsMarkedAndGoesWhenLeft()
    {
        ChatFixture f;
        QVERIFY(f.start([](Store &store) {
            Memory m;
            m.id = u"mem-1"_s;
            m.content = u"The user's name is Ada"_s;
            m.status = MemoryStatus::Active;
            m.createdAt = m.updatedAt = m.validFrom = 1'700'000'000'000;
            QVERIFY(store.memories().create(m));
        }));
        Sidebar bar {f};
        f.window->findChild<QAction *>(u"actionNewIncognitoChat"_s)->trigger();
        QTRY_VERIFY(f.controller()->currentSession().isIncognito());
        const QString a = f.controller()->currentSessionId();
        QCOMPARE(int(f.controller()->currentSession().incognito), int(Session::Incognito::UntilClosed));
        f.type(u"a surprise party plan"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 20000);
        QVERIFY(!systemOf(f.server.requests().last()).contains(u"Ada"_s)); // no memory injected
        QTRY_VERIFY(bar.model()->rowOf(a) >= 0);
        QVERIFY(bar.indexOf(a).data(SessionListModel::IncognitoRole).toBool());
        QVERIFY(bar.accessible(a, QAccessible::Description).contains(SessionListModel::tr("Incognito")));
        auto *banner = f.window->findChild<QLabel *>(u"incognitoBar"_s);
        QVERIFY(banner && banner->isVisible());
        QVERIFY(banner->text().contains(u"#keep"_s));
        if (const QString shot = shotPath(u"incognito"_s); !shot.isEmpty())
            QVERIFY(f.window->grab().save(shot));
        // Not found by search from elsewhere.
        SearchQuery everywhere;
        everywhere.text = u"surprise"_s;
        QCOMPARE(f.store()->search().search(everywhere).value().size(), 0);

        // Leaving it deletes it (with the usual undo window).
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(f.controller()->currentSessionId() != a);
        QTRY_VERIFY(bar.model()->rowOf(a) < 0);
        QVERIFY(!banner->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!f.store()->sessions().get(a), 5000);

        // Kept: it stays (still incognito) when left.
        f.window->findChild<QAction *>(u"actionNewIncognitoChat"_s)->trigger();
        QTRY_VERIFY(f.controller()->currentSession().isIncognito());
        const QString b = f.controller()->currentSessionId();
        f.type(u"keep this one"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 20000);
        Q_EMIT banner->linkActivated(u"#keep"_s);
        QTRY_COMPARE(int(f.controller()->currentSession().incognito), int(Session::Incognito::Kept));
        QTRY_VERIFY(!banner->text().contains(u"#keep"_s));
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(f.controller()->currentSessionId() != b);
        QTest::qWait(800); // past the undo window
        QVERIFY(bar.model()->rowOf(b) >= 0);
        QCOMPARE(int(f.store()->sessions().get(b)->incognito), int(Session::Incognito::Kept));
    }

    // Quitting leaves an incognito chat too; one a crash left behind goes at the next start.
    void incognitoGoesOnQuitAndAfterACrash()
    {
        ChatFixture f;
        QString crashed;
        QVERIFY(f.start([&crashed](Store &store) {
            Session s = Session::create(u"left by a crash"_s);
            s.incognito = Session::Incognito::UntilClosed;
            crashed = s.id;
            QVERIFY(store.sessions().create(s));
        }));
        QTRY_VERIFY_WITH_TIMEOUT(!f.store()->sessions().get(crashed), 10000);
        QCOMPARE(f.controller()->sessionModel()->rowOf(crashed), -1);

        f.window->findChild<QAction *>(u"actionNewIncognitoChat"_s)->trigger();
        QTRY_VERIFY(f.controller()->currentSession().isIncognito());
        const QString a = f.controller()->currentSessionId();
        f.type(u"left open"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 20000);
        f.closeWindow();
        QVERIFY(!f.store()->sessions().get(a));
    }

    void failedReplyLeavesConversationUnread()
    {
        ChatFixture f;
        f.script = slowFailure;
        QVERIFY(f.start());
        Sidebar bar {f};
        f.type(u"will fail"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->isBusy(), 10000);
        const QString a = f.controller()->currentSessionId();
        f.window->findChild<QAction *>(u"actionNewChat"_s)->trigger();
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty() && f.controller()->currentSessionId() != a);
        QVERIFY(!bar.model()->isUnread(a));
        QTRY_VERIFY_WITH_TIMEOUT(bar.model()->activity(a) == 0, 20000);
        QTRY_VERIFY(bar.model()->isUnread(a));
    }

    void waitingForApprovalIsDescribed()
    {
        ChatFixture f;
        f.script = toolScript; // calculator, then memory_save which needs the user's approval
        QVERIFY(f.start());
        Sidebar bar {f};
        f.type(u"remember something"_s);
        QTRY_VERIFY_WITH_TIMEOUT(!f.controller()->currentSessionId().isEmpty(), 10000);
        const QString a = f.controller()->currentSessionId();
        QTRY_VERIFY_WITH_TIMEOUT(bar.model()->activity(a) == int(Conversations::Activity::WaitingForApproval), 20000);
        QCOMPARE(bar.accessible(a, QAccessible::Description), u"Waiting for your approval"_s);
        QCOMPARE(bar.indexOf(a).data(Qt::AccessibleDescriptionRole).toString(), u"Waiting for your approval"_s);
    }

    void hoverButtonsPinAndDelete()
    {
        ChatFixture f;
        QVERIFY(f.start([](Store &store) { QVERIFY(seedSessions(store, {u"First"_s, u"Second"_s, u"Third"_s})); }));
        f.controller()->setUndoWindow(10000); // the undo click below must not race the window
        Sidebar bar {f};
        QTRY_COMPARE(bar.model()->sessionCount(), 3);
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty());
        const QString open = f.controller()->currentSessionId();
        const QString first = bar.idOf(u"First"_s);
        QVERIFY(!first.isEmpty() && first != open);
        QVERIFY(!bar.delegate()->hoveredIndex().isValid());

        // The mouse over the row shows its buttons; their tooltips name them.
        const QPoint pin = bar.hover(first, SessionDelegate::Action::Pin);
        QTRY_COMPARE(bar.delegate()->hoveredIndex(), bar.indexOf(first));
        QHelpEvent tip(QEvent::ToolTip, pin, bar.list()->viewport()->mapToGlobal(pin));
        QApplication::sendEvent(bar.list()->viewport(), &tip);
        QTRY_COMPARE(QToolTip::text(), u"Pin"_s);
        QToolTip::hideText();

        // Pin: the session moves to Pinned, is stored pinned, and the conversation shown stays.
        QTest::mouseClick(bar.list()->viewport(), Qt::LeftButton, {}, pin);
        QTRY_VERIFY(bar.model()->session(first).pinned);
        QTRY_VERIFY(f.store()->sessions().get(first)->pinned);
        QCOMPARE(bar.indexOf(first).data(SessionListModel::GroupRole).toInt(), int(SessionListModel::Group::Pinned));
        QCOMPARE(f.controller()->currentSessionId(), open);
        QVERIFY(bar.accessible(first, QAccessible::Description).contains(u"Pinned"_s));

        // Its pin button now unpins.
        const QPoint unpin = bar.hover(first, SessionDelegate::Action::Pin);
        QHelpEvent tip2(QEvent::ToolTip, unpin, bar.list()->viewport()->mapToGlobal(unpin));
        QApplication::sendEvent(bar.list()->viewport(), &tip2);
        QTRY_COMPARE(QToolTip::text(), u"Unpin"_s);
        QToolTip::hideText();

        // Delete: the row goes, the undo bar offers it back.
        const QPoint del = bar.hover(first, SessionDelegate::Action::Delete);
        QTest::mouseClick(bar.list()->viewport(), Qt::LeftButton, {}, del);
        QTRY_COMPARE(bar.model()->rowOf(first), -1);
        auto *undoBar = f.window->findChild<QWidget *>(u"undoBar"_s);
        QTRY_VERIFY(undoBar->isVisible());
        QCOMPARE(f.controller()->currentSessionId(), open);
        f.window->findChild<QPushButton *>(u"undoButton"_s)->click();
        QTRY_VERIFY(bar.model()->rowOf(first) >= 0);
        QVERIFY(bool(f.store()->sessions().get(first)));
        QTRY_COMPARE(f.controller()->currentSessionId(), first); // undo opens what it restored
        QTRY_COMPARE(bar.list()->currentIndex(), bar.indexOf(first));

        // A press beside the buttons is the row's: it opens that conversation.
        const QRect row = bar.rectOf(open);
        QTest::mouseClick(bar.list()->viewport(), Qt::LeftButton, {}, QPoint(row.left() + 20, row.center().y()));
        QTRY_COMPARE(f.controller()->currentSessionId(), open);
    }

    void titleElidesBeforeTheButtons()
    {
        const QRect row(0, 0, 220, 30);
        for (const bool pinned : {false, true})
            for (const bool marked : {false, true}) {
                const SessionDelegate::Layout l = SessionDelegate::layout(row, 17, pinned, marked, true);
                QVERIFY(l.title.right() < l.pinButton.left());
                QVERIFY(l.title.width() > 60);
                QCOMPARE(l.pin.isEmpty(), !pinned);
                QCOMPARE(l.mark.isEmpty(), !marked);
                if (marked) {
                    QVERIFY(l.title.right() < l.mark.left());
                    QVERIFY(l.mark.right() < l.pinButton.left());
                }
                if (pinned)
                    QVERIFY(l.pin.right() < l.title.left());
                QVERIFY(l.pinButton.right() < l.deleteButton.left());
                QVERIFY(l.deleteButton.right() < l.moreButton.left());
                QVERIFY(l.moreButton.right() <= row.right());
                QCOMPARE(l.moreButton, SessionDelegate::buttonRect(row, SessionDelegate::Action::More));
            }
        // Without the buttons the title has the whole row.
        const SessionDelegate::Layout plain = SessionDelegate::layout(row, 17, false, false, false);
        QVERIFY(plain.pinButton.isEmpty());
        QVERIFY(plain.title.right() > SessionDelegate::buttonRect(row, SessionDelegate::Action::More).left());
    }

    // Tags from the keyboard: given in the dialog (checked and typed), shown after the title and
    // to a screen reader, a filter above the list that goes back to all when its tag is gone.
    void tagsFromTheKeyboardFilterTheList()
    {
        ChatFixture f;
        QVERIFY(f.start([](Store &store) {
            QVERIFY(seedSessions(store, {u"Groceries"_s, u"Rust lifetimes"_s, u"Rollout plan"_s}));
            const QList<Session> sessions = store.sessions().list().value();
            for (Session s : sessions) {
                s.tags = s.title == u"Rollout plan"_s ? QStringList {u"work"_s, u"Kubernetes"_s}
                    : s.title == u"Rust lifetimes"_s  ? QStringList {u"rust"_s}
                                                      : QStringList {};
                QVERIFY(store.sessions().update(s));
            }
        }));
        f.window->resize(900, 600);
        Sidebar bar {f};
        QTRY_COMPARE(bar.model()->sessionCount(), 3);
        QComboBox *filter = bar.widget()->tagFilter();
        QTRY_COMPARE(filter->count(), 4);
        QVERIFY(filter->isVisible());
        QCOMPARE(filter->itemText(0), SessionSidebar::tr("All conversations"));
        const auto item = [](const QString &tag, int n) {
            return SessionSidebar::tr("%1 (%2)", "a tag and how many conversations have it").arg(tag).arg(n);
        };
        QCOMPARE(filter->itemText(3), item(u"work"_s, 1));
        const QString groceries = bar.idOf(u"Groceries"_s);
        QCOMPARE(bar.accessible(bar.idOf(u"Rollout plan"_s), QAccessible::Description),
                 SessionListModel::tr("Tags: %1")
                     .arg(u"Kubernetes"_s + SessionListModel::tr(", ", "between tags") + u"work"_s));

        // Groceries: "work" checked in the list, two typed.
        bar.widget()->editTags(groceries);
        QTRY_VERIFY(f.window->findChild<SessionTagsDialog *>()
                    && f.window->findChild<SessionTagsDialog *>()->isVisible());
        auto *dialog = f.window->findChild<SessionTagsDialog *>();
        auto *list = dialog->findChild<QListWidget *>(u"tagList"_s);
        QTRY_COMPARE(QApplication::focusWidget(), list);
        QCOMPARE(list->count(), 3);
        QTest::keyClick(list, Qt::Key_End);
        QCOMPARE(list->currentItem()->text(), u"work"_s);
        QTest::keyClick(list, Qt::Key_Space);
        QCOMPARE(list->currentItem()->checkState(), Qt::Checked);
        QTest::keyClick(list, Qt::Key_Tab);
        auto *typed = dialog->findChild<QLineEdit *>(u"newTags"_s);
        QTRY_COMPARE(QApplication::focusWidget(), typed);
        QTest::keyClicks(typed, u"home, Errands"_s);
        if (const QString shot = shotPath(u"session-tags-dialog"_s); !shot.isEmpty())
            QVERIFY(dialog->grab().save(shot));
        QTest::keyClick(typed, Qt::Key_Return);
        QTRY_COMPARE(bar.model()->session(groceries).tags, (QStringList {u"Errands"_s, u"home"_s, u"work"_s}));
        QTRY_COMPARE(filter->count(), 6);
        QCOMPARE(filter->itemText(5), item(u"work"_s, 2));

        // The filter, from the keyboard: the last tag is "work".
        filter->setFocus();
        QTest::keyClick(filter, Qt::Key_End);
        QCOMPARE(bar.model()->tagFilter(), u"work"_s);
        QStringList shown;
        for (int row = 0; row < bar.model()->rowCount(); ++row)
            if (!bar.model()->idAt(row).isEmpty())
                shown << bar.model()->index(row).data().toString();
        shown.sort();
        QCOMPARE(shown, (QStringList {u"Groceries"_s, u"Rollout plan"_s}));
        if (const QString shot = shotPath(u"sidebar-tags"_s); !shot.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(bar.widget()->grab().save(shot));
        }

        // Nobody has "work" any more: the filter shows all again, and the tag is gone from it.
        f.controller()->setTags(groceries, {u"home"_s});
        f.controller()->setTags(bar.idOf(u"Rollout plan"_s), {});
        QTRY_VERIFY(bar.model()->tagFilter().isEmpty());
        QCOMPARE(filter->currentIndex(), 0);
        QCOMPARE(filter->count(), 3); // all, home, rust
        QCOMPARE(bar.model()->sessionCount(), 3);
        // The stored tags are what the list shows.
        const std::unique_ptr<Store> store = f.store();
        QCOMPARE(store->sessions().get(groceries)->tags, QStringList {u"home"_s});
    }

    // Rows with each mark and one under the mouse, in light and dark; the buttons are painted on
    // the hovered row only. SKEIN_SHOT_DIR=DIR saves the pictures there.
    void rowsLook_data()
    {
        QTest::addColumn<int>("theme");
        QTest::newRow("light") << int(AppearanceSettings::Theme::Light);
        QTest::newRow("dark") << int(AppearanceSettings::Theme::Dark);
    }

    void rowsLook()
    {
        QFETCH(int, theme);
        applyTheme(AppearanceSettings::Theme(theme));
        ChatFixture f;
        QVERIFY(f.start([](Store &store) {
            // The last one is the most recent: it is opened.
            QVERIFY(seedSessions(store,
                                 {u"Quiet"_s, u"Waiting for a tool"_s,
                                  u"Unread answer about a very long subject that does not fit"_s, u"Pinned notes"_s,
                                  u"Hovered row with a long title that elides"_s, u"Replying now"_s}));
        }));
        Sidebar bar {f};
        QTRY_COMPARE(bar.model()->sessionCount(), 6);
        QTRY_VERIFY(!f.controller()->currentSessionId().isEmpty());
        f.window->resize(900, 600);
        QTest::qWait(50);
        bar.model()->setUnread(bar.idOf(u"Unread answer about a very long subject that does not fit"_s), true);
        bar.model()->setActivity(bar.idOf(u"Replying now"_s), 1);
        bar.model()->setActivity(bar.idOf(u"Waiting for a tool"_s), 2);
        f.controller()->setPinned(bar.idOf(u"Pinned notes"_s), true);
        QTRY_VERIFY(bar.model()->session(bar.idOf(u"Pinned notes"_s)).pinned);
        const QString hovered = bar.idOf(u"Hovered row with a long title that elides"_s);
        const QString quiet = bar.idOf(u"Quiet"_s);
        QVERIFY(hovered != f.controller()->currentSessionId() && quiet != f.controller()->currentSessionId());
        bar.moveTo(bar.rectOf(hovered).center());
        QTRY_COMPARE(bar.delegate()->hoveredIndex(), bar.indexOf(hovered));

        const QImage image = bar.list()->viewport()->grab().toImage();
        const qreal dpr = image.devicePixelRatio();
        // Pixels that differ from the row's own background inside a button's place.
        const auto ink = [&](const QString &id) {
            const QRect button = SessionDelegate::buttonRect(bar.rectOf(id), SessionDelegate::Action::Delete);
            const QColor background
                = image.pixelColor(QPoint(bar.rectOf(id).right() - 1, bar.rectOf(id).top() + 1) * dpr);
            int n = 0;
            for (int y = button.top(); y <= button.bottom(); ++y)
                for (int x = button.left(); x <= button.right(); ++x)
                    n += image.pixelColor(QPoint(x, y) * dpr) != background;
            return n;
        };
        if (const QString dir = qEnvironmentVariable("SKEIN_SHOT_DIR"); !dir.isEmpty()) {
            QDir().mkpath(dir);
            const QString name = u"%1/sidebar-%2.png"_s.arg(dir, QString::fromLatin1(QTest::currentDataTag()));
            QVERIFY(bar.widget()->grab().save(name));
        }
        QVERIFY(ink(hovered) > 10);
        QCOMPARE(ink(quiet), 0);
    }
};

SKEIN_TEST_MAIN(TestSidebar, QApplication)
#include "tst_sidebar.moc"
