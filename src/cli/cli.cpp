// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "cli.h"

#include "app/appcontext.h"
#include "app/commandline.h"
#include "core/appinfo.h"
#include "core/datadir.h"
#include "core/language.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLocale>

namespace Skein {

namespace {

void none(QCommandLineParser &) { }

void defineJson(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
}

void defineNew(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("title"), Cli::tr("The title."), Cli::tr("text")});
    p.addOption({QStringLiteral("system"), Cli::tr("The system prompt."), Cli::tr("text")});
}

void defineShow(QCommandLineParser &p)
{
    defineJson(p);
    p.addOption({QStringLiteral("all-branches"), Cli::tr("Every message of the tree, not only the active branch.")});
}

void defineAppend(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("role"), Cli::tr("user, assistant, system or tool."), Cli::tr("role")});
    p.addOption({QStringLiteral("parent"), Cli::tr("Parent message (default: the active leaf)."), Cli::tr("id")});
    p.addOption({QStringLiteral("tool-call-id"), Cli::tr("The call a tool message answers."), Cli::tr("id")});
    p.addOption({QStringLiteral("tool-name"), Cli::tr("The tool a tool message comes from."), Cli::tr("name")});
}

void defineExport(QCommandLineParser &p)
{
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 Cli::tr("Write to <file> instead of stdout."),
                 Cli::tr("file")});
    p.addOption({QStringLiteral("format"),
                 Cli::tr("json, markdown, html or pdf (default: from the file's extension, else json)."),
                 Cli::tr("format")});
    p.addOption({QStringLiteral("all"), Cli::tr("Export every session, memory and provider.")});
    p.addOption({QStringLiteral("all-branches"),
                 Cli::tr("HTML: every branch, the active one open (JSON always has every branch).")});
}

void defineList(QCommandLineParser &p)
{
    defineJson(p);
    p.addOption({QStringLiteral("tag"), Cli::tr("Only the sessions with this tag."), Cli::tr("tag")});
}

void defineImport(QCommandLineParser &p)
{
    defineJson(p);
    p.addOption({QStringLiteral("from"), Cli::tr("auto (default), skein, chatgpt, claude, openwebui or librechat."),
                 Cli::tr("format")});
    p.addOption({QStringLiteral("dry-run"), Cli::tr("Read and count everything; write nothing.")});
}

void defineProviders(QCommandLineParser &p)
{
    defineJson(p);
    p.addOption({QStringLiteral("kind"), Cli::tr("openai, anthropic or ollama."), Cli::tr("kind")});
    p.addOption({QStringLiteral("base-url"), Cli::tr("The provider's base URL."), Cli::tr("url")});
    p.addOption({QStringLiteral("model"), Cli::tr("The default model."), Cli::tr("model")});
    p.addOption({QStringLiteral("api-key-env"),
                 Cli::tr("add, set-key: read the API key from this environment variable and keep it in the keychain; "
                         "models: use it for this run only."),
                 Cli::tr("variable")});
    p.addOption({QStringLiteral("none"), Cli::tr("set-key: the provider needs no key (forget a stored one).")});
    p.addOption({QStringLiteral("context-window"), Cli::tr("set-model: the model's context window in tokens."),
                 Cli::tr("tokens")});
    p.addOption({QStringLiteral("max-output"), Cli::tr("set-model: the most tokens the model writes in a reply."),
                 Cli::tr("tokens")});
    p.addOption({QStringLiteral("input-price"), Cli::tr("set-model: USD per million input tokens."), Cli::tr("usd")});
    p.addOption({QStringLiteral("output-price"), Cli::tr("set-model: USD per million output tokens."), Cli::tr("usd")});
    p.addOption(
        {QStringLiteral("cached-price"), Cli::tr("set-model: USD per million cached input tokens."), Cli::tr("usd")});
    p.addOption({QStringLiteral("vision"),
                 Cli::tr("set-model: whether the model reads images (yes, no, or unknown: images are sent)."),
                 Cli::tr("yes|no|unknown")});
}

