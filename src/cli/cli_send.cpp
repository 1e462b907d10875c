// skein-cli send: one model call streamed to the terminal and stored as the app stores it.
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/chatturn.h"
#include "engine/providerkinds.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QUrl>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

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

} // namespace

int Cli::cmdSend(QCommandLineParser &parser)
{
    const QString text = readText(parser.positionalArguments(), 0);
    if (text.trimmed().isEmpty())
        return usage(tr("usage: send (--session ID | --new) (--provider NAME | --base-url URL --kind K) TEXT"));
    const bool json = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("session")) == parser.isSet(QStringLiteral("new")))
        return usage(tr("send needs either --session ID or --new"));
    if (parser.isSet(QStringLiteral("provider")) == parser.isSet(QStringLiteral("base-url")))
        return usage(tr("send needs either --provider NAME or --base-url URL with --kind"));
    if (parser.isSet(QStringLiteral("max-iterations"))) {
        bool ok = false;
        const int n = parser.value(QStringLiteral("max-iterations")).toInt(&ok);
        if (!ok || n < 1)
            return usage(tr("--max-iterations needs a positive number"));
        // Without tools (issue 7) every send is a single model call.
    }

    // Endpoint: a configured provider (key from the keychain) or an ad-hoc URL without a key.
    ProviderEndpoint endpoint;
    QString providerId;
    QString model = parser.value(QStringLiteral("model"));
    if (parser.isSet(QStringLiteral("provider"))) {
        ProviderConfig config;
        QString key;
        if (!findProvider(parser.value(QStringLiteral("provider")), &config) || !readApiKey(config, &key))
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
        endpoint = ProviderEndpoint::make(*kind, url);
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
    ChatTurn turn(&store, &client);
    turn.setModel(model);
    turn.setProviderId(providerId);
    QTextStream &textOut = json ? m_err : m_out;
    QObject::connect(&turn, &ChatTurn::userMessageCommitted, &context, [this](const QString &id) {
        // A marker for scripts (and the kill test): from here on the message is on disk.
        m_err << tr("user message %1 saved").arg(id) << Qt::endl;
    });
    QObject::connect(&turn, &ChatTurn::deltasReceived, &context, [&textOut](const QList<StreamDelta> &deltas) {
        for (const StreamDelta &d : deltas)
            if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Refusal)
                textOut << d.text;
        textOut.flush();
    });
    done = false;
    QObject::connect(&turn, &ChatTurn::finished, &context, [&] { endLoop(done); });
    InterruptWatcher interrupt([&turn] { turn.cancel(); });
    turn.send(session.id, text);
    runLoop(done);

    const MessageStatus status = turn.status();
    if (!turn.turn().text.isEmpty() && !turn.turn().text.endsWith(QLatin1Char('\n')))
        textOut << Qt::endl;
    if (json) {
        const QJsonObject result {
            {QStringLiteral("session_id"), session.id},
             {QStringLiteral("user_message_id"), turn.userMessageId()},
              {QStringLiteral("assistant_message_id"), turn.assistantMessageId()},
               {QStringLiteral("status"), toString(status)},
                {QStringLiteral("usage"), usageJson(usageOf(turn.turn().usage))},
                 {QStringLiteral("error"), turn.errorText().isEmpty() ? QJsonValue() : QJsonValue(turn.errorText())},
                };
        m_out << QJsonDocument(result).toJson(QJsonDocument::Compact) << Qt::endl;
    }
    if (status == MessageStatus::Complete)
        return 0;
    fail(status == MessageStatus::Cancelled ? tr("stopped; the partial reply is kept")
                                            : toString(status) + QStringLiteral(": ") + turn.errorText());
    return status == MessageStatus::Cancelled ? 130 : 1;
}

} // namespace Skein
