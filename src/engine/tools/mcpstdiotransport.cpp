// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpstdiotransport.h"

#include "engine/tools/mcpserverlog.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>

namespace Skein {

// A server is a program someone else wrote: it gets what a program needs to run (where to find
// programs, the user's home and locale, temporary and runtime directories, the proxy, npm's own
// settings) and what its configuration names, never the rest of Skein's environment, which may
// hold other providers' keys and cloud credentials (issue #13).
QProcessEnvironment McpStdioTransport::minimalEnvironment(const QProcessEnvironment &from)
{
    static const QStringList names {QStringLiteral("PATH"),         QStringLiteral("HOME"),
                                    QStringLiteral("USER"),         QStringLiteral("LOGNAME"),
                                    QStringLiteral("SHELL"),        QStringLiteral("LANG"),
                                    QStringLiteral("LANGUAGE"),     QStringLiteral("TZ"),
                                    QStringLiteral("TMPDIR"),       QStringLiteral("TEMP"),
                                    QStringLiteral("TMP"),          QStringLiteral("TERM"),
                                    QStringLiteral("DISPLAY"),      QStringLiteral("WAYLAND_DISPLAY"),
                                    QStringLiteral("http_proxy"),   QStringLiteral("https_proxy"),
                                    QStringLiteral("no_proxy"),     QStringLiteral("HTTP_PROXY"),
                                    QStringLiteral("HTTPS_PROXY"),  QStringLiteral("NO_PROXY"),
                                    QStringLiteral("SYSTEMROOT"),   QStringLiteral("APPDATA"),
                                    QStringLiteral("LOCALAPPDATA"), QStringLiteral("USERPROFILE"),
                                    QStringLiteral("COMSPEC"),      QStringLiteral("PATHEXT")};
    static const QStringList prefixes {QStringLiteral("LC_"), QStringLiteral("XDG_"), QStringLiteral("npm_config_"),
                                       QStringLiteral("NPM_CONFIG_")};
    QProcessEnvironment out;
    const QStringList keys = from.keys();
    for (const QString &key : keys) {
        const bool wanted = names.contains(key)
            || std::any_of(prefixes.cbegin(), prefixes.cend(), [&](const QString &p) { return key.startsWith(p); });
        if (wanted)
            out.insert(key, from.value(key));
    }
    return out;
}

QList<McpLineFramer::Line> McpLineFramer::feed(QByteArrayView bytes)
{
    QList<Line> lines;
    m_buffer.append(bytes);
    qsizetype start = 0;
    for (qsizetype nl = m_buffer.indexOf('\n', m_scanned); nl >= 0; nl = m_buffer.indexOf('\n', start)) {
        const QByteArray line = m_buffer.mid(start, nl - start).trimmed();
        start = nl + 1;
        if (line.isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            lines.append(Line {{}, line, false});
        else
            lines.append(Line {doc.object(), {}, true});
    }
    m_buffer.remove(0, start);
    m_scanned = m_buffer.size();
    if (m_buffer.size() > maxMessageBytes) {
        clear();
        m_overflow = true;
    }
    return lines;
}

void McpLineFramer::clear()
{
    m_buffer.clear();
    m_scanned = 0;
    m_overflow = false;
}

McpStdioTransport::McpStdioTransport(const QString &command, const QStringList &args, const QMap<QString, QString> &env,
                                     const QString &cwd, McpServerLog *log, QObject *parent)
    : McpTransport(parent)
    , m_command(command)
    , m_args(args)
    , m_log(log)
{
    QProcessEnvironment environment = minimalEnvironment(QProcessEnvironment::systemEnvironment());
    for (auto it = env.begin(); it != env.end(); ++it)
        environment.insert(it.key(), it.value());
    m_process.setProcessEnvironment(environment);
    if (!cwd.isEmpty())
        m_process.setWorkingDirectory(cwd);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::started, this, &McpTransport::started);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &McpStdioTransport::readOutput);
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray bytes = m_process.readAllStandardError();
        if (m_log)
            m_log->appendBytes(bytes);
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && !m_stopping)
            Q_EMIT failed(tr("Could not start “%1”: %2").arg(m_command, m_process.errorString()));
    });
    connect(&m_process, &QProcess::finished, this, &McpStdioTransport::onFinished);
}

McpStdioTransport::~McpStdioTransport()
{
    stop();
}

void McpStdioTransport::start()
{
    m_stopping = false;
    m_framer.clear();
    m_process.start(m_command, m_args);
}

void McpStdioTransport::send(const QJsonObject &message)
{
    if (m_process.state() != QProcess::Running)
        return;
    m_process.write(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
}

void McpStdioTransport::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_stopping = true;
    // The stdio transport's shutdown: close stdin, then escalate if the server lingers.
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(1000)) {
        m_process.terminate();
        if (!m_process.waitForFinished(1000)) {
            m_process.kill();
            m_process.waitForFinished(1000);
        }
    }
    if (m_log)
        m_log->flush();
}

void McpStdioTransport::readOutput()
{
    for (const McpLineFramer::Line &line : m_framer.feed(m_process.readAllStandardOutput())) {
        if (line.valid)
            Q_EMIT messageReceived(line.message);
        else
            Q_EMIT diagnostic(tr("stdout (not JSON-RPC): %1").arg(QString::fromUtf8(line.raw.left(500))));
    }
    if (m_framer.takeOverflow())
        Q_EMIT diagnostic(tr("A message larger than %1 MiB was dropped.").arg(maxMessageBytes / (1024 * 1024)));
}

void McpStdioTransport::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_log)
        m_log->flush();
    if (m_stopping)
        return;
    const QString how = status == QProcess::CrashExit ? tr("crashed") : tr("exited with code %1").arg(exitCode);
    QString detail = tr("The server %1.").arg(how);
    if (m_log) {
        const QStringList tail = m_log->lastLines(5);
        if (!tail.isEmpty())
            detail += u'\n' + tr("Last lines of its log:") + u'\n' + tail.join(u'\n');
    }
    Q_EMIT failed(detail);
}

} // namespace Skein
