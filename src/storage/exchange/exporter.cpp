// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "exporter.h"

#include "jsoncodec.h"
#include "jsonreader.h"
#include "sessioncontent.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>

namespace Skein::Exchange {

namespace {

template<typename T, typename Key> void sortBy(QList<T> &list, Key key)
{
    std::sort(list.begin(), list.end(), [&](const T &a, const T &b) { return key(a) < key(b); });
}

StorageError failure(const QString &message, bool notFound)
{
    return {notFound ? StorageError::Kind::NotFound : StorageError::Kind::Io, message};
}

} // namespace

QByteArray Exporter::canonical(const QJsonObject &document)
{
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

Result<QJsonObject> Exporter::sessionObject(const QString &sessionId)
{
    SessionContent content;
    QString error;
    bool notFound = false;
    if (!loadSessionContent(m_store, sessionId, &content, &error, &notFound))
        return failure(error, notFound);
    return toCanonicalJson(content);
}

Result<QByteArray> Exporter::exportSession(const QString &sessionId)
{
    Result<QJsonObject> object = sessionObject(sessionId);
    if (!object)
        return object.error();
    QJsonObject document = object.value();
    document.insert(QStringLiteral("format"), QString(kSessionFormat));
    return canonical(document);
}

Result<QByteArray> Exporter::exportAll()
{
    int exported = 0;
    return archive(nullptr, &exported);
}

Result<QByteArray> Exporter::exportReadable(int *exported, QStringList *problems)
{
    return archive(problems, exported);
}

// Strict when problems is null (the first error fails the export); otherwise whatever cannot be
// read is skipped and described in *problems.
Result<QByteArray> Exporter::archive(QStringList *problems, int *exported)
{
    *exported = 0;
    SessionRepository::ListOptions all;
    all.archived = SessionRepository::ListOptions::Archived::Include;
    Result<QList<Session>> sessions = m_store.sessions().list(all);
    if (!sessions)
        return sessions.error();
    QList<Session> ordered = sessions.value();
    sortBy(ordered, [](const Session &x) { return std::pair(x.createdAt, x.id); });

    QJsonArray sessionArray;
    QSet<QString> sessionIds;
    for (const Session &session : std::as_const(ordered)) {
        Result<QJsonObject> object = sessionObject(session.id);
        if (!object) {
            if (!problems)
                return object.error();
            problems->append(Text::tr("\"%1\" could not be read: %2").arg(session.title, object.error().message));
            continue;
        }
        sessionArray.append(object.value());
        sessionIds.insert(session.id);
        ++*exported;
    }

    // Memories not produced by an exported session (added by hand, or from deleted sessions).
    QJsonArray memoryArray;
    if (Result<QList<Memory>> memories = m_store.memories().list(MemoryRepository::Filter {}); memories) {
        QList<Memory> loose;
        for (const Memory &memory : memories.value())
            if (!sessionIds.contains(memory.sourceSessionId))
                loose.append(memory);
        sortBy(loose, [](const Memory &x) { return std::pair(x.createdAt, x.id); });
        for (const Memory &memory : std::as_const(loose)) {
            Result<QList<MemoryVersion>> versions = m_store.memories().versions(memory.id);
            if (!versions && !problems)
                return versions.error();
            memoryArray.append(toJson(memory, versions ? versions.value() : QList<MemoryVersion> {}));
        }
    } else if (!problems) {
        return memories.error();
    } else {
        problems->append(Text::tr("Memories could not be read: %1").arg(memories.error().message));
    }

    QJsonArray providerArray;
    if (Result<QList<ProviderConfig>> providers = m_store.providers().list(); providers) {
        QList<ProviderConfig> p = providers.value();
        sortBy(p, [](const ProviderConfig &x) { return x.id; });
        for (const ProviderConfig &provider : std::as_const(p))
            providerArray.append(toJson(provider));
    } else if (!problems) {
        return providers.error();
    } else {
        problems->append(Text::tr("Providers could not be read: %1").arg(providers.error().message));
    }

    QJsonObject document;
    document.insert(QStringLiteral("format"), QString(kArchiveFormat));
    document.insert(QStringLiteral("sessions"), sessionArray);
    document.insert(QStringLiteral("memories"), memoryArray);
    document.insert(QStringLiteral("providers"), providerArray);
    return canonical(document);
}

} // namespace Skein::Exchange
