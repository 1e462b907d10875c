// skein-cli: the agent loop driven from the terminal (send), tools, MCP servers and restore.
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/usage.h"
#include "core/settings/settingskeys.h"
#include "engine/agent/agentrun.h"
#include "engine/agent/agentrunner.h"
#include "engine/agent/mcpservers.h"
#include "engine/agent/sessionlock.h"
#include "engine/agent/toolapprovals.h"
#include "engine/recovery.h"
#include "engine/tools/builtintools.h"
#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcptool.h"
#include "engine/tools/toolregistry.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QSocketNotifier>
#include <QTextStream>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

namespace Skein {

namespace {

int g_signalPipe[2] = {-1, -1};

void onSigint(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &byte, 1);
}

// Ctrl+C as an event: the handler only writes a byte to a pipe the event loop watches.
class InterruptWatcher final
{
    Q_DISABLE_COPY_MOVE(InterruptWatcher)

public:
    explicit InterruptWatcher(std::function<void()> onInterrupt)
    {
        if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
            return;
        m_notifier = std::make_unique<QSocketNotifier>(g_signalPipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [onInterrupt] {
            char buffer[16];
            while (::read(g_signalPipe[0], buffer, sizeof buffer) > 0) { }
            onInterrupt();
        });
        struct sigaction action = {};
        action.sa_handler = onSigint;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        ::sigaction(SIGINT, &action, &m_previous);
        m_installed = true;
    }
    ~InterruptWatcher()
    {
        if (m_installed)
            ::sigaction(SIGINT, &m_previous, nullptr);
        m_notifier.reset();
        for (int &fd : g_signalPipe)
            if (fd >= 0) {
                ::close(fd);
                fd = -1;
            }
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    struct sigaction m_previous = {};
    bool m_installed = false;
};

QJsonValue usageJson(const Usage &u)
{
    QJsonObject o;
    auto put = [&](const char *name, const std::optional<qint64> &v) {
        if (v)
            o.insert(QLatin1String(name), *v);
    };
    put("prompt_tokens", u.promptTokens);
    put("completion_tokens", u.completionTokens);
    put("cached_tokens", u.cachedTokens);
    put("reasoning_tokens", u.reasoningTokens);
    return o;
}

Usage usageOf(const TokenUsage &u)
{
    Usage out;
    if (u.promptTokens >= 0)
        out.promptTokens = u.promptTokens;
    if (u.completionTokens >= 0)
        out.completionTokens = u.completionTokens;
    if (u.cachedTokens >= 0)
        out.cachedTokens = u.cachedTokens;
    if (u.reasoningTokens >= 0)
        out.reasoningTokens = u.reasoningTokens;
    return out;
}

// One answer line from a terminal without blocking the event loop (MCP servers keep running).
class LineReader final
{
    Q_DISABLE_COPY_MOVE(LineReader)

public:
    explicit LineReader(std::function<void(const QString &line, bool eof)> onLine)
        : m_notifier(STDIN_FILENO, QSocketNotifier::Read)
        , m_onLine(std::move(onLine))
    {
        m_notifier.setEnabled(false);
        QObject::connect(&m_notifier, &QSocketNotifier::activated, &m_notifier, [this] { readSome(); });
    }
    void ask() { m_notifier.setEnabled(true); }

private:
    void readSome()
    {
        char buffer[256];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n <= 0) {
            m_notifier.setEnabled(false);
            m_onLine({}, true);
            return;
        }
        m_buffer.append(buffer, n);
        const qsizetype nl = m_buffer.indexOf('\n');
        if (nl < 0)
            return;
        const QString line = QString::fromUtf8(m_buffer.left(nl)).trimmed();
        m_buffer.remove(0, nl + 1);
        m_notifier.setEnabled(false);
        m_onLine(line, false);
    }

