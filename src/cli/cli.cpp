#include "cli.h"

#include "app/appcontext.h"
#include "app/commandline.h"
#include "core/appinfo.h"
#include "core/datadir.h"
#include "core/language.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLocale>

namespace Skein {

QString Cli::commandSummary()
{
    return tr("Commands:\n"
              "  info        Show where data lives and the library versions\n");
}

Cli::Cli(QTextStream &out, QTextStream &err)
    : m_out(out)
    , m_err(err)
{ }

int Cli::fail(const QString &message, int status)
{
    m_err << AppInfo::name() << "-cli: " << message << Qt::endl;
    return status;
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
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    if (!parser.parse(arguments))
        return fail(parser.errorText(), 2);
    Language::install(*QCoreApplication::instance(),
                      Language::choose(options.language(parser), QLocale().uiLanguages()));
    if (parser.isSet(version)) {
        m_out << AppInfo::name() << "-cli " << AppInfo::version() << Qt::endl;
        return 0;
    }
    if (parser.isSet(help)) {
        m_out << parser.helpText();
        return 0;
    }
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return fail(tr("no command given; try --help"), 2);

    QString error;
    const QString dataDir = DataDir::ensure(options.dataDir(parser), &error);
    if (dataDir.isEmpty())
        return fail(error);
    AppContext context(dataDir);

    const QString command = args.first();
    if (command == QLatin1String("info")) {
        m_out << tr("Data directory: %1").arg(context.dataDir()) << Qt::endl;
        const QList<ComponentVersion> components = context.componentVersions();
        for (const ComponentVersion &c : components)
            m_out << c.name << ' ' << c.version << Qt::endl;
        return 0;
    }
    return fail(tr("unknown command '%1'; try --help").arg(command), 2);
}

} // namespace Skein
