#pragma once

#include "models/branchlayout.h"

#include <QHash>
#include <QSet>
#include <QWidget>

class QAction;
class QLabel;
class QToolButton;

namespace Skein {

class AsyncStore;
class BranchGraph;

// The Branches tab (SPEC §6): the whole tree of the open conversation as a graph. Loads the
// messages and summaries off the GUI thread; clicking a message on another branch makes that
// branch's latest leaf the session's active leaf (written through AsyncStore) and announces it.
// Zoom and compact mode are QActions added to the widget (QWidget::actions()) for a window menu.
class BranchView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BranchView)

public:
    explicit BranchView(AsyncStore &store, QWidget *parent = nullptr);

    QString sessionId() const { return m_sessionId; }
    QString activeLeaf() const { return m_activeLeaf; }
    BranchGraph *graph() const { return m_graph; }
    bool isCompact() const { return m_options.compact; }
    // Tests: true while a load is in flight.
    bool isLoading() const { return m_loading; }

public Q_SLOTS:
    void setSession(const QString &sessionId);
    void setSelectedMessage(const QString &messageId);
    // Reloads the tree (after a write elsewhere: new message, branch switch, summary).
    void refresh();
    void setCompact(bool compact);
    void zoomIn();
    void zoomOut();
    void resetZoom();

Q_SIGNALS:
    // The user switched branch here; the session's active leaf is already stored.
    void activeLeafChanged(const QString &sessionId, const QString &leafId);
    // The user clicked a message: show it in the chat view.
    void messageActivated(const QString &messageId);
    // A load finished and the graph shows the current tree.
    void loaded();

private:
    struct Loaded;
    void applyLoaded(const Loaded &data);
    void relayout();
    void activateItem(int item);
    void toggleBracket(int bracket);
    QString latestLeafUnder(const QString &id) const;

    AsyncStore &m_store;
    BranchGraph *m_graph = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_compactButton = nullptr;
    QAction *m_compactAction = nullptr;
    QString m_sessionId;
    QString m_activeLeaf;
    QString m_selected;
    QList<BranchNode> m_nodes;
    QList<BranchSummary> m_summaries;
    QHash<QString, QString> m_latestChild;
    BranchLayout::Options m_options;
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_reloadQueued = false;
};

} // namespace Skein
