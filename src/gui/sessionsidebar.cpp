// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessionsidebar.h"

#include "chatcontroller.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "safetextdocument.h"
#include "sessiontagsdialog.h"
#include "themecolors.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace Skein {

namespace {

// A hit: the session title, then the snippet with the matches in bold.
class ResultDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override
    {
        return QSize(100, option.fontMetrics.height() * 3 + 14);
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        opt.widget->style()->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
        const bool selected = option.state & QStyle::State_Selected;
        const QColor text = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
        painter->save();
        QFont bold = option.font;
        bold.setBold(true);
        painter->setFont(bold);
        painter->setPen(text);
        const QRect r = option.rect.adjusted(6, 4, -6, -4);
        const QString title = index.data(SearchResultModel::SessionTitleRole).toString();
        painter->drawText(QRect(r.left(), r.top(), r.width(), option.fontMetrics.height()), Qt::AlignLeft,
                          option.fontMetrics.elidedText(title, Qt::ElideRight, r.width()));
        SafeTextDocument doc;
        doc.setDefaultFont(option.font);
        doc.setDocumentMargin(0);
        doc.setTextWidth(r.width());
        doc.setHtml(SearchResultModel::snippetHtml(index.data(SearchResultModel::SnippetRole).toString()));
        painter->translate(r.left(), r.top() + option.fontMetrics.height() + 2);
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.palette = option.palette;
        ctx.palette.setColor(QPalette::Text, text);
        ctx.clip = QRectF(0, 0, r.width(), option.fontMetrics.height() * 2 + 2);
        doc.documentLayout()->draw(painter, ctx);
        painter->restore();
    }
};

} // namespace

SessionSidebar::SessionSidebar(ChatController &controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_search(new QLineEdit(this))
    , m_newChat(new QToolButton(this))
    , m_tagFilter(new QComboBox(this))
    , m_stack(new QStackedWidget(this))
    , m_list(new QListView(this))
    , m_results(new QListView(this))
    , m_undoBar(new QWidget(this))
    , m_undoLabel(new QLabel(m_undoBar))
{
    setObjectName(QStringLiteral("sessionSidebar"));
    setAccessibleName(tr("Conversations"));

    m_search->setObjectName(QStringLiteral("sessionSearch"));
    m_search->setPlaceholderText(tr("Search all conversations (Ctrl+K)"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search conversations"));
    m_newChat->setObjectName(QStringLiteral("newChatButton"));
    m_newChat->setText(tr("New"));
    m_newChat->setToolTip(tr("New chat (Ctrl+N)"));
    m_newChat->setAccessibleName(tr("New chat"));
    m_newChat->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_tagFilter->setObjectName(QStringLiteral("tagFilter"));
    m_tagFilter->setAccessibleName(tr("Show conversations tagged"));
    m_tagFilter->setToolTip(tr("Show the conversations with one tag"));
    m_tagFilter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tagFilter->setMinimumContentsLength(8);
    m_tagFilter->hide();

    m_list->setObjectName(QStringLiteral("sessionList"));
    m_list->setAccessibleName(tr("Conversation list"));
    m_list->setModel(controller.sessionModel());
    auto *delegate = new SessionDelegate(m_list);
    m_list->setItemDelegate(delegate);
    m_list->setUniformItemSizes(false);
    m_list->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideRight);

    m_results->setObjectName(QStringLiteral("searchResults"));
    m_results->setAccessibleName(tr("Search results"));
    m_results->setModel(controller.searchModel());
    m_results->setItemDelegate(new ResultDelegate(m_results));
    m_results->setFrameShape(QFrame::NoFrame);
    m_results->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);

    m_stack->addWidget(m_list);
    m_stack->addWidget(m_results);

    m_undoBar->setObjectName(QStringLiteral("undoBar"));
    m_undoBar->setAutoFillBackground(true);
    auto *undoLayout = new QHBoxLayout(m_undoBar);
    undoLayout->setContentsMargins(8, 4, 4, 4);
    m_undoLabel->setObjectName(QStringLiteral("undoLabel"));
    m_undoLabel->setWordWrap(true);
    m_undoLabel->setTextFormat(Qt::PlainText);
    auto *undo = new QPushButton(tr("Undo"), m_undoBar);
    undo->setObjectName(QStringLiteral("undoButton"));
    undoLayout->addWidget(m_undoLabel, 1);
    undoLayout->addWidget(undo);
    m_undoBar->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(m_search, 1);
    top->addWidget(m_newChat);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_tagFilter);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_undoBar);
    // Only one of the list and the search results is visible at a time; hidden ones are skipped.
    setTabOrder({m_search, m_newChat, m_tagFilter, m_list, m_results, undo});

    auto *deleteAction = new QAction(tr("Delete"), m_list);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    m_list->addAction(deleteAction);
    connect(deleteAction, &QAction::triggered, this, [this] {
        if (!selectedSessionId().isEmpty())
            m_controller.deleteSession(selectedSessionId());
    });

    connect(m_newChat, &QToolButton::clicked, &controller, &ChatController::newSession);
    connect(controller.sessionModel(), &SessionListModel::tagsChanged, this, &SessionSidebar::updateTagFilter);
    connect(m_tagFilter, &QComboBox::activated, this,
            [this](int index) { m_controller.sessionModel()->setTagFilter(m_tagFilter->itemData(index).toString()); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_stack->setCurrentWidget(text.trimmed().isEmpty() ? m_list : m_results);
        m_controller.search(text);
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_results->model()->rowCount() > 0) {
            m_results->setFocus();
            m_results->setCurrentIndex(m_results->model()->index(0, 0));
        }
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        const QString id = current.data(SessionListModel::IdRole).toString();
        if (!m_selecting && !id.isEmpty() && id != m_controller.currentSessionId())
            m_controller.openSession(id);
    });
    connect(m_results, &QListView::activated, this, [this](const QModelIndex &index) {
        m_controller.openMessage(index.data(SearchResultModel::SessionIdRole).toString(),
                                 index.data(SearchResultModel::MessageIdRole).toString());
    });
    connect(m_results, &QListView::clicked, m_results, &QListView::activated);
    connect(m_list, &QListView::customContextMenuRequested, this, &SessionSidebar::showContextMenu);
    connect(delegate, &SessionDelegate::actionTriggered, this, &SessionSidebar::onRowAction);
    // A reply that ends (or fails) in a conversation not shown leaves it unread until it is opened.
    connect(&controller, &ChatController::runFinished, this, [this](const QString &sessionId) {
        if (sessionId != m_controller.currentSessionId())
            m_controller.sessionModel()->setUnread(sessionId, true);
    });
    connect(&controller, &ChatController::currentSessionChanged, this,
            [this](const QString &sessionId) { m_controller.sessionModel()->setUnread(sessionId, false); });
    connect(&controller, &ChatController::currentSessionChanged, this, &SessionSidebar::selectSession);
    connect(controller.sessionModel(), &QAbstractItemModel::modelReset, this,
            [this] { selectSession(m_controller.currentSessionId()); });
    connect(&controller, &ChatController::undoAvailable, this, [this](const QString &text) {
        m_undoLabel->setText(text);
        m_undoBar->show();
    });
    connect(&controller, &ChatController::undoExpired, m_undoBar, &QWidget::hide);
    connect(undo, &QPushButton::clicked, &controller, &ChatController::undoDelete);
}

