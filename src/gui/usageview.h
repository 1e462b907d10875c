/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QTableView;

namespace Skein {

class StartupService;
class UsageChart;
class UsageModel;

// View → Usage (SPEC §6): tokens and cost per day, conversation or model over a period, as a chart
// and a table. Sums are computed by one query on the reader thread.
class UsageView final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageView)

public:
    explicit UsageView(StartupService &data, QWidget *parent = nullptr);

    UsageModel *model() const { return m_model; }
    UsageChart *chart() const { return m_chart; }

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void loaded();

private:
    void updateChart();

    StartupService &m_data;
    UsageModel *m_model = nullptr;
    UsageChart *m_chart = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_groupBy = nullptr;
    QComboBox *m_metric = nullptr;
    QComboBox *m_period = nullptr;
    QLabel *m_total = nullptr;
    quint64 m_generation = 0;
};

} // namespace Skein
