// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein: the desktop app. Builds QApplication, AppContext and MainWindow; nothing else.
#include "app/appcontext.h"
#include "app/commandline.h"
#include "core/appinfo.h"
#include "core/datadir.h"
#include "core/language.h"
#include "gui/chatcontroller.h"
#include "gui/mainwindow.h"
#include "gui/settings/appearance.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QTextStream>

namespace {

// --version and --help must work without a display.
bool wantsTextOnly(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--version" || arg == "-v" || arg == "--help" || arg == "-h" || arg == "--help-all")
            return true;
    }
    return false;
}

QCommandLineOption openOption()
{
    return {QStringLiteral("open"),
            QCoreApplication::translate("main", "Open the conversation ID at start (a unique prefix of it is enough)."),
            QStringLiteral("ID")};
}

void setUp(QCoreApplication &app, QCommandLineParser &parser, const Skein::CommonOptions &options)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Skein, a desktop chat client for large language models."));
    parser.addHelpOption();
    parser.addVersionOption();
    options.addTo(parser);
    parser.addOption(openOption());
    parser.process(app);
}

} // namespace

int main(int argc, char **argv)
{
    Skein::AppInfo::apply();
    if (wantsTextOnly(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        const Skein::CommonOptions options;
        setUp(app, parser, options); // prints and exits
        return 0;
    }

    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(Skein::AppInfo::displayName());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/skein.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.skein.Skein"));
    QCommandLineParser parser;
    const Skein::CommonOptions options;
    setUp(app, parser, options);
    QString language = options.language(parser); // --lang, else the one chosen in Settings, else the system's
    if (language.isEmpty())
        language = Skein::Appearance::savedLanguage(options.dataDir(parser));
    Skein::Language::install(app, Skein::Language::choose(language, QLocale().uiLanguages()));

    QString error;
    const QString dataDir = Skein::DataDir::ensure(options.dataDir(parser), &error);
    if (dataDir.isEmpty()) {
        QMessageBox::critical(nullptr, Skein::AppInfo::displayName(), error);
        return 1;
    }
    Skein::AppContext context(dataDir);
    Skein::MainWindow window(context);
    window.chatController()->setOpenAtStart(parser.value(openOption()));
    window.show();
    return QApplication::exec();
}
