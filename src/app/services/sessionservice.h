/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"
#include "storage/result.h"
#include "storage/searchrepository.h"

#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

class QPagedPaintDevice;

class QTimer;

namespace Skein {

class AsyncStore;

// The conversation list's storage work: list, create, rename, pin, archive, choose the model,
// duplicate, search and export, and deletion with an undo window (a deleted conversation stays
// restorable for undoWindow ms, then goes for good). Jobs run off the calling thread; `done` runs
// on `context`'s thread while it lives. sessionChanged() follows every change that succeeded.
class SessionService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionService)

public:
    template<typename T> using Done = std::function<void(Result<T>)>;
    using StatusDone = std::function<void(Status)>;

    explicit SessionService(AsyncStore &store, QObject *parent = nullptr);
    ~SessionService() override;

    void list(QObject *context, Done<QList<Session>> done);
    void get(const QString &id, QObject *context, Done<Session> done);
    void create(const Session &session, QObject *context, Done<Session> done);
    void rename(const QString &id, const QString &title, QObject *context, StatusDone done);
    void setPinned(const QString &id, bool pinned, QObject *context, StatusDone done);
    void setArchived(const QString &id, bool archived, QObject *context, StatusDone done);
    // Issue 17: keep an incognito conversation that would go when left (it stays incognito).
    void setIncognito(const QString &id, Session::Incognito incognito, QObject *context, StatusDone done);
    // Deletes the incognito conversations a previous run left behind (it quit or crashed before
    // the user left them). For the app at startup only: the CLI may run beside an app that has one
    // open.
    void removeLeftIncognito(QObject *context, StatusDone done);
    // Replaces the conversation's tags (Session::cleanTags()).
    void setTags(const QString &id, const QStringList &tags, QObject *context, StatusDone done);
    // The provider and model the conversation's next turns use.
    void setModel(const QString &id, const QString &providerId, const QString &model, QObject *context,
                  Done<Session> done);
    void duplicate(const QString &id, const QString &title, QObject *context, Done<Session> done);
    void search(const QString &text, int limit, QObject *context, Done<QList<SearchHit>> done);
    // An attachment's content (issue 16), when it is at most maxBytes: a thumbnail's or a
    // viewer's source.
    void attachmentContent(const QString &sha256, qint64 maxBytes, QObject *context, Done<QByteArray> done);
    // Writes an attachment's content to path, in pieces, atomically (Save As…).
    void saveAttachment(const QString &sha256, const QString &path, QObject *context, StatusDone done);
    enum class ExportFormat {
        Json, // skein.session/1, every branch
        Markdown, // the active branch
        Html, // the active branch, one self-contained page
        HtmlAllBranches, // every branch, the active one open
        Pdf, // the active branch
    };
    // By the file's extension: .md, .html/.htm, .pdf, else JSON.
    static ExportFormat formatForPath(const QString &path);
    // Bytes written. Written atomically: a failed export leaves no half file.
    void exportSession(const QString &id, const QString &path, ExportFormat format, QObject *context,
                       Done<qint64> done);
    // Lays out the active branch and prints it on `device` (a QPrinter the print dialog set up) off
    // the calling thread.
    void printSession(const QString &id, const std::shared_ptr<QPagedPaintDevice> &device, QObject *context,
                      StatusDone done);

    // Deletion with undo. A pending deletion can be undone (the newest first) until the window
    // closes; pending deletions are carried out when the service goes.
    void setUndoWindow(int ms) { m_undoWindowMs = ms; }
    void scheduleDelete(const QString &id);
    bool isDeletePending(const QString &id) const { return m_pendingDeletes.contains(id); }
    // The conversation that came back, or an empty id when nothing was pending.
    QString undoDelete();

Q_SIGNALS:
    void sessionChanged(const Skein::Session &session);
    // Messages an import wrote that search does not find yet (AsyncStore::searchBacklog).
    void searchBacklog(qint64 remaining);
    void deletePending(const QString &id);
    void deleteUndone(const QString &id);
    void deleted(const QString &id);
    // The last pending deletion went (carried out or undone).
    void undoExpired();
    // A change could not be stored (plain words).
    void failed(const QString &message);

private:
    void commitDelete(const QString &id);
    // Reads the row again after a change and announces it.
    void announce(const QString &id);

    AsyncStore &m_store;
    QHash<QString, QTimer *> m_pendingDeletes;
    QStringList m_deleteOrder;
    int m_undoWindowMs = 8000;
};

} // namespace Skein
