/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>
#include <functional>
#include <memory>

#include "app/turnrequest.h"
#include "engine/context/queryembedding.h"
#include "secrets/secretstore.h"

class QCommandLineParser;

namespace Skein {

struct AttachmentLimits;

class AppContext;
class AsyncStore;
class ProviderClient;
class CommonOptions;
class Store;
struct Memory;
struct ProviderConfig;
struct Session;
struct StorageError;

// skein-cli: the headless face of the same AppContext the GUI uses. Commands print results on
// stdout and one-line errors on stderr; run() returns the process exit status (0 ok, 1 failure,
// 2 usage).
class Cli final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::Cli)
    Q_DISABLE_COPY_MOVE(Cli)

public:
    Cli(QTextStream &out, QTextStream &err);
    ~Cli();
    int run(const QStringList &arguments);
    // Whether these arguments need Qt GUI (fonts and layout: a PDF export); main() then makes a
    // QGuiApplication on the offscreen platform, so no display is needed.
    static bool needsGraphics(const QStringList &arguments);

    // Options of the agent commands (cli_agent.cpp), for the command table.
    static void defineToolOptions(QCommandLineParser &parser);
    static void defineTools(QCommandLineParser &parser);
    static void defineMcp(QCommandLineParser &parser);
    static void defineRestore(QCommandLineParser &parser);

private:
    struct Command
    {
        const char *name;
        const char *synopsis;
        int (Cli::*run)(QCommandLineParser &parser);
        void (*define)(QCommandLineParser &parser);
    };
    static const QList<Command> &commands();
    static QString commandSummary();

    int fail(const QString &message, int status = 1);
    int fail(const StorageError &error);
    int usage(const QString &message) { return fail(message, 2); }
    bool openStore();
    // Indexes for search what an import left to index (SearchRepository::indexBacklog), telling
    // a person at a terminal how far it is unless quiet. An error is reported and returned.
    Status indexSearchBacklog(bool quiet);
    // A session by full id or unique id prefix; reports an error and returns false otherwise.
    bool resolveSession(const QString &idOrPrefix, Session *out);
    QString readText(const QStringList &positional, qsizetype from);

    // The CLI has no event loop of its own: these run the application's loop until endLoop().
    static void runLoop(const bool &done);
    static void endLoop(bool &done);
    SecretResult secretCall(const std::function<void(SecretStore &, QObject *, SecretStore::Callback)> &call);
    bool findProvider(const QString &nameOrId, ProviderConfig *out);
    // findProvider, refusing a provider the user has not enabled on this machine (imported ones).
    bool findEnabledProvider(const QString &nameOrId, ProviderConfig *out);
    // The key for a call: from --api-key-env when the command has it set (this run only),
    // otherwise from the keychain — never asked for a provider recorded without a key. An empty
    // key when the provider has none (local servers). Reports an error and returns false.
    bool readApiKey(const ProviderConfig &provider, const QCommandLineParser &parser, QString *key);
    // The value of the variable named by --api-key-env; an error when unset or empty.
    bool keyFromEnvironment(const QCommandLineParser &parser, QString *key);
    // Stores the key from --api-key-env in the keychain, read back before it counts.
    bool storeKey(const ProviderConfig &provider, const QCommandLineParser &parser);

    // Session commands (cli_sessions.cpp)
    int cmdInfo(QCommandLineParser &parser);
    int cmdList(QCommandLineParser &parser);
    int cmdNew(QCommandLineParser &parser);
    int cmdShow(QCommandLineParser &parser);
    int cmdAppend(QCommandLineParser &parser);
    int cmdRename(QCommandLineParser &parser);
    int cmdDelete(QCommandLineParser &parser);
    int cmdTag(QCommandLineParser &parser);
    int cmdUntag(QCommandLineParser &parser);
    int cmdTags(QCommandLineParser &parser);
    // tag and untag: the session's tags with the arguments' added or taken away.
    int changeTags(QCommandLineParser &parser, bool add);
    int cmdSearch(QCommandLineParser &parser);
    // Export and import (cli_exchange.cpp)
    int cmdExport(QCommandLineParser &parser);
    static QString exportFormat(const QCommandLineParser &parser);
    int cmdImport(QCommandLineParser &parser);
    // Providers and model calls (cli_providers.cpp, cli_send.cpp)
    int cmdProviders(QCommandLineParser &parser);
    int cmdSend(QCommandLineParser &parser);
    // Memories, summaries and consolidation (cli_memory.cpp)
    int cmdMemories(QCommandLineParser &parser);
    int cmdEmbeddings(QCommandLineParser &parser);
    int pinNote(QCommandLineParser &parser, Memory *pinned); // memories pin
    int cmdSummaries(QCommandLineParser &parser);
    int printTimeline(const Memory &memory, bool json);
    int cmdCompact(QCommandLineParser &parser);
    static void defineMemories(QCommandLineParser &parser);
    static void defineEmbeddings(QCommandLineParser &parser);
    static void defineCompact(QCommandLineParser &parser);
    // The context engine (cli_context.cpp)
    int cmdContext(QCommandLineParser &parser);
    QueryEmbedding queryEmbedding(const QString &draft);
    static void defineContext(QCommandLineParser &parser);
    // The agent loop, tools, MCP servers and crash recovery (cli_agent.cpp)
    int cmdTools(QCommandLineParser &parser);
    int cmdMcp(QCommandLineParser &parser);
    int cmdRestore(QCommandLineParser &parser);
    // cli_send.cpp: runs one turn through the app's Conversations at the terminal and prints it;
    // returns the exit status. Needs openAsyncStore(); m_store is closed.
    int runTurn(TurnRequest request, QCommandLineParser &parser);
    // The turn's limits and approval presets from the settings and the command line.
    TurnOptions turnOptions(const QCommandLineParser &parser);
    // The user's attachment limits (Settings).
    AttachmentLimits attachmentLimits();
    // Opens AppContext::storage() (the writer and reader threads); reports a failure.
    bool openAsyncStore();
    // The housekeeper's after-turn work: waited for here, or started in a process of its own.
    void waitForBackgroundWork();
    void startBackgroundWork(const QString &sessionId, const QString &replyId, const QCommandLineParser &parser);
    int cmdBackground(QCommandLineParser &parser);
    static void defineBackground(QCommandLineParser &parser);

    QTextStream &m_out;
    QTextStream &m_err;
    std::unique_ptr<AppContext> m_context;
    std::unique_ptr<Store> m_store;
};

} // namespace Skein
