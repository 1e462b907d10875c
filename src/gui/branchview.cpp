// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "branchview.h"

#include "branchgraph.h"
#include "engine/conversation/conversation.h"

#include <QAction>
#include <QApplication>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace Skein {

namespace {

constexpr int kPreviewChars = 600;

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source
// text is picked by count (each form is translated on its own).
QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

// What a card shows of a message.
QString preview(const Message &m)
{
    return m.content.isEmpty() && !m.toolCalls.isEmpty()
        ? QString(QStringLiteral("⚙ ") + m.toolCalls.first().toObject().value(u"name").toString())
        : m.content.left(kPreviewChars);
}

qsizetype leafCount(const QList<BranchNode> &nodes)
{
    QSet<QString> parents;
    for (const BranchNode &n : nodes)
        parents.insert(n.parentId);
    qsizetype leaves = 0;
    for (const BranchNode &n : nodes)
        leaves += !parents.contains(n.id);
    return leaves;
}

} // namespace

BranchView::BranchView(QWidget *parent)
    : QWidget(parent)
    , m_rebuildTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("branchView"));
    // Bursts of changes (a tool loop storing results) become one relayout.
    m_rebuildTimer->setSingleShot(true);
    m_rebuildTimer->setInterval(30);
    connect(m_rebuildTimer, &QTimer::timeout, this, [this] { rebuild(false); });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 4);
    const auto button = [this, bar](const QString &name, const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setToolTip(tip);
        b->setAccessibleName(tip);
        b->setAutoRaise(true);
        b->setMinimumWidth(20);
        bar->addWidget(b);
        return b;
    };
    // Actions (also added to this widget, for a window menu) behind the toolbar buttons; their
    // keys act while the branch view has the focus.
    const auto action = [this](const QString &name, const QString &text, const QList<QKeySequence> &keys) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
        return a;
    };
    QAction *zoomOutAction = action(QStringLiteral("actionBranchZoomOut"), tr("Zoom Out"), {QKeySequence::ZoomOut});
    QAction *resetAction
        = action(QStringLiteral("actionBranchZoomReset"), tr("Actual Size"), {QKeySequence(Qt::CTRL | Qt::Key_0)});
    QAction *zoomInAction = action(QStringLiteral("actionBranchZoomIn"), tr("Zoom In"),
                                   {QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_compactAction = action(QStringLiteral("actionBranchCompact"), tr("Compact Long Runs"), {});
    m_compactAction->setCheckable(true);
    m_compactAction->setChecked(m_options.compact);
    connect(zoomOutAction, &QAction::triggered, this, &BranchView::zoomOut);
    connect(resetAction, &QAction::triggered, this, &BranchView::resetZoom);
    connect(zoomInAction, &QAction::triggered, this, &BranchView::zoomIn);
    connect(m_compactAction, &QAction::toggled, this, &BranchView::setCompact);
    connect(button(QStringLiteral("branchZoomOut"), QStringLiteral("−"), tr("Zoom out (Ctrl+−)")),
            &QToolButton::clicked, zoomOutAction, &QAction::trigger);
    connect(button(QStringLiteral("branchZoomReset"), QStringLiteral("100%"), tr("Actual size (Ctrl+0)")),
            &QToolButton::clicked, resetAction, &QAction::trigger);
    connect(button(QStringLiteral("branchZoomIn"), QStringLiteral("+"), tr("Zoom in (Ctrl++)")), &QToolButton::clicked,
            zoomInAction, &QAction::trigger);
    m_compactButton = button(QStringLiteral("branchCompact"), tr("Compact"),
                             tr("Collapse long straight runs and summarised spans"));
    m_compactButton->setCheckable(true);
    m_compactButton->setChecked(m_options.compact);
    connect(m_compactButton, &QToolButton::toggled, this, &BranchView::setCompact);
    bar->addStretch(1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("branchStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setMinimumWidth(1); // clipped rather than widening a narrow dock
    bar->addWidget(m_status);
    layout->addLayout(bar);
    m_graph = new BranchGraph(this);
    m_graph->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_graph, 1);
    connect(m_graph, &BranchGraph::itemClicked, this, &BranchView::activateItem);
    connect(m_graph, &BranchGraph::bracketClicked, this, &BranchView::toggleBracket);
    connect(m_graph, &BranchGraph::zoomChanged, this, [this](double zoom) {
        if (auto *reset = findChild<QToolButton *>(QStringLiteral("branchZoomReset")))
            reset->setText(QLocale().toString(qRound(zoom * 100)) + QLatin1Char('%'));
    });
    m_status->setText(tr("No conversation open"));
}

QString BranchView::sessionId() const
{
    return m_conversation ? m_conversation->sessionId() : QString();
}

void BranchView::setConversation(Conversation *conversation)
{
    if (conversation == m_conversation)
        return;
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_conversation = conversation;
    m_options.expanded.clear();
    if (conversation) {
        const ConversationTree *tree = &conversation->tree();
        // A preview of the document (Conversation::load) is shown but not announced as loaded.
        m_connections << connect(tree, &ConversationTree::resetDone, this,
                                 [this] { rebuild(m_conversation->isLoaded()); })
                      << connect(tree, &ConversationTree::nodeAdded, this, &BranchView::scheduleRebuild)
                      << connect(tree, &ConversationTree::subtreeRemoved, this, &BranchView::scheduleRebuild)
                      << connect(conversation, &Conversation::summariesChanged, this, &BranchView::scheduleRebuild)
                      << connect(conversation, &Conversation::activeLeafChanged, this,
                                 [this](const QString &leaf) {
                                     // The same nodes, another straight line: lay out again only.
                                     if (m_rebuildTimer->isActive() || leaf == m_activeLeaf)
                                         return;
                                     m_activeLeaf = leaf;
                                     relayout();
                                 })
                      << connect(conversation, &Conversation::messageChanged, this,
                                 [this](const QString &id) {
                                     if (!isVisible()) {
                                         m_stale = true;
                                         return;
                                     }
                                     // Only what a card shows: its status and the start of its text.
                                     const BranchLayout::Result &shown = m_graph->layoutResult();
                                     const int item = shown.itemOfMessage.value(id, -1);
                                     if (item < 0 || shown.items.at(item).id != id)
                                         return; // not a card of its own (or not there yet)
                                     const std::optional<Message> m = m_conversation->find(id);
                                     if (!m || m->status != shown.items.at(item).status
                                         || shown.items.at(item).text.size() < kPreviewChars)
                                         scheduleRebuild();
                                 })
                      << connect(conversation, &QObject::destroyed, this, [this] { setConversation(nullptr); });
    }
    rebuild(conversation && conversation->isLoaded());
}

void BranchView::refresh()
{
    if (m_conversation)
        m_conversation->load();
}

void BranchView::scheduleRebuild()
{
    if (!m_rebuildTimer->isActive())
        m_rebuildTimer->start();
}

void BranchView::setSelectedMessage(const QString &messageId)
{
    m_selected = messageId;
    m_options.keepVisible.clear();
    if (!messageId.isEmpty())
        m_options.keepVisible.insert(messageId);
    m_focus = messageId;
    relayout();
}

void BranchView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_stale)
        return;
    m_focus = m_selected.isEmpty() ? m_activeLeaf : m_selected;
    rebuild(false);
}

