/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QIODevice>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class KZip;

namespace Skein::Exchange {

// The JSON files of an export, read as streams: a single file, an unpacked folder, or a ZIP
// (KArchive's KZip: entries are inflated as they are read, never unpacked to disk).
class ImportSource final
{
public:
    ImportSource();
    ~ImportSource();
    ImportSource(const ImportSource &) = delete;
    ImportSource &operator=(const ImportSource &) = delete;

    bool open(const QString &path, QString *error);

    struct Document
    {
        QString name; // "conversations-000.json", or the file's name
        qint64 size = 0; // bytes, uncompressed
    };
    // The conversation files, in order: the manifest's shards, conversations.json, or the file.
    const QList<Document> &conversations() const { return m_conversations; }
    // A device for one of the export's files; null when it is not there.
    std::unique_ptr<QIODevice> device(const QString &name, QString *error) const;
    bool contains(const QString &name) const;
    // The files in a folder of a ZIP or folder export ("projects"), as names device() opens.
    QStringList filesIn(const QString &folder) const;
    bool isArchive() const { return m_isArchive; } // a ZIP or a folder, not a single JSON file

    // A file of an archive's content that messages point at by an id (ChatGPT: "file-service://
    // file-abc" is "file-abc.dat", "file-abc-photo.png" or "dalle-generations/file-abc.webp").
    struct Asset
    {
        QString name; // for device()
        qint64 size = 0;
        QString displayName; // as the export names it (conversation_asset_file_names.json), or ""
    };
    // The asset with that id; nothing when the export does not have it. Symbolic links in a folder
    // are not followed. The first call indexes the archive's files.
    std::optional<Asset> asset(const QString &id) const;
    qint64 totalBytes() const;

private:
    bool findConversations(QString *error);
    QStringList names() const;

    QString m_path;
    bool m_isArchive = false;
    bool m_isDir = false;
    std::unique_ptr<KZip> m_zip;
    QList<Document> m_conversations;
    mutable std::optional<QHash<QString, Asset>> m_assets; // by id, once asset() was asked
};

} // namespace Skein::Exchange
