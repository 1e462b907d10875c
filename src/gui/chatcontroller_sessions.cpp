// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ChatController: the conversation list (search, rename, pin, archive, delete with undo,
// duplicate, export), through SessionService.
#include "app/appcontext.h"
#include "app/services/sessionservice.h"
#include "chatcontroller.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"

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
    if (title.simplified().isEmpty())
        return;
    m_context.sessions().rename(sessionId, title, this, [this](const Status &s) {
        if (!s)
            Q_EMIT notice(tr("Could not rename: %1").arg(s.error().message));
    });
}

void ChatController::setPinned(const QString &sessionId, bool pinned)
{
    m_context.sessions().setPinned(sessionId, pinned, this, [](const Status &) { });
}

void ChatController::setTags(const QString &sessionId, const QStringList &tags)
{
    m_context.sessions().setTags(sessionId, tags, this, [this](const Status &s) {
        if (!s)
            Q_EMIT notice(tr("Could not change the tags: %1").arg(s.error().message));
    });
}

void ChatController::archiveSession(const QString &sessionId)
{
    m_context.sessions().setArchived(sessionId, true, this, [this, sessionId](const Status &s) {
        if (!s) {
            Q_EMIT notice(tr("Could not archive: %1").arg(s.error().message));
            return;
        }
        m_sessions->remove(sessionId);
        Q_EMIT notice(tr("Conversation archived."));
    });
}

void ChatController::keepIncognito()
{
    const Session current = currentSession();
    if (current.incognito != Session::Incognito::UntilClosed)
        return;
    m_context.sessions().setIncognito(
        current.id, Session::Incognito::Kept, this, [this, id = current.id](const Status &s) {
            if (!s) {
                Q_EMIT notice(tr("Could not keep the conversation: %1").arg(s.error().message));
                return;
            }
            m_context.sessions().get(id, this, [this, id](const Result<Session> &stored) {
                if (stored && m_conversation && currentSessionId() == id) {
                    m_conversation->setSession(stored.value());
                    Q_EMIT incognitoChanged();
                }
            });
        });
}

void ChatController::deleteSession(const QString &sessionId)
{
    if (!m_sessions->contains(sessionId))
        return;
    m_context.sessions().scheduleDelete(sessionId);
}

void ChatController::undoDelete()
{
    m_context.sessions().undoDelete();
}

void ChatController::duplicateSession(const QString &sessionId)
{
    const QString base = m_sessions->session(sessionId).title;
    const QString title = base.isEmpty() ? tr("Copy of conversation") : tr("%1 (copy)").arg(base);
    m_context.sessions().duplicate(sessionId, title, this, [this](const Result<Session> &copy) {
        if (!copy) {
            Q_EMIT notice(tr("Could not duplicate: %1").arg(copy.error().message));
            return;
        }
        openSession(copy->id);
    });
}

void ChatController::exportSession(const QString &sessionId, const QString &path,
                                   std::optional<SessionService::ExportFormat> format)
{
    m_context.sessions().exportSession(sessionId, path, format.value_or(SessionService::formatForPath(path)), this,
                                       [this, path](const Result<qint64> &written) {
                                           if (written)
                                               Q_EMIT notice(tr("Exported to %1").arg(path));
                                           else
                                               Q_EMIT notice(tr("Export failed: %1").arg(written.error().message));
                                       });
}

void ChatController::printSession(const QString &sessionId, const std::shared_ptr<QPagedPaintDevice> &printer)
{
    m_context.sessions().printSession(sessionId, printer, this, [this](const Status &printed) {
        if (printed)
            Q_EMIT notice(tr("Sent to the printer"));
        else
            Q_EMIT notice(tr("Printing failed: %1").arg(printed.error().message));
    });
}

} // namespace Skein