void BranchView::rebuild(bool announce)
{
    m_rebuildTimer->stop();
    if (!isVisible()) {
        m_stale = true;
        m_staleAnnounce = m_staleAnnounce || announce;
        return;
    }
    m_stale = false;
    announce = std::exchange(m_staleAnnounce, false) || announce;
    m_nodes.clear();
    m_summaries.clear();
    m_activeLeaf.clear();
    if (m_conversation) {
        const Conversation &doc = *m_conversation;
        const ConversationTree &tree = doc.tree();
        // Parents before children, siblings in creation order: the order the layout expects. Only
        // this session's own messages (a fork's entry path belongs to the session it forks from).
        const QString own = doc.sessionId();
        m_nodes.reserve(tree.size());
        tree.forEachDepthFirst([this, &doc, &own](const ConversationNode &node) {
            const std::optional<CompactMessages::Brief> m = doc.brief(node.id);
            if (!m || m->sessionId != own)
                return;
            // No text: only the cards laid out get theirs (apply()), a few hundred of 100,000.
            m_nodes.append({node.id, node.parentId, m->role, m->status, {}, node.createdAt});
        });
        for (const Summary &s : doc.summaries())
            m_summaries.append(
                {s.id, s.level, s.firstMessageId, s.lastMessageId, s.content.left(kPreviewChars), s.tokenCount});
        m_activeLeaf = doc.activeLeaf();
    }
    if (announce) {
        m_focus = m_selected.isEmpty() ? m_activeLeaf : m_selected;
        m_announce = true;
    }
    relayout();
}