    QSocketNotifier m_notifier;
    std::function<void(const QString &, bool)> m_onLine;
    QByteArray m_buffer;
};

QString prettyArguments(const QString &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    return doc.isObject() ? QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed() : json;
}

QString policyName(const Tool &tool)
{
    return tool.policy() == ToolPolicy::ReadOnly ? QStringLiteral("read-only") : QStringLiteral("needs-approval");
}

} // namespace

void Cli::defineToolOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("allow-tool"), Cli::tr("Run this tool without asking (repeatable)."), Cli::tr("name")});
    p.addOption({QStringLiteral("deny-tools"), Cli::tr("Deny every tool call that needs approval, without asking.")});
    p.addOption({QStringLiteral("no-tools"), Cli::tr("Offer no tools to the model.")});
    p.addOption({QStringLiteral("tool-timeout"), Cli::tr("Seconds a tool call may take (default 30)."), Cli::tr("s")});
}

void Cli::defineTools(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
    p.addOption({QStringLiteral("no-servers"), Cli::tr("Only the built-in tools; do not start MCP servers.")});
}

void Cli::defineMcp(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
    p.addOption({QStringLiteral("command"), Cli::tr("add: the server's command (stdio)."), Cli::tr("cmd")});
    p.addOption({QStringLiteral("arg"), Cli::tr("add: an argument of the command (repeatable)."), Cli::tr("arg")});
    p.addOption({QStringLiteral("env"),
        Cli::tr("add: pass this environment variable of skein-cli to the server (repeatable; the value is "
                "read from the environment, never from the command line)."),
        Cli::tr("NAME")});
    p.addOption({QStringLiteral("url"), Cli::tr("add: the server's streamable HTTP endpoint."), Cli::tr("url")});
    p.addOption({QStringLiteral("header-env"),
        Cli::tr("add: an HTTP header whose value is read from the environment variable VAR (repeatable)."),
        Cli::tr("HEADER=VAR")});
    p.addOption(
        {QStringLiteral("header"),
                        Cli::tr("add: refused, because a value on the command line is visible to every user (ps); use "
                                "--header-env or --secrets-stdin."),
                        Cli::tr("K=V")});
    p.addOption(
        {QStringLiteral("secrets-stdin"),
                        Cli::tr("add: read NAME=VALUE lines from standard input: environment variables of a command, "
                                "headers of a URL.")});
    p.addOption({QStringLiteral("trusted"), Cli::tr("add: trust the server's claims, so its tools marked read-only run without asking.")});
    p.addOption({QStringLiteral("yes"), Cli::tr("import: import without asking (after reading the list).")});
    p.addOption({QStringLiteral("lines"), Cli::tr("log: how many of the last lines (default 200)."), Cli::tr("n")});
}

void Cli::defineRestore(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
}

namespace {

// The configured servers with their env/header values read back from the keychain.
Result<QList<McpServerConfig>> loadServers(Store &store, const std::function<SecretResult(const QString &)> &readSecret,
                                           QStringList *warnings)
{
    Result<QList<McpServerConfig>> servers = McpServerStore::load(store);
    if (!servers)
        return servers;
    QList<McpServerConfig> out = servers.value();
    for (McpServerConfig &s : out) {
        if (!McpServerStore::hasSecrets(s) || s.disabled)
            continue;
        const SecretResult r = readSecret(McpServerStore::secretKey(s.name));
        if (r.ok())
            McpServerStore::mergeSecret(s, r.value);
        else
            warnings->append(Cli::tr("MCP server %1: its environment/headers could not be read from the keychain: %2")
                                 .arg(s.name, r.message));
    }
    return out;
}

} // namespace

