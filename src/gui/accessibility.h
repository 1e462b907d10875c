/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

class QTreeView;

namespace Skein::Accessibility {

// Lays the tree out as soon as its model changes, also while it is hidden.
//
// Why: QTreeView lays its rows out on a zero timer and skips that while hidden, so a tree in a
// closed panel keeps a layout pending. When a screen reader then reads one of its cells or
// headers over AT-SPI, the cell's own method runs the pending layout, the layout announces a
// model reset, and the reset frees every accessible cell of the tree, the one still running
// among them: a use after free in Qt's bridge (Skein crashed this way as soon as a
// conversation filled the context inspector's hidden tree). A tree that is always laid out gives
// the bridge nothing to trip on.
//
// For a view over a model of its own owner's (not a QTreeWidget: its built-in model resets while
// the widget is being destroyed); a QTreeWidget calls layOutNow() after it was filled.
void layOutEagerly(QTreeView *view);
void layOutNow(QTreeView *view);

} // namespace Skein::Accessibility
