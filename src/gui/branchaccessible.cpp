// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "branchaccessible.h"

#include "branchgraph.h"
#include "messagedelegate.h"

#include <QPointer>
#include <QScrollBar>
#include <QTimer>
#include <QWindow>

namespace Skein {

namespace {

class CardAccessible final
    : public Accessibility::KeyedItem
    , public QAccessibleActionInterface
{
public:
    CardAccessible(BranchGraph *graph, QString key)
        : m_graph(graph)
        , m_key(std::move(key))
    { }

    QString key() const override { return m_key; }
    bool isValid() const override { return m_graph && m_graph->indexOfKey(m_key) >= 0; }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_graph ? m_graph->window()->windowHandle() : nullptr; }
    QAccessibleInterface *parent() const override { return QAccessible::queryAccessibleInterface(m_graph); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *focusChild() const override { return nullptr; }
    QAccessible::Role role() const override { return QAccessible::TreeItem; }
    void setText(QAccessible::Text, const QString &) override { }

    QString text(QAccessible::Text t) const override
    {
        const BranchLayout::Item *item = current();
        if (!item)
            return {};
        if (t == QAccessible::Name) {
            switch (item->kind) {
            case BranchLayout::Kind::Summary:
                return BranchGraph::tr("Summary of %n message(s): %1", nullptr, item->hiddenCount).arg(item->text);
            case BranchLayout::Kind::Collapsed:
                return BranchGraph::tr("%n more message(s)", nullptr, item->hiddenCount);
            case BranchLayout::Kind::Message:
                break;
            }
            return BranchGraph::tr("%1: %2").arg(MessageDelegate::speakerOf(item->role),
                                                 BranchGraph::cardText(item->text));
        }
        if (t == QAccessible::Description) {
            QStringList parts;
            if (item->onActivePath)
                parts << BranchGraph::tr("on the branch shown");
            if (item->parent >= 0) {
                const BranchLayout::Item &parent = m_graph->layoutResult().items.at(item->parent);
                parts << BranchGraph::tr("reply to %1").arg(BranchGraph::cardText(parent.text).left(60));
            }
            if (item->isLeaf)
                parts << BranchGraph::tr("last message of its branch");
            return parts.join(QStringLiteral("; "));
        }
        return {};
    }

    QRect rect() const override
    {
        const int index = m_graph ? m_graph->indexOfKey(m_key) : -1;
        if (index < 0)
            return {};
        const QRect r = m_graph->itemRect(index);
        return QRect(m_graph->viewport()->mapToGlobal(r.topLeft()), r.size());
    }

    QAccessible::State state() const override
    {
        QAccessible::State s;
        const BranchLayout::Item *item = current();
        if (!item) {
            s.invalid = true;
            return s;
        }
        const int index = m_graph->indexOfKey(m_key);
        s.focusable = true;
        s.selectable = true;
        s.selected = item->onActivePath;
        s.focused = m_graph->hasFocus() && m_graph->currentItem() == index;
        s.offscreen = !m_graph->itemRect(index).intersects(m_graph->viewport()->rect());
        s.invisible = !m_graph->isVisible();
        return s;
    }

    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::ActionInterface ? static_cast<QAccessibleActionInterface *>(this) : nullptr;
    }

    QStringList actionNames() const override { return {showAction()}; }
    QString localizedActionName(const QString &name) const override { return name; }
    QString localizedActionDescription(const QString &name) const override { return name; }
    QStringList keyBindingsForAction(const QString &) const override { return {}; }
    void doAction(const QString &name) override
    {
        if (name != showAction() || !isValid())
            return;
        // After this call: showing a message may lay the graph out again.
        QTimer::singleShot(0, m_graph, [graph = m_graph, key = m_key] {
            if (graph && graph->indexOfKey(key) >= 0)
                graph->activate(graph->indexOfKey(key));
        });
    }

private:
    static QString showAction() { return BranchGraph::tr("Show in Chat"); }
    const BranchLayout::Item *current() const
    {
        const int index = m_graph ? m_graph->indexOfKey(m_key) : -1;
        return index >= 0 ? &m_graph->layoutResult().items.at(index) : nullptr;
    }

    QPointer<BranchGraph> m_graph;
    QString m_key;
};

} // namespace

BranchGraphAccessible::BranchGraphAccessible(BranchGraph *graph)
    : KeyedItems(graph, QAccessible::Tree)
{ }

QAccessibleInterface *BranchGraphAccessible::factory(const QString &className, QObject *object)
{
    if (className == QLatin1String("Skein::BranchGraph") && object && object->isWidgetType())
        return new BranchGraphAccessible(static_cast<BranchGraph *>(object));
    return nullptr;
}

BranchGraph *BranchGraphAccessible::graph() const
{
    return static_cast<BranchGraph *>(widget());
}

int BranchGraphAccessible::itemCount() const
{
    return int(graph()->layoutResult().items.size());
}

QString BranchGraphAccessible::keyAt(int index) const
{
    return BranchGraph::itemKey(graph()->layoutResult().items.at(index));
}

int BranchGraphAccessible::indexOfKey(const QString &key) const
{
    return graph()->indexOfKey(key);
}

Accessibility::KeyedItem *BranchGraphAccessible::createItem(const QString &key) const
{
    return new CardAccessible(graph(), key);
}

QAccessibleInterface *BranchGraphAccessible::focusChild() const
{
    const int current = graph()->currentItem();
    return current >= 0 ? child(current) : nullptr;
}

} // namespace Skein
