// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/exchange/attachmentfiles.h"

#include "storage/attachmentrepository.h"
#include "storage/store.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace Skein::Exchange {

QString safeFileName(const QString &name)
{
    QString out;
    for (const QChar c : name.section(QLatin1Char('/'), -1).section(QLatin1Char('\\'), -1)) {
        const bool reserved = QStringLiteral(":*?\"<>|").contains(c);
        out += c.category() == QChar::Other_Control || c.category() == QChar::Other_Format || reserved
            ? QLatin1Char('_')
            : c;
    }
    out = out.trimmed();
    while (out.startsWith(QLatin1Char('.')))
        out.remove(0, 1);
    if (out.size() > 100) {
        const QString suffix = QFileInfo(out).suffix().left(16);
        out = out.left(100 - suffix.size() - 1) + QLatin1Char('.') + suffix;
    }
    return out.isEmpty() ? QStringLiteral("attachment") : out;
}

Result<AttachmentFiles> writeAttachmentFiles(Store &store, const QList<Message> &messages, const QString &documentPath)
{
    AttachmentFiles files;
    const QFileInfo document(documentPath);
    const QString folder = document.completeBaseName() + QStringLiteral("-files");
    QDir dir = document.dir();
    int n = 0;
    for (const Message &m : messages) {
        for (const Attachment &a : m.attachments) {
            if (!a.hasContent() || files.contains(a.id))
                continue;
            if (n == 0 && !dir.mkpath(folder))
                return StorageError {StorageError::Kind::Io,
                                     QStringLiteral("could not create %1").arg(dir.filePath(folder))};
            const QString relative = folder + QLatin1Char('/') + QStringLiteral("%1-").arg(++n, 2, 10, QLatin1Char('0'))
                + safeFileName(a.name);
            QSaveFile file(dir.filePath(relative));
            if (!file.open(QIODevice::WriteOnly))
                return StorageError {StorageError::Kind::Io, file.errorString()};
            if (Status s = store.attachments().readContent(a.sha256, &file); !s)
                return s.error();
            if (!file.commit())
                return StorageError {StorageError::Kind::Io, file.errorString()};
            files.insert(a.id, relative);
        }
    }
    return files;
}

} // namespace Skein::Exchange
