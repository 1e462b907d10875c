// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli providers: configured providers in the database, their keys in the keychain.
#include "app/appcontext.h"
#include "app/settings/providercheck.h"
#include "cli.h"
#include "core/domain/ids.h"
#include "core/domain/providerconfig.h"
#include "engine/providers/providerkeys.h"
#include "engine/providers/providerkinds.h"
#include "llm/modellistcall.h"
#include "llm/providerclient.h"
#include "secrets/secretstore.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <algorithm>

namespace Skein {

namespace {

QJsonObject modelJson(const ModelInfo &m)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), m.id);
    o.insert(QStringLiteral("context_window"), m.contextWindow);
    o.insert(QStringLiteral("max_output_tokens"), m.maxOutputTokens);
    o.insert(QStringLiteral("input_price_per_mtok"), m.inputPricePerMTok);
    o.insert(QStringLiteral("output_price_per_mtok"), m.outputPricePerMTok);
    o.insert(QStringLiteral("cached_input_price_per_mtok"), m.cachedInputPricePerMTok);
    o.insert(QStringLiteral("vision"),
             m.vision == ModelVision::Unknown ? QStringLiteral("unknown") : modelVisionName(m.vision));
    return o;
}

QString keyStateText(ApiKeyState state)
{
    switch (state) {
    case ApiKeyState::None:
        return Cli::tr("no key");
    case ApiKeyState::Keychain:
        return Cli::tr("key in keychain");
    case ApiKeyState::Unknown:
        break;
    }
    return Cli::tr("key not checked yet");
}

QJsonObject providerJson(const ProviderConfig &p)
{
    QJsonArray models;
    for (const ModelInfo &m : p.models)
        models.append(modelJson(m));
    QJsonObject o;
    o.insert(QStringLiteral("id"), p.id);
    o.insert(QStringLiteral("name"), p.name);
    o.insert(QStringLiteral("kind"), p.kind);
    o.insert(QStringLiteral("base_url"), p.baseUrl);
    o.insert(QStringLiteral("model"), p.defaultModel);
    o.insert(QStringLiteral("models"), models);
    o.insert(QStringLiteral("api_key"),
             apiKeyStateName(p.apiKey).isEmpty() ? QStringLiteral("unknown") : apiKeyStateName(p.apiKey));
    o.insert(QStringLiteral("enabled"), p.enabled);
    o.insert(QStringLiteral("review"), p.importedForReview ? QJsonValue(QStringLiteral("imported")) : QJsonValue());
    return o;
}

QString usageText(const ProviderConfig &p)
{
    if (p.importedForReview)
        return Cli::tr("imported — review, then 'providers enable %1'").arg(p.name);
    return p.enabled ? Cli::tr("enabled") : Cli::tr("disabled");
}

QString visionText(ModelVision vision)
{
    switch (vision) {
    case ModelVision::Yes:
        return Cli::tr("yes");
    case ModelVision::No:
        return Cli::tr("no");
    case ModelVision::Unknown:
        break;
    }
    return Cli::tr("unknown");
}

void printModel(QTextStream &out, const ModelInfo &m)
{
    out << m.id << '\t' << m.contextWindow << '\t' << m.maxOutputTokens << '\t' << m.inputPricePerMTok << '\t'
        << m.outputPricePerMTok << '\t' << m.cachedInputPricePerMTok << '\t' << visionText(m.vision) << Qt::endl;
}

} // namespace

void Cli::runLoop(const bool &done)
{
    if (!done)
        QCoreApplication::exec();
}

void Cli::endLoop(bool &done)
{
    done = true;
    QCoreApplication::exit(0);
}

SecretResult Cli::secretCall(const std::function<void(SecretStore &, QObject *, SecretStore::Callback)> &call)
{
    SecretResult result;
    bool done = false;
    QObject context;
    call(m_context->secrets(), &context, [&](const SecretResult &r) {
        result = r;
        endLoop(done);
    });
    runLoop(done);
    return result;
}

