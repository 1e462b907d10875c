// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-panelshots: renders the inspector panels over the demo conversation (panelsdemo.cpp) and
// saves them as PNGs for docs/screenshots. Run under Xvfb by scripts/panel-screenshots.sh:
//   skein-panelshots <output dir> [--lang zh_CN] [--dark]
// The files end in -dark and -zh as asked, and in -scale2 when QT_SCALE_FACTOR is 2.
// SKEIN_EXTRA_QM names a .qm file loaded over the built-in translation (for strings not merged
// into translations/skein_zh_CN.ts yet).
#include "app/appcontext.h"
#include "app/conversations.h"
#include "core/language.h"
#include "gui/branchview.h"
#include "gui/contextinspector.h"
#include "gui/memorydialogs.h"
#include "gui/memoryinspector.h"
#include "gui/settings/appearance.h"
#include "gui/usageview.h"
#include "panelsdemo.h"
#include "storage/memoryrepository.h"
#include "storage/store.h"

#include <QApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

using namespace Skein;

namespace {

struct Shot
{
    QWidget *widget;
    QString name;
};

void save(const Shot &shot, const QString &dir)
{
    const QString path = QDir(dir).filePath(shot.name + QStringLiteral(".png"));
    if (!shot.widget->grab().save(path))
        QTextStream(stderr) << "could not write " << path << '\n';
    else
        QTextStream(stdout) << "panelshots: " << path << '\n';
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        QTextStream(stderr) << "usage: skein-panelshots <output dir> [--lang zh_CN] [--dark]\n";
        return 2;
    }
    const QString out = args.at(1);
    const int lang = int(args.indexOf(QStringLiteral("--lang")));
    const bool zh = lang > 0 && lang + 1 < args.size();
    const bool dark = args.contains(QStringLiteral("--dark"));
    const bool scale2 = qEnvironmentVariable("QT_SCALE_FACTOR") == QStringLiteral("2");
    const QString suffix = QString(dark ? QStringLiteral("-dark") : QString())
        + (zh ? QStringLiteral("-zh") : QString()) + (scale2 ? QStringLiteral("-scale2") : QString());
    {
        // As the app starts: the chosen theme and the icon set.
        AppearanceSettings look;
        look.theme = dark ? AppearanceSettings::Theme::Dark : AppearanceSettings::Theme::System;
        Appearance::apply(look);
    }
    QTranslator extra;
    if (zh) {
        Language::install(app, Language::choose(args.at(lang + 1), {}));
        if (qEnvironmentVariableIsSet("SKEIN_EXTRA_QM") && extra.load(qEnvironmentVariable("SKEIN_EXTRA_QM")))
            QCoreApplication::installTranslator(&extra);
    }
    QDir().mkpath(out);
    QTemporaryDir tmp;
    AppContext context(tmp.path());
    PanelsDemo demo;
    QList<Shot> shots;

    PanelsDemo::prepare(context, demo, [&](const QString &error) {
        if (!error.isEmpty()) {
            QTextStream(stderr) << "demo data: " << error << '\n';
            QApplication::exit(1);
            return;
        }
        auto *branches = new BranchView();
        branches->resize(440, 540);
        branches->show();
        branches->setConversation(context.conversations().open(demo.sessionId));
        branches->setSelectedMessage(demo.activeReply);
        shots << Shot {branches, QStringLiteral("branch-view") + suffix};

        // The pending branch memory: accept, reject and promote are all available.
        auto *memory = new MemoryInspector(context.memories());
        memory->resize(560, 460);
        memory->show();
        memory->setSession(demo.sessionId);
        memory->setSelectedMessage(demo.activeReply);
        QObject::connect(memory, &MemoryInspector::loaded, memory,
                         [memory, &demo] { memory->selectMemory(demo.pendingMemories.last()); });
        shots << Shot {memory, QStringLiteral("memory-inspector") + suffix};

        // Issue 17: the timeline of a fact that changed (the hotel, then the ryokan).
        {
            auto store = context.openStore();
            const Memory now = store.value()->memories().get(demo.successorMemory).value();
            const QList<Memory> lineage = store.value()->memories().lineage(now.id).value();
            QHash<QString, QList<MemoryVersion>> versions;
            for (const Memory &m : lineage)
                versions.insert(m.id, store.value()->memories().versions(m.id).value());
            auto *timeline = new MemoryHistoryDialog(now, lineage, versions);
            timeline->show();
            shots << Shot {timeline, QStringLiteral("memory-timeline") + suffix};
        }

        auto *contextView = new ContextInspector(context.contextService());
        contextView->resize(460, 600);
        contextView->show();
        contextView->setSession(demo.sessionId);
        contextView->setSelectedMessage(demo.activeReply);
        shots << Shot {contextView, QStringLiteral("context-inspector") + suffix};

        auto *usage = new UsageView(context.startup());
        usage->resize(640, 460);
        usage->show();
        shots << Shot {usage, QStringLiteral("usage-view") + suffix};

        // Every panel loads off the GUI thread; give them a moment, then grab.
        QTimer::singleShot(1500, &app, [&] {
            for (const Shot &shot : std::as_const(shots))
                save(shot, out);
            for (const Shot &shot : std::as_const(shots))
                delete shot.widget;
            QApplication::quit();
        });
    });
    return QApplication::exec();
}
