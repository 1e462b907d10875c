/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "app/turnrequest.h"
#include "core/domain/enums.h"
#include "core/stream/assembledturn.h"

#include <QCoreApplication>
#include <QTextStream>

namespace Skein {

class Conversations;

// One turn of `skein-cli send` at the terminal, run by the app's own Conversations: the reply's
// text goes to `text` as it streams, tool calls and their results to `err`; an approval is asked
// at the terminal (or denied when stdin is not a terminal or --deny-tools said so); Ctrl+C stops
// the turn and keeps the partial reply.
class TerminalTurn final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::TerminalTurn)
    Q_DISABLE_COPY_MOVE(TerminalTurn)

public:
    struct Outcome
    {
        SessionState state = SessionState::Failed;
        QString userMessageId;
        QString assistantId;
        int iterations = 0;
        QString error;
        bool refused = false; // never started: the conversation was busy, or no provider
        AssembledTurn last;
    };

    TerminalTurn(Conversations &conversations, QTextStream &text, QTextStream &err);
    ~TerminalTurn();

    // Starts the request and runs the event loop until its turn ends.
    Outcome run(const TurnRequest &request);

    // The JSON printed for a turn by `send --json`.
    static QByteArray resultJson(const QString &sessionId, const Outcome &outcome);

private:
    Conversations &m_conversations;
    QTextStream &m_text;
    QTextStream &m_err;
};

} // namespace Skein
