// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "budgetbar.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>

namespace Skein {

namespace {

constexpr int kBarHeight = 18;
constexpr int kGap = 8;

} // namespace

BudgetBar::BudgetBar(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("budgetBar"));
    setAccessibleName(tr("Context budget"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void BudgetBar::setSections(const QList<ContextSection> &sections, qint64 budget)
{
    m_sections = sections;
    m_budget = std::max(budget, ContextBudget::total(sections));
    QStringList parts;
    for (const ContextSection &s : visibleSections())
        parts << s.label + QStringLiteral(" ") + QLocale().toString(s.tokens);
    setAccessibleDescription(parts.join(QStringLiteral(", ")));
    updateGeometry();
    update();
}

QList<ContextSection> BudgetBar::visibleSections() const
{
    QList<ContextSection> out;
    for (const ContextSection &s : m_sections) {
        if (s.tokens > 0)
            out << s;
    }
    return out;
}

QRect BudgetBar::barRect() const
{
    return {1, 1, width() - 2, kBarHeight};
}

QRect BudgetBar::segmentRect(const QString &key) const
{
    if (m_budget <= 0)
        return {};
    const QRect bar = barRect();
    double x = bar.left();
    for (const ContextSection &s : m_sections) {
        const double w = double(s.tokens) / double(m_budget) * bar.width();
        if (s.key == key)
            return s.tokens > 0 ? QRectF(x, bar.top(), w, bar.height()).toAlignedRect() : QRect();
        x += w;
    }
    return {};
}

int BudgetBar::legendColumns(int width) const
{
    return width >= 600 ? 3 : (width >= 240 ? 2 : 1);
}

int BudgetBar::heightForWidth(int width) const
{
    const int items = int(visibleSections().size());
    const int columns = legendColumns(width);
    const int rows = (items + columns - 1) / columns;
    return kBarHeight + 2 + (rows > 0 ? kGap + rows * (fontMetrics().height() + 3) : 0);
}

QSize BudgetBar::sizeHint() const
{
    return {320, heightForWidth(320)};
}

QSize BudgetBar::minimumSizeHint() const
{
    return {120, heightForWidth(120)};
}

bool BudgetBar::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
        for (const ContextSection &s : std::as_const(m_sections)) {
            if (segmentRect(s.key).contains(pos)) {
                const double share = m_budget > 0 ? 100.0 * double(s.tokens) / double(m_budget) : 0.0;
                QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(),
                                   tr("%1: %2 tokens (%3% of the budget)")
                                       .arg(s.label, QLocale().toString(s.tokens), QLocale().toString(share, 'f', 1)),
                                   this);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void BudgetBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect bar = barRect();
    const QColor base = palette().color(QPalette::Base);
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(base);
    p.drawRoundedRect(QRectF(bar).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    if (m_budget > 0) {
        p.save();
        QPainterPath clip;
        clip.addRoundedRect(QRectF(bar).adjusted(1, 1, -1, -1), 3.5, 3.5);
        p.setClipPath(clip);
        for (const ContextSection &s : std::as_const(m_sections)) {
            const QRect r = segmentRect(s.key);
            if (r.isEmpty())
                continue;
            p.fillRect(r, s.key == QLatin1String("output") ? QBrush(s.color, Qt::BDiagPattern) : QBrush(s.color));
            if (s.key == QLatin1String("output")) {
                QColor tint = s.color;
                tint.setAlphaF(0.35f);
                p.fillRect(r, tint);
            }
        }
        p.restore();
    }
    const QList<ContextSection> shown = visibleSections();
    const int columns = legendColumns(width());
    const int columnWidth = width() / columns;
    const int lineHeight = fontMetrics().height() + 3;
    const QLocale locale;
    for (int i = 0; i < shown.size(); ++i) {
        const ContextSection &s = shown.at(i);
        const int x = (i % columns) * columnWidth;
        const int y = bar.bottom() + kGap + (i / columns) * lineHeight;
        const int swatch = fontMetrics().height() - 4;
        p.setPen(Qt::NoPen);
        p.setBrush(s.color);
        p.drawRoundedRect(QRect(x + 1, y + 2, swatch, swatch), 2, 2);
        p.setPen(palette().color(QPalette::WindowText));
        const QString text = s.label + QStringLiteral("  ") + locale.toString(s.tokens);
        p.drawText(QRect(x + swatch + 6, y, columnWidth - swatch - 8, lineHeight), Qt::AlignLeft | Qt::AlignTop,
                   fontMetrics().elidedText(text, Qt::ElideRight, columnWidth - swatch - 8));
    }
}

} // namespace Skein
