#include "branchview.h"

#include "branchgraph.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QAction>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Skein {

namespace {

constexpr int kPreviewChars = 600;

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source
// text is picked by count (each form is translated on its own).
QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

} // namespace

struct BranchView::Loaded
{
    QList<BranchNode> nodes;
    QList<BranchSummary> summaries;
    QString activeLeaf;
};

BranchView::BranchView(AsyncStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("branchView"));
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

void BranchView::setSession(const QString &sessionId)
{
    if (sessionId == m_sessionId)
        return;
    m_sessionId = sessionId;
    m_options.expanded.clear();
    m_nodes.clear();
    m_summaries.clear();
    m_activeLeaf.clear();
    relayout();
    refresh();
}

void BranchView::setSelectedMessage(const QString &messageId)
{
    m_selected = messageId;
    m_options.keepVisible.clear();
    if (!messageId.isEmpty())
        m_options.keepVisible.insert(messageId);
    relayout();
    m_graph->ensureItemVisible(m_graph->layoutResult().itemOfMessage.value(messageId, -1));
}

void BranchView::refresh()
{
    if (m_sessionId.isEmpty())
        return;
    if (m_loading) {
        m_reloadQueued = true; // coalesce bursts of writes into one more load
        return;
    }
    m_loading = true;
    const quint64 generation = ++m_generation;
    const QString sessionId = m_sessionId;
    m_store.read<Loaded>(
        this,
        [sessionId](Store &store) -> Result<Loaded> {
            Loaded out;
            auto session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            out.activeLeaf = session->activeLeafId;
            auto messages = store.messages().bySession(sessionId);
            if (!messages)
                return messages.error();
            out.nodes.reserve(messages->size());
            for (const Message &m : std::as_const(*messages)) {
                QString text = m.content.isEmpty() && !m.toolCalls.isEmpty()
                    ? QString(QStringLiteral("⚙ ") + m.toolCalls.first().toObject().value(u"name").toString())
                    : m.content.left(kPreviewChars);
                out.nodes.append({m.id, m.parentId, m.role, m.status, text, m.createdAt});
            }
            auto summaries = store.summaries().bySession(sessionId);
            if (!summaries)
                return summaries.error();
            for (const Summary &s : std::as_const(*summaries))
                out.summaries.append(
                    {s.id, s.level, s.firstMessageId, s.lastMessageId, s.content.left(kPreviewChars), s.tokenCount});
            return out;
        },
        [this, generation](Result<Loaded> result) {
            m_loading = false;
            if (generation == m_generation) {
                if (result)
                    applyLoaded(*result);
                else
                    m_status->setText(tr("Could not load the tree: %1").arg(result.error().message));
            }
            if (m_reloadQueued) {
                m_reloadQueued = false;
                refresh();
            }
        });
}

void BranchView::applyLoaded(const Loaded &data)
{
    m_nodes = data.nodes;
    m_summaries = data.summaries;
    m_latestChild.clear();
    QHash<QString, qint64> latestAt;
    for (const BranchNode &n : std::as_const(m_nodes)) {
        if (n.parentId.isEmpty())
            continue;
        auto it = latestAt.find(n.parentId);
        if (it == latestAt.end() || n.createdAt > *it
            || (n.createdAt == *it && n.id > m_latestChild.value(n.parentId))) {
            latestAt.insert(n.parentId, n.createdAt);
            m_latestChild.insert(n.parentId, n.id);
        }
    }
    m_activeLeaf = latestLeafUnder(data.activeLeaf);
    relayout();
    const QString focus = m_selected.isEmpty() ? m_activeLeaf : m_selected;
    m_graph->ensureItemVisible(m_graph->layoutResult().itemOfMessage.value(focus, -1));
    Q_EMIT loaded();
}

void BranchView::relayout()
{
    const BranchLayout::Result result = BranchLayout::layout(m_nodes, m_summaries, m_activeLeaf, m_options);
    m_graph->setLayoutResult(result);
    m_graph->setSelectedMessage(m_selected);
    if (m_sessionId.isEmpty()) {
        m_status->setText(tr("No conversation open"));
        return;
    }
    int leaves = 0;
    QSet<QString> parents;
    for (const BranchNode &n : std::as_const(m_nodes))
        parents.insert(n.parentId);
    for (const BranchNode &n : std::as_const(m_nodes))
        leaves += !parents.contains(n.id);
    m_status->setText(counted(m_nodes.size(), tr("1 message"), tr("%1 messages"))
                      + QStringLiteral(" · ") + counted(leaves, tr("1 branch"), tr("%1 branches")));
}

QString BranchView::latestLeafUnder(const QString &id) const
{
    QString leaf = id;
    for (int guard = 0; m_latestChild.contains(leaf) && guard <= m_nodes.size(); ++guard)
        leaf = m_latestChild.value(leaf);
    return leaf;
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
    const QString sessionId = m_sessionId;
    const QString leaf = latestLeafUnder(item.id);
    const QString messageId = item.id;
    m_store.write(
        this, [sessionId, leaf](Store &store) { return store.sessions().setActiveLeaf(sessionId, leaf); },
        [this, sessionId, leaf, messageId](Status status) {
            if (!status) {
                m_status->setText(tr("Could not switch branch: %1").arg(status.error().message));
                return;
            }
            if (sessionId != m_sessionId)
                return;
            m_activeLeaf = leaf;
            relayout();
            Q_EMIT activeLeafChanged(sessionId, leaf);
            Q_EMIT messageActivated(messageId);
        },
        Durability::Full);
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