bool Cli::storeKey(const ProviderConfig &provider, const QCommandLineParser &parser)
{
    QString key;
    if (!keyFromEnvironment(parser, &key))
        return false;
    const SecretResult r = secretCall([&](SecretStore &s, QObject *c, SecretStore::Callback cb) {
        s.write(ProviderKinds::secretKey(provider.id), key, c, std::move(cb));
    });
    if (r.ok() && m_context->secrets().availability() != SecretStore::Availability::SessionOnly)
        return true;
    fail(tr("the keychain is not available, so the key was not stored: %1. Without a keychain, give the key to "
            "each command with --api-key-env VARIABLE instead.")
             .arg(r.message.isEmpty() ? m_context->secrets().availabilityReason() : r.message));
    return false;
}

bool Cli::findEnabledProvider(const QString &nameOrId, ProviderConfig *out)
{
    if (!findProvider(nameOrId, out))
        return false;
    if (out->enabled)
        return true;
    if (out->importedForReview)
        fail(tr("the provider %1 (%2) came from an imported file and is disabled until you review it; nothing was "
                "sent. If you trust this server, run 'providers enable %1'.")
                 .arg(out->name, out->baseUrl));
    else
        fail(tr("the provider %1 is disabled; nothing was sent. Enable it with 'providers enable %1'.").arg(out->name));
    return false;
}

bool Cli::findProvider(const QString &nameOrId, ProviderConfig *out)
{
    Result<QList<ProviderConfig>> all = m_store->providers().list();
    if (!all) {
        fail(all.error());
        return false;
    }
    for (const ProviderConfig &p : all.value())
        if (p.name == nameOrId || p.id == nameOrId) {
            *out = p;
            return true;
        }
    fail(tr("no provider named %1; see 'providers list'").arg(nameOrId));
    return false;
}

bool Cli::keyFromEnvironment(const QCommandLineParser &parser, QString *key)
{
    const QString variable = parser.value(QStringLiteral("api-key-env"));
    *key = qEnvironmentVariable(variable.toLocal8Bit().constData()).trimmed();
    if (!key->isEmpty())
        return true;
    fail(tr("the environment variable %1 is not set or empty").arg(variable));
    return false;
}

bool Cli::readApiKey(const ProviderConfig &provider, const QCommandLineParser &parser, QString *key)
{
    // A key for this run only: the keychain is not asked (and nothing is stored).
    if (parser.optionNames().contains(QStringLiteral("api-key-env")) && parser.isSet(QStringLiteral("api-key-env")))
        return keyFromEnvironment(parser, key);
    const SecretResult r = secretCall([&](SecretStore &s, QObject *c, SecretStore::Callback cb) {
        ProviderKeys::read(s, provider, c, std::move(cb));
    });
    if (const std::optional<ApiKeyState> state = ProviderKeys::learned(m_context->secrets(), provider, r)) {
        if (Status s = m_store->providers().setApiKeyState(provider.id, *state); !s)
            m_err << tr("note: could not record whether %1 has a key: %2").arg(provider.name, s.error().message)
                  << Qt::endl;
    }
    if (r.ok()) {
        *key = r.value;
        return true;
    }
    if (r.status == SecretResult::Status::NotFound)
        return true; // a local server without a key
    if (provider.apiKey == ApiKeyState::Keychain) {
        fail(ProviderKeys::unavailableHelp(provider.name, r.message));
        return false;
    }
    // Not known whether there is a key (a provider from before Skein recorded it): go on without
    // one; a server that needs one answers with an authentication error naming the way out.
    m_err << tr("note: the keychain cannot be used here (%1), so %2 is used without an API key; if it needs one, "
                "pass it with --api-key-env VARIABLE")
                 .arg(r.message, provider.name)
          << Qt::endl;
    return true;
}

