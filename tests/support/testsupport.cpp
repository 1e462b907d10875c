// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace Skein::Test {

QString sharedDir()
{
    return QDir::cleanPath(QStringLiteral(SKEIN_SHARED_DIR));
}

QString sharedPath(const QString &relative)
{
    const QString path = QDir(sharedDir()).filePath(relative);
    return QFileInfo::exists(path) ? path : QString();
}

QString dataPath(const QString &relative)
{
    return QDir(QStringLiteral(SKEIN_TEST_DATA_DIR)).filePath(relative);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void prepareEnvironment()
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("LANG", "C.UTF-8");
    qunsetenv("LANGUAGE");
    qunsetenv("SKEIN_DATA_DIR");
}

} // namespace Skein::Test
