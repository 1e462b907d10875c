/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace Skein {

class MemoryHousekeeper;

// The topic-switch offer (SPEC §4.11) above the chat: "this message seems to start something new
// — continue in a fresh session that references this one?" Hidden until showSuggestion().
// Accepting creates the referencing session through the housekeeper (storage thread) and
// announces it with sessionStarted; the main window opens it. Place it above the composer and
// connect MemoryHousekeeper::topicSwitchSuggested → showSuggestion and
// ChatController::currentSessionChanged → setCurrentSession.
class TopicSwitchBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicSwitchBanner)

public:
    explicit TopicSwitchBanner(MemoryHousekeeper &housekeeper, QWidget *parent = nullptr);

    QString sessionId() const { return m_sessionId; }
    QString messageId() const { return m_messageId; }
    QString title() const { return m_title; }

public Q_SLOTS:
    // messageId: the user message that looked unrelated; title: a suggested name (may be empty).
    void showSuggestion(const QString &sessionId, const QString &messageId, const QString &title);
    // The user moved to another session: an offer for a different one goes away.
    void setCurrentSession(const QString &sessionId);
    void accept();
    void dismiss();

Q_SIGNALS:
    // The new session exists (parent oldSessionId, entry message messageId): open it.
    void sessionStarted(const QString &newSessionId, const QString &oldSessionId, const QString &messageId);
    void dismissed();
    // Creating the session failed; text says why in plain words.
    void failed(const QString &text);

private:
    MemoryHousekeeper &m_housekeeper;
    QLabel *m_text;
    QPushButton *m_continue;
    QPushButton *m_dismiss;
    QString m_sessionId;
    QString m_messageId;
    QString m_title;
};

} // namespace Skein
