#pragma once

#include "engine/tools/mcptransport.h"

#include <QMap>
#include <QProcess>
#include <QStringList>

namespace Skein {

class McpServerLog;

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

    static constexpr qsizetype maxMessageBytes = 64 * 1024 * 1024;

    // The part of `from` a server process inherits (before its configured variables are added).
    static QProcessEnvironment minimalEnvironment(const QProcessEnvironment &from);

private:
    void readOutput();
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    QString m_command;
    QStringList m_args;
    McpServerLog *m_log;
    QByteArray m_buffer;
    bool m_stopping = false;
};

} // namespace Skein
