/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcptransport.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QStringList>

#include <utility>

namespace Skein {

class McpServerLog;

// The framing of a stdio server's output, without the process (tests/fuzz feeds it untrusted
// bytes): newline-delimited JSON-RPC messages. Blank lines are skipped; a line that is not a JSON
// object is handed back raw for the server log. Scanning resumes where the last feed() stopped.
class McpLineFramer
{
public:
    struct Line
    {
        QJsonObject message; // when valid
        QByteArray raw; // the trimmed line, when it is not a JSON-RPC message
        bool valid = false;
    };

    static constexpr qsizetype maxMessageBytes = 64 * 1024 * 1024;

    // Appends bytes and returns the complete lines they finish, in order.
    QList<Line> feed(QByteArrayView bytes);
    // True once, after a feed() that dropped an unterminated line longer than maxMessageBytes.
    bool takeOverflow() { return std::exchange(m_overflow, false); }
    void clear();

private:
    QByteArray m_buffer;
    qsizetype m_scanned = 0; // bytes of m_buffer known to hold no LF
    bool m_overflow = false;
};

// A server started as a child process: newline-delimited JSON-RPC on stdin/stdout; stderr goes to
// the server log. An exit that was not asked for is reported with its code and last stderr lines.
class McpStdioTransport final : public McpTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpStdioTransport)

public:
    McpStdioTransport(const QString &command, const QStringList &args, const QMap<QString, QString> &env,
                      const QString &cwd, McpServerLog *log, QObject *parent = nullptr);
    ~McpStdioTransport() override;

    void start() override;
    void send(const QJsonObject &message) override;
    void stop() override;

    static constexpr qsizetype maxMessageBytes = McpLineFramer::maxMessageBytes;

    // The part of `from` a server process inherits (before its configured variables are added).
    static QProcessEnvironment minimalEnvironment(const QProcessEnvironment &from);

private:
    void readOutput();
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    QString m_command;
    QStringList m_args;
    McpServerLog *m_log;
    McpLineFramer m_framer;
    bool m_stopping = false;
};

} // namespace Skein