void defineSend(QCommandLineParser &p)
{
    defineJson(p);
    p.addOption({QStringLiteral("session"), Cli::tr("The session to continue."), Cli::tr("id")});
    p.addOption({QStringLiteral("new"), Cli::tr("Start a new session.")});
    p.addOption({QStringLiteral("incognito"),
                 Cli::tr("With --new: an incognito session — nothing learned from it, no memories or recall, not "
                         "searchable, and deleted after the reply unless --keep.")});
    p.addOption({QStringLiteral("keep"), Cli::tr("With --incognito: keep the session (still incognito).")});
    p.addOption({QStringLiteral("provider"), Cli::tr("A configured provider."), Cli::tr("name")});
    p.addOption({QStringLiteral("base-url"), Cli::tr("A provider's base URL, without a stored key."), Cli::tr("url")});
    p.addOption({QStringLiteral("kind"), Cli::tr("openai, anthropic or ollama."), Cli::tr("kind")});
    p.addOption({QStringLiteral("api-key-env"),
                 Cli::tr("Use the API key in this environment variable for this run (the keychain is not asked)."),
                 Cli::tr("variable")});
    p.addOption({QStringLiteral("model"), Cli::tr("The model."), Cli::tr("model")});
    p.addOption({QStringLiteral("attach"),
                 Cli::tr("Attach a file to the message: an image, a PDF or a text file (repeatable)."),
                 Cli::tr("file")});
    p.addOption({QStringLiteral("attach-pages"),
                 Cli::tr("Attach a PDF and send its pages, besides its text, to a model that reads images "
                         "(repeatable)."),
                 Cli::tr("file")});
    p.addOption({QStringLiteral("max-iterations"), Cli::tr("At most this many model calls."), Cli::tr("n")});
    p.addOption({QStringLiteral("no-servers"), Cli::tr("Only the built-in tools; do not start MCP servers.")});
    p.addOption({QStringLiteral("no-background"),
                 Cli::tr("Skip the work that follows a turn (summarising old turns, learning memories).")});
    p.addOption({QStringLiteral("wait-background"),
                 Cli::tr("Do the work that follows a turn before exiting (by default it runs on in a process of "
                         "its own).")});
    Cli::defineToolOptions(p);
}

} // namespace

