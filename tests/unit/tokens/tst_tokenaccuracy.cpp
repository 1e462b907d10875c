// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Accuracy of TokenEstimator against golden o200k_base / cl100k_base counts of our own corpus
// (tests/data/tokens, produced by tests/tools/tokens/generate.mjs). The weights were fitted on the
// even ids; the targets are asserted per class and per pooled group (code, json, all), both on the
// held-out odd ids and on the whole corpus. The printed table is the one in docs/tokens.md.
#include "core/tokens/tokenestimator.h"
#include "testsupport.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

using namespace Skein;

namespace {

struct Sample
{
    int id = 0;
    QString cls;
    QString text;
    qint64 o200k = 0;
    qint64 cl100k = 0;
};

QList<QJsonObject> readJsonLines(const QString &path)
{
    QList<QJsonObject> objects;
    const QList<QByteArray> lines = Test::readFile(path).split('\n');
    for (const QByteArray &line : lines) {
        if (!line.trimmed().isEmpty())
            objects.append(QJsonDocument::fromJson(line).object());
    }
    return objects;
}

double quantile(QList<double> values, double q)
{
    std::sort(values.begin(), values.end());
    const double position = static_cast<double>(values.size() - 1) * q;
    const auto low = static_cast<qsizetype>(std::floor(position));
    const auto high = static_cast<qsizetype>(std::ceil(position));
    return values[low] + (values[high] - values[low]) * (position - static_cast<double>(low));
}

struct Stats
{
    qsizetype count = 0;
    double medianBias = 0; // median of (estimate − gold) / gold
    double p95Abs = 0; // 95th percentile of |(estimate − gold) / gold|
    double p5 = 0; // 5th percentile of (estimate − gold) / gold
};

} // namespace

class TestTokenAccuracy final : public QObject
{
    Q_OBJECT

private:
    QList<Sample> m_samples;

    Stats measure(const QString &group, TokenProfile profile, int parity) const
    {
        const TokenEstimator estimator(profile);
        QList<double> errors;
        for (const Sample &sample : m_samples) {
            if (parity >= 0 && sample.id % 2 != parity)
                continue;
            if (!(sample.cls == group || (group == u"code" && sample.cls.startsWith(u"code_"))
                  || (group == u"json" && sample.cls.startsWith(u"json_")) || group == u"all"))
                continue;
            const double gold = static_cast<double>(profile == TokenProfile::O200k ? sample.o200k : sample.cl100k);
            errors.append((static_cast<double>(estimator.estimateText(sample.text)) - gold) / gold);
        }
        Stats stats;
        stats.count = errors.size();
        if (errors.isEmpty())
            return stats;
        QList<double> absolute;
        for (double error : std::as_const(errors))
            absolute.append(std::abs(error));
        stats.medianBias = quantile(errors, 0.5);
        stats.p95Abs = quantile(absolute, 0.95);
        stats.p5 = quantile(errors, 0.05);
        return stats;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QList<QJsonObject> corpus = readJsonLines(Test::dataPath(QStringLiteral("tokens/corpus.jsonl")));
        const QList<QJsonObject> golden = readJsonLines(Test::dataPath(QStringLiteral("tokens/golden.jsonl")));
        QHash<int, QJsonObject> counts;
        for (const QJsonObject &entry : golden)
            counts.insert(entry.value(u"id").toInt(-1), entry);
        for (const QJsonObject &entry : corpus) {
            const int id = entry.value(u"id").toInt(-1);
            QVERIFY2(counts.contains(id), qPrintable(QStringLiteral("no golden count for id %1").arg(id)));
            const QJsonObject gold = counts.value(id);
            m_samples.append({id, entry.value(u"class").toString(), entry.value(u"text").toString(),
                              gold.value(u"o200k").toInteger(), gold.value(u"cl100k").toInteger()});
            QVERIFY(m_samples.last().o200k > 0 && m_samples.last().cl100k > 0);
        }
        QVERIFY2(m_samples.size() >= 300, "the corpus must hold at least 300 texts");
    }

