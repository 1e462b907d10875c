/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QTextDocument>

namespace Skein {

// A tooltip that shows text from outside (a title, a model name, a URL, a memory) as it is. Qt
// renders a tooltip as rich text when it merely looks like markup, so raw text could draw, link or
// hide things, and escaped text alone would show its entities when Qt guesses "plain". This is
// always rich text whose only content is the escaped original.
inline QString plainToolTip(const QString &text)
{
    return text.isEmpty() ? QString() : Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal);
}

} // namespace Skein