const QList<Cli::Command> &Cli::commands()
{
    static const QList<Command> list {
        {"info", "info", &Cli::cmdInfo, none},
        {"list", "list [--tag TAG] [--json]", &Cli::cmdList, defineList},
        {"new", "new [--title T] [--system TEXT]", &Cli::cmdNew, defineNew},
        {"show", "show ID [--json] [--all-branches]", &Cli::cmdShow, defineShow},
        {"append", "append ID --role R [--parent MSG] [--tool-call-id X] TEXT|-", &Cli::cmdAppend, defineAppend},
        {"rename", "rename ID TITLE", &Cli::cmdRename, none},
        {"delete", "delete ID", &Cli::cmdDelete, none},
        {"tag", "tag ID TAG...", &Cli::cmdTag, none},
        {"untag", "untag ID TAG...", &Cli::cmdUntag, none},
        {"tags", "tags [--json]", &Cli::cmdTags, defineJson},
        {"search", "search QUERY [--json]", &Cli::cmdSearch, defineJson},
        {"export", "export ID [-o FILE] [--format json|markdown|html|pdf] [--all-branches] | export --all -o FILE",
         &Cli::cmdExport, defineExport},
        {"import", "import FILE|DIR [--from auto|skein|chatgpt|claude|openwebui|librechat] [--dry-run] [--json]",
         &Cli::cmdImport, defineImport},
        {"providers",
         "providers list [--json] | add NAME --kind openai|anthropic|ollama --base-url URL [--model M] "
         "[--api-key-env VAR] | remove NAME | enable NAME | disable NAME | set-key NAME (--api-key-env VAR | --none) | "
         "models NAME "
         "[--api-key-env VAR] | set-model NAME MODEL [--context-window N] "
         "[--max-output N] [--input-price USD] [--output-price USD] [--cached-price USD] [--vision yes|no|unknown]",
         &Cli::cmdProviders, defineProviders},
        {"send",
         "send (--session ID | --new) (--provider NAME | --base-url URL --kind K) [--api-key-env VAR] [--model M] "
         "[--attach FILE]... [--attach-pages PDF]... [--max-iterations N] "
         "[--allow-tool NAME]... [--deny-tools] [--no-tools] [--no-servers] [--no-background | --wait-background] "
         "[--json] TEXT|-",
         &Cli::cmdSend, defineSend},
        {"background", "background ID [--reply MSG] [--provider NAME --api-key-env VAR]", &Cli::cmdBackground,
         &Cli::defineBackground},
        {"memories",
         "memories "
         "list|add|pin|edit|delete|accept|reject|disable|archive|keep|promote|restore|history|supersede|pause|resume "
         "[ID] [TEXT] [--json]",
         &Cli::cmdMemories, &Cli::defineMemories},
        {"embeddings", "embeddings use PROVIDER MODEL | off | status [ID] [--json] | index ID [--json]",
         &Cli::cmdEmbeddings, &Cli::defineEmbeddings},
        {"summaries", "summaries ID [--json]", &Cli::cmdSummaries, defineJson},
        {"compact", "compact ID [--provider NAME | --base-url URL --kind K] [--model M] [--json]", &Cli::cmdCompact,
         &Cli::defineCompact},
        {"context", "context ID [--json] [--model M] [--draft TEXT] [--window TOKENS]", &Cli::cmdContext,
         &Cli::defineContext},
        {"tools", "tools list [--json] [--no-servers]", &Cli::cmdTools, Cli::defineTools},
        {"mcp",
         "mcp list [--json] | add NAME (--command CMD [--arg A]... [--env NAME]... | --url URL "
         "[--header-env HEADER=VAR]...) [--secrets-stdin] [--trusted] | remove NAME | import FILE [--yes] | "
         "trust NAME | untrust NAME | log NAME [--lines N]",
         &Cli::cmdMcp, Cli::defineMcp},
        {"restore", "restore [--json]", &Cli::cmdRestore, Cli::defineRestore},
    };
    return list;
}

QString Cli::commandSummary()
{
    QString text = tr("Commands:") + QLatin1Char('\n');
    for (const Command &c : commands())
        text += QStringLiteral("  ") + QString::fromLatin1(c.synopsis) + QLatin1Char('\n');
    text += tr("ID may be a unique prefix of a session id. TEXT - reads standard input.") + QLatin1Char('\n');
    return text;
}

Cli::Cli(QTextStream &out, QTextStream &err)
    : m_out(out)
    , m_err(err)
{ }

Cli::~Cli() = default;

int Cli::fail(const QString &message, int status)
{
    QString line = message;
    line.replace(QLatin1Char('\n'), QStringLiteral("; "));
    m_err << AppInfo::name() << "-cli: " << line << Qt::endl;
    return status;
}

int Cli::fail(const StorageError &error)
{
    return fail(error.message.isEmpty() ? StorageError::kindName(error.kind) : error.message);
}

bool Cli::openStore()
{
    Result<std::unique_ptr<Store>> store = m_context->openStore();
    if (!store) {
        fail(tr("cannot open the database in %1: %2").arg(m_context->dataDir(), store.error().message));
        return false;
    }
    m_store = std::move(store).value();
    return true;
}

Status Cli::indexSearchBacklog(bool quiet)
{
    if (Result<qint64> left = m_store->search().backlog(); left && *left == 0)
        return {}; // nothing to write (the database may be read-only)
    QElapsedTimer shown;
    shown.start();
    for (;;) {
        Result<qint64> left = m_store->transaction([this] { return m_store->search().indexBacklog(50000); });
        if (!left) {
            fail(tr("indexing for search failed: %1").arg(left.error().message));
            return left.error();
        }
        if (*left == 0)
            return {};
        if (!quiet && shown.elapsed() > 1000) {
            m_err << tr("Indexing for search: %1 messages left").arg(*left) << Qt::endl;
            shown.restart();
        }
    }
}