void BranchView::relayout()
{
    if (!isVisible()) {
        m_stale = true; // the nodes may be stale too: the next show rebuilds
        return;
    }
    const quint64 generation = ++m_layoutGeneration;
    if (m_nodes.size() < kLayoutOnWorker) {
        apply(BranchLayout::layout(m_nodes, m_summaries, m_activeLeaf, m_options), leafCount(m_nodes));
        return;
    }
    // A big tree is laid out on a worker thread (a 100,000-message one takes a few hundred
    // milliseconds); the newest layout asked for is the one shown.
    m_layoutPending = true;
    QPointer<BranchView> self(this);
    QThreadPool::globalInstance()->start(
        [self, generation, nodes = m_nodes, summaries = m_summaries, leaf = m_activeLeaf, options = m_options] {
            BranchLayout::Result result = BranchLayout::layout(nodes, summaries, leaf, options);
            const qsizetype leaves = leafCount(nodes);
            QMetaObject::invokeMethod(
                qApp,
                [self, generation, leaves, result = std::move(result)] {
                    if (self && generation == self->m_layoutGeneration)
                        self->apply(result, leaves);
                },
                Qt::QueuedConnection);
        });
}

void BranchView::apply(BranchLayout::Result result, qsizetype leaves)
{
    m_layoutPending = false;
    for (BranchLayout::Item &item : result.items)
        if (item.kind == BranchLayout::Kind::Message && m_conversation)
            if (const std::optional<Message> m = m_conversation->find(item.id))
                item.text = preview(*m);
    m_graph->setLayoutResult(result);
    m_graph->setSelectedMessage(m_selected);
    if (!m_focus.isEmpty())
        m_graph->ensureItemVisible(result.itemOfMessage.value(std::exchange(m_focus, {}), -1));
    if (!m_conversation)
        m_status->setText(tr("No conversation open"));
    else
        m_status->setText(counted(m_nodes.size(), tr("1 message"), tr("%1 messages")) + QStringLiteral(" · ")
                          + counted(leaves, tr("1 branch"), tr("%1 branches")));
    if (std::exchange(m_announce, false))
        Q_EMIT loaded();
}

void BranchView::activateItem(int index)
{
    const BranchLayout::Item item = m_graph->layoutResult().items.value(index);
    if (item.kind != BranchLayout::Kind::Message) {
        m_options.expanded.insert(item.expandKey);
        relayout();
        return;
    }
    m_selected = item.id;
    m_graph->setSelectedMessage(m_selected);
    if (item.onActivePath) {
        Q_EMIT messageActivated(item.id);
        return;
    }
    if (!m_conversation)
        return;
    const QString sessionId = m_conversation->sessionId();
    const QString messageId = item.id;
    QPointer<BranchView> self(this);
    const bool switched = m_conversation->showBranchOf(messageId, [self, sessionId, messageId](const Status &s) {
        if (!self || !s || self->sessionId() != sessionId)
            return;
        Q_EMIT self->activeLeafChanged(sessionId, self->m_activeLeaf);
        Q_EMIT self->messageActivated(messageId);
    });
    if (!switched)
        return;
    m_activeLeaf = m_conversation->activeLeaf();
    relayout();
}

void BranchView::toggleBracket(int index)
{
    const BranchLayout::Bracket bracket = m_graph->layoutResult().brackets.value(index);
    if (bracket.expandKey.isEmpty())
        return;
    m_options.expanded.remove(bracket.expandKey);
    relayout();
}

void BranchView::setCompact(bool compact)
{
    if (compact == m_options.compact)
        return;
    m_options.compact = compact;
    m_compactButton->setChecked(compact);
    m_compactAction->setChecked(compact);
    relayout();
}

void BranchView::zoomIn()
{
    m_graph->setZoom(m_graph->zoom() * 1.2);
}

void BranchView::zoomOut()
{
    m_graph->setZoom(m_graph->zoom() / 1.2);
}

void BranchView::resetZoom()
{
    m_graph->setZoom(1.0);
}

} // namespace Skein
