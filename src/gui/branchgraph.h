/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "models/branchlayout.h"

#include <QAbstractScrollArea>
#include <QHash>

namespace Skein {

// Paints a BranchLayout: cards per message (role colour, first words), summary and collapsed-run
// nodes, brackets beside summarised spans, elbow edges, the active path highlighted. Only what is
// visible is painted, so a 2,000-node tree scrolls as smoothly as a small one. Ctrl+wheel zooms.
// From the keyboard: arrows move a focus frame (Up = parent, Down = child, Left / Right = the
// nearest card in the next column), Home / End jump to the root / the active leaf, Enter or Space
// clicks the card; the focused card is the widget's accessible description.
class BranchGraph final : public QAbstractScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BranchGraph)

public:
    // A card's words without Markdown syntax ("## Use `sorted`" → "Use sorted"): headings,
    // quotes, list markers, code ticks and emphasis marks are noise on a small card.
    static QString cardText(const QString &text);

    explicit BranchGraph(QWidget *parent = nullptr);
    // Room for two branches side by side at 100%, so the inspector opens wide enough for them
    // whatever the language of its other panels.
    QSize sizeHint() const override;

    void setLayoutResult(const BranchLayout::Result &layout);
    const BranchLayout::Result &layoutResult() const { return m_layout; }
    void setSelectedMessage(const QString &messageId);
    double zoom() const { return m_zoom; }
    void setZoom(double zoom);
    // Scrolls so the item is visible (centred when it was off screen).
    void ensureItemVisible(int item);
    // The item's card in viewport coordinates (for tests and tooltips).
    QRect itemRect(int item) const;
    QRect bracketRect(int bracket) const;
    int itemAt(const QPoint &viewportPos) const;
    // An item's stable key (kind and id) and its index in the current layout (-1: not in it).
    static QString itemKey(const BranchLayout::Item &item);
    int indexOfKey(const QString &key) const { return m_keys.value(key, -1); }
    // Runs what a click on the item does (a screen reader's action).
    void activate(int item) { Q_EMIT itemClicked(item); }
    int bracketAt(const QPoint &viewportPos) const;
    // The item with the keyboard focus frame, or -1.
    int currentItem() const;
    void setCurrentItem(int item);

    static constexpr double kMinZoom = 0.4;
    static constexpr double kMaxZoom = 2.0;

Q_SIGNALS:
    void itemClicked(int item);
    void bracketClicked(int bracket);
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    static quint64 cellKey(int row, int column) { return (quint64(quint32(row)) << 32) | quint32(column); }
    struct Metrics
    {
        double cardWidth;
        double cardHeight;
        double columnPitch;
        double rowPitch;
        double margin;
    };
    Metrics metrics() const;
    QRectF contentRect(int item) const; // in content coordinates
    QRectF contentBracketRect(int bracket) const;
    QPointF offset() const;
    void updateScrollBars();
    QString toolTipFor(const QPoint &viewportPos) const;
    QString describe(int item) const;
    int neighbour(int item, int key) const;
    void paintEdges(class QPainter &p, const QRectF &visible) const;
    void paintBrackets(class QPainter &p, const QRectF &visible) const;
    void paintItem(class QPainter &p, const BranchLayout::Item &item, const QRectF &rect) const;

    QHash<QString, int> m_keys; // itemKey → index
    BranchLayout::Result m_layout;
    QHash<quint64, int> m_cells; // (row << 32 | column) -> item
    QString m_selected;
    double m_zoom = 1.0;
    int m_hover = -1;
    QString m_current; // the focused item's id (survives relayouts)
};

} // namespace Skein
