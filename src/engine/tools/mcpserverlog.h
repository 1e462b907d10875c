/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QFile>
#include <QObject>
#include <QStringList>

namespace Skein {

// A server's stderr (and the client's notes about it) as lines: the last `maxLines` in memory for
// the log view and crash reports, and all of them in a file the user can open, rotated once it
// passes `maxFileBytes` (the previous file is kept as <name>.1).
class McpServerLog final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerLog)

public:
    struct Options
    {
        int maxLines = 2000;
        qint64 maxFileBytes = 2 * 1024 * 1024;
        int maxLineLength = 4000; // longer lines are cut (a server printing a blob)
    };

    // `filePath` may be empty (memory only).
    explicit McpServerLog(const QString &filePath, QObject *parent = nullptr);
    McpServerLog(const QString &filePath, const Options &options, QObject *parent = nullptr);
    ~McpServerLog() override;

    // <dataDir>/logs/mcp/<server>.log
    static QString defaultPath(const QString &dataDir, const QString &serverName);

    // Splits raw bytes into lines; an unterminated tail waits for the next chunk.
    void appendBytes(const QByteArray &bytes);
    void appendLine(const QString &line);
    // Completes a pending unterminated line (the process ended).
    void flush();

    QStringList lines() const { return m_lines; }
    QStringList lastLines(int count) const;
    QString filePath() const { return m_path; }
    qint64 totalLines() const { return m_total; }

Q_SIGNALS:
    void lineAdded(const QString &line);

private:
    void writeToFile(const QString &line);

    QString m_path;
    Options m_options;
    QStringList m_lines;
    QByteArray m_partial;
    QFile m_file;
    qint64 m_total = 0;
};

} // namespace Skein
