// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/services/sessionservice.h"

#include "storage/asyncstore.h"
#include "storage/attachmentrepository.h"
#include "storage/exchange/attachmentfiles.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/htmlexport.h"
#include "storage/exchange/markdownexport.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QSaveFile>
#include <QTimer>

namespace Skein {

namespace {

Result<qint64> writeAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return StorageError {StorageError::Kind::Io, file.errorString()};
    return qint64(bytes.size());
}

} // namespace

SessionService::SessionService(AsyncStore &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    connect(&store, &AsyncStore::searchBacklog, this, &SessionService::searchBacklog);
}

SessionService::~SessionService()
{
    // Deletions still waiting for their undo window happen now; the storage writer finishes them.
    const QStringList pending = m_pendingDeletes.keys();
    for (const QString &id : pending)
        commitDelete(id);
}

void SessionService::list(QObject *context, Done<QList<Session>> done)
{
    m_store.read<QList<Session>>(context, [](Store &store) { return store.sessions().list(); }, std::move(done));
}

void SessionService::get(const QString &id, QObject *context, Done<Session> done)
{
    m_store.read<Session>(context, [id](Store &store) { return store.sessions().get(id); }, std::move(done));
}

void SessionService::create(const Session &session, QObject *context, Done<Session> done)
{
    m_store.write<Session>(
        context,
        [session](Store &store) -> Result<Session> {
            if (Status s = store.sessions().create(session); !s)
                return s.error();
            return store.sessions().get(session.id);
        },
        [this, done = std::move(done)](Result<Session> stored) {
            if (stored)
                Q_EMIT sessionChanged(stored.value());
            done(std::move(stored));
        });
}

void SessionService::rename(const QString &id, const QString &title, QObject *context, StatusDone done)
{
    const QString clean = title.simplified();
    m_store.write(
        context, [id, clean](Store &store) { return store.sessions().rename(id, clean); },
        [this, id, done = std::move(done)](const Status &s) {
            announce(id);
            done(s);
        });
}

void SessionService::setPinned(const QString &id, bool pinned, QObject *context, StatusDone done)
{
    m_store.write(
        context, [id, pinned](Store &store) { return store.sessions().setPinned(id, pinned); },
        [this, id, done = std::move(done)](const Status &s) {
            announce(id);
            done(s);
        });
}

void SessionService::setTags(const QString &id, const QStringList &tags, QObject *context, StatusDone done)
{
    m_store.write(
        context, [id, tags](Store &store) { return store.sessions().setTags(id, tags); },
        [this, id, done = std::move(done)](const Status &s) {
            announce(id);
            done(s);
        });
}

void SessionService::setArchived(const QString &id, bool archived, QObject *context, StatusDone done)
{
    m_store.write(
        context, [id, archived](Store &store) { return store.sessions().setArchived(id, archived); },
        [this, id, done = std::move(done)](const Status &s) {
            if (s)
                announce(id);
            done(s);
        });
}

void SessionService::setIncognito(const QString &id, Session::Incognito incognito, QObject *context, StatusDone done)
{
    m_store.write(
        context, [id, incognito](Store &store) { return store.sessions().setIncognito(id, incognito); },
        [this, id, done = std::move(done)](const Status &s) {
            if (s)
                announce(id);
            done(s);
        });
}

void SessionService::removeLeftIncognito(QObject *context, StatusDone done)
{
    m_store.write(
        context,
        [](Store &store) -> Status {
            Result<QStringList> left = store.sessions().leftIncognito();
            if (!left)
                return left.error();
            for (const QString &id : left.value())
                if (Status s = store.sessions().remove(id); !s)
                    return s;
            return {};
        },
        std::move(done));
}

void SessionService::setModel(const QString &id, const QString &providerId, const QString &model, QObject *context,
                              Done<Session> done)
{
    m_store.write<Session>(
        context,
        [id, providerId, model](Store &store) -> Result<Session> {
            Result<Session> s = store.sessions().get(id);
            if (!s)
                return s.error();
            Session updated = s.value();
            updated.providerId = providerId;
            updated.model = model;
            return store.sessions().update(updated);
        },
        [this, done = std::move(done)](Result<Session> stored) {
            if (stored)
                Q_EMIT sessionChanged(stored.value());
            done(std::move(stored));
        });
}

void SessionService::duplicate(const QString &id, const QString &title, QObject *context, Done<Session> done)
{
    m_store.write<Session>(
        context, [id, title](Store &store) { return store.sessions().duplicate(id, title); },
        [this, done = std::move(done)](Result<Session> copy) {
            if (copy)
                Q_EMIT sessionChanged(copy.value());
            done(std::move(copy));
        });
}

void SessionService::search(const QString &text, int limit, QObject *context, Done<QList<SearchHit>> done)
{
    m_store.read<QList<SearchHit>>(
        context,
        [text, limit](Store &store) {
            SearchQuery q;
            q.text = text;
            q.limit = limit;
            return store.search().search(q);
        },
        std::move(done));
}

