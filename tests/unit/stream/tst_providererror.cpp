// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Provider error bodies (recorded in ../shared/fixtures/wire and hand-written HTML/text) to
// typed errors with readable messages.
#include "core/stream/providererror.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonObject>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestProviderError final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordedBodies_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("category");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("code");
        QTest::addColumn<qint64>("contextSize");
        QTest::addColumn<qint64>("promptTokens");
        QTest::addColumn<bool>("retryable");
        QTest::newRow("openai context") << u"openai/http-400-context-length-exceeded.json"_s << 400
                                        << u"context_too_long"_s << u"invalid_request_error"_s
                                        << u"context_length_exceeded"_s << qint64(4097) << qint64(4294) << false;
        QTest::newRow("openai key") << u"openai/http-401-invalid-api-key.json"_s << 401 << u"auth"_s
                                    << u"invalid_request_error"_s << u"invalid_api_key"_s << qint64(-1) << qint64(-1)
                                    << false;
        QTest::newRow("openai quota") << u"openai/http-429-insufficient-quota.json"_s << 429 << u"billing"_s
                                      << u"insufficient_quota"_s << u"insufficient_quota"_s << qint64(-1) << qint64(-1)
                                      << false;
        QTest::newRow("openai rate") << u"openai/http-429-rate-limit-tokens.json"_s << 429 << u"rate_limit"_s
                                     << u"tokens"_s << u"rate_limit_exceeded"_s << qint64(-1) << qint64(-1) << true;
        QTest::newRow("anthropic 529") << u"anthropic/http-529-overloaded-error.json"_s << 529 << u"overloaded"_s
                                       << u"overloaded_error"_s << QString() << qint64(-1) << qint64(-1) << true;
        QTest::newRow("llama.cpp ctx") << u"llamacpp/http-400-exceed-context-size.json"_s << 400
                                       << u"context_too_long"_s << u"exceed_context_size_error"_s << u"400"_s
                                       << qint64(8192) << qint64(14429) << false;
        QTest::newRow("ollama 404") << u"ollama/http-404-model-not-found.json"_s << 404 << u"not_found"_s << QString()
                                    << QString() << qint64(-1) << qint64(-1) << false;
    }

    void recordedBodies()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire");
        QFETCH(QString, file);
        QFETCH(int, status);
        const QByteArray body = Test::readFile(QDir(Test::sharedPath(u"fixtures/wire"_s)).filePath(file));
        QVERIFY(!body.isEmpty());
        const ProviderError error = parseProviderErrorBody(status, body);
        QTEST(errorCategoryName(error.category), "category");
        QTEST(error.type, "type");
        QTEST(error.code, "code");
        QTEST(error.contextSize, "contextSize");
        QTEST(error.promptTokens, "promptTokens");
        QTEST(error.isRetryable(), "retryable");
        QCOMPARE(error.httpStatus, status);
        QVERIFY(!error.message.isEmpty());
        QVERIFY(!error.message.contains(u'{')); // a readable message, not the raw JSON
    }

    void htmlBodyGivesTitle()
    {
        const ProviderError error = parseProviderErrorBody(
            502,
            "<html><head><style>p{}</style><title>502 Bad Gateway</title></head><body><h1>Oops</h1></body></html>"_ba);
        QCOMPARE(error.message, u"502 Bad Gateway"_s);
        QCOMPARE(error.category, ErrorCategory::Server);
        QVERIFY(error.isRetryable());

        const ProviderError noTitle
            = parseProviderErrorBody(403, "<body><script>x()</script><p>Access   denied</p> <p>by proxy</p></body>"_ba);
        QCOMPARE(noTitle.message, u"Access denied by proxy"_s);
        QCOMPARE(noTitle.category, ErrorCategory::Permission);
    }

    void plainAndEmptyBodies()
    {
        const ProviderError text = parseProviderErrorBody(429, "Too Many Requests\n"_ba);
        QCOMPARE(text.message, u"Too Many Requests"_s);
        QCOMPARE(text.category, ErrorCategory::RateLimit);

        const ProviderError empty = parseProviderErrorBody(500, {});
        QVERIFY(empty.message.contains(u"500"_s));
        QCOMPARE(empty.category, ErrorCategory::Server);

        const ProviderError huge = parseProviderErrorBody(400, QByteArray(5000, 'x'));
        QVERIFY(huge.message.size() <= 500);
        QCOMPARE(huge.category, ErrorCategory::InvalidRequest);
    }

    void inStreamErrorObjects()
    {
        QCOMPARE(providerErrorFromJson(QJsonValue(u"model crashed"_s)).category, ErrorCategory::Unknown);
        const QJsonObject anthropic {{u"type"_s, u"rate_limit_error"_s}, {u"message"_s, u"slow down"_s}};
        const ProviderError error = providerErrorFromJson(anthropic);
        QCOMPARE(error.category, ErrorCategory::RateLimit);
        QCOMPARE(error.httpStatus, 0);
        QCOMPARE(error.message, u"slow down"_s);
        QVERIFY(!providerErrorFromJson(QJsonObject {}).message.isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestProviderError)
#include "tst_providererror.moc"
