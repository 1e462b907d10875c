/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/message.h"
#include "engine/context/contextexclusions.h"
#include "models/contextrerunrequest.h"
#include "storage/result.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QPushButton;
class QStackedWidget;
class QTimer;
class QTreeView;

namespace Skein {

class ContextService;
struct ContextView;
class BudgetBar;
class ContextItemModel;

// The Context tab (SPEC §6, §4.9): for the selected assistant reply, the stored snapshot of the
// request that produced it — a stacked budget bar, the memories, summaries and messages it carried
// and the ones it left out (with tokens), estimate vs reported usage, cost — and "re-run with this
// context" after the user toggled messages or memories.
class ContextInspector final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextInspector)

public:
    explicit ContextInspector(ContextService &context, QWidget *parent = nullptr);

    ContextItemModel *model() const { return m_model; }
    BudgetBar *budgetBar() const { return m_bar; }
    // The reply shown (empty when none) and its snapshot.
    const Message &reply() const { return m_reply; }
    bool hasSnapshot() const;
    // Showing what the next request of the session would carry (nothing selected, or "Next
    // request" ticked) rather than a sent one.
    bool isDraft() const { return m_draft; }
    // The figure shown in a numbers row ("estimate", "prompt", "completion", "cached", "budget", "cost").
    QString figure(const QString &key) const;
    // The changes of a re-run request as the context engine takes them: what to leave out, and
    // what to add (a message as a recalled passage, a memory before the ranked ones).
    static ContextExclusions exclusionsOf(const ContextRerunRequest &request);

public Q_SLOTS:
    void setSession(const QString &sessionId);
    void setSelectedMessage(const QString &messageId);
    void refresh();
    void rerun();
    // Show the next request of the current session whatever is selected.
    void setShowNextRequest(bool show);
    // The composer's text, counted as the next message in the draft view (refreshed after a
    // short pause in typing; connect Composer's text changes).
    void setDraftText(const QString &text);

Q_SIGNALS:
    // The user asked to regenerate the reply as a sibling with the context as toggled here.
    void rerunRequested(const Skein::ContextRerunRequest &request);
    // The same, as what the context engine can honour: the messages and memories unticked here
    // (connect to ChatController::rerunWithContext). Emitted with rerunRequested when the user
    // left something out.
    void rerunWithContextRequested(const QString &assistantMessageId, const Skein::ContextExclusions &exclusions);
    void loaded();

private:
    void apply(const ContextView &loaded);
    void showEmpty(const QString &text);
    void updateSummary();

    ContextService &m_service;
    ContextItemModel *m_model = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_title = nullptr;
    BudgetBar *m_bar = nullptr;
    QLabel *m_numbers = nullptr;
    QLabel *m_counts = nullptr;
    QTreeView *m_items = nullptr;
    QPushButton *m_reset = nullptr;
    QPushButton *m_rerun = nullptr;
    QPushButton *m_next = nullptr;
    bool m_draft = false;
    QString m_draftText;
    QTimer *m_draftTimer = nullptr;
    QString m_sessionId;
    QString m_messageId;
    Message m_reply;
    QHash<QString, QString> m_figures;
    quint64 m_generation = 0;
};

} // namespace Skein
