// skein-cli send: one user turn of the agent loop streamed to the terminal and stored as the app
// stores it (the loop itself is driven in cli_agent.cpp).
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/providerkinds.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QUrl>

namespace Skein {

int Cli::cmdSend(QCommandLineParser &parser)
{
    const QString text = readText(parser.positionalArguments(), 0);
    if (text.trimmed().isEmpty())
        return usage(tr("usage: send (--session ID | --new) (--provider NAME | --base-url URL --kind K) TEXT"));
    if (parser.isSet(QStringLiteral("session")) == parser.isSet(QStringLiteral("new")))
        return usage(tr("send needs either --session ID or --new"));
    if (parser.isSet(QStringLiteral("provider")) == parser.isSet(QStringLiteral("base-url")))
        return usage(tr("send needs either --provider NAME or --base-url URL with --kind"));
    if (parser.isSet(QStringLiteral("max-iterations"))) {
        bool ok = false;
        const int n = parser.value(QStringLiteral("max-iterations")).toInt(&ok);
        if (!ok || n < 1)
            return usage(tr("--max-iterations needs a positive number"));
    }

    // Endpoint: a configured provider (key from --api-key-env or the keychain) or an ad-hoc URL
    // (key from --api-key-env or none).
    ProviderEndpoint endpoint;
    QString providerId;
    QString model = parser.value(QStringLiteral("model"));
    if (parser.isSet(QStringLiteral("provider"))) {
        ProviderConfig config;
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
        session.providerId = providerId;
        session.model = model;
        if (Status s = m_store->database().setSynchronous(Database::Synchronous::Full); !s)
            return fail(s.error());
        if (Status s = m_store->sessions().create(session); !s)
            return fail(s.error());
    } else if (!resolveSession(parser.value(QStringLiteral("session")), &session)) {
        return 1;
    }
    if (model.isEmpty())
        model = session.model;
    if (model.isEmpty())
        return usage(tr("no model given; use --model or set the provider's default model"));

    if (Result<int> recovered = m_context->recoverAfterCrash(*m_store); !recovered)
        return fail(recovered.error());
    m_store.reset(); // from here on the writer thread owns the writes

    AsyncStore store;
    bool done = false;
    QString openError;
    QObject context;
    store.open(m_context->dataDir(), Database::Options {}, &context, [&](Result<AsyncStore::OpenReport> report) {
        if (!report)
            openError = report.error().message;
        else if (!report->integrity)
            openError = report->integrity.error().message;
        endLoop(done);
    });
    runLoop(done);
    if (!openError.isEmpty())
        return fail(tr("cannot open the database in %1: %2").arg(m_context->dataDir(), openError));

    ProviderClient client(m_context->network(), endpoint);
    return runAgent(store, client, session.id, text, model, providerId, parser);
}

} // namespace Skein
