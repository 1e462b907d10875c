// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "accessibility.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
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

KeyedItems::~KeyedItems()
{
    forgetAll();
}

QAccessibleInterface *KeyedItems::child(int index) const
{
    return index >= 0 && index < itemCount() ? item(keyAt(index)) : nullptr;
}

int KeyedItems::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *keyed = dynamic_cast<const KeyedItem *>(child);
    return keyed && m_items.contains(keyed->key()) ? indexOfKey(keyed->key()) : -1;
}

QAccessibleInterface *KeyedItems::item(const QString &key) const
{
    if (key.isEmpty() || indexOfKey(key) < 0)
        return nullptr;
    if (const auto it = m_items.constFind(key); it != m_items.cend())
        if (QAccessibleInterface *existing = QAccessible::accessibleInterface(it.value()))
            return existing;
    KeyedItem *created = createItem(key);
    m_items.insert(key, QAccessible::registerAccessibleInterface(created));
    return created;
}

void KeyedItems::forget(const QStringList &keys)
{
    for (const QString &key : keys)
        if (const auto it = m_items.constFind(key); it != m_items.cend()) {
            QAccessible::deleteAccessibleInterface(it.value());
            m_items.erase(it);
        }
}

void KeyedItems::forgetAll()
{
    for (const QAccessible::Id id : std::as_const(m_items))
        QAccessible::deleteAccessibleInterface(id);
    m_items.clear();
}

void layOutNow(QTreeView *view)
{
    view->doItemsLayout();
}

void nameInnerControls(QWidget *root)
{
    QHash<const QWidget *, QString> labels;
    for (const QLabel *label : root->findChildren<QLabel *>())
        if (label->buddy())
            labels.insert(label->buddy(), label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':')).trimmed());
    for (QComboBox *combo : root->findChildren<QComboBox *>()) {
        QLineEdit *edit = combo->lineEdit();
        if (!edit || !edit->accessibleName().isEmpty())
            continue;
        const QString name = combo->accessibleName().isEmpty() ? labels.value(combo) : combo->accessibleName();
        edit->setAccessibleName(name);
    }
    // QLineEdit's clear button is a tool button of its own, with an icon and no text.
    for (QLineEdit *edit : root->findChildren<QLineEdit *>())
        for (QToolButton *button : edit->findChildren<QToolButton *>(Qt::FindDirectChildrenOnly))
            if (button->accessibleName().isEmpty() && button->text().isEmpty())
                button->setAccessibleName(QCoreApplication::translate("Skein::Accessibility", "Clear"));
}

} // namespace Skein::Accessibility
