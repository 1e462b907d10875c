// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/migrations.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace Skein::Migrations {

Result<QList<Migration>> load(const QString &directory)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})_([A-Za-z0-9_]+)\\.sql$"));
    const QDir dir(directory);
    QList<Migration> migrations;
    const QStringList files = dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            return StorageError {StorageError::Kind::Migration,
                                 QStringLiteral("bad migration file name: %1").arg(file)};
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            return StorageError {StorageError::Kind::Migration, QStringLiteral("cannot read %1").arg(f.fileName())};
        migrations.append({match.captured(1).toInt(), match.captured(2), QString::fromUtf8(f.readAll())});
    }
    for (qsizetype i = 0; i < migrations.size(); ++i) {
        if (migrations[i].version != i + 1)
            return StorageError {
                StorageError::Kind::Migration,
                QStringLiteral("migrations must be numbered 1..n without gaps (found %1 at position %2)")
                    .arg(migrations[i].version)
                    .arg(i + 1)};
    }
    if (migrations.isEmpty())
        return StorageError {StorageError::Kind::Migration, QStringLiteral("no migrations in %1").arg(directory)};
    return migrations;
}

} // namespace Skein::Migrations
