/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "accessibility.h"

namespace Skein {

class BranchGraph;

// What a screen reader sees of the painted branch graph: a tree whose items are its cards, in
// layout order (parents before their replies), each named by speaker and text, described by its
// place (on the active branch, a reply to which card, a summary of how many messages), with the
// action a click has (show the message in the chat). Installed by BranchGraph for itself.
class BranchGraphAccessible final : public Accessibility::KeyedItems
{
public:
    explicit BranchGraphAccessible(BranchGraph *graph);

    static QAccessibleInterface *factory(const QString &className, QObject *object);

    QAccessibleInterface *focusChild() const override;
    BranchGraph *graph() const;

protected:
    int itemCount() const override;
    QString keyAt(int index) const override;
    int indexOfKey(const QString &key) const override;
    Accessibility::KeyedItem *createItem(const QString &key) const override;
};

} // namespace Skein
