// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace Skein {

QString DataDir::resolve(const QString &fromCommandLine)
{
    if (!fromCommandLine.isEmpty())
        return QDir::cleanPath(QDir::current().absoluteFilePath(fromCommandLine));
    const QString env = qEnvironmentVariable("SKEIN_DATA_DIR");
    if (!env.isEmpty())
        return QDir::cleanPath(QDir::current().absoluteFilePath(env));
    return defaultLocation();
}

QString DataDir::defaultLocation()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString DataDir::ensure(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (info.exists() && !info.isDir()) {
        if (error)
            *error = QCoreApplication::translate("Skein::DataDir", "%1 exists and is not a directory.").arg(path);
        return {};
    }
    if (!QDir().mkpath(path)) {
        if (error)
            *error = QCoreApplication::translate("Skein::DataDir", "Cannot create the data directory %1.").arg(path);
        return {};
    }
    return QFileInfo(path).canonicalFilePath();
}

} // namespace Skein
