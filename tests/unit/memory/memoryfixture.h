/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// Shared set-up of the memory tests: a real SQLite file behind an AsyncStore, a scripted model on
// a loopback HTTP server (OpenAI wire format) and conversations written straight into the store.

#include "core/domain/message.h"
#include "core/domain/session.h"
#include "engine/memory/utilitycall.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/store.h"

#include <QNetworkAccessManager>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace Skein::Test {

// What the engine asked the scripted model for, told apart by the system prompt.
enum class Ask { Segment, RollUp, Extraction, Topic, Other };
Ask askOf(const RecordedRequest &request);
QString systemText(const RecordedRequest &request);
// The text of the user message of a background request (the data it was given).
QString dataText(const RecordedRequest &request);

struct TurnSpec
{
    QString user;
    QString assistant;
    QString toolName; // non-empty: the assistant calls this tool first and gets toolResult
    QString toolResult;
};

class MemoryFixture
{
public:
    QTemporaryDir dir;
    AsyncStore store;
    ReplayServer server;
    QNetworkAccessManager network;
    std::unique_ptr<ProviderClient> client;

    bool open();
    std::unique_ptr<Store> sync();
    ModelRoute route(const QString &model = QStringLiteral("utility-model"));

    // A session with a linear conversation of the given turns; messages get increasing
    // created_at. Returns the session (active leaf set) and appends the message ids to *ids.
    Session conversation(const QList<TurnSpec> &turns, QStringList *ids = nullptr);
    // More turns below parentId in session (a branch when parentId already has children).
    QStringList appendTurns(const QString &sessionId, const QString &parentId, const QList<TurnSpec> &turns,
                            bool makeActive = true);

    // Moves the clock of the messages written later on (as if time passed).
    void skipTime(qint64 ms) { m_clock += ms; }

private:
    qint64 m_clock = 1'700'000'000'000;
};

} // namespace Skein::Test