int Cli::cmdProviders(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0);
    if (action == QLatin1String("list")) {
        Result<QList<ProviderConfig>> all = m_store->providers().list();
        if (!all)
            return fail(all.error());
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray array;
            for (const ProviderConfig &p : all.value())
                array.append(providerJson(p));
            m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
            return 0;
        }
        for (const ProviderConfig &p : all.value())
            m_out << p.name << '\t' << p.kind << '\t' << p.baseUrl << '\t' << p.defaultModel << '\t'
                  << keyStateText(p.apiKey) << '\t' << usageText(p) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("add")) {
        if (args.size() != 2)
            return usage(tr("usage: providers add NAME --kind openai|anthropic|ollama --base-url URL"));
        const QString kindName = parser.value(QStringLiteral("kind"));
        const std::optional<ProviderKind> kind = ProviderKinds::fromName(kindName);
        if (!kind)
            return usage(tr("unknown provider kind '%1'; use openai, anthropic or ollama").arg(kindName));
        const QUrl url(parser.value(QStringLiteral("base-url")), QUrl::StrictMode);
        if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty())
            return usage(tr("--base-url needs a full URL such as https://api.openai.com/v1"));
        if (const QString why = ProviderKinds::baseUrlProblem(url); !why.isEmpty())
            return usage(why);
        Result<QList<ProviderConfig>> all = m_store->providers().list();
        if (!all)
            return fail(all.error());
        for (const ProviderConfig &p : all.value())
            if (p.name == args.at(1))
                return fail(tr("a provider named %1 exists already").arg(p.name));

        ProviderConfig config;
        config.id = Ids::create();
        config.name = args.at(1);
        config.kind = ProviderKinds::name(*kind);
        config.baseUrl = url.toString();
        config.defaultModel = parser.value(QStringLiteral("model"));
        config.createdAt = config.updatedAt = Ids::nowMs();

        // Without a key the keychain is never touched, now or when the provider is used.
        config.apiKey = ApiKeyState::None;
        if (parser.isSet(QStringLiteral("api-key-env"))) {
            if (!storeKey(config, parser))
                return 1;
            config.apiKey = ApiKeyState::Keychain;
        }
        if (Status s = m_store->providers().save(config); !s)
            return fail(s.error());
        m_out << config.id << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("enable") || action == QLatin1String("disable")) {
        if (args.size() != 2)
            return usage(tr("usage: providers enable|disable NAME"));
        ProviderConfig config;
        if (!findProvider(args.at(1), &config))
            return 1;
        const bool enable = action == QLatin1String("enable");
        if (Status s = m_store->providers().setEnabled(config.id, enable, Ids::nowMs()); !s)
            return fail(s.error());
        m_out << (enable
                      ? tr("%1 is enabled: messages and background work may go to %2.").arg(config.name, config.baseUrl)
                      : tr("%1 is disabled: nothing is sent to it.").arg(config.name))
              << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("remove")) {
        if (args.size() != 2)
            return usage(tr("usage: providers remove NAME"));
        ProviderConfig config;
        if (!findProvider(args.at(1), &config))
            return 1;
        if (Status s = m_store->providers().remove(config.id); !s)
            return fail(s.error());
        if (config.apiKey == ApiKeyState::None)
            return 0;
        const SecretResult r = secretCall([&](SecretStore &s, QObject *c, SecretStore::Callback cb) {
            s.remove(ProviderKinds::secretKey(config.id), c, std::move(cb));
        });
        if (r.status == SecretResult::Status::Unavailable)
            return fail(
                tr("the provider was removed, but its key could not be removed from the keychain: %1").arg(r.message));
        return 0;
    }
    if (action == QLatin1String("set-key")) {
        if (args.size() != 2 || parser.isSet(QStringLiteral("api-key-env")) == parser.isSet(QStringLiteral("none")))
            return usage(tr("usage: providers set-key NAME (--api-key-env VAR | --none)"));
        ProviderConfig config;
        if (!findProvider(args.at(1), &config))
            return 1;
        if (parser.isSet(QStringLiteral("none"))) {
            // Forget the key: remove it from the keychain when one may be there.
            if (config.apiKey != ApiKeyState::None) {
                const SecretResult r = secretCall([&](SecretStore &s, QObject *c, SecretStore::Callback cb) {
                    s.remove(ProviderKinds::secretKey(config.id), c, std::move(cb));
                });
                if (r.status == SecretResult::Status::Unavailable)
                    return fail(tr("the key could not be removed from the keychain: %1").arg(r.message));
            }
            if (Status s = m_store->providers().setApiKeyState(config.id, ApiKeyState::None); !s)
                return fail(s.error());
            return 0;
        }
        if (!storeKey(config, parser))
            return 1;
        if (Status s = m_store->providers().setApiKeyState(config.id, ApiKeyState::Keychain); !s)
            return fail(s.error());
        return 0;
    }
    if (action == QLatin1String("models")) {
        if (args.size() != 2)
            return usage(tr("usage: providers models NAME"));
        ProviderConfig config;
        QString key;
        if (!findProvider(args.at(1), &config) || !readApiKey(config, parser, &key))
            return 1;
        ProviderClient client(m_context->network(), ProviderKinds::endpoint(config, key));
        ModelListCall *call = client.listModels();
        bool done = false;
        QObject::connect(call, &ModelListCall::finished, &client, [&] { endLoop(done); });
        runLoop(done);
        if (call->error().isError())
            return fail(call->error().displayText());
        ProviderCheck::mergeModels(config.models, call->models());
        config.updatedAt = Ids::nowMs();
        if (Status s = m_store->providers().save(config); !s)
            return fail(s.error());
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray array;
            for (const ModelInfo &m : std::as_const(config.models))
                array.append(modelJson(m));
            m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
            return 0;
        }
        m_out << tr("model\tcontext\tmax output\tinput $/M\toutput $/M\tcached $/M\tvision") << Qt::endl;
        for (const ModelInfo &m : std::as_const(config.models))
            printModel(m_out, m);
        return 0;
    }
    if (action == QLatin1String("set-model")) {
        if (args.size() != 3)
            return usage(tr("usage: providers set-model NAME MODEL [--context-window N] [--max-output N] "
                            "[--input-price USD] [--output-price USD] [--cached-price USD] [--vision yes|no|unknown]"));
        ProviderConfig config;
        if (!findProvider(args.at(1), &config))
            return 1;
        auto it = std::find_if(config.models.begin(), config.models.end(),
                               [&](const ModelInfo &m) { return m.id == args.at(2); });
        if (it == config.models.end()) {
            config.models.append(ModelInfo {args.at(2)});
            it = config.models.end() - 1;
        }
        const auto number = [&](const char *option, double *value) {
            const QString name = QString::fromLatin1(option);
            if (!parser.isSet(name))
                return true;
            bool ok = false;
            const double v = parser.value(name).toDouble(&ok);
            if (!ok || v < 0) {
                usage(tr("--%1 needs a number of at least 0").arg(name));
                return false;
            }
            *value = v;
            return true;
        };
        double window = double(it->contextWindow), output = double(it->maxOutputTokens);
        if (!number("context-window", &window) || !number("max-output", &output)
            || !number("input-price", &it->inputPricePerMTok) || !number("output-price", &it->outputPricePerMTok)
            || !number("cached-price", &it->cachedInputPricePerMTok))
            return 2;
        if (parser.isSet(QStringLiteral("vision"))) {
            const QString v = parser.value(QStringLiteral("vision"));
            if (v != u"yes" && v != u"no" && v != u"unknown")
                return usage(tr("--vision takes yes, no or unknown"));
            it->vision = modelVisionFromString(v);
        }
        it->contextWindow = qint64(window);
        it->maxOutputTokens = qint64(output);
        config.updatedAt = Ids::nowMs();
        if (Status s = m_store->providers().save(config); !s)
            return fail(s.error());
        printModel(m_out, *it);
        return 0;
    }
    return usage(tr("usage: providers list|add|remove|enable|disable|set-key|models|set-model"));
}

} // namespace Skein
