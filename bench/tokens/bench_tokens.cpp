// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_tokens: throughput of TokenEstimator over the token corpus (tests/data/tokens), compared
// with a UTF-16 → UTF-8 conversion of the same text measured in the same run.
//
//   bench_tokens [corpus.jsonl]                 prints MB/s (UTF-8 input bytes) and the ratio
//   bench_tokens --features corpus.jsonl out    writes id, class and feature counts (TSV) for fitting
#include "core/tokens/tokenestimator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace Skein;

namespace {

struct Sample
{
    int id = 0;
    QString cls;
    QString text;
};

QList<Sample> readCorpus(const QString &path)
{
    QList<Sample> samples;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
        return samples;
    }
    while (!file.atEnd()) {
        const QJsonObject object = QJsonDocument::fromJson(file.readLine()).object();
        if (!object.isEmpty())
            samples.append(
                {object.value(u"id").toInt(), object.value(u"class").toString(), object.value(u"text").toString()});
    }
    return samples;
}

int writeFeatures(const QList<Sample> &samples, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 1;
    QTextStream out(&file);
    out << "id\tclass";
    for (int k = 0; k < TokenFeatures::Count; ++k)
        out << '\t' << TokenFeatures::name(static_cast<TokenFeatures::Kind>(k));
    out << '\n';
    for (const Sample &sample : samples) {
        const TokenFeatures features = TokenEstimator::measure(sample.text);
        out << sample.id << '\t' << sample.cls;
        for (qint64 count : features.counts)
            out << '\t' << count;
        out << '\n';
    }
    return 0;
}

template<typename Pass> double megabytesPerSecond(const QString &text, qint64 utf8Bytes, Pass pass)
{
    qint64 sink = 0;
    QElapsedTimer timer;
    int rounds = 0;
    timer.start();
    do {
        sink += pass(text);
        ++rounds;
    } while (timer.elapsed() < 500);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    if (sink == 42)
        std::puts(""); // keep the work observable
    return static_cast<double>(utf8Bytes) * rounds / seconds / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString defaultCorpus = QStringLiteral(SKEIN_TEST_DATA_DIR "/tokens/corpus.jsonl");
    if (args.size() >= 4 && args.at(1) == u"--features")
        return writeFeatures(readCorpus(args.at(2)), args.at(3));

    const QList<Sample> samples = readCorpus(args.size() >= 2 ? args.at(1) : defaultCorpus);
    if (samples.isEmpty())
        return 1;
    QString text;
    for (const Sample &sample : samples)
        text += sample.text + u'\n';
    const qint64 corpusBytes = text.toUtf8().size();
    while (text.size() < 16 * 1024 * 1024)
        text += text;
    const qint64 bytes = text.toUtf8().size();

    // Alternate the two passes and keep the best of each, so that load from other processes on a
    // shared machine hits both alike.
    const TokenEstimator o200k(TokenProfile::O200k);
    double baseline = 0, estimator = 0;
    for (int round = 0; round < 5; ++round) {
        baseline
            = std::max(baseline, megabytesPerSecond(text, bytes, [](const QString &t) { return t.toUtf8().size(); }));
        estimator = std::max(estimator,
                             megabytesPerSecond(text, bytes, [&](const QString &t) { return o200k.estimateText(t); }));
    }
    std::printf("corpus: %lld texts, %lld UTF-8 bytes, repeated to %.1f MB\n", static_cast<long long>(samples.size()),
                static_cast<long long>(corpusBytes), static_cast<double>(bytes) / 1e6);
    std::printf("baseline QString::toUtf8:      %8.1f MB/s\n", baseline);
    std::printf("TokenEstimator::estimateText:  %8.1f MB/s  (%.2fx the baseline)\n", estimator, estimator / baseline);
    return 0;
}