int Cli::runAgent(AsyncStore &store, ProviderClient &client, const QString &sessionId, const QString &text,
                  const QString &model, const QString &providerId, QCommandLineParser &parser)
{
    const bool json = parser.isSet(QStringLiteral("json"));
    // The tools' own connection on this thread (the memory tools use it); defaults come from it too.
    Result<std::unique_ptr<Store>> toolStore = m_context->openStore();
    if (!toolStore)
        return fail(toolStore.error());
    Result<QHash<QString, QString>> stored = toolStore.value()->settings().all();
    const Settings::AgentDefaults defaults
        = Settings::AgentDefaults::from(stored ? stored.value() : Settings::Values {});
    AgentOptions options;
    options.maxIterations = defaults.maxIterations;
    options.toolTimeout = std::chrono::seconds(defaults.toolTimeoutSeconds);
    if (parser.isSet(QStringLiteral("max-iterations")))
        options.maxIterations = parser.value(QStringLiteral("max-iterations")).toInt();
    if (parser.isSet(QStringLiteral("tool-timeout"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("tool-timeout")).toDouble(&ok);
        if (!ok || seconds <= 0)
            return usage(tr("--tool-timeout needs a positive number of seconds"));
        options.toolTimeout = std::chrono::milliseconds(qint64(seconds * 1000));
    }
    options.toolsEnabled = !parser.isSet(QStringLiteral("no-tools"));
    options.allowedTools = parser.values(QStringLiteral("allow-tool"));
    const bool interactive = ::isatty(STDIN_FILENO) && !parser.isSet(QStringLiteral("deny-tools"));
    options.denyUnapproved = !interactive;
    options.denyReason = parser.isSet(QStringLiteral("deny-tools"))
                         ? QStringLiteral("Denied: the user runs without tool approvals (--deny-tools).")
                         : QStringLiteral("Denied: this tool needs the user's approval and nobody could be asked.");

    // Tools: the built-ins (the memory tools use their own connection on this thread) and the
    // configured MCP servers, started before the first request so their tools are offered.
    ToolRegistry registry;
    McpServerSet servers(&registry, m_context->dataDir());
    if (options.toolsEnabled) {
        const bool review
            = Settings::MemoryDefaults::from(stored ? stored.value() : Settings::Values {}).reviewRequired;
        registerBuiltinTools(registry, toolStore.value()->memories(),
                             review ? MemorySaveTool::Review::Required : MemorySaveTool::Review::NotRequired);
        QStringList warnings;
        Result<QList<McpServerConfig>> configs = loadServers(
            *toolStore.value(),
            [this](const QString &key) {
                return secretCall(
                    [&](SecretStore &s, QObject *c, SecretStore::Callback cb) { s.read(key, c, std::move(cb)); });
            },
            &warnings);
        if (!configs)
            return fail(configs.error());
        for (const QString &w : std::as_const(warnings))
            m_err << w << Qt::endl;
        QObject::connect(&servers, &McpServerSet::serverFailed, &servers,
                         [this](const QString &name, const QString &detail) {
                             m_err << tr("MCP server %1 failed: %2").arg(name, detail) << Qt::endl;
                         });
        if (!configs->isEmpty()) {
            bool settled = false;
            QObject::connect(&servers, &McpServerSet::settled, &servers, [&settled] { endLoop(settled); });
            servers.start(configs.value(), std::chrono::seconds(20));
            runLoop(settled);
        }
    }

    AgentRunner runner(&store, &registry, m_context->dataDir());
    QString busy;
    AgentRun *run = runner.create(sessionId, &client, options, &busy);
    if (!run)
        return fail(busy + QLatin1Char(' ') + tr("Your message was not sent."));
    run->setModel(model);
    run->setProviderId(providerId);

    QTextStream &textOut = json ? m_err : m_out;
    QObject context;
    QObject::connect(run, &AgentRun::userMessageCommitted, &context, [this](const QString &id) {
        // A marker for scripts (and the kill test): from here on the message is on disk.
        m_err << tr("user message %1 saved").arg(id) << Qt::endl;
    });
    QObject::connect(run, &AgentRun::deltasReceived, &context, [&textOut](const QList<StreamDelta> &deltas) {
        for (const StreamDelta &d : deltas)
            if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Refusal)
                textOut << d.text;
        textOut.flush();
    });
    QObject::connect(run, &AgentRun::toolCallStarted, &context, [this](const ToolCallInfo &call) {
        m_err << tr("[tool] %1 %2 running").arg(call.toolName, call.argumentsJson) << Qt::endl;
    });
    QObject::connect(run, &AgentRun::toolCallFinished, &context,
                     [this, &options](const QString &callId, ToolStatus status, const QString &result, bool reused) {
                         QString line = tr("[tool] %1: %2").arg(callId, toString(status));
                         if (reused)
                             line += QLatin1Char(' ') + tr("(stored result reused, not run again)");
                         if (status == ToolStatus::Denied && options.denyUnapproved)
                             line += QLatin1Char(' ')
                                 + tr("— it needs approval and standard input is not a terminal (or --deny-tools); "
                                      "allow it with --allow-tool NAME");
                         if (status == ToolStatus::Failed && !result.isEmpty())
                             line += QStringLiteral(" — ") + result.section(QLatin1Char('\n'), 0, 0).left(300);
                         m_err << line << Qt::endl;
                     });
    QObject::connect(run, &AgentRun::outputLimitRaised, &context,
                     [this](const QString &tool, int previousTokens, int nextTokens) {
                         if (nextTokens > previousTokens)
                             m_err << tr("[agent] the reply was cut off by its output limit (%1 tokens) inside a call "
                                         "to %2; asking again with room for %3 tokens")
                                          .arg(previousTokens)
                                          .arg(tool)
                                          .arg(nextTokens)
                                   << Qt::endl;
                         else
                             m_err << tr("[agent] the reply was cut off by its output limit (%1 tokens) inside a call "
                                         "to %2; the model's limit is reached, so the model is asked to shorten it")
                                          .arg(previousTokens)
                                          .arg(tool)
                                   << Qt::endl;
                     });
    QString approvalCall;
    LineReader reader([&](const QString &line, bool eof) {
        const QString id = std::exchange(approvalCall, {});
        const QString answer = line.toLower();
        ApprovalDecision d = ApprovalDecision::Deny;
        if (!eof && (answer == QLatin1String("o") || answer == QLatin1String("once") || answer == QLatin1String("y")))
            d = ApprovalDecision::AllowOnce;
        else if (!eof && (answer == QLatin1String("a") || answer == QLatin1String("always")))
            d = ApprovalDecision::AllowAlways;
        run->decide(id, d);
    });
    QObject::connect(run, &AgentRun::approvalRequested, &context, [&](const ApprovalRequest &request) {
        if (request.change)
            m_err << request.change->summary() << Qt::endl;
        m_err << tr("The model wants to run %1 (%2) with these arguments:")
                     .arg(request.call.toolName, request.description)
              << Qt::endl
              << prettyArguments(request.call.argumentsJson) << Qt::endl
              << tr("Allow it? [o]nce / [a]lways for this tool / [d]eny: ") << Qt::flush;
        approvalCall = request.call.callId;
        reader.ask();
    });
    bool done = false;
    struct Outcome
    {
        SessionState state = SessionState::Failed;
        QString userMessageId;
        QString assistantId;
        int iterations = 0;
        QString error;
        AssembledTurn last;
    } outcome;
    // The runner deletes the run after finished(): keep what is printed below.
    QObject::connect(run, &AgentRun::finished, &context, [&done, &outcome, run](SessionState state) {
        outcome = {state,          run->userMessageId(), run->lastAssistantId(), run->iteration(), run->errorText(),
                   run->lastTurn()};
        endLoop(done);
    });
    InterruptWatcher interrupt([run] { run->cancel(); });
    if (text.isNull())
        run->resume(sessionId);
    else
        run->send(sessionId, text);
    runLoop(done);

    const SessionState state = outcome.state;
    const AssembledTurn &last = outcome.last;
    if (!last.text.isEmpty() && !last.text.endsWith(QLatin1Char('\n')))
        textOut << Qt::endl;
    if (json) {
        const QJsonObject result {
            {QStringLiteral("session_id"), sessionId},
             {QStringLiteral("user_message_id"), outcome.userMessageId},
              {QStringLiteral("assistant_message_id"), outcome.assistantId},
               {QStringLiteral("state"), toString(state)},
                {QStringLiteral("status"),
                                state == SessionState::Completed ? QStringLiteral("complete") : toString(state)},
                 {QStringLiteral("iterations"), outcome.iterations},
                  {QStringLiteral("usage"), usageJson(usageOf(last.usage))},
                   {QStringLiteral("error"), outcome.error.isEmpty() ? QJsonValue() : QJsonValue(outcome.error)},
                  };
        m_out << QJsonDocument(result).toJson(QJsonDocument::Compact) << Qt::endl;
    }
    servers.stopAll();
    if (state == SessionState::Completed)
        return 0;
    if (state == SessionState::Cancelled) {
        fail(tr("stopped; the partial reply is kept"));
        return 130;
    }
    return fail(toString(state) + QStringLiteral(": ") + outcome.error);
}

