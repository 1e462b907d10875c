// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Renders the Settings dialog and the first-run page with sample data into PNG files for
// docs/screenshots (run by scripts/screenshots.sh and scripts/panel-screenshots.sh under Xvfb).
// Usage: settings_screenshot OUTDIR [--dark] [--zh]; the files end in -dark, -zh and, with
// QT_SCALE_FACTOR=2, -scale2. SKEIN_EXTRA_QM names a .qm file loaded over the built-in
// translation (strings not merged into the .ts yet).
#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "core/language.h"
#include "core/settings/settingskeys.h"
#include "engine/providers/providerkinds.h"
#include "gui/settings/appearance.h"
#include "gui/settings/firstrundialog.h"
#include "gui/settings/settingsdialog.h"
#include "llm/localserverprobe.h"
#include "llm/providerpresets.h"
#include "secrets/memorysecretstore.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QApplication>
#include <QDir>
#include <QListView>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>

using namespace Skein;

namespace {

void seed(const QString &dir)
{
    auto store = std::move(Store::open(dir)).value();
    for (const char *id : {"openai", "anthropic", "ollama"}) {
        const ProviderPreset *preset = findPreset(QString::fromLatin1(id));
        ProviderConfig p;
        p.id = QString::fromLatin1(id) + QStringLiteral("-sample");
        p.name = preset->name;
        p.kind = ProviderKinds::name(preset->kind);
        p.baseUrl = preset->baseUrl;
        p.models = preset->models;
        p.defaultModel = p.models.isEmpty() ? QString() : p.models.first().id;
        p.createdAt = p.updatedAt = Ids::nowMs();
        (void)store->providers().save(p);
    }
    // A small utility model, so the Memory page shows the picker filled in.
    (void)store->settings().set(QString(Settings::Keys::utilityProviderId.key), QStringLiteral("openai-sample"));
    for (const ModelInfo &m : findPreset(QStringLiteral("openai"))->models)
        if (m.id.contains(QLatin1String("mini"))) {
            (void)store->settings().set(QString(Settings::Keys::utilityModel.key), m.id);
            break;
        }
    // Semantic recall through the local Ollama server's embedding model.
    (void)store->settings().set(QString(Settings::Keys::embeddingProviderId.key), QStringLiteral("ollama-sample"));
    (void)store->settings().set(QString(Settings::Keys::embeddingModel.key), QStringLiteral("nomic-embed-text"));
}

void grab(QWidget *widget, const QString &path)
{
    widget->grab().save(path);
    qInfo("screenshots: %s", qPrintable(path));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString out = args.value(1, QStringLiteral("."));
    const bool dark = args.contains(QStringLiteral("--dark"));
    const bool zh = args.contains(QStringLiteral("--zh"));
    if (zh)
        Language::install(app, QStringLiteral("zh_CN"));
    QTranslator extra;
    if (zh && qEnvironmentVariableIsSet("SKEIN_EXTRA_QM") && extra.load(qEnvironmentVariable("SKEIN_EXTRA_QM")))
        QCoreApplication::installTranslator(&extra);
    QTemporaryDir tmp;
    seed(tmp.path());
    AppContext context(tmp.path());
    auto secrets = std::make_unique<MemorySecretStore>();
    secrets->write(ProviderKinds::secretKey(QStringLiteral("openai-sample")), QStringLiteral("sample"), &app,
                   [](const SecretResult &) { });
    context.setSecretStore(std::move(secrets));
    {
        // As the app starts: the chosen theme and the icon set (Settings' page list has icons).
        AppearanceSettings look;
        look.theme = dark ? AppearanceSettings::Theme::Dark : AppearanceSettings::Theme::System;
        Appearance::apply(look);
    }
    const QString suffix = QString(dark ? QStringLiteral("-dark") : QString())
        + (zh ? QStringLiteral("-zh") : QString())
        + (qEnvironmentVariable("QT_SCALE_FACTOR") == QStringLiteral("2") ? QStringLiteral("-scale2") : QString());
    context.storage().open(tmp.path(), Database::Options {}, &app, [&](Result<AsyncStore::OpenReport>) {
        auto *dialog = new SettingsDialog(context);
        dialog->show();
        QTimer::singleShot(1200, dialog, [&, dialog] {
            if (auto *list = dialog->findChild<QListView *>(QStringLiteral("providerList")))
                list->setCurrentIndex(list->model()->index(list->model()->rowCount() - 1, 0));
            QTimer::singleShot(600, dialog, [&, dialog] {
                grab(dialog, QDir(out).filePath(QStringLiteral("settings%1.png").arg(suffix)));
                if (dark) {
                    QApplication::quit();
                    return;
                }
                dialog->showPage(SettingsDialog::Page::Context);
                QTimer::singleShot(400, dialog, [&, dialog] {
                    grab(dialog, QDir(out).filePath(QStringLiteral("settings-context%1.png").arg(suffix)));
                    // Further down: recall and pinned notes (issue 17).
                    if (auto *pinned = dialog->findChild<QWidget *>(QString(Settings::Keys::pinnedSharePercent.key))) {
                        for (QWidget *w = pinned->parentWidget(); w; w = w->parentWidget())
                            if (auto *area = qobject_cast<QScrollArea *>(w)) {
                                area->ensureWidgetVisible(pinned, 0, 120);
                                break;
                            }
                        QCoreApplication::processEvents();
                        grab(dialog, QDir(out).filePath(QStringLiteral("settings-context-recall%1.png").arg(suffix)));
                    }
                    dialog->showPage(SettingsDialog::Page::Memory);
                    QCoreApplication::processEvents();
                    grab(dialog, QDir(out).filePath(QStringLiteral("settings-memory%1.png").arg(suffix)));
                    dialog->close();
                    auto *probe = new LocalServerProbe(context.network());
                    auto *first = new FirstRunDialog(context, probe);
                    first->show();
                    QTimer::singleShot(2500, first, [&, first] {
                        grab(first, QDir(out).filePath(QStringLiteral("first-run%1.png").arg(suffix)));
                        QApplication::quit();
                    });
                });
            });
        });
    });
    return QApplication::exec();
}