    void corpusCoversEveryClass_data()
    {
        QTest::addColumn<QString>("cls");
        for (const char *cls : {"english", "chinese", "mixed", "code_cpp", "code_python", "code_javascript",
                                "code_rust", "code_go", "json_compact", "json_indented", "markdown"})
            QTest::newRow(cls) << QString::fromLatin1(cls);
    }
    void corpusCoversEveryClass()
    {
        QFETCH(QString, cls);
        qsizetype count = 0, shortest = INT_MAX, longest = 0;
        for (const Sample &sample : std::as_const(m_samples)) {
            if (sample.cls != cls)
                continue;
            ++count;
            shortest = std::min(shortest, sample.text.size());
            longest = std::max(longest, sample.text.size());
        }
        QVERIFY2(count >= 40, qPrintable(QStringLiteral("%1 texts").arg(count)));
        QVERIFY2(shortest <= 120 && longest >= 3000,
                 qPrintable(QStringLiteral("lengths %1..%2").arg(shortest).arg(longest)));
    }

    void targets_data()
    {
        QTest::addColumn<QString>("group");
        QTest::addColumn<int>("profile");
        QTest::addColumn<int>("parity"); // 1 = held-out odd ids, -1 = all
        for (const char *group :
             {"english", "chinese", "mixed", "code_cpp", "code_python", "code_javascript", "code_rust", "code_go",
              "code", "json_compact", "json_indented", "json", "markdown", "all"}) {
            for (const auto &[name, profile] :
                 {std::pair {"o200k", TokenProfile::O200k}, std::pair {"cl100k", TokenProfile::Cl100k}}) {
                for (const auto &[half, parity] : {std::pair {"held-out", 1}, std::pair {"all", -1}}) {
                    QTest::addRow("%s/%s/%s", group, name, half)
                        << QString::fromLatin1(group) << static_cast<int>(profile) << parity;
                }
            }
        }
    }
    // Median bias within ±10%, p95 |error| ≤ 25%, 5th percentile of the error ≥ −15%.
    void targets()
    {
        QFETCH(QString, group);
        QFETCH(int, profile);
        QFETCH(int, parity);
        const Stats stats = measure(group, static_cast<TokenProfile>(profile), parity);
        QVERIFY(stats.count >= 20);
        const QString line = QStringLiteral("%1 %2 %3 n=%4  median %5%  p95|err| %6%  p5 %7%")
                                 .arg(group, -16)
                                 .arg(profile == static_cast<int>(TokenProfile::O200k) ? QStringLiteral("o200k ")
                                                                                       : QStringLiteral("cl100k"))
                                 .arg(parity == 1 ? QStringLiteral("held-out") : QStringLiteral("all     "))
                                 .arg(stats.count, 3)
                                 .arg(stats.medianBias * 100, 6, 'f', 1)
                                 .arg(stats.p95Abs * 100, 5, 'f', 1)
                                 .arg(stats.p5 * 100, 6, 'f', 1);
        qInfo().noquote() << line;
        QVERIFY2(std::abs(stats.medianBias) <= 0.10, qPrintable(line));
        QVERIFY2(stats.p95Abs <= 0.25, qPrintable(line));
        QVERIFY2(stats.p5 >= -0.15, qPrintable(line));
    }

    // The naive chars/4 rule the estimator replaces is far off on Chinese; the table would hide a
    // broken corpus or golden file if it were not.
    void charsOverFourIsWorseOnChinese()
    {
        qint64 gold = 0, naive = 0, estimate = 0;
        const TokenEstimator estimator(TokenProfile::O200k);
        for (const Sample &sample : std::as_const(m_samples)) {
            if (sample.cls != u"chinese")
                continue;
            gold += sample.o200k;
            naive += sample.text.size() / 4;
            estimate += estimator.estimateText(sample.text);
        }
        const double naiveBias = static_cast<double>(naive - gold) / static_cast<double>(gold);
        const double estimateBias = static_cast<double>(estimate - gold) / static_cast<double>(gold);
        qInfo("chinese o200k total bias: chars/4 %.1f%%, estimator %.1f%%", naiveBias * 100, estimateBias * 100);
        QVERIFY(naiveBias < -0.5);
        QVERIFY(std::abs(estimateBias) < 0.1);
    }
};

SKEIN_CORE_TEST_MAIN(TestTokenAccuracy)
#include "tst_tokenaccuracy.moc"
