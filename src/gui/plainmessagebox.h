/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QMessageBox>

namespace Skein {

// A message box that shows its text as it is. The text of a box often carries a title, a path, a
// memory or an error from outside, and QMessageBox renders text that merely looks like markup as
// rich text (links, images, hidden parts). The informative text follows the same format.
inline QMessageBox *plainMessageBox(QMessageBox::Icon icon, const QString &title, const QString &text,
                                    QMessageBox::StandardButtons buttons, QWidget *parent)
{
    auto *box = new QMessageBox(icon, title, text, buttons, parent);
    box->setTextFormat(Qt::PlainText);
    return box;
}

} // namespace Skein
