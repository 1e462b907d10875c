/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "models/contextbudget.h"

#include <QWidget>

namespace Skein {

// A stacked bar of a request's budget (SPEC §6 context inspector) with a legend underneath. The
// bar spans the whole budget; a section that does not fit is drawn to the end and the overflow is
// marked in red.
class BudgetBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BudgetBar)

public:
    explicit BudgetBar(QWidget *parent = nullptr);

    void setSections(const QList<ContextSection> &sections, qint64 budget);
    const QList<ContextSection> &sections() const { return m_sections; }
    qint64 budget() const { return m_budget; }
    // The bar segment of a section (widget coordinates), empty when it has no tokens.
    QRect segmentRect(const QString &key) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect barRect() const;
    QList<ContextSection> visibleSections() const;
    int legendColumns(int width) const;

    QList<ContextSection> m_sections;
    qint64 m_budget = 0;
};

} // namespace Skein
