// ChatController: sidebar operations (search, rename, pin, archive, delete with undo,
// duplicate, export) and branch deletion.
#include "app/appcontext.h"
#include "chatcontroller.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "storage/asyncstore.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/markdownexport.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QSaveFile>
#include <QTimer>

namespace Skein {

void ChatController::search(const QString &text)
{
    m_searchText = text;
    if (text.trimmed().isEmpty()) {
        m_searchTimer->stop();
        ++m_searchGeneration;
        m_search->clear();
        return;
    }
    m_searchTimer->start();
}

void ChatController::renameSession(const QString &sessionId, const QString &title)
{
    const QString clean = title.simplified();
    if (clean.isEmpty())
        return;
    m_context.storage().write(
        this, [sessionId, clean](Store &store) { return store.sessions().rename(sessionId, clean); },
        [this, sessionId](Status s) {
            if (!s)
                Q_EMIT notice(tr("Could not rename: %1").arg(s.error().message));
            refreshSession(sessionId);
        });
}

void ChatController::setPinned(const QString &sessionId, bool pinned)
{
    m_context.storage().write(
        this, [sessionId, pinned](Store &store) { return store.sessions().setPinned(sessionId, pinned); },
        [this, sessionId](Status) { refreshSession(sessionId); });
}

void ChatController::archiveSession(const QString &sessionId)
{
    m_context.storage().write(
        this, [sessionId](Store &store) { return store.sessions().setArchived(sessionId, true); },
        [this, sessionId](Status s) {
            if (!s) {
                Q_EMIT notice(tr("Could not archive: %1").arg(s.error().message));
                return;
            }
            m_sessions->remove(sessionId);
            Q_EMIT notice(tr("Conversation archived."));
        });
}

void ChatController::deleteSession(const QString &sessionId)
{
    if (!m_sessions->contains(sessionId) || m_pendingDeletes.contains(sessionId))
        return;
    const QString title = m_sessions->session(sessionId).title;
    m_sessions->setHidden(sessionId, true);
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, sessionId] { commitDelete(sessionId); });
    timer->start(m_undoWindowMs);
    m_pendingDeletes.insert(sessionId, timer);
    m_deleteOrder.append(sessionId);
    if (sessionId == m_currentSession.id) {
        m_currentSession = Session();
        m_thread->clear();
        Q_EMIT currentSessionChanged(QString());
    }
    Q_EMIT undoAvailable(title.isEmpty() ? tr("Conversation deleted.") : tr("“%1” deleted.").arg(title));
}

void ChatController::undoDelete()
{
    if (m_deleteOrder.isEmpty())
        return;
    const QString id = m_deleteOrder.takeLast();
    delete m_pendingDeletes.take(id);
    m_sessions->setHidden(id, false);
    if (m_deleteOrder.isEmpty())
        Q_EMIT undoExpired();
    openSession(id);
}

void ChatController::commitDelete(const QString &sessionId)
{
    QTimer *timer = m_pendingDeletes.take(sessionId);
    if (!timer)
        return;
    timer->deleteLater();
    m_deleteOrder.removeAll(sessionId);
    m_context.storage().write([sessionId](Store &store) { return store.sessions().remove(sessionId); });
    m_sessions->remove(sessionId);
    if (m_deleteOrder.isEmpty())
        Q_EMIT undoExpired();
}

void ChatController::duplicateSession(const QString &sessionId)
{
    const QString base = m_sessions->session(sessionId).title;
    const QString title = base.isEmpty() ? tr("Copy of conversation") : tr("%1 (copy)").arg(base);
    m_context.storage().write<Session>(
        this, [sessionId, title](Store &store) { return store.sessions().duplicate(sessionId, title); },
        [this](Result<Session> copy) {
            if (!copy) {
                Q_EMIT notice(tr("Could not duplicate: %1").arg(copy.error().message));
                return;
            }
            m_sessions->upsert(copy.value());
            openSession(copy->id);
        });
}

void ChatController::exportSession(const QString &sessionId, const QString &path)
{
    const bool markdown = path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive);
    m_context.storage().read<qint64>(
        this,
        [sessionId, path, markdown](Store &store) -> Result<qint64> {
            QByteArray bytes;
            if (markdown) {
                Result<Session> session = store.sessions().get(sessionId);
                if (!session)
                    return session.error();
                QList<Message> branch;
                if (!session->activeLeafId.isEmpty()) {
                    Result<QList<Message>> p = store.messages().path(session->activeLeafId);
                    if (!p)
                        return p.error();
                    branch = p.value();
                }
                bytes = Exchange::toMarkdown(session.value(), branch).toUtf8();
            } else {
                Result<QByteArray> json = Exchange::Exporter(store).exportSession(sessionId);
                if (!json)
                    return json.error();
                bytes = json.value();
            }
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
                return StorageError {StorageError::Kind::Io, file.errorString()};
            return qint64(bytes.size());
        },
        [this, path](Result<qint64> written) {
            if (written)
                Q_EMIT notice(tr("Exported to %1").arg(path));
            else
                Q_EMIT notice(tr("Export failed: %1").arg(written.error().message));
        });
}

void ChatController::deleteBranch(const QString &messageId)
{
    if (!m_thread->contains(messageId))
        return;
    if (m_busy && m_running.sessionId == m_thread->sessionId())
        return;
    const QString sessionId = m_thread->sessionId();
    m_thread->removeBranch(messageId);
    const QString leaf = m_thread->activeLeaf();
    m_currentSession.activeLeafId = leaf;
    m_context.storage().write(
        this,
        [messageId, sessionId, leaf](Store &store) -> Status {
            Result<QStringList> removed = store.messages().deleteSubtree(messageId);
            if (!removed)
                return removed.error();
            return store.sessions().setActiveLeaf(sessionId, leaf);
        },
        [this](Status s) {
            if (!s)
                Q_EMIT notice(tr("Could not delete the branch: %1").arg(s.error().message));
        });
}

void ChatController::rerunWithContext(const QString &assistantMessageId, const ContextExclusions &exclusions)
{
    const Message m = m_thread->message(assistantMessageId);
    if (m.id.isEmpty() || m.role != Role::Assistant)
        return;
    PendingTurn p;
    p.kind = TurnKind::Retry;
    p.sessionId = m.sessionId;
    p.targetId = m.id;
    p.parentId = m.parentId;
    p.exclusions = exclusions;
    runTurn(p);
}

} // namespace Skein
