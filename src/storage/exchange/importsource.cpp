// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "importsource.h"

#include "jsonreader.h"

#include <KArchiveDirectory>
#include <KZip>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <functional>

namespace Skein::Exchange {

namespace {
constexpr qint64 kMaxManifestBytes = 1 << 20;

// A name inside an export, as a manifest may give it: one plain file name, nothing else.
bool plainName(const QString &name)
{
    return !name.isEmpty() && name.size() < 256 && !name.contains(QLatin1Char('/')) && !name.contains(QLatin1Char('\\'))
        && name != QLatin1String(".") && name != QLatin1String("..");
}
} // namespace

ImportSource::ImportSource() = default;
ImportSource::~ImportSource() = default;

bool ImportSource::open(const QString &path, QString *error)
{
    m_path = path;
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = Text::tr("%1 does not exist").arg(path);
        return false;
    }
    // conversations.json picked inside an unpacked export: the export is the folder (its
    // memories.json and manifest come with it).
    if (info.fileName() == QLatin1String("conversations.json")) {
        const QDir dir = info.dir();
        for (const char *beside : {"memories.json", "users.json", "user.json", "export_manifest.json"})
            if (QFileInfo(dir.filePath(QLatin1String(beside))).isFile()) {
                m_path = dir.path();
                m_isArchive = m_isDir = true;
                return findConversations(error);
            }
    }
    if (info.isDir()) {
        m_isArchive = m_isDir = true;
        return findConversations(error);
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Text::tr("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.peek(4) == QByteArrayLiteral("PK\x03\x04")) {
        m_zip = std::make_unique<KZip>(path);
        if (!m_zip->open(QIODevice::ReadOnly)) {
            *error = Text::tr("%1 is not a readable ZIP archive: %2").arg(path, m_zip->errorString());
            return false;
        }
        m_isArchive = true;
        return findConversations(error);
    }
    m_conversations = {{info.fileName(), info.size()}};
    return true;
}

QStringList ImportSource::names() const
{
    if (m_isDir)
        return QDir(m_path).entryList(QDir::Files, QDir::Name);
    if (m_zip)
        return m_zip->directory()->entries();
    return {};
}

QStringList ImportSource::filesIn(const QString &folder) const
{
    QStringList files;
    if (m_isDir) {
        const QDir dir(QDir(m_path).filePath(folder));
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
            files.append(folder + QLatin1Char('/') + name);
    } else if (m_zip) {
        const KArchiveEntry *entry = m_zip->directory()->entry(folder);
        if (entry && entry->isDirectory())
            for (const QString &name : static_cast<const KArchiveDirectory *>(entry)->entries())
                if (contains(folder + QLatin1Char('/') + name))
                    files.append(folder + QLatin1Char('/') + name);
        files.sort();
    }
    return files;
}

bool ImportSource::contains(const QString &name) const
{
    if (m_isDir)
        return QFileInfo(QDir(m_path).filePath(name)).isFile();
    if (m_zip) {
        const KArchiveEntry *entry = m_zip->directory()->entry(name);
        return entry && entry->isFile();
    }
    return false;
}

std::unique_ptr<QIODevice> ImportSource::device(const QString &name, QString *error) const
{
    std::unique_ptr<QIODevice> device;
    if (m_zip) {
        const KArchiveEntry *entry = m_zip->directory()->entry(name);
        if (entry && entry->isFile())
            device.reset(static_cast<const KArchiveFile *>(entry)->createDevice());
    } else {
        device = std::make_unique<QFile>(m_isDir ? QDir(m_path).filePath(name) : m_path);
    }
    if (!device || (!device->isOpen() && !device->open(QIODevice::ReadOnly))) {
        *error = Text::tr("cannot read %1 in %2%3")
                     .arg(name, m_path, device ? QStringLiteral(": ") + device->errorString() : QString());
        return {};
    }
    return device;
}

std::optional<ImportSource::Asset> ImportSource::asset(const QString &id) const
{
    if (!m_assets) {
        constexpr int kMaxFiles = 500000;
        constexpr int kMaxDepth = 4;
        m_assets.emplace();
        QHash<QString, Asset> &index = *m_assets;
        // The id a file's name stands for: its stem, and for ChatGPT's "file-abc-photo.png" the
        // id before the original name.
        const auto add = [&index](const QString &path, qint64 size) {
            const QString base = path.section(QLatin1Char('/'), -1);
            if (base.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                || base.endsWith(QLatin1String(".html"), Qt::CaseInsensitive))
                return;
            const QString stem = base.section(QLatin1Char('.'), 0, 0);
            if (!stem.isEmpty() && !index.contains(stem))
                index.insert(stem, {path, size, {}});
            if (base.startsWith(QLatin1String("file-")) || base.startsWith(QLatin1String("file_")))
                if (const qsizetype dash = base.indexOf(QLatin1Char('-'), 5); dash > 5)
                    if (const QString fileId = base.left(dash); !index.contains(fileId))
                        index.insert(fileId, {path, size, {}});
        };
        if (m_isDir) {
            const QString root = QDir(m_path).absolutePath() + QLatin1Char('/');
            QDirIterator it(m_path, QDir::Files | QDir::NoSymLinks, QDirIterator::Subdirectories);
            for (int n = 0; n < kMaxFiles && it.hasNext(); ++n) {
                const QFileInfo info = it.nextFileInfo();
                const QString relative = info.absoluteFilePath().mid(root.size());
                if (relative.count(QLatin1Char('/')) < kMaxDepth)
                    add(relative, info.size());
            }
        } else if (m_zip) {
            int n = 0;
            const std::function<void(const KArchiveDirectory *, const QString &, int)> walk
                = [&](const KArchiveDirectory *dir, const QString &prefix, int depth) {
                      for (const QString &name : dir->entries()) {
                          if (++n > kMaxFiles)
                              return;
                          const KArchiveEntry *entry = dir->entry(name);
                          if (entry->isFile() && entry->symLinkTarget().isEmpty())
                              add(prefix + name, static_cast<const KArchiveFile *>(entry)->size());
                          else if (entry->isDirectory() && depth + 1 < kMaxDepth)
                              walk(static_cast<const KArchiveDirectory *>(entry), prefix + name + QLatin1Char('/'),
                                   depth + 1);
                      }
                  };
            walk(m_zip->directory(), {}, 0);
        }
        // The 2026 layout's names for its "file-abc.dat" files.
        const QString namesFile = QStringLiteral("conversation_asset_file_names.json");
        QString ignored;
        if (contains(namesFile))
            if (const auto names = device(namesFile, &ignored); names && names->size() <= kMaxManifestBytes * 16) {
                const QJsonObject object = QJsonDocument::fromJson(names->readAll()).object();
                for (Asset &a : index)
                    if (const QJsonValue v = object.value(a.name); v.isString())
                        a.displayName = v.toString().left(255);
            }
    }
    const auto it = m_assets->constFind(id);
    if (id.isEmpty() || it == m_assets->constEnd())
        return std::nullopt;
    return *it;
}

qint64 ImportSource::totalBytes() const
{
    qint64 total = 0;
    for (const Document &d : m_conversations)
        total += d.size;
    return total;
}

bool ImportSource::findConversations(QString *error)
{
    auto sizeOf = [this](const QString &name) -> qint64 {
        if (m_isDir)
            return QFileInfo(QDir(m_path).filePath(name)).size();
        const KArchiveEntry *entry = m_zip->directory()->entry(name);
        return entry && entry->isFile() ? static_cast<const KArchiveFile *>(entry)->size() : 0;
    };
    QStringList files;
    // The 2026 ChatGPT layout: export_manifest.json names the shards of conversations.json.
    if (contains(QStringLiteral("export_manifest.json"))) {
        if (sizeOf(QStringLiteral("export_manifest.json")) > kMaxManifestBytes) {
            *error = Text::tr("export_manifest.json: larger than 1 MB");
            return false;
        }
        std::unique_ptr<QIODevice> manifest = device(QStringLiteral("export_manifest.json"), error);
        if (!manifest)
            return false;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(manifest->readAll(), &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            *error = QStringLiteral("export_manifest.json: ")
                + Text::tr("not valid JSON: %1").arg(parseError.errorString());
            return false;
        }
        const QJsonValue shards = doc.object()
                                      .value(QStringLiteral("logical_files"))
                                      .toObject()
                                      .value(QStringLiteral("conversations.json"))
                                      .toObject()
                                      .value(QStringLiteral("files"));
        if (!shards.isArray()) {
            *error = QStringLiteral("export_manifest.json$.logical_files[\"conversations.json\"].files: ")
                + Text::tr("expected the list of conversation files");
            return false;
        }
        const QJsonArray list = shards.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString name = list.at(i).toString();
            const QString at
                = QStringLiteral("export_manifest.json$.logical_files[\"conversations.json\"].files[%1]: ").arg(i);
            if (!plainName(name)) {
                *error = at + Text::tr("not a file name of the export");
                return false;
            }
            if (!contains(name)) {
                *error = at + Text::tr("%1 is not in the export").arg(name);
                return false;
            }
            files << name;
        }
    } else if (contains(QStringLiteral("conversations.json"))) {
        files << QStringLiteral("conversations.json");
    } else {
        static const QRegularExpression shard(QStringLiteral("^conversations-\\d+\\.json$"));
        for (const QString &name : names())
            if (shard.match(name).hasMatch())
                files << name;
    }
    if (files.isEmpty()) {
        *error = Text::tr("%1: no conversations.json in it").arg(m_path);
        return false;
    }
    for (const QString &name : std::as_const(files))
        m_conversations.append({name, sizeOf(name)});
    return true;
}

} // namespace Skein::Exchange