void SessionService::attachmentContent(const QString &sha256, qint64 maxBytes, QObject *context, Done<QByteArray> done)
{
    m_store.read<QByteArray>(
        context, [sha256, maxBytes](Store &store) { return store.attachments().content(sha256, maxBytes); },
        std::move(done));
}

void SessionService::saveAttachment(const QString &sha256, const QString &path, QObject *context, StatusDone done)
{
    m_store.read<bool>(
        context,
        [sha256, path](Store &store) -> Result<bool> {
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return StorageError {StorageError::Kind::Io, file.errorString()};
            if (Status s = store.attachments().readContent(sha256, &file); !s)
                return s.error();
            if (!file.commit())
                return StorageError {StorageError::Kind::Io, file.errorString()};
            return true;
        },
        [done = std::move(done)](const Result<bool> &r) { done(r ? Status {} : Status {r.error()}); });
}

SessionService::ExportFormat SessionService::formatForPath(const QString &path)
{
    const QString lower = path.toLower();
    if (lower.endsWith(QLatin1String(".md")) || lower.endsWith(QLatin1String(".markdown")))
        return ExportFormat::Markdown;
    if (lower.endsWith(QLatin1String(".html")) || lower.endsWith(QLatin1String(".htm")))
        return ExportFormat::Html;
    if (lower.endsWith(QLatin1String(".pdf")))
        return ExportFormat::Pdf;
    return ExportFormat::Json;
}

void SessionService::exportSession(const QString &id, const QString &path, ExportFormat format, QObject *context,
                                   Done<qint64> done)
{
    m_store.read<qint64>(
        context,
        [id, path, format](Store &store) -> Result<qint64> {
            if (format == ExportFormat::Json) {
                Result<QByteArray> json = Exchange::Exporter(store).exportSession(id);
                if (!json)
                    return json.error();
                return writeAtomically(path, json.value());
            }
            const bool allBranches = format == ExportFormat::HtmlAllBranches;
            Result<Exchange::ReadableSession> readable = Exchange::readableSession(store, id, allBranches);
            if (!readable)
                return readable.error();
            Exchange::AttachmentFiles files;
            if (format != ExportFormat::Pdf) { // the attachments go beside the document
                Result<Exchange::AttachmentFiles> written
                    = Exchange::writeAttachmentFiles(store, readable->messages, path);
                if (!written)
                    return written.error();
                files = written.value();
            }
            switch (format) {
            case ExportFormat::Markdown:
                return writeAtomically(path,
                                       Exchange::toMarkdown(readable->session, readable->messages, files).toUtf8());
            case ExportFormat::Html:
            case ExportFormat::HtmlAllBranches: {
                Exchange::HtmlOptions options;
                options.allBranches = allBranches;
                options.attachmentFiles = files;
                return writeAtomically(path, Exchange::toHtml(readable.value(), options));
            }
            case ExportFormat::Pdf:
                return Exchange::writePdf(readable.value(), path);
            case ExportFormat::Json:
                break;
            }
            return StorageError {StorageError::Kind::Internal, QStringLiteral("unknown export format")};
        },
        std::move(done));
}

void SessionService::printSession(const QString &id, const std::shared_ptr<QPagedPaintDevice> &device, QObject *context,
                                  StatusDone done)
{
    m_store.read<bool>(
        context,
        [id, device](Store &store) -> Result<bool> {
            Result<Exchange::ReadableSession> readable = Exchange::readableSession(store, id, false);
            if (!readable)
                return readable.error();
            Exchange::print(readable.value(), device.get());
            return true;
        },
        [done = std::move(done)](const Result<bool> &printed) { done(printed ? Status {} : Status(printed.error())); });
}

void SessionService::scheduleDelete(const QString &id)
{
    if (m_pendingDeletes.contains(id))
        return;
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id] { commitDelete(id); });
    timer->start(m_undoWindowMs);
    m_pendingDeletes.insert(id, timer);
    m_deleteOrder.append(id);
    Q_EMIT deletePending(id);
}

QString SessionService::undoDelete()
{
    if (m_deleteOrder.isEmpty())
        return {};
    const QString id = m_deleteOrder.takeLast();
    delete m_pendingDeletes.take(id);
    Q_EMIT deleteUndone(id);
    if (m_deleteOrder.isEmpty())
        Q_EMIT undoExpired();
    return id;
}

void SessionService::commitDelete(const QString &id)
{
    QTimer *timer = m_pendingDeletes.take(id);
    if (!timer)
        return;
    timer->deleteLater();
    m_deleteOrder.removeAll(id);
    m_store.write([id](Store &store) { return store.sessions().remove(id); });
    Q_EMIT deleted(id);
    if (m_deleteOrder.isEmpty())
        Q_EMIT undoExpired();
}

void SessionService::announce(const QString &id)
{
    get(id, this, [this](Result<Session> s) {
        if (s)
            Q_EMIT sessionChanged(s.value());
    });
}

} // namespace Skein
