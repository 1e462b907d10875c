// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "usageview.h"

#include "app/services/startupservice.h"
#include "core/domain/ids.h"
#include "models/usagemodel.h"
#include "storage/usagequery.h"
#include "usagechart.h"

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace Skein {

UsageView::UsageView(StartupService &data, QWidget *parent)
    : QDialog(parent)
    , m_data(data)
{
    setObjectName(QStringLiteral("usageView"));
    setWindowTitle(tr("Usage"));
    m_model = new UsageModel(this);
    auto *layout = new QVBoxLayout(this);
    auto *controls = new QHBoxLayout;
    m_period = new QComboBox(this);
    m_period->setObjectName(QStringLiteral("usagePeriod"));
    m_period->setAccessibleName(tr("Period"));
    m_period->setToolTip(m_period->accessibleName());
    m_period->addItem(tr("Last 7 days"), 7);
    m_period->addItem(tr("Last 30 days"), 30);
    m_period->addItem(tr("Last 90 days"), 90);
    m_period->addItem(tr("All time"), 0);
    m_period->setCurrentIndex(1);
    m_groupBy = new QComboBox(this);
    m_groupBy->setObjectName(QStringLiteral("usageGroupBy"));
    m_groupBy->setAccessibleName(tr("Group by"));
    m_groupBy->setToolTip(m_groupBy->accessibleName());
    m_groupBy->addItem(tr("Per day"), int(UsageModel::GroupBy::Day));
    m_groupBy->addItem(tr("Per conversation"), int(UsageModel::GroupBy::Session));
    m_groupBy->addItem(tr("Per model"), int(UsageModel::GroupBy::Model));
    m_metric = new QComboBox(this);
    m_metric->setObjectName(QStringLiteral("usageMetric"));
    m_metric->setAccessibleName(tr("Show"));
    m_metric->setToolTip(m_metric->accessibleName());
    m_metric->addItem(tr("Tokens"), int(UsageChart::Metric::Tokens));
    m_metric->addItem(tr("Cost"), int(UsageChart::Metric::Cost));
    controls->addWidget(m_period);
    controls->addWidget(m_groupBy);
    controls->addWidget(m_metric);
    controls->addStretch(1);
    m_total = new QLabel(this);
    m_total->setObjectName(QStringLiteral("usageTotal"));
    m_total->setTextFormat(Qt::PlainText);
    controls->addWidget(m_total);
    layout->addLayout(controls);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_chart = new UsageChart(splitter);
    m_table = new QTableView(splitter);
    m_table->setObjectName(QStringLiteral("usageTable"));
    m_table->setAccessibleName(tr("Usage details"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(UsageModel::KeyColumn, QHeaderView::Stretch);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *reload = buttons->addButton(tr("&Refresh"), QDialogButtonBox::ActionRole);
    connect(reload, &QPushButton::clicked, this, &UsageView::refresh);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_period, &QComboBox::currentIndexChanged, this, &UsageView::refresh);
    connect(m_groupBy, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setGroupBy(UsageModel::GroupBy(m_groupBy->currentData().toInt()));
        updateChart();
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this, &UsageView::updateChart);
    resize(640, 480);
    refresh();
}

void UsageView::refresh()
{
    const quint64 generation = ++m_generation;
    const int days = m_period->currentData().toInt();
    const qint64 since
        = days > 0 ? QDate::currentDate().addDays(-(days - 1)).startOfDay().toMSecsSinceEpoch() : qint64(0);
    m_data.usage(since, this, [this, generation](const Result<QList<UsageRow>> &rows) {
        if (generation != m_generation)
            return;
        if (!rows) {
            m_total->setText(tr("Could not read usage: %1").arg(rows.error().message));
            m_model->setRows({});
        } else {
            m_model->setRows(*rows);
        }
        updateChart();
        Q_EMIT loaded();
    });
}

void UsageView::updateChart()
{
    const auto metric = UsageChart::Metric(m_metric->currentData().toInt());
    const auto bar = [metric](const QString &label, const UsageModel::Bucket &b) {
        return metric == UsageChart::Metric::Cost
            ? UsageChart::Bar {label, b.cost, 0}
            : UsageChart::Bar {label, double(b.promptTokens), double(b.completionTokens)};
    };
    QList<UsageChart::Bar> bars;
    const QList<UsageModel::Bucket> &buckets = m_model->buckets();
    if (m_model->groupBy() == UsageModel::GroupBy::Day && !buckets.isEmpty()) {
        // Every day of the period gets a bar, so gaps show as gaps.
        const int days = m_period->currentData().toInt();
        const QDate last = QDate::currentDate();
        QDate day = days > 0 ? last.addDays(-(days - 1)) : QDate::fromString(buckets.first().key, Qt::ISODate);
        QHash<QString, UsageModel::Bucket> byDay;
        for (const UsageModel::Bucket &b : buckets)
            byDay.insert(b.key, b);
        // A QDate format with day and month only; translated, since the order differs by language.
        const QString format = tr("d MMM", "chart axis: day and month as a QDate format");
        for (; day.isValid() && day <= last; day = day.addDays(1))
            bars.append(bar(QLocale().toString(day, format), byDay.value(day.toString(Qt::ISODate))));
    } else {
        for (const UsageModel::Bucket &b : buckets)
            bars.append(bar(b.label, b));
    }
    m_chart->setBars(bars, metric);
    const UsageModel::Bucket total = m_model->total();
    const QLocale locale;
    m_total->setText(tr("%1 tokens · %2")
                         .arg(locale.toString(total.tokens()),
                              QStringLiteral("$") + locale.toString(total.cost, 'f', total.cost < 1 ? 4 : 2)));
}

} // namespace Skein
