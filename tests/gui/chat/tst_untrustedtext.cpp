// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// SPEC §7, issue #13 item 5: a string from outside (a title a model wrote, a model or provider name
// a server or an imported file gave, a memory, an MCP server's name and command, a tool's name, an
// error) is shown as the text it is, never as markup. Qt renders a label, a message box or a tooltip
// as rich text when the text merely looks like markup, so such a string could draw, hide or link.
// This test seeds every kind of outside string with markup, opens every place that shows it (the
// sidebar, search, the three inspector panels, usage, the undo bar, the confirmations, every
// Settings page that lists them) and walks every widget there: each label, tooltip, item tooltip
// and message box must show the markup literally.
#include "chatfixture.h"
#include "core/domain/ids.h"
#include "engine/tools/mcpservers.h"
#include "engine/tools/toolapprovals.h"
#include "gui/settings/providerspage.h"
#include "gui/settings/settingsdialog.h"
#include "models/plaintooltip.h"
#include "models/searchresultmodel.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "testsupport.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>

#include <set>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

// Rendered as rich text this reads "PWN&"; escaped twice it reads "&lt;b&gt;…". Only a display
// that shows the text as it is contains it whole.
const QString kMarkup = u"<b>PWN</b>&amp;"_s;

// What a user sees of a text shown in this format.
QString shown(const QString &text, Qt::TextFormat format)
{
    const bool rich = format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    if (format == Qt::MarkdownText) {
        QTextDocument doc;
        doc.setMarkdown(text);
        return doc.toPlainText();
    }
    if (!rich)
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

QString nameOf(const QObject *o)
{
    QString name = o->objectName();
    for (const QObject *p = o->parent(); p && name.size() < 200; p = p->parent())
        if (!p->objectName().isEmpty())
            name = p->objectName() + u'/' + name;
    return QString::fromLatin1(o->metaObject()->className()) + u' ' + name;
}

struct Walk
{
    QStringList wrong; // where the markup was rendered or mangled
    std::set<QString> right; // where it was shown as it is

    void check(const QString &where, const QString &text, Qt::TextFormat format)
    {
        const QString visible = shown(text, format);
        if (visible.contains(kMarkup))
            right.insert(where);
        else if (visible.contains(u"PWN"_s) && !wrong.contains(where + u": "_s + text.left(160)))
            wrong << where + u": "_s + text.left(160);
    }

    void model(const QString &where, const QAbstractItemModel *m, const QModelIndex &parent = {}, int depth = 0)
    {
        const int rows = std::min(m->rowCount(parent), 200);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < m->columnCount(parent); ++c) {
                const QModelIndex index = m->index(r, c, parent);
                check(where + u" tooltip"_s, index.data(Qt::ToolTipRole).toString(), Qt::AutoText);
                if (c == 0 && depth < 4 && m->hasChildren(index))
                    model(where, m, index, depth + 1);
            }
    }

    // Every widget of the application, as it is now.
    void all()
    {
        const QList<QWidget *> widgets = QApplication::allWidgets();
        for (QWidget *w : widgets) {
            const QString where = nameOf(w);
            check(where + u" tooltip"_s, w->toolTip(), Qt::AutoText);
            check(where + u" what's this"_s, w->whatsThis(), Qt::AutoText);
            for (const QAction *a : w->actions())
                check(nameOf(a) + u" tooltip"_s, a->toolTip(), Qt::AutoText);
            if (auto *label = qobject_cast<QLabel *>(w); label && label->isVisible())
                check(where, label->text(), label->textFormat());
            if (auto *view = qobject_cast<QAbstractItemView *>(w); view && view->model())
                model(where, view->model());
            if (auto *bar = qobject_cast<QTabBar *>(w))
                for (int i = 0; i < bar->count(); ++i)
                    check(where + u" tab tooltip"_s, bar->tabToolTip(i), Qt::AutoText);
        }
    }

    bool saw(const QString &part) const
    {
        return std::any_of(right.begin(), right.end(), [&](const QString &w) { return w.contains(part); });
    }
    QString report() const
    {
        QStringList seen(right.begin(), right.end());
        return u"rendered as markup:\n  "_s + wrong.join(u"\n  "_s) + u"\nshown as text:\n  "_s + seen.join(u"\n  "_s);
    }
};