int Cli::cmdTools(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.value(0) != QLatin1String("list") || args.size() != 1)
        return usage(tr("usage: tools list [--json] [--no-servers]"));
    ToolRegistry registry;
    registerBuiltinTools(registry, m_store->memories(), MemorySaveTool::Review::Required);
    McpServerSet servers(&registry, m_context->dataDir());
    QStringList warnings;
    Result<QList<McpServerConfig>> configs = loadServers(
        *m_store,
        [this](const QString &key) {
            return secretCall(
                [&](SecretStore &s, QObject *c, SecretStore::Callback cb) { s.read(key, c, std::move(cb)); });
        },
        &warnings);
    if (!configs)
        return fail(configs.error());
    QObject::connect(&servers, &McpServerSet::serverFailed, &servers,
                     [&warnings](const QString &name, const QString &detail) {
                         warnings << tr("MCP server %1 failed: %2").arg(name, detail);
                     });
    if (!parser.isSet(QStringLiteral("no-servers")) && !configs->isEmpty()) {
        bool settled = false;
        QObject::connect(&servers, &McpServerSet::settled, &servers, [&settled] { endLoop(settled); });
        servers.start(configs.value(), std::chrono::seconds(20));
        runLoop(settled);
    }
    Result<QList<ToolDefinitionInfo>> approvals = ToolApprovals::all(*m_store);
    if (!approvals)
        return fail(approvals.error());
    QHash<QString, QByteArray> approved;
    for (const ToolDefinitionInfo &a : approvals.value())
        approved.insert(a.name, a.hash);

    QJsonArray array;
    for (const std::shared_ptr<Tool> &tool : registry.tools()) {
        QString approval = QStringLiteral("not needed");
        if (tool->policy() != ToolPolicy::ReadOnly) {
            if (!approved.contains(tool->name()))
                approval = QStringLiteral("ask");
            else if (approved.value(tool->name()) == tool->definitionHash())
                approval = QStringLiteral("always");
            else
                approval = QStringLiteral("revoked (definition changed)");
        }
        const QString server = tool->name().contains(QStringLiteral("__"))
                               ? tool->name().section(QStringLiteral("__"), 0, 0) : QStringLiteral("built-in");
        if (parser.isSet(QStringLiteral("json"))) {
            array.append(QJsonObject {{QStringLiteral("name"), tool->name()},
                                       {QStringLiteral("source"), server},
                                        {QStringLiteral("policy"), policyName(*tool)},
                                         {QStringLiteral("approval"), approval},
                                          {QStringLiteral("description"), tool->description()}});
        } else {
            m_out << tool->name() << '\t' << server << '\t' << policyName(*tool) << '\t' << approval << '\t'
                  << tool->description().section(QLatin1Char('\n'), 0, 0) << Qt::endl;
        }
    }
    if (parser.isSet(QStringLiteral("json")))
        m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
    for (const QString &w : std::as_const(warnings))
        m_err << w << Qt::endl;
    servers.stopAll();
    return 0;
}

