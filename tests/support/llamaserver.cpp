// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llamaserver.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

using namespace Qt::StringLiterals;

namespace Skein::Test {

namespace {

QString llamaRoot()
{
    return qEnvironmentVariable("SKEIN_LLAMA_ROOT");
}

// GET path on 127.0.0.1:port with blocking sockets (no event loop needed); status and body.
std::pair<int, QByteArray> blockingGet(quint16 port, const QByteArray &path, int timeoutMs)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return {0, {}};
    socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray response;
    const QDeadlineTimer deadline(timeoutMs);
    while (socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        if (socket.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime()))))
            response += socket.readAll();
    }
    response += socket.readAll();
    const qsizetype headEnd = response.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return {0, response};
    return {response.left(response.indexOf("\r\n")).split(' ').value(1).toInt(), response.mid(headEnd + 4)};
}

} // namespace

LlamaServer::LlamaServer(QObject *parent)
    : LlamaServer(Options {}, parent)
{ }

LlamaServer::LlamaServer(Options options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{ }

LlamaServer::~LlamaServer()
{
    stop();
}

QString LlamaServer::modelName()
{
    return u"skein-test"_s;
}

QString LlamaServer::modelPath()
{
    return QStringLiteral(SKEIN_LLAMA_MODEL_PATH);
}

QString LlamaServer::launcherPath()
{
    return QStringLiteral(SKEIN_LLAMA_EXEC);
}

bool LlamaServer::requiredHere()
{
    return qEnvironmentVariable("CI") == "true"_L1;
}

QString LlamaServer::unavailableReason()
{
    const QString root = llamaRoot();
    if (!root.isEmpty()) {
        if (!QFileInfo(root + u"/usr/bin/llama-server"_s).isExecutable())
            return u"no llama-server in the llama root %1 (scripts/dev test creates it)"_s.arg(root);
    } else if (QStandardPaths::findExecutable(u"llama-server"_s).isEmpty()) {
        return u"llama-server is not on PATH and SKEIN_LLAMA_ROOT is not set (run the tests with scripts/dev test, "
               "which sets up a Debian forky root with llama.cpp)"_s;
    }
    if (!QFileInfo::exists(modelPath()))
        return u"the test model %1 is missing: the llama_model fixture makes it (ctest -R llama; see its output "
               "for why it did not)"_s.arg(modelPath());
    return {};
}

QUrl LlamaServer::baseUrl() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_proxy ? m_proxy->port() : 0));
}

QUrl LlamaServer::openAiBaseUrl() const
{
    QUrl url = baseUrl();
    url.setPath(u"/v1"_s);
    return url;
}

QUrl LlamaServer::directUrl() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_serverPort));
}

bool LlamaServer::fail(const QString &why)
{
    m_error = u"llama-server: %1\n--- end of its log ---\n%2"_s.arg(why, logTail());
    stop();
    return false;
}

