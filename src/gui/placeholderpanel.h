/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QWidget>

namespace Skein {

// A calm empty state: a title and a line of explanation, centred. Panels show it until they
// have something to display.
class PlaceholderPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlaceholderPanel)

public:
    PlaceholderPanel(const QString &title, const QString &text, QWidget *parent = nullptr);
};

} // namespace Skein