int Cli::cmdRestore(QCommandLineParser &parser)
{
    Result<Recovery::Report> report = Recovery::restore(*m_store, SessionLock::skipLocked(m_context->dataDir()));
    if (!report)
        return fail(report.error());
    if (parser.isSet(QStringLiteral("json"))) {
        const QJsonObject o {
            {QStringLiteral("interrupted_messages"), report->interruptedMessages},
             {QStringLiteral("synthetic_results"), report->syntheticResults},
              {QStringLiteral("checkpoints_cleared"), report->checkpointsCleared},
               {QStringLiteral("runs_ended"), report->runsEnded},
                {QStringLiteral("approvals_kept"), report->approvalsKept},
                 {QStringLiteral("tool_log_repaired"), report->toolLogRepaired},
                  {QStringLiteral("details"), QJsonArray::fromStringList(report->details)},
                 };
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    for (const QString &line : report->details)
        m_out << line << Qt::endl;
    if (report->details.isEmpty())
        m_out << tr("Nothing to repair.") << Qt::endl;
    else
        m_out << tr("%n repair(s).", "", report->total()) << Qt::endl;
    return 0;
}

int Cli::cmdMcp(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0);
    Result<QList<McpServerConfig>> loaded = McpServerStore::load(*m_store);
    if (!loaded)
        return fail(loaded.error());
    QList<McpServerConfig> servers = loaded.value();
    auto find = [&](const QString &name) -> qsizetype {
        for (qsizetype i = 0; i < servers.size(); ++i)
            if (servers[i].name == name)
                return i;
        return -1;
    };
    // Saves the list; env/header values go to the keychain first (never into settings).
    auto saveWithSecrets = [&](const QList<McpServerConfig> &changed) -> bool {
        for (const McpServerConfig &s : changed) {
            if (!McpServerStore::hasSecrets(s))
                continue;
            const QString secret = McpServerStore::secretOf(s);
            const SecretResult r = secretCall([&](SecretStore &store, QObject *c, SecretStore::Callback cb) {
                store.write(McpServerStore::secretKey(s.name), secret, c, std::move(cb));
            });
            if (!r.ok() || m_context->secrets().availability() == SecretStore::Availability::SessionOnly) {
                fail(tr("the keychain is not available, so the environment/headers of %1 cannot be stored: %2")
                         .arg(s.name, r.message.isEmpty() ? m_context->secrets().availabilityReason() : r.message));
                return false;
            }
        }
        if (Status st = McpServerStore::save(*m_store, servers); !st) {
            fail(st.error());
            return false;
        }
        return true;
    };

    if (action == QLatin1String("list") && args.size() == 1) {
        QJsonArray array;
        for (const McpServerConfig &s : std::as_const(servers)) {
            const QString where = s.transport == McpServerConfig::Transport::Http
                ? s.url.toString()
                : (QStringList {s.command} + s.args).join(QLatin1Char(' '));
            if (parser.isSet(QStringLiteral("json"))) {
                array.append(QJsonObject {
                    {QStringLiteral("name"), s.name},
                     {QStringLiteral("transport"),
                                     s.transport == McpServerConfig::Transport::Http
                                     ? QStringLiteral("http") : QStringLiteral("stdio")},
                                     {QStringLiteral("target"), where},
                                      {QStringLiteral("env"), QJsonArray::fromStringList(s.env.keys())},
                                       {QStringLiteral("disabled"), s.disabled},
                                        {QStringLiteral("trusted"), s.trusted},
                                       });
            } else {
                m_out << s.name << '\t' << where
                      << (s.disabled ? QStringLiteral("\t(disabled)") : QString())
                          << (s.trusted ? QStringLiteral("\t(trusted)") : QString()) << Qt::endl;
            }
        }
        if (parser.isSet(QStringLiteral("json")))
            m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("add") && args.size() == 2) {
        McpServerConfig s;
        s.name = args.at(1);
        if (!McpConfig::isValidServerName(s.name))
            return usage(tr("a server name is 1-32 letters, digits, '-' or '_', without \"__\""));
        if (find(s.name) >= 0)
            return fail(tr("there is already a server named %1; remove it first").arg(s.name));
        if (parser.isSet(QStringLiteral("command")) == parser.isSet(QStringLiteral("url")))
            return usage(tr("mcp add needs either --command CMD or --url URL"));
        // Values never come from argv, which every user of the machine can read (ps).
        for (const QString &option : {QStringLiteral("env"), QStringLiteral("header-env")})
            for (const QString &value : parser.values(option))
                if (option == QLatin1String("env") && value.contains(QLatin1Char('=')))
                    return usage(tr("--env takes a variable name only: a value on the command line can be read "
                                    "by every user of this computer (ps). Set the variable in the environment "
                                    "and pass --env NAME, or use --secrets-stdin."));
        if (!parser.values(QStringLiteral("header")).isEmpty())
            return usage(tr("--header K=V would put the value on the command line, where every user of this "
                            "computer can read it (ps); use --header-env HEADER=VAR or --secrets-stdin."));
        QMap<QString, QString> fromStdin;
        if (parser.isSet(QStringLiteral("secrets-stdin"))) {
            QTextStream in(stdin);
            while (!in.atEnd()) {
                const QString line = in.readLine();
                if (line.trimmed().isEmpty())
                    continue;
                const qsizetype eq = line.indexOf(QLatin1Char('='));
                if (eq <= 0)
                    return usage(tr("--secrets-stdin reads NAME=VALUE lines; a line without '=' was given"));
                fromStdin.insert(line.left(eq).trimmed(), line.mid(eq + 1));
            }
        }
        const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        if (parser.isSet(QStringLiteral("command"))) {
            s.transport = McpServerConfig::Transport::Stdio;
            s.command = parser.value(QStringLiteral("command"));
            s.args = parser.values(QStringLiteral("arg"));
            for (const QString &name : parser.values(QStringLiteral("env"))) {
                if (!environment.contains(name))
                    return usage(tr("--env %1: skein-cli has no environment variable %1").arg(name));
                s.env.insert(name, environment.value(name));
            }
            s.env.insert(fromStdin);
        } else {
            s.transport = McpServerConfig::Transport::Http;
            s.url = QUrl(parser.value(QStringLiteral("url")), QUrl::StrictMode);
            if (!s.url.isValid()
                || (s.url.scheme() != QLatin1String("http") && s.url.scheme() != QLatin1String("https")))
                return usage(tr("--url needs an http or https URL"));
            for (const QString &pair : parser.values(QStringLiteral("header-env"))) {
                const qsizetype eq = pair.indexOf(QLatin1Char('='));
                if (eq <= 0)
                    return usage(tr("--header-env needs HEADER=VAR"));
                const QString variable = pair.mid(eq + 1);
                if (!environment.contains(variable))
                    return usage(
                        tr("--header-env %1: skein-cli has no environment variable %2").arg(pair.left(eq), variable));
                s.headers.insert(pair.left(eq), environment.value(variable));
            }
            s.headers.insert(fromStdin);
        }
        s.trusted = parser.isSet(QStringLiteral("trusted"));
        servers.append(s);
        if (!saveWithSecrets({s}))
            return 1;
        m_out << tr("added %1").arg(s.name) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("remove") && args.size() == 2) {
        const qsizetype i = find(args.at(1));
        if (i < 0)
            return fail(tr("no MCP server named %1").arg(args.at(1)));
        const McpServerConfig removed = servers.takeAt(i);
        if (Status st = McpServerStore::save(*m_store, servers); !st)
            return fail(st.error());
        if (McpServerStore::hasSecrets(removed))
            secretCall([&](SecretStore &store, QObject *c, SecretStore::Callback cb) {
                store.remove(McpServerStore::secretKey(removed.name), c, std::move(cb));
            });
        // Its "always allow" approvals go with it.
        if (Result<QList<ToolDefinitionInfo>> approvals = ToolApprovals::all(*m_store); approvals)
            for (const ToolDefinitionInfo &a : approvals.value())
                if (a.name.startsWith(removed.name + QStringLiteral("__")))
                    (void)ToolApprovals::revoke(*m_store, a.name);
        m_out << tr("removed %1").arg(removed.name) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("import") && args.size() == 2) {
        const McpConfigParseResult parsed = McpConfig::importFile(args.at(1));
        for (const QString &e : parsed.errors)
            m_err << e << Qt::endl;
        if (parsed.servers.isEmpty())
            return fail(tr("nothing to import from %1").arg(args.at(1)));
        // Every new or changed server is shown in full: importing means Skein may start it.
        QList<McpServerConfig> changed;
        for (const McpServerConfig &s : parsed.servers) {
            const qsizetype i = find(s.name);
            if (i >= 0 && servers[i] == s)
                continue;
            changed.append(s);
            m_out << (i >= 0 ? tr("changed %1: %2 (was: %3)")
                                   .arg(s.name, McpConfig::origin(s), McpConfig::origin(servers[i]))
                             : tr("new %1: %2").arg(s.name, McpConfig::origin(s)))
                  << Qt::endl;
        }
        if (changed.isEmpty()) {
            m_out << tr("nothing new in %1").arg(args.at(1)) << Qt::endl;
            return parsed.ok() ? 0 : 1;
        }
        if (!parser.isSet(QStringLiteral("yes"))) {
            if (!::isatty(STDIN_FILENO))
                return fail(tr("nothing imported: Skein would start these programs. Read the list above and run "
                               "again with --yes to import them."));
            m_out << tr("Import these servers? Skein starts them when a conversation uses tools. [y/N] ") << Qt::flush;
            const QString answer = QTextStream(stdin).readLine().trimmed().toLower();
            if (answer != QLatin1String("y") && answer != QLatin1String("yes"))
                return fail(tr("nothing imported"));
        }
        for (const McpServerConfig &s : std::as_const(changed)) {
            const qsizetype i = find(s.name);
            if (i >= 0)
                servers[i] = s;
            else
                servers.append(s);
        }
        if (!saveWithSecrets(changed))
            return 1;
        m_out << tr("imported %n server(s)", "", int(changed.size())) << Qt::endl;
        return parsed.ok() ? 0 : 1;
    }
    if (action == QLatin1String("log") && args.size() == 2) {
        if (!McpConfig::isValidServerName(args.at(1)))
            return usage(tr("a server name is 1-32 letters, digits, '-' or '_', without \"__\""));
        const int lines = parser.isSet(QStringLiteral("lines")) ? parser.value(QStringLiteral("lines")).toInt() : 200;
        QStringList all;
        const QString path = McpServerLog::defaultPath(m_context->dataDir(), args.at(1));
        for (const QString &file : QStringList {path + QStringLiteral(".1"), path}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                all += QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        }
        if (all.isEmpty())
            return fail(tr("no log for %1 yet (%2)").arg(args.at(1), path));
        for (const QString &line : all.mid(std::max<qsizetype>(0, all.size() - std::max(1, lines))))
            m_out << line << Qt::endl;
        return 0;
    }
    if ((action == QLatin1String("trust") || action == QLatin1String("untrust")) && args.size() == 2) {
        const qsizetype i = find(args.at(1));
        if (i < 0)
            return fail(tr("no MCP server named %1").arg(args.at(1)));
        servers[i].trusted = action == QLatin1String("trust");
        if (Status st = McpServerStore::save(*m_store, servers); !st)
            return fail(st.error());
        m_out << (servers[i].trusted ? tr("%1 is trusted: its tools marked read-only run without asking")
                                     : tr("%1 is not trusted: every tool of it asks first"))
                     .arg(args.at(1))
              << Qt::endl;
        return 0;
    }
    return usage(tr("usage: mcp list [--json] | add NAME (--command CMD [--arg A]... [--env NAME]... | --url URL "
                    "[--header-env HEADER=VAR]...) [--secrets-stdin] [--trusted] | remove NAME | import FILE [--yes] "
                    "| trust NAME | untrust NAME | log NAME [--lines N]"));
}

} // namespace Skein