SessionSidebar::~SessionSidebar()
{
    if (auto *delegate = qobject_cast<SessionDelegate *>(m_list->itemDelegate()))
        delegate->detach();
}

QString SessionSidebar::selectedSessionId() const
{
    const QString id = m_list->currentIndex().data(SessionListModel::IdRole).toString();
    return id.isEmpty() ? m_controller.currentSessionId() : id;
}

void SessionSidebar::selectSession(const QString &sessionId)
{
    const int row = m_controller.sessionModel()->rowOf(sessionId);
    m_selecting = true;
    if (row < 0)
        m_list->clearSelection();
    else
        m_list->setCurrentIndex(m_controller.sessionModel()->index(row));
    m_selecting = false;
}

void SessionSidebar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void SessionSidebar::renameSelected()
{
    const int row = m_controller.sessionModel()->rowOf(selectedSessionId());
    if (row < 0)
        return;
    const QModelIndex index = m_controller.sessionModel()->index(row);
    m_list->setCurrentIndex(index);
    m_list->setFocus();
    m_list->edit(index);
}

void SessionSidebar::fillMenu(QMenu *menu, const QString &sessionId)
{
    const Session s = m_controller.sessionModel()->session(sessionId);
    const bool valid = !s.id.isEmpty();
    QAction *rename = menu->addAction(tr("Rename"), this, [this] { renameSelected(); });
    rename->setEnabled(valid);
    QAction *pin = menu->addAction(s.pinned ? tr("Unpin") : tr("Pin"), this, [this, sessionId, pinned = s.pinned] {
        m_controller.setPinned(sessionId, !pinned);
    });
    pin->setEnabled(valid);
    menu->addAction(tr("Tags…"), this, [this, sessionId] { editTags(sessionId); })->setEnabled(valid);
    menu->addAction(tr("Duplicate"), this, [this, sessionId] { m_controller.duplicateSession(sessionId); })
        ->setEnabled(valid);
    menu->addAction(tr("Export…"), this, [this, sessionId] { exportSession(sessionId); })->setEnabled(valid);
    menu->addSeparator();
    menu->addAction(tr("Archive"), this, [this, sessionId] { m_controller.archiveSession(sessionId); })
        ->setEnabled(valid);
    menu->addAction(tr("Delete"), this, [this, sessionId] { m_controller.deleteSession(sessionId); })
        ->setEnabled(valid);
}

