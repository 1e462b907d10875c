// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "engine/memory/memorysettings.h"
#include "gui/memorydialogs.h"
#include "gui/memoryinspector.h"
#include "models/memorytablemodel.h"
#include "panelsdemo.h"
#include "storage/memoryrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>

using namespace Skein;

namespace {

std::optional<Memory> stored(AppContext &context, const QString &id)
{
    auto store = context.openStore();
    if (!store)
        return std::nullopt;
    auto m = (*store)->memories().get(id);
    return m ? std::optional<Memory>(*m) : std::nullopt;
}

QList<MemoryVersion> storedVersions(AppContext &context, const QString &id)
{
    auto store = context.openStore();
    if (!store)
        return {};
    auto v = (*store)->memories().versions(id);
    return v ? *v : QList<MemoryVersion>();
}

bool storedPaused(AppContext &context)
{
    auto store = context.openStore();
    return store && MemorySettings::load((*store)->settings()).paused;
}

} // namespace

class TestMemoryInspector final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<AppContext> m_context;
    PanelsDemo m_demo;
    std::unique_ptr<MemoryInspector> m_view;
    std::unique_ptr<QSignalSpy> m_loaded;

    void waitForReload(qsizetype before) { QTRY_VERIFY(m_loaded->size() > before); }

private Q_SLOTS:
    void init()
    {
        const QString error = PanelsDemo::openFresh(m_tmp, m_context, m_demo);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_view = std::make_unique<MemoryInspector>(m_context->memories());
        m_loaded = std::make_unique<QSignalSpy>(m_view.get(), &MemoryInspector::loaded);
        m_view->resize(460, 520);
        m_view->show();
        m_view->setSession(m_demo.sessionId);
        QTRY_COMPARE(m_loaded->size(), 1);
    }
    void cleanup()
    {
        m_loaded.reset();
        m_view.reset();
        m_context.reset();
        m_tmp.reset();
    }

    void pendingInboxAcceptAndEdit()
    {
        auto *inbox = m_view->findChild<QLabel *>(QStringLiteral("memoryInbox"));
        QVERIFY(inbox->isVisible());
        QVERIFY2(inbox->text().contains(QLatin1String("2 memories")), qPrintable(inbox->text()));
        m_view->showPendingInbox();
        QCOMPARE(m_view->filterModel()->rowCount(), 2);
        QCOMPARE(int(m_view->currentMemory().status), int(MemoryStatus::Pending));

        // Accept the first one as it is.
        const QString first = m_view->currentMemory().id;
        auto *accept = m_view->findChild<QToolButton *>(QStringLiteral("memoryAccept"));
        QVERIFY(accept->isEnabled());
        qsizetype before = m_loaded->size();
        accept->click();
        waitForReload(before);
        QCOMPARE(int(m_view->model()->memory(first)->status), int(MemoryStatus::Active));
        QCOMPARE(int(stored(*m_context, first)->status), int(MemoryStatus::Active));
        QCOMPARE(m_view->filterModel()->rowCount(), 1); // still filtered to pending

        // Edit the other one and accept it in the same step; the old text becomes a version.
        m_view->selectMemory(m_view->filterModel()->index(0, 0).data(MemoryTableModel::IdRole).toString());
        const Memory second = m_view->currentMemory();
        QVERIFY(m_demo.pendingMemories.contains(second.id));
        m_view->editCurrent();
        MemoryEditDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_view->findChild<MemoryEditDialog *>()));
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("memoryContent"))
            ->setPlainText(QStringLiteral("Vegetarian (eats fish)"));
        before = m_loaded->size();
        dialog->accept();
        waitForReload(before);
        const auto edited = stored(*m_context, second.id);
        QCOMPARE(edited->content, QStringLiteral("Vegetarian (eats fish)"));
        QCOMPARE(int(edited->status), int(MemoryStatus::Active));
        const QList<MemoryVersion> versions = storedVersions(*m_context, second.id);
        QCOMPARE(versions.size(), 1);
        QCOMPARE(versions.first().content, second.content);
        QCOMPARE(versions.first().changedBy, QStringLiteral("user"));
        QCOMPARE(m_view->model()->count(MemoryStatus::Pending), 0);
        QVERIFY(!inbox->isVisible());
    }

    void rejectKeepsTheMemoryOutOfUse()
    {
        m_view->selectMemory(m_demo.pendingMemories.first());
        const qsizetype before = m_loaded->size();
        m_view->findChild<QToolButton *>(QStringLiteral("memoryReject"))->click();
        waitForReload(before);
        QCOMPARE(int(stored(*m_context, m_demo.pendingMemories.first())->status), int(MemoryStatus::Rejected));
    }

    void historyAndRestore()
    {
        m_view->selectMemory(m_demo.editedMemory);
        QCOMPARE(m_view->currentMemory().id, m_demo.editedMemory);
        m_view->findChild<QToolButton *>(QStringLiteral("memoryHistory"))->click();
        MemoryHistoryDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_view->findChild<MemoryHistoryDialog *>()));
        auto *list = dialog->findChild<QListWidget *>(QStringLiteral("memoryVersions"));
        QCOMPARE(list->count(), 3); // two earlier texts, then the current one
        QListWidgetItem *old = nullptr;
        for (int i = 0; i < list->count(); ++i) {
            if (list->item(i)->data(Qt::UserRole + 1).toString() == m_demo.editedMemoryOldText)
                old = list->item(i);
        }
        QVERIFY(old);
        list->setCurrentItem(old);
        const qsizetype before = m_loaded->size();
        dialog->findChild<QPushButton *>(QStringLiteral("memoryRestore"))->click();
        waitForReload(before);
        QCOMPARE(m_view->model()->memory(m_demo.editedMemory)->content, m_demo.editedMemoryOldText);
        QCOMPARE(stored(*m_context, m_demo.editedMemory)->content, m_demo.editedMemoryOldText);
        const QList<MemoryVersion> versions = storedVersions(*m_context, m_demo.editedMemory);
        QCOMPARE(versions.size(), 3);
        QCOMPARE(versions.last().changedBy, QStringLiteral("restore"));
    }

    // Issue 17: the superseded fact is kept, marked, filterable, and its timeline shows both
    // facts with the reason; "Changed…" supersedes from the inspector.
    void supersededFactsAndTheirTimeline()
    {
        auto *status = m_view->findChild<QComboBox *>(QStringLiteral("memoryStatusFilter"));
        status->setCurrentIndex(status->findText(QStringLiteral("Superseded")));
        QCOMPARE(m_view->filterModel()->rowCount(), 1);
        const QModelIndex row = m_view->filterModel()->index(0, MemoryTableModel::StatusColumn);
        QCOMPARE(row.data(MemoryTableModel::IdRole).toString(), m_demo.supersededMemory);
        QCOMPARE(row.data().toString(), QStringLiteral("Superseded"));
        status->setCurrentIndex(status->findText(QStringLiteral("Current")));
        for (int r = 0; r < m_view->filterModel()->rowCount(); ++r)
            QVERIFY(m_view->filterModel()->index(r, 0).data(MemoryTableModel::IdRole).toString()
                    != m_demo.supersededMemory);
        status->setCurrentIndex(0);

        m_view->selectMemory(m_demo.supersededMemory);
        QVERIFY(!m_view->action(QStringLiteral("memorySupersede"))->isEnabled()); // already superseded
        m_view->findChild<QToolButton *>(QStringLiteral("memoryHistory"))->click();
        MemoryHistoryDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_view->findChild<MemoryHistoryDialog *>()));
        auto *list = dialog->findChild<QListWidget *>(QStringLiteral("memoryVersions"));
        QCOMPARE(list->count(), 2);
        QVERIFY(list->item(0)->text().contains(QStringLiteral("Kyoto Station")));
        QVERIFY(list->item(1)->text().contains(QStringLiteral("ryokan in Higashiyama")));
        QVERIFY(list->item(1)->text().contains(QStringLiteral("cancelled the hotel")));
        QCOMPARE(list->currentRow(), 0); // the memory itself
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("memoryRestore"))->isEnabled());
        if (const QString dir = qEnvironmentVariable("SKEIN_SHOT_DIR"); !dir.isEmpty())
            QVERIFY(dialog->grab().save(dir + QStringLiteral("/memory-timeline.png")));
        dialog->reject();

        // "Changed…" on the successor: a third fact, the second ends.
        m_view->selectMemory(m_demo.successorMemory);
        QAction *changed = m_view->action(QStringLiteral("memorySupersede"));
        QVERIFY(changed->isEnabled());
        changed->trigger();
        MemoryEditDialog *edit = nullptr;
        QTRY_VERIFY((edit = m_view->findChild<MemoryEditDialog *>()));
        edit->findChild<QPlainTextEdit *>(QStringLiteral("memoryContent"))
            ->setPlainText(QStringLiteral("Stays with friends in Sakyo"));
        auto *reason = edit->findChild<QLineEdit *>(QStringLiteral("memoryReason"));
        QVERIFY(reason->isVisible());
        reason->setText(QStringLiteral("the ryokan was overbooked"));
        const qsizetype before = m_loaded->size();
        edit->accept();
        waitForReload(before);
        const Memory ended = stored(*m_context, m_demo.successorMemory).value();
        QVERIFY(!ended.supersededBy.isEmpty());
        const Memory now = stored(*m_context, ended.supersededBy).value();
        QCOMPARE(now.content, QStringLiteral("Stays with friends in Sakyo"));
        QCOMPARE(now.reason, QStringLiteral("the ryokan was overbooked"));
        QVERIFY(now.isCurrent(Ids::nowMs()));
    }

    // Issue 17: "Pause memory" is stored and read back.
    void pauseMemory()
    {
        auto *paused = m_view->findChild<QCheckBox *>(QStringLiteral("memoryPaused"));
        QVERIFY(paused && !paused->isChecked());
        const qsizetype before = m_loaded->size();
        paused->click();
        waitForReload(before);
        QVERIFY(paused->isChecked());
        QTRY_VERIFY(storedPaused(*m_context));
    }

    void injectedInTheSelectedReply()
    {
        m_view->setSelectedMessage(m_demo.activeReply);
        QTRY_COMPARE(m_view->model()->injected().size(), 3);
        QVERIFY(m_view->model()->injected().contains(m_demo.pinnedNote)); // a pinned note (issue 17)
        QVERIFY(m_view->model()->injected().contains(m_demo.activeMemories.at(0)));
        QVERIFY(m_view->model()->injected().contains(m_demo.activeMemories.at(1)));
        auto *only = m_view->findChild<QCheckBox *>(QStringLiteral("memoryInjectedOnly"));
        QVERIFY(only->isEnabled());
        only->setChecked(true);
        QCOMPARE(m_view->filterModel()->rowCount(), 3);
        // A user message has no snapshot: nothing injected.
        m_view->setSelectedMessage(m_demo.firstQuestion);
        QTRY_COMPARE(m_view->model()->injected().size(), 0);
        QCOMPARE(m_view->filterModel()->rowCount(), 0);
    }

    void addDisableDeleteAndShowSource()
    {
        const int rows = m_view->model()->rowCount();
        m_view->findChild<QToolButton *>(QStringLiteral("memoryAdd"))->click();
        MemoryEditDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_view->findChild<MemoryEditDialog *>()));
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("memoryContent"))
            ->setPlainText(QStringLiteral("Allergic to peanuts"));
        qsizetype before = m_loaded->size();
        dialog->accept();
        waitForReload(before);
        QCOMPARE(m_view->model()->rowCount(), rows + 1);
        m_view->findChild<QLineEdit *>(QStringLiteral("memorySearch"))->setText(QStringLiteral("peanuts"));
        QCOMPARE(m_view->filterModel()->rowCount(), 1);
        const QString added = m_view->filterModel()->index(0, 0).data(MemoryTableModel::IdRole).toString();
        QCOMPARE(int(m_view->model()->memory(added)->status), int(MemoryStatus::Active));

        m_view->selectMemory(added);
        before = m_loaded->size();
        m_view->toggleDisabled();
        waitForReload(before);
        QCOMPARE(int(stored(*m_context, added)->status), int(MemoryStatus::Disabled));

        m_view->deleteCurrent();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = m_view->findChild<QMessageBox *>(QStringLiteral("memoryDeleteConfirm"))));
        QAbstractButton *destroy = nullptr;
        for (QAbstractButton *b : box->buttons()) {
            if (box->buttonRole(b) == QMessageBox::DestructiveRole)
                destroy = b;
        }
        QVERIFY(destroy);
        before = m_loaded->size();
        destroy->click();
        waitForReload(before);
        QVERIFY(!stored(*m_context, added));
        QCOMPARE(m_view->model()->rowCount(), rows);

        m_view->findChild<QLineEdit *>(QStringLiteral("memorySearch"))->clear();
        QSignalSpy source(m_view.get(), &MemoryInspector::sourceRequested);
        m_view->selectMemory(m_demo.activeMemories.first());
        m_view->showSource();
        QCOMPARE(source.size(), 1);
        QCOMPARE(source.first().at(0).toString(), m_demo.sessionId);
        QCOMPARE(source.first().at(1).toString(),
                 m_view->model()->memory(m_demo.activeMemories.first())->sourceMessageId);
    }

    void promoteWidensTheScope()
    {
        auto *button = m_view->findChild<QToolButton *>(QStringLiteral("memoryPromote"));
        QAction *toSession = m_view->action(QStringLiteral("memoryPromoteSession"));
        QAction *toGlobal = m_view->action(QStringLiteral("memoryPromoteGlobal"));
        QVERIFY(button && toSession && toGlobal);
        QVERIFY(button->menu()->actions().contains(toSession) && button->menu()->actions().contains(toGlobal));

        // Global: nothing wider.
        m_view->selectMemory(m_demo.activeMemories.at(0));
        QCOMPARE(int(m_view->currentMemory().scope), int(MemoryScope::Global));
        QVERIFY(!button->isEnabled() && !toSession->isEnabled() && !toGlobal->isEnabled());
        // Conversation: only to global.
        m_view->selectMemory(m_demo.activeMemories.at(1));
        QCOMPARE(int(m_view->currentMemory().scope), int(MemoryScope::Session));
        QVERIFY(button->isEnabled() && !toSession->isEnabled() && toGlobal->isEnabled());
        // A narrowing request is ignored.
        qsizetype before = m_loaded->size();
        m_view->promoteCurrent(MemoryScope::Branch);
        m_view->promoteCurrent(MemoryScope::Session);
        QTest::qWait(100);
        QCOMPARE(m_loaded->size(), before);
        QCOMPARE(int(stored(*m_context, m_demo.activeMemories.at(1))->scope), int(MemoryScope::Session));

        // Branch → conversation → global, each step stored.
        const QString branch = m_demo.pendingMemories.at(1);
        m_view->selectMemory(branch);
        QCOMPARE(int(m_view->currentMemory().scope), int(MemoryScope::Branch));
        QVERIFY(button->isEnabled() && toSession->isEnabled() && toGlobal->isEnabled());
        before = m_loaded->size();
        toSession->trigger();
        waitForReload(before);
        auto m = stored(*m_context, branch);
        QCOMPARE(int(m->scope), int(MemoryScope::Session));
        QCOMPARE(m->sessionId, m_demo.sessionId);
        QCOMPARE(int(m->status), int(MemoryStatus::Pending)); // promotion does not accept it
        QCOMPARE(m_view->currentMemory().id, branch); // still selected after the reload
        QVERIFY(!toSession->isEnabled() && toGlobal->isEnabled());
        before = m_loaded->size();
        toGlobal->trigger();
        waitForReload(before);
        m = stored(*m_context, branch);
        QCOMPARE(int(m->scope), int(MemoryScope::Global));
        QVERIFY(m->sessionId.isEmpty());
        QVERIFY(!button->isEnabled());
    }

    void contextMenuOffersEveryActionAndKeysWork()
    {
        m_view->selectMemory(m_demo.pendingMemories.at(1));
        QStringList offered;
        QStringList enabled;
        QTimer::singleShot(50, this, [&] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                for (QAction *a : menu->actions()) {
                    offered << a->objectName();
                    if (a->isEnabled())
                        enabled << a->objectName();
                }
                menu->close();
            }
        });
        Q_EMIT m_view->table()->customContextMenuRequested(QPoint(4, 4));
        for (const char *name : {"memoryAccept", "memoryReject", "memoryEdit", "memoryHistory", "memoryPromoteSession",
                                 "memoryPromoteGlobal", "memoryDisable", "memoryShowSource", "memoryDelete"})
            QVERIFY2(offered.contains(QLatin1String(name)), name);
        // A pending branch memory: disabling is not offered until it is accepted.
        QVERIFY(enabled.contains(QStringLiteral("memoryPromoteSession")));
        QVERIFY(!enabled.contains(QStringLiteral("memoryDisable")));

        // Return on the table edits; Delete asks to delete.
        m_view->table()->setFocus();
        QTRY_VERIFY(m_view->table()->hasFocus());
        QTest::keyClick(m_view->table(), Qt::Key_Return);
        MemoryEditDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = m_view->findChild<MemoryEditDialog *>()));
        dialog->reject();
        QTRY_VERIFY(!m_view->findChild<MemoryEditDialog *>());
        m_view->activateWindow();
        m_view->table()->setFocus();
        QTRY_VERIFY(m_view->table()->hasFocus());
        QTest::keyClick(m_view->table(), Qt::Key_Delete);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = m_view->findChild<QMessageBox *>(QStringLiteral("memoryDeleteConfirm"))));
        box->reject();
    }
};

SKEIN_TEST_MAIN(TestMemoryInspector, QApplication)
#include "tst_memoryinspector.moc"
