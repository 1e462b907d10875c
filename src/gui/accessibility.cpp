// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "accessibility.h"

#include <QAbstractItemModel>
#include <QTreeView>
#include <QTreeWidget>

namespace Skein::Accessibility {

void layOutEagerly(QTreeView *view)
{
    QAbstractItemModel *model = view->model();
    Q_ASSERT_X(model, "layOutEagerly", "set the model first");
    Q_ASSERT_X(!qobject_cast<QTreeWidget *>(view), "layOutEagerly", "a QTreeWidget calls layOutNow()");
    // Connected after the view's own slots, so these run once the view has taken the change in
    // (and scheduled its delayed layout, which doItemsLayout() runs now and cancels).
    const auto layOut = [view] { view->doItemsLayout(); };
    QObject::connect(model, &QAbstractItemModel::modelReset, view, layOut);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, view, layOut);
    QObject::connect(model, &QAbstractItemModel::rowsInserted, view, layOut);
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, view, layOut);
    QObject::connect(model, &QAbstractItemModel::rowsMoved, view, layOut);
    QObject::connect(model, &QAbstractItemModel::columnsInserted, view, layOut);
    QObject::connect(model, &QAbstractItemModel::columnsRemoved, view, layOut);
    view->doItemsLayout();
}

void layOutNow(QTreeView *view)
{
    view->doItemsLayout();
}

} // namespace Skein::Accessibility