void SessionSidebar::updateTagFilter()
{
    SessionListModel *model = m_controller.sessionModel();
    const QList<SessionListModel::TagCount> &counts = model->tagCounts();
    QString current = model->tagFilter();
    const bool stillThere = std::any_of(counts.cbegin(), counts.cend(), [&](const SessionListModel::TagCount &c) {
        return c.tag.compare(current, Qt::CaseInsensitive) == 0;
    });
    if (!stillThere && !current.isEmpty()) { // its last conversation lost the tag: show all again
        current.clear();
        model->setTagFilter(current);
    }
    m_tagFilter->clear();
    m_tagFilter->addItem(tr("All conversations"), QString());
    for (const SessionListModel::TagCount &c : counts)
        m_tagFilter->addItem(tr("%1 (%2)", "a tag and how many conversations have it").arg(c.tag).arg(c.sessions),
                             c.tag);
    const int index = current.isEmpty() ? 0 : m_tagFilter->findData(current, Qt::UserRole, Qt::MatchFixedString);
    m_tagFilter->setCurrentIndex(std::max(0, index));
    m_tagFilter->setVisible(!counts.isEmpty());
}

void SessionSidebar::editTags(const QString &sessionId)
{
    const Session s = m_controller.sessionModel()->session(sessionId);
    if (s.id.isEmpty())
        return;
    QStringList all;
    for (const SessionListModel::TagCount &c : m_controller.sessionModel()->tagCounts())
        all.append(c.tag);
    auto *dialog = new SessionTagsDialog(s.title, s.tags, all, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, sessionId, before = s.tags] {
        if (dialog->tags() != before)
            m_controller.setTags(sessionId, dialog->tags());
    });
    dialog->open();
}

void SessionSidebar::showContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_list->indexAt(pos);
    const QString id = index.data(SessionListModel::IdRole).toString();
    if (id.isEmpty())
        return;
    m_list->setCurrentIndex(index);
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    fillMenu(menu, id);
    menu->popup(m_list->viewport()->mapToGlobal(pos));
}

void SessionSidebar::onRowAction(const QString &sessionId, SessionDelegate::Action action, const QRect &at)
{
    switch (action) {
    case SessionDelegate::Action::Pin:
        m_controller.setPinned(sessionId, !m_controller.sessionModel()->session(sessionId).pinned);
        break;
    case SessionDelegate::Action::Delete:
        m_controller.deleteSession(sessionId);
        break;
    case SessionDelegate::Action::More: {
        // As the context menu: the row becomes the current one (Rename acts on it).
        const int row = m_controller.sessionModel()->rowOf(sessionId);
        if (row < 0)
            return;
        m_list->setCurrentIndex(m_controller.sessionModel()->index(row));
        auto *menu = new QMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        fillMenu(menu, sessionId);
        menu->popup(at.bottomLeft());
        break;
    }
    case SessionDelegate::Action::None:
        break;
    }
}

void SessionSidebar::exportSession(const QString &sessionId)
{
    if (sessionId.isEmpty())
        return;
    QString name = m_controller.sessionModel()->session(sessionId).title;
    name.replace(QLatin1Char('/'), QLatin1Char('-'));
    if (name.isEmpty())
        name = tr("conversation");
    using Format = SessionService::ExportFormat;
    struct Choice
    {
        QString filter;
        Format format;
        const char *suffix;
    };
    const QList<Choice> choices {
        {tr("Skein JSON, every branch (*.json)"), Format::Json, "json"},
        {tr("Web page, active branch (*.html)"), Format::Html, "html"},
        {tr("Web page, every branch (*.html)"), Format::HtmlAllBranches, "html"},
        {tr("PDF, active branch (*.pdf)"), Format::Pdf, "pdf"},
        {tr("Markdown, active branch (*.md)"), Format::Markdown, "md"},
    };
    QStringList filters;
    for (const Choice &c : choices)
        filters << c.filter;
    auto *dialog = new QFileDialog(window(), tr("Export Conversation"),
                                   QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                                       + QLatin1Char('/') + name + QStringLiteral(".json"),
                                   filters.join(QStringLiteral(";;")));
    dialog->setObjectName(QStringLiteral("exportDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("json"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const auto choiceOf = [choices](const QString &filter) {
        for (const Choice &c : choices)
            if (c.filter == filter)
                return c;
        return choices.first();
    };
    // The name follows the kind chosen: "Plans.json" becomes "Plans.pdf".
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, choiceOf](const QString &filter) {
        const QString suffix = QString::fromLatin1(choiceOf(filter).suffix);
        dialog->setDefaultSuffix(suffix);
        const QStringList selected = dialog->selectedFiles();
        if (!selected.isEmpty() && !QFileInfo(selected.first()).isDir())
            dialog->selectFile(QFileInfo(selected.first()).completeBaseName() + QLatin1Char('.') + suffix);
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, sessionId, choiceOf](const QString &path) {
        m_controller.exportSession(sessionId, path, choiceOf(dialog->selectedNameFilter()).format);
    });
    dialog->open();
}

} // namespace Skein