struct Seeded
{
    QString sessionId;
    QString memoryId;
};

// Returns what failed, empty when all was stored.
QString seed(Store &store, Seeded &out)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();

    ProviderConfig imported;
    imported.id = u"prov-imported"_s;
    imported.name = u"Imported "_s + kMarkup;
    imported.kind = u"openai"_s;
    imported.baseUrl = u"http://127.0.0.1:9/v1"_s;
    imported.enabled = false;
    imported.importedForReview = true;
    imported.defaultModel = u"model "_s + kMarkup;
    imported.models = {ModelInfo {u"model "_s + kMarkup, 8192, 1024, 1.0, 2.0, 0.0}};
    if (Status st = store.providers().save(imported); !st)
        return st.error().message;

    Session s = Session::create(u"Title "_s + kMarkup);
    s.providerId = u"prov-1"_s;
    s.model = u"scripted-1"_s;
    if (Status st = store.sessions().create(s); !st)
        return st.error().message;
    out.sessionId = s.id;
    Message user = Message::create(s.id, QString(), Role::User, u"hello there"_s);
    user.createdAt = user.completedAt = now - 2000;
    if (Status st = store.messages().insert(user); !st)
        return st.error().message;
    Message reply = Message::create(s.id, user.id, Role::Assistant, u"A reply from a server with odd names."_s);
    reply.model = u"model "_s + kMarkup;
    reply.providerId = u"prov-imported"_s;
    reply.usage.promptTokens = 120;
    reply.usage.completionTokens = 30;
    reply.createdAt = reply.completedAt = now - 1000;
    reply.status = MessageStatus::Interrupted;
    reply.error = u"The server said "_s + kMarkup;
    if (Status st = store.messages().insert(reply); !st)
        return st.error().message;
    if (Status st = store.sessions().setActiveLeaf(s.id, reply.id); !st)
        return st.error().message;

    Memory m;
    m.id = Ids::create();
    m.type = MemoryType::Fact;
    m.scope = MemoryScope::Global;
    m.status = MemoryStatus::Pending;
    m.content = u"Memory "_s + kMarkup;
    m.sourceSessionId = s.id;
    m.sourceMessageId = user.id;
    m.confidence = 0.7;
    m.createdAt = m.updatedAt = now;
    if (Status st = store.memories().create(m); !st)
        return st.error().message;
    out.memoryId = m.id;

    McpServerConfig server;
    server.name = u"odd-server"_s; // names are restricted; the command line is not
    server.command = u"/usr/bin/false"_s;
    server.args = {kMarkup};
    server.disabled = true; // listed, never started
    if (Status st = McpServerStore::save(store, {server}); !st)
        return st.error().message;

    ToolDefinitionInfo tool;
    tool.name = u"tool"_s + kMarkup;
    tool.description = u"A tool "_s + kMarkup;
    tool.hash = "0123";
    if (Status st = ToolApprovals::grant(store, tool); !st)
        return st.error().message;
    return {};
}

} // namespace

