/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "recordingproxy.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

class QProcess;
class QTemporaryDir;

namespace Skein::Test {

// A real llama.cpp server (llama-server) on 127.0.0.1, serving the test model that the llama_model
// ctest fixture generates (tests/tools/llama/make-model.py; its behaviour: docs/testing.md).
// Tests talk to it through a RecordingProxy, so every HTTP status the server answered can be
// checked. The server runs in the llama root when SKEIN_LLAMA_ROOT is set (scripts/dev test sets
// it up), else from PATH; it is stopped (SIGTERM, then SIGKILL) when the object goes.
//
//     SKEIN_REQUIRE_LLAMA_SERVER();
//     LlamaServer server({.contextSize = 4096, .parallelSlots = 1});
//     QVERIFY2(server.start(), qPrintable(server.errorString()));
//     ... ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.openAiBaseUrl()) ...
//     QVERIFY2(server.failedExchanges().isEmpty(), server.describeFailures().constData());
class LlamaServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlamaServer)

public:
    struct Options
    {
        int contextSize = 4096; // -c: the KV cache of all slots together
        int parallelSlots = 1; // -np: each slot gets contextSize / parallelSlots tokens
        int seed = 42; // --seed: the same prompt always gets the same reply
        int threads = 1; // -t / -tb: one thread does not spin against a loaded machine
        QStringList extraArgs {}; // appended to llama-server's arguments
        int startTimeoutMs = 60000;
    };

    explicit LlamaServer(QObject *parent = nullptr);
    explicit LlamaServer(Options options, QObject *parent = nullptr);
    ~LlamaServer() override;

    // Starts llama-server and the proxy and waits (blocking, at most startTimeoutMs) until /health
    // answers ok. False with errorString() (which includes the end of the server's log) otherwise.
    bool start();
    void stop();
    bool isRunning() const;
    QString errorString() const { return m_error; }
    const Options &options() const { return m_options; }

    // The recording proxy in front of the server: http://127.0.0.1:PORT (Anthropic kind, /health).
    QUrl baseUrl() const;
    // baseUrl() + "/v1", the base URL of the OpenAI-compatible kind.
    QUrl openAiBaseUrl() const;
    // The server itself, bypassing the proxy (nothing is recorded).
    QUrl directUrl() const;
    // The model id the server reports in /v1/models and accepts in requests.
    static QString modelName();
    // The server's tokens per slot (contextSize / parallelSlots).
    int slotContext() const { return m_options.contextSize / m_options.parallelSlots; }

    // Every request that went through the proxy, with the server's status and response body.
    QList<HttpExchange> exchanges() const;
    // Those the server answered with a status >= 400.
    QList<HttpExchange> failedExchanges() const;
    // One line per failed exchange, for QVERIFY2 messages; empty when there is none.
    QByteArray describeFailures() const;
    void clearExchanges();

    // llama-server's log (stdout and stderr) so far, and its last lines.
    QString log() const;
    QString logTail(int lines = 30) const;

    // Why no server can be started here (no llama root or llama-server on PATH, no model: the
    // llama_model fixture did not run), or an empty string when one can.
    static QString unavailableReason();
    // CI=true: a missing server is a failure there, not a reason to skip.
    static bool requiredHere();
    // The generated GGUF file (written by the llama_model fixture into the build directory).
    static QString modelPath();
    // The program that runs llama-server in the llama root (tests/tools/llama/llama-exec).
    static QString launcherPath();

private:
    bool fail(const QString &why);
    quint16 waitForPort();
    bool waitForHealth();

    Options m_options;
    std::unique_ptr<QTemporaryDir> m_dir;
    QProcess *m_process = nullptr;
    std::unique_ptr<RecordingProxy> m_proxy;
    quint16 m_serverPort = 0;
    QString m_error;
};

} // namespace Skein::Test

// Skips the test (fails it under CI=true) when no llama-server can be started here, naming why.
#define SKEIN_REQUIRE_LLAMA_SERVER()                                                                                   \
    do {                                                                                                               \
        const QString skeinLlamaReason = ::Skein::Test::LlamaServer::unavailableReason();                              \
        if (!skeinLlamaReason.isEmpty()) {                                                                             \
            if (::Skein::Test::LlamaServer::requiredHere())                                                            \
                QFAIL(qPrintable(skeinLlamaReason));                                                                   \
            QSKIP(qPrintable(skeinLlamaReason));                                                                       \
        }                                                                                                              \
    } while (false)
