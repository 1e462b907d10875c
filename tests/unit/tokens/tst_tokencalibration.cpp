// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/tokens/tokencalibration.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QRandomGenerator>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestTokenCalibration final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unknownModelIsNeutral()
    {
        const TokenCalibration calibration;
        QCOMPARE(calibration.factor(u"gpt-4o"), 1.0);
        QCOMPARE(calibration.sampleCount(u"gpt-4o"), 0);
        QCOMPARE(calibration.corrected(u"gpt-4o", 1000), 1000);
    }

    void convergesTowardTheTrueRatio()
    {
        TokenCalibration calibration;
        QRandomGenerator random(7);
        const double trueRatio = 1.23;
        for (int i = 0; i < 200; ++i) {
            const qint64 estimate = 500 + random.bounded(20000);
            const double noise = 1.0 + (random.generateDouble() - 0.5) * 0.1; // ±5%
            QVERIFY(calibration.addSample(u"local-7b", estimate, std::llround(estimate * trueRatio * noise)));
        }
        QVERIFY2(std::abs(calibration.factor(u"local-7b") - trueRatio) < 0.03,
                 qPrintable(QString::number(calibration.factor(u"local-7b"))));
        QCOMPARE(calibration.sampleCount(u"local-7b"), 200);
        QCOMPARE(calibration.corrected(u"local-7b", 1000),
                 static_cast<qint64>(std::ceil(1000 * calibration.factor(u"local-7b"))));
        // Other models are untouched; model names are matched case-insensitively.
        QCOMPARE(calibration.factor(u"gpt-4o"), 1.0);
        QCOMPARE(calibration.factor(u" LOCAL-7B "), calibration.factor(u"local-7b"));
    }

    void followsAChangeAfterConverging()
    {
        TokenCalibration calibration;
        for (int i = 0; i < 50; ++i)
            calibration.addSample(u"m", 1000, 900);
        QVERIFY(std::abs(calibration.factor(u"m") - 0.9) < 0.01);
        for (int i = 0; i < 60; ++i)
            calibration.addSample(u"m", 1000, 1100);
        QVERIFY(std::abs(calibration.factor(u"m") - 1.1) < 0.01);
    }

    void staysWithinBounds()
    {
        TokenCalibration high;
        TokenCalibration low;
        for (int i = 0; i < 100; ++i) {
            QVERIFY(high.addSample(u"m", 1000, 5200)); // 5.2× is accepted as data but clamped
            QVERIFY(low.addSample(u"m", 1000, 350));
        }
        QCOMPARE(high.factor(u"m"), TokenCalibration::kMaxFactor);
        QCOMPARE(low.factor(u"m"), TokenCalibration::kMinFactor);
    }

    void ignoresGarbage_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("estimated");
        QTest::addColumn<qint64>("reported");
        QTest::newRow("zero usage") << u"m"_s << qint64(1000) << qint64(0);
        QTest::newRow("negative usage") << u"m"_s << qint64(1000) << qint64(-5);
        QTest::newRow("zero estimate") << u"m"_s << qint64(0) << qint64(100);
        QTest::newRow("negative estimate") << u"m"_s << qint64(-100) << qint64(100);
        QTest::newRow("tiny prompt") << u"m"_s << qint64(10) << qint64(14);
        QTest::newRow("outlier high") << u"m"_s << qint64(1000) << qint64(7000);
        QTest::newRow("outlier low") << u"m"_s << qint64(1000) << qint64(150);
        QTest::newRow("no model") << u"  "_s << qint64(1000) << qint64(1100);
    }
    void ignoresGarbage()
    {
        QFETCH(QString, model);
        QFETCH(qint64, estimated);
        QFETCH(qint64, reported);
        TokenCalibration calibration;
        QVERIFY(calibration.addSample(u"m", 1000, 1200));
        const double before = calibration.factor(u"m");
        QVERIFY(!calibration.addSample(model, estimated, reported));
        QCOMPARE(calibration.factor(u"m"), before);
        QCOMPARE(calibration.sampleCount(u"m"), 1);
        QCOMPARE(calibration.toJson().size(), 1);
    }

    // A context error that states the prompt's size: the factor jumps there (within bounds) and
    // later samples go on from it.
    void raiseJumpsToWhatTheServerCounted()
    {
        TokenCalibration calibration;
        for (int i = 0; i < 20; ++i)
            calibration.addSample(u"m", 1000, 1100);
        calibration.raise(u"m", 3.2);
        QCOMPARE(calibration.factor(u"m"), 3.2);
        calibration.raise(u"m", 2.0); // never lowers
        QCOMPARE(calibration.factor(u"m"), 3.2);
        calibration.raise(u"m", 40.0);
        QCOMPARE(calibration.factor(u"m"), TokenCalibration::kMaxFactor);
        calibration.raise(u"fresh", 2.5);
        QCOMPARE(calibration.factor(u"fresh"), 2.5);
        QCOMPARE(calibration.sampleCount(u"fresh"), 1);
    }

    void jsonRoundTrip()
    {
        TokenCalibration calibration;
        for (int i = 0; i < 10; ++i) {
            calibration.addSample(u"gpt-4o", 1000 + i, 1100 + i * 3);
            calibration.addSample(u"qwen2.5:7b", 2000, 2600 - i * 10);
        }
        const QByteArray bytes = QJsonDocument(calibration.toJson()).toJson();
        const TokenCalibration restored = TokenCalibration::fromJson(QJsonDocument::fromJson(bytes).object());
        for (const QString &model : {u"gpt-4o"_s, u"qwen2.5:7b"_s}) {
            QCOMPARE(restored.factor(model), calibration.factor(model));
            QCOMPARE(restored.sampleCount(model), 10);
        }
        QCOMPARE(restored.toJson(), calibration.toJson());
        calibration.clear(u"gpt-4o");
        QCOMPARE(calibration.factor(u"gpt-4o"), 1.0);
        QCOMPARE(calibration.sampleCount(u"gpt-4o"), 0);
    }

    void fromJsonRepairsOrDropsBadEntries()
    {
        const QJsonObject json = QJsonDocument::fromJson(R"({
            "good": {"factor": 1.1, "samples": 4},
            "too-high": {"factor": 9.0, "samples": 3},
            "too-low": {"factor": 0.01, "samples": 3},
            "text": {"factor": "abc", "samples": 3},
            "negative": {"factor": -1, "samples": 3},
            "no-samples": {"factor": 1.2, "samples": 0},
            "not-an-object": 1.3,
            "": {"factor": 1.2, "samples": 2}
        })")
                                     .object();
        QCOMPARE(json.size(), 8);
        const TokenCalibration calibration = TokenCalibration::fromJson(json);
        QCOMPARE(calibration.factor(u"good"), 1.1);
        QCOMPARE(calibration.sampleCount(u"good"), 4);
        QCOMPARE(calibration.factor(u"too-high"), TokenCalibration::kMaxFactor);
        QCOMPARE(calibration.factor(u"too-low"), TokenCalibration::kMinFactor);
        for (const QString &dropped : {u"text"_s, u"negative"_s, u"no-samples"_s, u"not-an-object"_s})
            QCOMPARE(calibration.sampleCount(dropped), 0);
        QCOMPARE(calibration.toJson().size(), 3);
    }
};

SKEIN_CORE_TEST_MAIN(TestTokenCalibration)
#include "tst_tokencalibration.moc"