class TestUntrustedText final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyWidgetShowsOutsideTextAsText()
    {
        ChatFixture f;
        Seeded seeded;
        QString problem = u"not seeded"_s;
        QVERIFY(f.start([&](Store &store) { problem = seed(store, seeded); }));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        Walk walk;

        // The sidebar and the open conversation.
        f.controller()->openSession(seeded.sessionId);
        QTRY_COMPARE_WITH_TIMEOUT(f.thread()->rowCount(), 2, 10000);
        walk.all();

        // Each inspector panel.
        auto *tabs = f.window->findChild<QTabWidget *>(u"inspectorTabs"_s);
        QVERIFY(tabs);
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(300); // panels load on the storage thread when shown
            walk.all();
        }

        // The memory inspector's confirmation names the memory.
        tabs->setCurrentWidget(f.window->findChild<QWidget *>(u"memoryInspector"_s));
        auto *memories = f.window->findChild<QTableView *>(u"memoryTable"_s);
        QVERIFY(memories);
        QTRY_VERIFY_WITH_TIMEOUT(memories->model()->rowCount() > 0, 10000);
        memories->setFocus();
        memories->selectRow(0);
        f.window->findChild<QAction *>(u"memoryDelete"_s)->trigger();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = f.window->findChild<QMessageBox *>(u"memoryDeleteConfirm"_s)));
        walk.all();
        box->reject();

        // Usage, per conversation (titles) and per model (names).
        f.window->findChild<QAction *>(u"actionUsage"_s)->trigger();
        QComboBox *groupBy = nullptr;
        QTRY_VERIFY((groupBy = f.window->findChild<QComboBox *>(u"usageGroupBy"_s)));
        for (int i = 0; i < groupBy->count(); ++i) {
            groupBy->setCurrentIndex(i);
            QTest::qWait(300);
            walk.all();
        }

        // Search results carry the session's title.
        auto *search = f.window->findChild<QLineEdit *>(u"sessionSearch"_s);
        QVERIFY(search);
        search->setText(u"hello"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.controller()->searchModel()->rowCount() > 0, 10000);
        walk.all();
        search->clear();

        // Deleting the conversation names it in the undo bar.
        f.controller()->deleteSession(seeded.sessionId);
        QWidget *undoBar = f.window->findChild<QWidget *>(u"undoBar"_s);
        QVERIFY(undoBar);
        QTRY_VERIFY_WITH_TIMEOUT(undoBar->isVisible(), 5000);
        walk.all();

        // Settings: the imported provider, the MCP server, the approval.
        auto *dialog = new SettingsDialog(*f.context, f.window.get());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isLoaded(), 10000);
        auto *providers = dialog->findChild<ProvidersPage *>();
        QTRY_VERIFY_WITH_TIMEOUT(providers->isLoaded(), 10000);
        auto *providerList = providers->findChild<QListView *>(u"providerList"_s);
        QVERIFY(providerList);
        for (int row = 0; row < providerList->model()->rowCount(); ++row) {
            providerList->setCurrentIndex(providerList->model()->index(row, 0));
            QTest::qWait(100);
            walk.all();
        }
        for (SettingsDialog::Page page : {SettingsDialog::Page::McpServers, SettingsDialog::Page::ToolApprovals}) {
            dialog->showPage(page);
            QTest::qWait(300);
            walk.all();
        }
        dialog->close();

        QVERIFY2(walk.wrong.isEmpty(), qPrintable(walk.report()));
        // The walk reached the places that show outside text (else it proves nothing).
        for (const char *place :
             {"sessionList tooltip", "undoBar", "memoryDeleteConfirm", "memoryTable tooltip", "usageView",
              "searchResults tooltip", "providerList tooltip", "mcpServerList tooltip", "providerModels tooltip"})
            QVERIFY2(walk.saw(QString::fromLatin1(place)),
                     qPrintable(u"%1 not reached\n"_s.arg(QLatin1String(place)) + walk.report()));
    }

    void messageBoxAndToolTipHelpersKeepText()
    {
        const QString tip = plainToolTip(kMarkup);
        QCOMPARE(shown(tip, Qt::AutoText), kMarkup);
        QCOMPARE(shown(plainToolTip(u"a\nb <i>c</i>"_s), Qt::AutoText), u"a\nb <i>c</i>"_s);
        QVERIFY(plainToolTip(QString()).isEmpty());
    }
};

SKEIN_TEST_MAIN(TestUntrustedText, QApplication)
#include "tst_untrustedtext.moc"
