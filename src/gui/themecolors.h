/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QColor>
#include <QList>

class QPalette;

namespace Skein::ThemeColors {

// Every colour Skein paints with comes from the palette through here, so that light and dark
// themes (and the desktop's own palette) stay readable: tests/gui/chat/tst_chatlook.cpp checks
// each text colour of textPairs() against its background for WCAG 2 contrast, ≥ 4.5:1
// (≥ 3:1 for large text), in both themes.

bool isDark(const QPalette &palette);
// WCAG 2 contrast ratio of two opaque colours (1 … 21).
double contrast(const QColor &a, const QColor &b);
// a blended towards b by t (0 … 1).
QColor mix(const QColor &a, const QColor &b, double t);
// The first colour from `from` towards `to` that has at least `ratio` against `background`.
QColor withContrast(const QColor &from, const QColor &to, const QColor &background, double ratio);

// Secondary text (speaker lines, times, group headings, hints): quiet, still ≥ 4.5:1 on Base
// and on Window. Appearance puts it in the palette as PlaceholderText.
QColor muted(const QPalette &palette);
// The selection colour, dark (or light) enough for HighlightedText on it.
QColor highlight(const QPalette &palette);
// Error text on Base.
QColor error(const QPalette &palette);
// The fill of a user's bubble and of a selected message (Highlight over Base).
QColor bubble(const QPalette &palette);
QColor selectedRow(const QPalette &palette);
// Tool and reasoning cards (quieter than the answer).
QColor card(const QPalette &palette);
// Code blocks, and the header over one (its language, Copy).
QColor codeBackground(const QPalette &palette);
QColor codeHeader(const QPalette &palette);
QColor codeHeaderText(const QPalette &palette);
// A warning banner (storage problems, the memory inbox).
QColor warningBackground(const QPalette &palette);
QColor warningText(const QPalette &palette);
// The branch graph: a role's accent, and a node's fill at a weight of it.
QColor roleAccent(Role role);
QColor summaryAccent();
QColor nodeFill(const QPalette &palette, const QColor &accent, double weight);

struct Pair
{
    QString name;
    QColor text;
    QColor background;
    bool large = false; // ≥ 3:1 suffices (large or bold text)
};
// Every text colour custom painting uses, on each background it is drawn on.
QList<Pair> textPairs(const QPalette &palette);

} // namespace Skein::ThemeColors
