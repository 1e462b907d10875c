// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "usagechart.h"

#include "models/contextbudget.h"
#include "models/plaintooltip.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace Skein {

namespace {

// A "nice" axis maximum (1, 2, 2.5 or 5 times a power of ten) at or above value.
double niceCeiling(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (value <= step * magnitude)
            return step * magnitude;
    }
    return 10 * magnitude;
}

} // namespace

UsageChart::UsageChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("usageChart"));
    setAccessibleName(tr("Usage chart"));
}

void UsageChart::setBars(const QList<Bar> &bars, Metric metric)
{
    m_bars = bars;
    m_metric = metric;
    update();
}

QRect UsageChart::plotRect() const
{
    const int left = fontMetrics().horizontalAdvance(format(niceCeiling(maxValue()))) + 12;
    const int bottom = fontMetrics().height() * 2 + 8;
    return QRect(left, 10, width() - left - 10, height() - 10 - bottom);
}

double UsageChart::maxValue() const
{
    double max = 0;
    for (const Bar &b : m_bars)
        max = std::max(max, b.prompt + b.completion);
    return max;
}

QString UsageChart::format(double value) const
{
    const QLocale locale;
    if (m_metric == Metric::Cost)
        return QString(QStringLiteral("$") + locale.toString(value, 'f', value < 1 ? 3 : 2));
    if (value >= 1e6)
        return locale.toString(value / 1e6, 'f', value >= 1e7 ? 0 : 1) + QLatin1Char('M');
    if (value >= 1e3)
        return locale.toString(value / 1e3, 'f', value >= 1e4 ? 0 : 1) + QLatin1Char('k');
    return locale.toString(qint64(value));
}

QRect UsageChart::barRect(int index) const
{
    if (index < 0 || index >= m_bars.size())
        return {};
    const QRect plot = plotRect();
    const double slot = double(plot.width()) / double(m_bars.size());
    const double barWidth = std::min(48.0, slot * 0.7);
    const double top = niceCeiling(maxValue());
    const Bar &b = m_bars.at(index);
    const double h = (b.prompt + b.completion) / top * plot.height();
    const double x = plot.left() + slot * index + (slot - barWidth) / 2;
    return QRectF(x, plot.bottom() - h, barWidth, h).toAlignedRect();
}

bool UsageChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QRect plot = plotRect();
        for (int i = 0; i < m_bars.size(); ++i) {
            QRect column = barRect(i);
            column.setTop(plot.top());
            if (column.contains(help->pos())) {
                const Bar &b = m_bars.at(i);
                const QString text = m_metric == Metric::Cost
                    ? tr("%1: %2").arg(b.label, format(b.prompt + b.completion))
                    : tr("%1: %2 prompt + %3 completion tokens")
                          .arg(b.label, QLocale().toString(qint64(b.prompt)), QLocale().toString(qint64(b.completion)));
                QToolTip::showText(help->globalPos(), plainToolTip(text), this);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void UsageChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect plot = plotRect();
    const QColor text = palette().color(QPalette::WindowText);
    QColor grid = text;
    grid.setAlphaF(0.15f);
    if (m_bars.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No usage recorded in this period."));
        return;
    }
    const double top = niceCeiling(maxValue());
    for (int i = 0; i <= 4; ++i) {
        const double y = plot.bottom() - plot.height() * i / 4.0;
        p.setPen(QPen(grid, 1));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(text);
        p.drawText(QRectF(0, y - fontMetrics().height() / 2.0, plot.left() - 6, fontMetrics().height()),
                   Qt::AlignRight | Qt::AlignVCenter, format(top * i / 4.0));
    }
    const QColor promptColor = ContextBudget::color(QStringLiteral("history"));
    const QColor completionColor = ContextBudget::color(QStringLiteral("current"));
    const double slot = double(plot.width()) / double(m_bars.size());
    const int labelWidth = fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00")) + 6;
    const int labelEvery = std::max(1, int(std::ceil(labelWidth / std::max(1.0, slot))));
    for (int i = 0; i < m_bars.size(); ++i) {
        const Bar &b = m_bars.at(i);
        const QRect r = barRect(i);
        const double promptHeight = b.prompt / top * plot.height();
        p.setPen(Qt::NoPen);
        p.setBrush(promptColor);
        p.drawRect(QRectF(r.left(), plot.bottom() - promptHeight, r.width(), promptHeight));
        if (m_metric == Metric::Tokens) {
            p.setBrush(completionColor);
            p.drawRect(QRectF(r.left(), r.top(), r.width(), r.height() - promptHeight));
        }
        if (i % labelEvery == 0) {
            p.setPen(text);
            const QRectF labelRect(plot.left() + slot * i - (labelWidth - slot) / 2, plot.bottom() + 4, labelWidth,
                                   fontMetrics().height());
            p.drawText(labelRect, Qt::AlignHCenter | Qt::AlignTop,
                       fontMetrics().elidedText(b.label, Qt::ElideRight, labelWidth));
        }
    }
    p.setPen(QPen(text, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    // Legend
    const int y = height() - fontMetrics().height() - 2;
    int x = plot.left();
    const auto legend = [&](const QColor &color, const QString &label) {
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawRect(x, y + 3, 10, 10);
        p.setPen(text);
        p.drawText(x + 14, y, fontMetrics().horizontalAdvance(label) + 2, fontMetrics().height(), Qt::AlignLeft, label);
        x += 14 + fontMetrics().horizontalAdvance(label) + 16;
    };
    if (m_metric == Metric::Tokens) {
        legend(promptColor, tr("Prompt tokens"));
        legend(completionColor, tr("Completion tokens"));
    } else {
        legend(promptColor, tr("Cost"));
    }
}

} // namespace Skein