bool LlamaServer::start()
{
    if (isRunning())
        return true;
    m_error.clear();
    if (const QString reason = unavailableReason(); !reason.isEmpty()) {
        m_error = reason;
        return false;
    }
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        m_error = u"cannot create a temporary directory for the log"_s;
        return false;
    }
    QStringList args {u"--model"_s, modelPath(), u"llama-server"_s};
    args << u"--host"_s << u"127.0.0.1"_s << u"--port"_s << u"0"_s // the server picks a free port and logs it
         << u"--ctx-size"_s << QString::number(m_options.contextSize) << u"--parallel"_s
         << QString::number(m_options.parallelSlots) << u"--seed"_s << QString::number(m_options.seed) << u"--threads"_s
         << QString::number(m_options.threads) << u"--threads-batch"_s << QString::number(m_options.threads)
         << u"--alias"_s << modelName() << u"--jinja"_s << u"--no-webui"_s << u"--no-warmup"_s << u"--log-colors"_s
         << u"off"_s
         // The model's chain probabilities hold at temperature 1 without truncation (also set in the GGUF).
         << u"--temp"_s << u"1"_s << u"--top-k"_s << u"0"_s << u"--top-p"_s << u"1"_s << u"--min-p"_s << u"0"_s
         << m_options.extraArgs;

    m_process = new QProcess(this);
    m_process->setProgram(launcherPath());
    m_process->setArguments(args);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // A file, not a pipe: a test that blocks for a while must never stall a chatty server.
    m_process->setStandardOutputFile(m_dir->filePath(u"llama-server.log"_s));
    m_process->setStandardInputFile(QProcess::nullDevice());
    // A test that aborts (QFATAL, a crash, ctest's timeout) runs no destructor: the server must not
    // outlive it and keep generating on a machine that is already loaded. llama-exec execs every
    // step, so the signal reaches llama-server itself.
    m_process->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start();
    if (!m_process->waitForStarted(10000))
        return fail(u"cannot start %1: %2"_s.arg(launcherPath(), m_process->errorString()));

    m_serverPort = waitForPort();
    if (m_serverPort == 0)
        return fail(m_process->state() == QProcess::NotRunning
                        ? u"exited with code %1 before listening"_s.arg(m_process->exitCode())
                        : u"did not report a listening port within %1 ms"_s.arg(m_options.startTimeoutMs));
    if (!waitForHealth())
        return fail(u"/health did not answer ok within %1 ms"_s.arg(m_options.startTimeoutMs));
    m_proxy = std::make_unique<RecordingProxy>(m_serverPort);
    if (!m_proxy->listen())
        return fail(u"the recording proxy cannot listen on 127.0.0.1"_s);
    return true;
}

quint16 LlamaServer::waitForPort()
{
    static const QRegularExpression listening(uR"(listening on http://127\.0\.0\.1:(\d+))"_s);
    const QDeadlineTimer deadline(m_options.startTimeoutMs);
    while (!deadline.hasExpired()) {
        const QRegularExpressionMatch match = listening.match(log());
        if (match.hasMatch())
            return quint16(match.captured(1).toUInt());
        if (m_process->state() == QProcess::NotRunning || m_process->waitForFinished(20))
            return 0;
    }
    return 0;
}

bool LlamaServer::waitForHealth()
{
    const QDeadlineTimer deadline(m_options.startTimeoutMs);
    while (!deadline.hasExpired() && m_process->state() != QProcess::NotRunning) {
        const auto [status, body] = blockingGet(m_serverPort, "/health", 2000);
        if (status == 200 && body.contains("\"ok\""))
            return true;
        QThread::msleep(20);
    }
    return false;
}

void LlamaServer::stop()
{
    m_proxy.reset();
    if (m_process) {
        if (m_process->state() != QProcess::NotRunning) {
            m_process->terminate();
            if (!m_process->waitForFinished(5000)) {
                m_process->kill();
                m_process->waitForFinished(5000);
            }
        }
        delete m_process;
        m_process = nullptr;
    }
    m_serverPort = 0;
}

bool LlamaServer::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running && m_proxy;
}

QList<HttpExchange> LlamaServer::exchanges() const
{
    return m_proxy ? m_proxy->exchanges() : QList<HttpExchange> {};
}

QList<HttpExchange> LlamaServer::failedExchanges() const
{
    QList<HttpExchange> failed;
    for (const HttpExchange &exchange : exchanges()) {
        if (exchange.status >= 400)
            failed.append(exchange);
    }
    return failed;
}

QByteArray LlamaServer::describeFailures() const
{
    QByteArray text;
    for (const HttpExchange &exchange : failedExchanges())
        text += exchange.summary() + '\n';
    return text;
}

void LlamaServer::clearExchanges()
{
    if (m_proxy)
        m_proxy->clear();
}

QString LlamaServer::log() const
{
    if (!m_dir)
        return {};
    QFile file(m_dir->filePath(u"llama-server.log"_s));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QString LlamaServer::logTail(int lines) const
{
    QStringList all = log().split(u'\n');
    while (!all.isEmpty() && all.last().isEmpty())
        all.removeLast();
    return all.mid(std::max<qsizetype>(0, all.size() - lines)).join(u'\n');
}

} // namespace Skein::Test