bool Cli::resolveSession(const QString &idOrPrefix, Session *out)
{
    if (idOrPrefix.isEmpty()) {
        usage(tr("a session id is required"));
        return false;
    }
    if (Result<Session> exact = m_store->sessions().get(idOrPrefix); exact) {
        *out = exact.value();
        return true;
    }
    SessionRepository::ListOptions all;
    all.archived = SessionRepository::ListOptions::Archived::Include;
    Result<QList<Session>> sessions = m_store->sessions().list(all);
    if (!sessions) {
        fail(sessions.error());
        return false;
    }
    const QList<Session> matches = Session::matching(sessions.value(), idOrPrefix);
    if (matches.size() == 1) {
        *out = matches.first();
        return true;
    }
    fail(matches.isEmpty() ? tr("no session %1").arg(idOrPrefix)
                           : tr("%1 matches %2 sessions; give more of the id").arg(idOrPrefix).arg(matches.size()));
    return false;
}

QString Cli::readText(const QStringList &positional, qsizetype from)
{
    const QStringList words = positional.mid(from);
    if (words == QStringList {QStringLiteral("-")}) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(in.readAll());
    }
    return words.join(QLatin1Char(' '));
}

bool Cli::needsGraphics(const QStringList &arguments)
{
    QCommandLineParser parser;
    const CommonOptions options;
    options.addTo(parser);
    parser.addHelpOption();
    parser.addVersionOption();
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    if (!parser.parse(arguments) || parser.positionalArguments().value(0) != QLatin1String("export"))
        return false;
    QCommandLineParser sub;
    options.addTo(sub);
    defineExport(sub);
    sub.addHelpOption();
    return sub.parse(parser.positionalArguments()) && exportFormat(sub) == QLatin1String("pdf");
}

int Cli::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Skein on the command line: the same data and engine as the app.")
                                     + QLatin1Char('\n') + commandSummary());
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const CommonOptions options;
    options.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("command"), tr("The command to run (see above)."));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    Language::install(*QCoreApplication::instance(),
                      Language::choose(options.language(parser), QLocale().uiLanguages()));
    if (parser.isSet(version)) {
        m_out << AppInfo::name() << "-cli " << AppInfo::version() << Qt::endl;
        return 0;
    }
    const QStringList rest = parser.positionalArguments();
    if (parser.isSet(help) && rest.isEmpty()) {
        m_out << parser.helpText();
        return 0;
    }
    if (rest.isEmpty())
        return usage(tr("no command given; try --help"));

    const QString &name = rest.first();
    const Command *command = nullptr;
    for (const Command &c : commands())
        if (name == QLatin1String(c.name))
            command = &c;
    if (!command)
        return usage(tr("unknown command '%1'; try --help").arg(name));

    // The command's own options; --data-dir and --lang are accepted after the command too.
    QCommandLineParser sub;
    sub.setApplicationDescription(QString::fromLatin1(command->synopsis));
    const QCommandLineOption subHelp = sub.addHelpOption();
    options.addTo(sub);
    command->define(sub);
    if (!sub.parse(QStringList {arguments.first() + QLatin1Char(' ') + name} + rest.mid(1)))
        return usage(name + QStringLiteral(": ") + sub.errorText());
    if (sub.isSet(subHelp) || parser.isSet(help)) {
        m_out << sub.helpText();
        return 0;
    }
    const QString dirOption
        = sub.value(QStringLiteral("data-dir")).isEmpty() ? options.dataDir(parser) : options.dataDir(sub);
    // The background work `send` starts never makes a data dir that went away meanwhile.
    if (command->run == &Cli::cmdBackground && !dirOption.isEmpty() && !QFileInfo::exists(dirOption))
        return fail(tr("no data directory %1").arg(dirOption));
    QString error;
    const QString dataDir = DataDir::ensure(dirOption, &error);
    if (dataDir.isEmpty())
        return fail(error);
    m_context = std::make_unique<AppContext>(dataDir);
    if (command->run != &Cli::cmdInfo && !openStore())
        return 1;
    return (this->*command->run)(sub);
}

} // namespace Skein
