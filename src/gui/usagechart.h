/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QList>
#include <QString>
#include <QWidget>

namespace Skein {

// A bar chart painted with QPainter: one bar per bucket, stacked prompt / completion tokens or a
// single cost bar, with a value axis and labels that thin out when space is short.
class UsageChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageChart)

public:
    enum class Metric { Tokens, Cost };
    struct Bar
    {
        QString label;
        double prompt = 0; // tokens, or the cost when the metric is Cost
        double completion = 0;
    };

    explicit UsageChart(QWidget *parent = nullptr);

    void setBars(const QList<Bar> &bars, Metric metric);
    const QList<Bar> &bars() const { return m_bars; }
    Metric metric() const { return m_metric; }
    // The bar's rectangle (widget coordinates), for tests and tooltips.
    QRect barRect(int index) const;

    QSize sizeHint() const override { return {520, 220}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

protected:
    using QWidget::metric; // the paint device's, which metric() above would hide
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect plotRect() const;
    double maxValue() const;
    QString format(double value) const;

    QList<Bar> m_bars;
    Metric m_metric = Metric::Tokens;
};

} // namespace Skein
