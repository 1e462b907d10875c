// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpserverlog.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

namespace Skein {

McpServerLog::McpServerLog(const QString &filePath, QObject *parent)
    : McpServerLog(filePath, Options {}, parent)
{ }

McpServerLog::McpServerLog(const QString &filePath, const Options &options, QObject *parent)
    : QObject(parent)
    , m_path(filePath)
    , m_options(options)
{ }

McpServerLog::~McpServerLog()
{
    flush();
}

QString McpServerLog::defaultPath(const QString &dataDir, const QString &serverName)
{
    return QDir(dataDir).filePath(QStringLiteral("logs/mcp/%1.log").arg(serverName));
}

void McpServerLog::appendBytes(const QByteArray &bytes)
{
    m_partial.append(bytes);
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_partial.indexOf('\n', start);
        if (nl < 0)
            break;
        QByteArray line = m_partial.mid(start, nl - start);
        if (line.endsWith('\r'))
            line.chop(1);
        appendLine(QString::fromUtf8(line));
        start = nl + 1;
    }
    m_partial.remove(0, start);
    if (m_partial.size() > m_options.maxLineLength) {
        appendLine(QString::fromUtf8(m_partial));
        m_partial.clear();
    }
}

void McpServerLog::flush()
{
    if (!m_partial.isEmpty()) {
        const QByteArray tail = std::exchange(m_partial, {});
        appendLine(QString::fromUtf8(tail));
    }
    if (m_file.isOpen())
        m_file.flush();
}

void McpServerLog::appendLine(const QString &text)
{
    QString line = text.size() > m_options.maxLineLength ? text.left(m_options.maxLineLength) + u'…' : text;
    m_lines.append(line);
    if (m_lines.size() > m_options.maxLines)
        m_lines.remove(0, m_lines.size() - m_options.maxLines);
    ++m_total;
    writeToFile(line);
    Q_EMIT lineAdded(line);
}

QStringList McpServerLog::lastLines(int count) const
{
    return m_lines.mid(std::max<qsizetype>(0, m_lines.size() - count));
}

void McpServerLog::writeToFile(const QString &line)
{
    if (m_path.isEmpty())
        return;
    if (m_file.isOpen() && m_file.size() > m_options.maxFileBytes) {
        m_file.close();
        QFile::remove(m_path + QStringLiteral(".1"));
        QFile::rename(m_path, m_path + QStringLiteral(".1"));
    }
    if (!m_file.isOpen()) {
        QDir().mkpath(QFileInfo(m_path).absolutePath());
        m_file.setFileName(m_path);
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
            m_path.clear(); // memory only from now on; the view still has the lines
            return;
        }
    }
    const QString stamp = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    m_file.write((stamp + u' ' + line + u'\n').toUtf8());
    m_file.flush();
}

} // namespace Skein
