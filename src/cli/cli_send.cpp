// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli send: one user turn of the agent loop streamed to the terminal and stored as the app
// stores it (the loop itself is driven in cli_agent.cpp).
#include "app/appcontext.h"
#include "app/conversations.h"
#include "cli.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/attachments/attachmentintake.h"
#include "engine/context/contextsettings.h"
#include "engine/context/modelwindow.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/providers/providerkinds.h"
#include "engine/tools/toolhost.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "terminalturn.h"

#include "core/settings/settingskeys.h"
#include "secrets/memorysecretstore.h"
#include "storage/settingsrepository.h"

#include <QCommandLineParser>
#include <QDir>
#include <QProcess>

#include <QUrl>

#include <memory>

#include <unistd.h>

namespace Skein {

int Cli::cmdSend(QCommandLineParser &parser)
{
    const QString text = readText(parser.positionalArguments(), 0);
    if (text.trimmed().isEmpty())
        return usage(tr("usage: send (--session ID | --new) (--provider NAME | --base-url URL --kind K) TEXT"));
    if (parser.isSet(QStringLiteral("session")) == parser.isSet(QStringLiteral("new")))
        return usage(tr("send needs either --session ID or --new"));
    const bool incognito = parser.isSet(QStringLiteral("incognito"));
    if ((incognito && !parser.isSet(QStringLiteral("new"))) || (parser.isSet(QStringLiteral("keep")) && !incognito))
        return usage(tr("--incognito goes with --new, and --keep with --incognito"));
    if (parser.isSet(QStringLiteral("provider")) == parser.isSet(QStringLiteral("base-url")))
        return usage(tr("send needs either --provider NAME or --base-url URL with --kind"));
    if (parser.isSet(QStringLiteral("max-iterations"))) {
        bool ok = false;
        const int n = parser.value(QStringLiteral("max-iterations")).toInt(&ok);
        if (!ok || n < 1)
            return usage(tr("--max-iterations needs a positive number"));
    }
    if (parser.isSet(QStringLiteral("tool-timeout"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("tool-timeout")).toDouble(&ok);
        if (!ok || seconds <= 0)
            return usage(tr("--tool-timeout needs a positive number of seconds"));
    }
    if (parser.isSet(QStringLiteral("no-background")) && parser.isSet(QStringLiteral("wait-background")))
        return usage(tr("send takes --no-background or --wait-background, not both"));

    // Files: read and checked before anything is written; a refused one stops the send.
    QList<PreparedAttachment> attachments;
    qint64 attachedBytes = 0;
    const AttachmentLimits limits = attachmentLimits();
    QStringList files = parser.values(QStringLiteral("attach"));
    const QStringList withPages = parser.values(QStringLiteral("attach-pages"));
    files += withPages;
    for (qsizetype i = 0; i < files.size(); ++i) {
        Result<PreparedAttachment> prepared = AttachmentIntake::prepare(files.at(i), limits);
        if (!prepared)
            return fail(prepared.error().message);
        if (i >= files.size() - withPages.size()) {
            if (prepared->attachment.kind != AttachmentKind::Pdf)
                return usage(tr("--attach-pages takes a PDF; %1 is not one (use --attach)").arg(files.at(i)));
            prepared.value().attachment.sendPages = true;
        }
        attachedBytes += prepared->attachment.size;
        if (attachedBytes > limits.maxMessageBytes)
            return fail(tr("the attachments come to more than %1 MB, the most one message carries")
                            .arg(limits.maxMessageBytes >> 20));
        attachments.append(prepared.value());
    }

    // Endpoint: a configured provider (key from --api-key-env or the keychain) or an ad-hoc URL
    // (key from --api-key-env or none).
    ProviderEndpoint endpoint;
    QString providerId;
    QString model = parser.value(QStringLiteral("model"));
    ProviderConfig config;
    if (parser.isSet(QStringLiteral("provider"))) {
        QString key;
        if (!findEnabledProvider(parser.value(QStringLiteral("provider")), &config)
            || !readApiKey(config, parser, &key))
            return 1;
        endpoint = ProviderKinds::endpoint(config, key);
        providerId = config.id;
        if (model.isEmpty())
            model = config.defaultModel;
    } else {
        const std::optional<ProviderKind> kind = ProviderKinds::fromName(parser.value(QStringLiteral("kind")));
        if (!kind)
            return usage(tr("--base-url needs --kind openai, anthropic or ollama"));
        const QUrl url(parser.value(QStringLiteral("base-url")), QUrl::StrictMode);
        if (!url.isValid() || url.scheme().isEmpty())
            return usage(tr("--base-url needs a full URL such as https://api.openai.com/v1"));
        if (const QString why = ProviderKinds::baseUrlProblem(url); !why.isEmpty())
            return usage(why);
        QString key;
        if (parser.isSet(QStringLiteral("api-key-env")) && !keyFromEnvironment(parser, &key))
            return 1;
        endpoint = ProviderEndpoint::make(*kind, url, key);
    }

    Session session;
    if (parser.isSet(QStringLiteral("new"))) {
        session = Session::create();
        if (incognito)
            session.incognito
                = parser.isSet(QStringLiteral("keep")) ? Session::Incognito::Kept : Session::Incognito::UntilClosed;
        session.providerId = providerId;
        session.model = model;
        if (Status s = m_store->database().setSynchronous(Database::Synchronous::Full); !s)
            return fail(s.error());
        if (Status s = m_store->sessions().create(session); !s)
            return fail(s.error());
    } else if (!resolveSession(parser.value(QStringLiteral("session")), &session)) {
        return 1;
    }
    if (session.providerId.isEmpty() && !providerId.isEmpty()) {
        // A conversation without a provider keeps the one it was first answered with, as the app
        // does: its background work (summaries, memories) goes there too.
        session.providerId = providerId;
        session.model = model;
        Result<Session> updated = m_store->sessions().update(session);
        if (!updated)
            return fail(updated.error());
        session = updated.value();
    }
    if (model.isEmpty())
        model = session.model;
    if (model.isEmpty())
        return usage(tr("no model given; use --model or set the provider's default model"));
    // Said before anything is sent: images a model without vision gets as a description only.
    if (!ModelWindows::resolve(providerId.isEmpty() ? nullptr : &config, model, ContextSettings {}).info.readsImages())
        for (const PreparedAttachment &p : std::as_const(attachments)) {
            if (p.attachment.kind == AttachmentKind::Image)
                m_err << tr("%1: image not sent: %2 has no vision; it reads the image's name and size only "
                            "(providers set-model … --vision yes if it does)")
                             .arg(p.attachment.name, model)
                      << Qt::endl;
            if (p.attachment.sendPages)
                m_err << tr("%1: pages not sent: %2 has no vision; it reads the PDF's text only")
                             .arg(p.attachment.name, model)
                      << Qt::endl;
        }

    if (Result<int> recovered = m_context->recoverAfterCrash(*m_store); !recovered)
        return fail(recovered.error());
    m_store.reset(); // from here on the writer thread owns the writes
    if (!openAsyncStore())
        return 1;

    TurnRequest request;
    request.kind = TurnRequest::Kind::Send;
    request.sessionId = session.id;
    request.text = text;
    request.attachments = attachments;
    request.model = model;
    if (providerId.isEmpty()) {
        ProviderConfig adHoc; // --base-url: this run only
        adHoc.kind = ProviderKinds::name(endpoint.kind);
        adHoc.baseUrl = endpoint.baseUrl.toString();
        adHoc.defaultModel = model;
        request.provider = adHoc;
    } else {
        request.providerId = providerId;
    }
    request.apiKey = endpoint.apiKey;
    const int status = runTurn(request, parser);
    if (session.incognito == Session::Incognito::UntilClosed) {
        // Closed with this command: the conversation goes, reply and all (issue 17).
        auto store = m_context->openStore();
        if (!store)
            return fail(store.error());
        if (Status s = store.value()->sessions().remove(session.id); !s)
            return fail(s.error());
    }
    return status;
}

int Cli::runTurn(TurnRequest request, QCommandLineParser &parser)
{
    const bool json = parser.isSet(QStringLiteral("json"));
    Conversations &conversations = m_context->conversations();
    request.options = turnOptions(parser);
    if (!request.options.toolsEnabled || parser.isSet(QStringLiteral("no-servers")))
        m_context->tools().setServersEnabled(false);
    m_context->tools().reload();
    // After the turn: summaries and memories as the app makes them, here (--wait-background),
    // in a process of their own that outlives this one (the default), or not at all.
    const bool wait = parser.isSet(QStringLiteral("wait-background"));
    // An incognito conversation that ends with this command needs no summaries.
    const bool none = parser.isSet(QStringLiteral("no-background"))
        || (parser.isSet(QStringLiteral("incognito")) && !parser.isSet(QStringLiteral("keep")));
    conversations.setBackgroundWork(wait);
    m_context->housekeeper().setTopicCheckEnabled(false); // nobody would see the offer

    TerminalTurn terminal(conversations, json ? m_err : m_out, m_err);
    auto during = std::make_unique<QObject>(); // e.g. "semantic recall was skipped for this message"
    QObject::connect(&m_context->housekeeper(), &MemoryHousekeeper::notice, during.get(),
                     [this](const QString &text) { m_err << text << Qt::endl; });
    const TerminalTurn::Outcome outcome = terminal.run(request);
    during.reset();
    if (outcome.refused)
        return fail(outcome.error + QLatin1Char(' ') + tr("Your message was not sent."));
    if (json)
        m_out << TerminalTurn::resultJson(request.sessionId, outcome) << Qt::endl;
    if (wait)
        waitForBackgroundWork();
    else if (!none && !outcome.assistantId.isEmpty())
        startBackgroundWork(request.sessionId, outcome.assistantId, parser);
    m_context->tools().stopAll();
    const SessionState state = outcome.state;
    if (state == SessionState::Completed)
        return 0;
    if (state == SessionState::Cancelled) {
        fail(tr("stopped; the partial reply is kept"));
        return 130;
    }
    return fail(toString(state) + QStringLiteral(": ") + outcome.error);
}

AttachmentLimits Cli::attachmentLimits()
{
    Result<std::unique_ptr<Store>> store = m_context->openStore();
    if (!store)
        return {};
    const Result<QHash<QString, QString>> stored = store.value()->settings().all();
    return AttachmentLimits::fromSettings(stored ? stored.value() : Settings::Values {});
}

TurnOptions Cli::turnOptions(const QCommandLineParser &parser)
{
    TurnOptions options;
    if (Result<std::unique_ptr<Store>> store = m_context->openStore(); store) {
        Result<QHash<QString, QString>> stored = store.value()->settings().all();
        const Settings::AgentDefaults defaults
            = Settings::AgentDefaults::from(stored ? stored.value() : Settings::Values {});
        options.maxIterations = defaults.maxIterations;
        options.toolTimeout = std::chrono::seconds(defaults.toolTimeoutSeconds);
    }
    if (parser.isSet(QStringLiteral("max-iterations")))
        options.maxIterations = parser.value(QStringLiteral("max-iterations")).toInt();
    if (parser.isSet(QStringLiteral("tool-timeout")))
        options.toolTimeout
            = std::chrono::milliseconds(qint64(parser.value(QStringLiteral("tool-timeout")).toDouble() * 1000));
    options.toolsEnabled = !parser.isSet(QStringLiteral("no-tools"));
    options.allowedTools = parser.values(QStringLiteral("allow-tool"));
    const bool interactive = ::isatty(STDIN_FILENO) && !parser.isSet(QStringLiteral("deny-tools"));
    options.denyUnapproved = !interactive;
    options.denyReason = parser.isSet(QStringLiteral("deny-tools"))
        ? QStringLiteral("Denied: the user runs without tool approvals (--deny-tools).")
        : QStringLiteral("Denied: this tool needs the user's approval and nobody could be asked.");
    return options;
}

bool Cli::openAsyncStore()
{
    bool done = false;
    QString openError;
    QObject context;
    m_context->storage().open(m_context->dataDir(), Database::Options {}, &context,
                              [&](const Result<AsyncStore::OpenReport> &report) {
                                  if (!report)
                                      openError = report.error().message;
                                  else if (!report->integrity)
                                      openError = report->integrity.error().message;
                                  endLoop(done);
                              });
    runLoop(done);
    if (!openError.isEmpty()) {
        fail(tr("cannot open the database in %1: %2").arg(m_context->dataDir(), openError));
        return false;
    }
    return true;
}

void Cli::waitForBackgroundWork()
{
    MemoryHousekeeper &housekeeper = m_context->housekeeper();
    QObject context;
    QObject::connect(&housekeeper, &MemoryHousekeeper::notice, &context,
                     [this](const QString &text) { m_err << text << Qt::endl; });
    bool done = !housekeeper.isBusy();
    QObject::connect(&housekeeper, &MemoryHousekeeper::idle, &context, [&done] { endLoop(done); });
    runLoop(done);
}

void Cli::startBackgroundWork(const QString &sessionId, const QString &replyId, const QCommandLineParser &parser)
{
    QStringList arguments {QStringLiteral("background"), sessionId,           QStringLiteral("--reply"), replyId,
                           QStringLiteral("--data-dir"), m_context->dataDir()};
    // The key given for this run stays in the environment the process inherits, never in argv.
    if (parser.isSet(QStringLiteral("api-key-env")) && parser.isSet(QStringLiteral("provider")))
        arguments << QStringLiteral("--api-key-env") << parser.value(QStringLiteral("api-key-env"))
                  << QStringLiteral("--provider") << parser.value(QStringLiteral("provider"));
    QProcess process;
    process.setProgram(QCoreApplication::applicationFilePath());
    process.setArguments(arguments);
    process.setStandardInputFile(QProcess::nullDevice());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setStandardErrorFile(QDir(m_context->dataDir()).filePath(QStringLiteral("background.log")),
                                 QIODevice::Append);
    if (!process.startDetached())
        m_err << tr("Could not start the background work (summaries, memories): %1. Run `skein-cli background %2` "
                    "to do it now.")
                     .arg(process.errorString(), sessionId)
              << Qt::endl;
}

void Cli::defineBackground(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("reply"), Cli::tr("The reply whose turn the work follows (default: the newest)."),
                 Cli::tr("id")});
    p.addOption({QStringLiteral("provider"), Cli::tr("The provider --api-key-env belongs to."), Cli::tr("name")});
    p.addOption({QStringLiteral("api-key-env"),
                 Cli::tr("Use the API key in this environment variable for that provider (the keychain is not "
                         "asked)."),
                 Cli::tr("variable")});
}

int Cli::cmdBackground(QCommandLineParser &parser)
{
    Session session;
    if (!resolveSession(parser.positionalArguments().value(0), &session))
        return 1;
    QString replyId = parser.value(QStringLiteral("reply"));
    if (replyId.isEmpty())
        replyId = session.activeLeafId;
    if (parser.isSet(QStringLiteral("api-key-env"))) {
        ProviderConfig config;
        QString key;
        if (!findEnabledProvider(parser.value(QStringLiteral("provider")), &config)
            || !keyFromEnvironment(parser, &key))
            return 1;
        auto keys = std::make_unique<MemorySecretStore>();
        bool stored = false;
        QObject context;
        keys->write(ProviderKinds::secretKey(config.id), key, &context,
                    [&stored](const SecretResult &) { endLoop(stored); });
        runLoop(stored);
        m_context->setSecretStore(std::move(keys));
    }
    m_store.reset();
    if (!openAsyncStore())
        return 1;
    MemoryHousekeeper &housekeeper = m_context->housekeeper();
    housekeeper.setTopicCheckEnabled(false);
    housekeeper.turnCompleted(session.id, replyId);
    waitForBackgroundWork();
    return 0;
}

} // namespace Skein
