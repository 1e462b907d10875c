// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/settings/settingskeys.h"
#include "engine/attachments/attachmentintake.h"
#include "engine/providers/providerkinds.h"
#include "engine/tools/mcpservers.h"
#include "gui/composer.h"
#include "gui/settings/appearance.h"
#include "gui/settings/appearancepage.h"
#include "gui/settings/approvalspage.h"
#include "gui/settings/datapage.h"
#include "gui/settings/defaultspage.h"
#include "gui/settings/mcppage.h"
#include "gui/settings/providerspage.h"
#include "gui/settings/settingsdialog.h"
#include "gui/settings/settingssaver.h"
#include "llm/providerpresets.h"
#include "models/settings/mcpserverlistmodel.h"
#include "models/settings/modelinfotablemodel.h"
#include "models/settings/providerlistmodel.h"
#include "replayserver.h"
#include "settingsfixture.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTcpServer>
#include <QTreeWidget>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

// A store on a machine without a keychain: keys are kept for the session only.
class SessionOnlyStore final : public SecretStore
{
public:
    SessionOnlyStore() { setAvailability(Availability::SessionOnly, u"no Secret Service on the bus"_s); }
    void read(const QString &key, QObject *context, Callback callback) override
    {
        SecretResult r;
        r.status = m_values.contains(key) ? SecretResult::Status::Ok : SecretResult::Status::NotFound;
        r.value = m_values.value(key);
        deliverLater(context, std::move(callback), r);
    }
    void write(const QString &key, const QString &value, QObject *context, Callback callback) override
    {
        m_values.insert(key, value);
        SecretResult r;
        r.status = SecretResult::Status::Ok;
        deliverLater(context, std::move(callback), r);
    }
    void remove(const QString &key, QObject *context, Callback callback) override
    {
        m_values.remove(key);
        SecretResult r;
        r.status = SecretResult::Status::Ok;
        deliverLater(context, std::move(callback), r);
    }

private:
    QHash<QString, QString> m_values;
};

// What a machine without a session bus offers: every keychain job fails, and each one is counted.
class NoBusStore final : public SecretStore
{
public:
    int operations = 0;
    void read(const QString &, QObject *context, Callback callback) override { fail(context, std::move(callback)); }
    void write(const QString &, const QString &, QObject *context, Callback callback) override
    {
        fail(context, std::move(callback));
    }
    void remove(const QString &, QObject *context, Callback callback) override { fail(context, std::move(callback)); }

private:
    void fail(QObject *context, Callback callback)
    {
        ++operations;
        SecretResult r;
        r.status = SecretResult::Status::Unavailable;
        r.message = u"Cannot autolaunch D-Bus without X11 $DISPLAY"_s;
        setAvailability(Availability::Unavailable, r.message);
        deliverLater(context, std::move(callback), r);
    }
};

QByteArray modelsJson()
{
    return R"({"object":"list","data":[{"id":"alpha-1","object":"model"},{"id":"beta-2","object":"model"}]})";
}

template<typename T> T *page(QWidget *dialog)
{
    return dialog->findChild<T *>();
}

// A configured local provider "local-1" whose default model is the first of models.
ProviderConfig localProvider(const QString &kind, const QString &baseUrl, const QStringList &models)
{
    ProviderConfig local;
    local.id = u"local-1"_s;
    local.name = u"Local server"_s;
    local.kind = kind;
    local.baseUrl = baseUrl;
    local.defaultModel = models.value(0);
    for (const QString &id : models) {
        ModelInfo info;
        info.id = id;
        local.models << info;
    }
    return local;
}

} // namespace

// The Settings dialog over a real AppContext (temp data dir, real SQLite, loopback HTTP).
class TestSettingsDialog final : public QObject
{
    Q_OBJECT

    SettingsDialog *openDialog(AppContext &context)
    {
        auto *dialog = new SettingsDialog(context);
        dialog->show();
        if (!QTest::qWaitFor([&] { return dialog->isLoaded() && page<ProvidersPage>(dialog)->isLoaded(); }, 10000))
            qWarning("the dialog did not load");
        return dialog;
    }

    static bool waitSaved(SettingsDialog *dialog)
    {
        return QTest::qWaitFor([&] { return dialog->saver()->pending() == 0; }, 10000);
    }

    static ProvidersPage *addPreset(SettingsDialog *dialog, const QString &presetId)
    {
        auto *action = dialog->findChild<QAction *>(u"addPreset_"_s + presetId);
        if (!action)
            return nullptr;
        action->trigger();
        return page<ProvidersPage>(dialog);
    }

    static void setField(SettingsDialog *dialog, const char *name, const QString &text)
    {
        auto *edit = dialog->findChild<QLineEdit *>(QString::fromLatin1(name));
        QVERIFY(edit);
        edit->setText(text);
        Q_EMIT edit->editingFinished();
    }

private Q_SLOTS:
    void fitsTheScreenAndEveryFieldIsLabelled()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        QVERIFY(dialog->width() <= 800 && dialog->height() <= 600);
        auto *pages = dialog->findChild<QListWidget *>(u"settingsPageList"_s);
        QVERIFY(pages);
        QCOMPARE(pages->count(), 7);
        addPreset(dialog.get(), u"openai"_s);
        // Every input either has a label pointing at it (mnemonic + screen readers) or an accessible name.
        QSet<QWidget *> buddies;
        for (QLabel *label : dialog->findChildren<QLabel *>())
            if (label->buddy())
                buddies.insert(label->buddy());
        QStringList unlabelled;
        const QList<QWidget *> inputs = dialog->findChildren<QWidget *>();
        for (QWidget *w : inputs) {
            const bool input = qobject_cast<QLineEdit *>(w) || qobject_cast<QSpinBox *>(w)
                || qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractItemView *>(w);
            if (!input || w->window() != dialog.get() || qobject_cast<QHeaderView *>(w)
                || qobject_cast<QLineEdit *>(w->parentWidget()) || qobject_cast<QComboBox *>(w->parentWidget())
                || qobject_cast<QSpinBox *>(w->parentWidget()))
                continue; // line edits inside combo / spin boxes
            if (!buddies.contains(w) && w->accessibleName().isEmpty())
                unlabelled << w->objectName() + u"("_s + QString::fromLatin1(w->metaObject()->className()) + u")"_s;
        }
        QVERIFY2(unlabelled.isEmpty(), qPrintable(unlabelled.join(u", "_s)));
        // Buttons have text or names.
        for (QAbstractButton *b : dialog->findChildren<QAbstractButton *>())
            QVERIFY2(!b->text().isEmpty() || !b->accessibleName().isEmpty() || !b->isVisible(),
                     qPrintable(b->objectName()));
    }

    void settingsPersistAcrossReopen()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            auto *cap = dialog->findChild<QSpinBox *>(QString(Settings::Keys::historyCountCap.key));
            auto *timeout = dialog->findChild<QSpinBox *>(QString(Settings::Keys::toolTimeoutSeconds.key));
            auto *review = dialog->findChild<QCheckBox *>(u"memoryReviewRequired"_s);
            auto *fileLimit = dialog->findChild<QSpinBox *>(QString(Settings::Keys::attachmentMaxFileMb.key));
            QVERIFY(cap && timeout && review && fileLimit);
            QCOMPARE(cap->value(), 50);
            QCOMPARE(timeout->value(), 30);
            QCOMPARE(fileLimit->value(), 20);
            QVERIFY(review->isChecked());
            cap->setValue(80);
            timeout->setValue(45);
            fileLimit->setValue(5);
            review->setChecked(false);
            QVERIFY(waitSaved(dialog.get()));
        }
        {
            auto store = f.store();
            QVERIFY(store);
            const Settings::Values values = store->settings().all().value();
            QCOMPARE(Settings::ContextDefaults::from(values).historyCountCap, 80);
            QCOMPARE(Settings::AgentDefaults::from(values).toolTimeoutSeconds, 45);
            QCOMPARE(AttachmentLimits::fromSettings(values).maxFileBytes, qint64(5) << 20);
            QCOMPARE(AttachmentLimits::fromSettings(values).maxMessageBytes, qint64(50) << 20);
            QVERIFY(!Settings::MemoryDefaults::from(values).reviewRequired);
            QVERIFY(Settings::MemoryDefaults::from(values).autoExtract);
        }
        std::unique_ptr<SettingsDialog> again(openDialog(*f.context));
        QCOMPARE(again->findChild<QSpinBox *>(QString(Settings::Keys::historyCountCap.key))->value(), 80);
        QCOMPARE(again->findChild<QSpinBox *>(QString(Settings::Keys::toolTimeoutSeconds.key))->value(), 45);
        QVERIFY(!again->findChild<QCheckBox *>(u"memoryReviewRequired"_s)->isChecked());
        // Restore Defaults puts the spec's numbers back and stores them.
        again->findChild<QPushButton *>(u"restoreDefaultsButton"_s)->click();
        QVERIFY(waitSaved(again.get()));
        QCOMPARE(Settings::ContextDefaults::from(f.store()->settings().all().value()).historyCountCap, 50);
    }

    void utilityModelPersists()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        QVERIFY(f.store()
                    ->providers()
                    .save(localProvider(u"openai"_s, u"http://127.0.0.1:8080/v1"_s, {u"alpha-1"_s, u"beta-2"_s}))
                    .ok());
        const auto stored = [&f] {
            const Settings::Values values = f.store()->settings().all().value();
            return std::pair {Settings::value(values, Settings::Keys::utilityProviderId),
                              Settings::value(values, Settings::Keys::utilityModel)};
        };
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            dialog->showPage(SettingsDialog::Page::Memory);
            auto *provider = dialog->findChild<QComboBox *>(u"utilityProvider"_s);
            auto *model = dialog->findChild<QComboBox *>(u"utilityModel"_s);
            QVERIFY(provider && model);
            // "Same as the chat" first, then the configured providers.
            QCOMPARE(provider->count(), 2);
            QCOMPARE(provider->currentIndex(), 0);
            QCOMPARE(provider->itemText(1), u"Local server"_s);
            QVERIFY(!model->isEnabled());

            // Picking the provider offers its models and stores its default one.
            provider->setCurrentIndex(1);
            QVERIFY(model->isEnabled());
            QCOMPARE(model->count(), 2);
            QCOMPARE(model->currentText(), u"alpha-1"_s);
            QVERIFY(waitSaved(dialog.get()));
            QCOMPARE(stored(), std::pair(u"local-1"_s, u"alpha-1"_s));

            // Another model from the list, then one typed by hand.
            model->setCurrentIndex(model->findText(u"beta-2"_s));
            Q_EMIT model->activated(model->currentIndex());
            QVERIFY(waitSaved(dialog.get()));
            QCOMPARE(stored(), std::pair(u"local-1"_s, u"beta-2"_s));
            model->lineEdit()->setText(u"gamma-mini"_s);
            Q_EMIT model->lineEdit()->editingFinished();
            QVERIFY(waitSaved(dialog.get()));
            QCOMPARE(stored(), std::pair(u"local-1"_s, u"gamma-mini"_s));

            // A provider added in the same dialog can be picked at once.
            QVERIFY(addPreset(dialog.get(), u"openai"_s));
            QCOMPARE(provider->count(), 3);
            QCOMPARE(provider->currentData().toString(), u"local-1"_s);
            QVERIFY(waitSaved(dialog.get()));
        }
        {
            std::unique_ptr<SettingsDialog> again(openDialog(*f.context));
            auto *provider = again->findChild<QComboBox *>(u"utilityProvider"_s);
            auto *model = again->findChild<QComboBox *>(u"utilityModel"_s);
            QTRY_COMPARE(provider->currentData().toString(), u"local-1"_s);
            QCOMPARE(model->currentText(), u"gamma-mini"_s);
            // Back to the chat's own model: both keys cleared.
            provider->setCurrentIndex(0);
            QVERIFY(!model->isEnabled());
            QVERIFY(waitSaved(again.get()));
            QCOMPARE(stored(), std::pair(QString(), QString()));
        }
        // A provider that was removed stays visible as such instead of silently changing.
        QVERIFY(f.store()->settings().set(QString(Settings::Keys::utilityProviderId.key), u"gone"_s).ok());
        std::unique_ptr<SettingsDialog> third(openDialog(*f.context));
        auto *provider = third->findChild<QComboBox *>(u"utilityProvider"_s);
        QTRY_COMPARE(provider->currentData().toString(), u"gone"_s);
        QVERIFY(provider->currentText().contains(u"gone"_s));
    }

    // Issue 17: the embedding model of semantic recall, the same picker with its own keys; a chat
    // model is not offered as an embedding model, one whose name says so is.
    void embeddingModelPersists()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        QVERIFY(
            f.store()
                ->providers()
                .save(localProvider(u"ollama"_s, u"http://127.0.0.1:11434"_s, {u"llama3.2"_s, u"nomic-embed-text"_s}))
                .ok());
        const auto stored = [&f] {
            const Settings::Values values = f.store()->settings().all().value();
            return std::pair {Settings::value(values, Settings::Keys::embeddingProviderId),
                              Settings::value(values, Settings::Keys::embeddingModel)};
        };
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            dialog->showPage(SettingsDialog::Page::Memory);
            auto *provider = dialog->findChild<QComboBox *>(u"embeddingProvider"_s);
            auto *model = dialog->findChild<QComboBox *>(u"embeddingModel"_s);
            QVERIFY(provider && model);
            QCOMPARE(provider->currentIndex(), 0); // none: recall by words only
            QCOMPARE(provider->itemText(0),
                     QCoreApplication::translate("Skein::UtilityModelPicker", "None (recall by words only)"));
            QVERIFY(!model->isEnabled());
            QVERIFY(!provider->accessibleName().isEmpty());
            provider->setCurrentIndex(1);
            QCOMPARE(model->currentText(), u"nomic-embed-text"_s);
            QVERIFY(waitSaved(dialog.get()));
            QCOMPARE(stored(), std::pair(u"local-1"_s, u"nomic-embed-text"_s));
            // The utility model's keys are untouched.
            const Settings::Values values = f.store()->settings().all().value();
            QVERIFY(Settings::value(values, Settings::Keys::utilityProviderId).isEmpty());
        }
        std::unique_ptr<SettingsDialog> again(openDialog(*f.context));
        auto *provider = again->findChild<QComboBox *>(u"embeddingProvider"_s);
        QTRY_COMPARE(provider->currentData().toString(), u"local-1"_s);
        provider->setCurrentIndex(0);
        QVERIFY(waitSaved(again.get()));
        QCOMPARE(stored(), std::pair(QString(), QString()));
    }

    void everyPresetCanBeAddedAndIsStored()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        auto *menu = dialog->findChild<QMenu *>(u"presetMenu"_s);
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), providerPresets().size());
        QCOMPARE(providerPresets().size(), 13);
        ProvidersPage *providers = page<ProvidersPage>(dialog.get());
        QAbstractItemModelTester tester(providers->providers(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(dialog.get(), &SettingsDialog::providersChanged);
        for (const ProviderPreset &preset : providerPresets())
            QVERIFY(addPreset(dialog.get(), preset.id));
        addPreset(dialog.get(), u"anthropic"_s); // a second one gets a distinct name
        QCOMPARE(changed.size(), 14);
        QVERIFY(waitSaved(dialog.get()));
        const QList<ProviderConfig> stored = f.store()->providers().list().value();
        QCOMPARE(stored.size(), 14);
        QStringList names;
        for (const ProviderConfig &p : stored)
            names << p.name;
        QVERIFY(names.contains(u"Anthropic"_s) && names.contains(u"Anthropic 2"_s));
        const auto openai
            = std::find_if(stored.begin(), stored.end(), [](const ProviderConfig &p) { return p.name == u"OpenAI"_s; });
        QVERIFY(openai != stored.end());
        QCOMPARE(openai->baseUrl, findPreset(u"openai")->baseUrl);
        QCOMPARE(openai->kind, u"openai"_s);
        QCOMPARE(openai->models, findPreset(u"openai")->models);
        const auto ollama
            = std::find_if(stored.begin(), stored.end(), [](const ProviderConfig &p) { return p.name == u"Ollama"_s; });
        QCOMPARE(ollama->kind, u"ollama"_s);
    }

    void editAndRemoveProvider()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = addPreset(dialog.get(), u"deepseek"_s);
        QVERIFY(providers);
        setField(dialog.get(), "providerName", u"My DeepSeek"_s);
        setField(dialog.get(), "providerBaseUrl", u"https://proxy.example.com/v1"_s);
        setField(dialog.get(), "providerBaseUrl", u"not a url"_s); // refused, the old one stays
        auto *kind = dialog->findChild<QComboBox *>(u"providerKind"_s);
        kind->setCurrentIndex(kind->findData(u"anthropic"_s));
        auto *models = dialog->findChild<QTableView *>(u"providerModels"_s);
        QVERIFY(models->model()->setData(models->model()->index(0, ModelInfoTableModel::InputPrice), 0.99));
        QVERIFY(waitSaved(dialog.get()));
        ProviderConfig stored = f.store()->providers().list().value().value(0);
        QCOMPARE(stored.name, u"My DeepSeek"_s);
        QCOMPARE(stored.baseUrl, u"https://proxy.example.com/v1"_s);
        QCOMPARE(stored.kind, u"anthropic"_s);
        QCOMPARE(stored.models.at(0).inputPricePerMTok, 0.99);
        QVERIFY(dialog->findChild<QLabel *>(u"checkResultLabel"_s)->text().contains(u"full address"_s));

        bool secretGone = false;
        dialog->findChild<QLineEdit *>(u"providerApiKey"_s)->setText(u"sk-remove-me"_s);
        dialog->findChild<QPushButton *>(u"saveKeyButton"_s)->click();
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Stored);
        QVERIFY(waitSaved(dialog.get()));
        QVERIFY(f.store()->providers().get(stored.id)->apiKey == ApiKeyState::Keychain);
        dialog->findChild<QPushButton *>(u"removeProviderButton"_s)->click();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = dialog->findChild<QMessageBox *>(u"confirmRemoveProvider"_s)));
        box->findChild<QPushButton *>(u"confirmRemoveButton"_s)->click();
        QVERIFY(waitSaved(dialog.get()));
        QVERIFY(f.store()->providers().list().value().isEmpty());
        QCOMPARE(providers->providers()->rowCount(), 0);
        QVERIFY(dialog->findChild<QLabel *>(u"noProviderLabel"_s)->isVisible());
        f.secrets->read(ProviderKinds::secretKey(stored.id), this,
                        [&](const SecretResult &r) { secretGone = r.status == SecretResult::Status::NotFound; });
        QTRY_VERIFY(secretGone);
    }

    void keyStateIsShown()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = addPreset(dialog.get(), u"openai"_s);
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Missing);
        auto *state = dialog->findChild<QLabel *>(u"keyStateLabel"_s);
        QVERIFY(state->text().contains(u"Missing"_s));
        auto *key = dialog->findChild<QLineEdit *>(u"providerApiKey"_s);
        QCOMPARE(key->echoMode(), QLineEdit::Password);
        const QString secret = u"sk-test-0123456789-secret"_s;
        key->setText(secret);
        dialog->findChild<QPushButton *>(u"saveKeyButton"_s)->click();
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Stored);
        QVERIFY(state->text().contains(u"Stored"_s));
        QVERIFY(key->text().isEmpty()); // never shown again
        QString kept;
        const QString id = providers->providers()->provider(0).id;
        f.secrets->read(ProviderKinds::secretKey(id), this, [&](const SecretResult &r) { kept = r.value; });
        QTRY_COMPARE(kept, secret);
        // A local server needs no key.
        addPreset(dialog.get(), u"ollama"_s);
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::NotNeeded);
        QVERIFY(waitSaved(dialog.get()));
        dialog.reset();
        f.context.reset(); // closes the database
        QVERIFY(!f.databaseBytes().isEmpty());
        QVERIFY(!f.databaseBytes().contains(secret.toUtf8()));
        QVERIFY(!Test::readFile(f.tmp.filePath(u"ui-state.ini"_s)).contains(secret.toUtf8()));
    }

    void keyStateSessionOnlyAndUnavailable()
    {
        {
            SettingsFixture f;
            QVERIFY(f.open(std::make_unique<SessionOnlyStore>()));
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            ProvidersPage *providers = addPreset(dialog.get(), u"mistral"_s);
            QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Missing);
            dialog->findChild<QLineEdit *>(u"providerApiKey"_s)->setText(u"k-session"_s);
            dialog->findChild<QPushButton *>(u"saveKeyButton"_s)->click();
            QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::SessionOnly);
            QVERIFY(dialog->findChild<QLabel *>(u"keyStateLabel"_s)->text().contains(u"Session only"_s));
        }
        {
            SettingsFixture f;
            QVERIFY(f.open());
            f.secrets->simulateUnavailable(u"the keychain is locked"_s);
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            ProvidersPage *providers = addPreset(dialog.get(), u"groq"_s);
            QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Unavailable);
            dialog->findChild<QLineEdit *>(u"providerApiKey"_s)->setText(u"k-lost"_s);
            dialog->findChild<QPushButton *>(u"saveKeyButton"_s)->click();
            QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Unavailable);
            const QString text = dialog->findChild<QLabel *>(u"keyStateLabel"_s)->text();
            QVERIFY2(text.contains(u"Missing"_s) && text.contains(u"the keychain is locked"_s), qPrintable(text));
        }
    }

    // Issue 12 item 2: a provider recorded without a key never asks the keychain (on a machine
    // without a session bus every such job fails); one whose key is in the keychain says the key
    // cannot be reached, instead of calling it missing.
    void keylessProviderNeverAsksTheKeychain()
    {
        SettingsFixture f;
        auto owned = std::make_unique<NoBusStore>();
        NoBusStore *store = owned.get();
        QVERIFY(f.open(std::move(owned)));
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = addPreset(dialog.get(), u"ollama"_s);
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::NotNeeded);
        QVERIFY(waitSaved(dialog.get()));
        QCOMPARE(store->operations, 0);
        const ProviderConfig stored = f.store()->providers().list().value().at(0);
        QVERIFY(stored.apiKey == ApiKeyState::None);

        // A key recorded as being in the keychain (saved on a desktop session earlier).
        QVERIFY(f.store()->providers().setApiKeyState(stored.id, ApiKeyState::Keychain));
        dialog.reset();
        dialog.reset(openDialog(*f.context));
        providers = page<ProvidersPage>(dialog.get());
        QVERIFY(providers);
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Unreachable);
        QVERIFY(store->operations > 0);
        const QString text = dialog->findChild<QLabel *>(u"keyStateLabel"_s)->text();
        QVERIFY2(text.contains(u"stored in the system keychain"_s) && text.contains(u"D-Bus"_s), qPrintable(text));
        // SKEIN_SHOT_DIR set (scripts/chat-screenshots.sh): the state as the user sees it.
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(dialog->grab().save(shots + u"/settings-key-unreachable.png"_s));
        }
    }

    // Issue #13 item 1: a provider from an imported file is shown for review and stays off until
    // the user turns it on (keyboard only); doing so clears the mark.
    void importedProviderWaitsForReview()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ProviderConfig p;
        p.id = u"imported-1"_s;
        p.name = u"Helpful Cloud"_s;
        p.kind = u"openai"_s;
        p.baseUrl = u"https://helpful.example/v1"_s;
        p.enabled = false;
        p.importedForReview = true;
        p.createdAt = p.updatedAt = 1;
        QVERIFY(f.store()->providers().save(p).ok());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = page<ProvidersPage>(dialog.get());
        QVERIFY(providers);
        auto *list = dialog->findChild<QListView *>(u"providerList"_s);
        QTRY_COMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data().toString(), u"Helpful Cloud — imported, review"_s);
        auto *label = dialog->findChild<QLabel *>(u"providerReviewLabel"_s);
        auto *use = dialog->findChild<QCheckBox *>(u"providerEnabled"_s);
        QTRY_VERIFY(label->isVisible());
        QVERIFY(label->text().contains(u"https://helpful.example/v1"_s));
        QCOMPARE(label->textFormat(), Qt::PlainText);
        QVERIFY(!use->isChecked());
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(dialog->grab().save(shots + u"/settings-imported-provider.png"_s));
        }
        use->setFocus();
        QTest::keyClick(use, Qt::Key_Space);
        QVERIFY(use->isChecked());
        QVERIFY(!label->isVisible());
        QVERIFY(waitSaved(dialog.get()));
        const ProviderConfig stored = f.store()->providers().get(u"imported-1"_s).value();
        QVERIFY(stored.enabled);
        QVERIFY(!stored.importedForReview);
        QCOMPARE(list->model()->index(0, 0).data().toString(), u"Helpful Cloud"_s);
    }

    void testConnectionAndFetchModels()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ReplayServer server;
        QVERIFY(server.listen());
        server.route("GET", "/v1/models", {ReplayResponse::fromBytes(200, modelsJson(), "application/json")});
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = addPreset(dialog.get(), u"openai"_s);
        setField(dialog.get(), "providerBaseUrl", server.url(u"/v1"_s).toString());
        auto *key = dialog->findChild<QLineEdit *>(u"providerApiKey"_s);
        key->setText(u"sk-loopback"_s);
        dialog->findChild<QPushButton *>(u"saveKeyButton"_s)->click();
        QTRY_COMPARE(providers->keyState(), ProvidersPage::KeyState::Stored);

        QSignalSpy finished(providers, &ProvidersPage::checkFinished);
        dialog->findChild<QPushButton *>(u"testConnectionButton"_s)->click();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        auto *result = dialog->findChild<QLabel *>(u"checkResultLabel"_s);
        QVERIFY2(result->text().contains(u"lists 2 model"_s), qPrintable(result->text()));
        QCOMPARE(server.requests().last().header("authorization"), QByteArray("Bearer sk-loopback"));

        const qsizetype presetModels = findPreset(u"openai")->models.size();
        dialog->findChild<QPushButton *>(u"fetchModelsButton"_s)->click();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.at(1).at(0).toBool(), true);
        QVERIFY(waitSaved(dialog.get()));
        const ProviderConfig stored = f.store()->providers().list().value().value(0);
        QCOMPARE(stored.models.size(), presetModels + 2);
        QCOMPARE(stored.models.at(presetModels).id, u"alpha-1"_s);
        QCOMPARE(stored.models.at(presetModels + 1).id, u"beta-2"_s);
        QCOMPARE(dialog->findChild<QTableView *>(u"providerModels"_s)->model()->rowCount(), int(presetModels + 2));
        QVERIFY(result->text().contains(u"2 new model"_s));
    }

    void testConnectionFailuresInPlainWords()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ReplayServer server;
        QVERIFY(server.listen());
        server.route(
            "GET", "/v1/models",
            {ReplayResponse::fromBytes(
                401,
                R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}})",
                "application/json")});
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        ProvidersPage *providers = addPreset(dialog.get(), u"openai"_s);
        setField(dialog.get(), "providerBaseUrl", server.url(u"/v1"_s).toString());
        QSignalSpy finished(providers, &ProvidersPage::checkFinished);
        dialog->findChild<QPushButton *>(u"testConnectionButton"_s)->click();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        const QString text = dialog->findChild<QLabel *>(u"checkResultLabel"_s)->text();
        QVERIFY2(text.contains(u"Incorrect API key provided"_s), qPrintable(text));

        // Nothing listening: a refused connection is reported, not hung on.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        setField(dialog.get(), "providerBaseUrl", u"http://127.0.0.1:%1/v1"_s.arg(port));
        dialog->findChild<QPushButton *>(u"testConnectionButton"_s)->click();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.at(1).at(0).toBool(), false);
        QVERIFY(!finished.at(1).at(1).toString().isEmpty());
        QVERIFY(f.store()->providers().list().value().value(0).models == findPreset(u"openai")->models);
    }

    void mcpImportEnableAndPersist()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        const QString file = f.tmp.filePath(u"claude_desktop_config.json"_s);
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write("{\"mcpServers\": {"
                      "\"filesystem\": {\"command\": \"npx\", "
                      "\"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/tmp\"], "
                      "\"env\": {\"FS_TOKEN\": \"tok-abcdef-123456\"}}, "
                      "\"remote\": {\"url\": \"https://mcp.example.com/mcp\"}, "
                      "\"bad name!\": {\"command\": \"x\"}}}");
        }
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        McpPage *mcp = page<McpPage>(dialog.get());
        QAbstractItemModelTester tester(mcp->servers(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy imported(mcp, &McpPage::importFinished);
        // Nothing is imported before the user has read the full command lines and agreed.
        mcp->importFile(file);
        QMessageBox *confirm = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((confirm = dialog->findChild<QMessageBox *>(u"mcpImportConfirm"_s)), 10000);
        QVERIFY2(
            confirm->informativeText().contains(
                u"New “filesystem”: npx -y @modelcontextprotocol/server-filesystem /tmp (environment: FS_TOKEN)"_s),
            qPrintable(confirm->informativeText()));
        QVERIFY(confirm->informativeText().contains(u"https://mcp.example.com/mcp"_s));
        QVERIFY(!confirm->informativeText().contains(u"tok-abcdef"_s));
        QCOMPARE(mcp->servers()->rowCount(), 0);
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(confirm->grab().save(shots + u"/mcp-import-confirm.png"_s));
        }
        confirm->reject();
        QTRY_COMPARE_WITH_TIMEOUT(imported.size(), 1, 10000);
        QCOMPARE(imported.at(0).at(0).toInt(), 0);
        QCOMPARE(mcp->servers()->rowCount(), 0);
        QTRY_VERIFY(!dialog->findChild<QMessageBox *>(u"mcpImportConfirm"_s)); // closed and gone
        imported.clear();
        mcp->importFile(file);
        QTRY_VERIFY_WITH_TIMEOUT((confirm = dialog->findChild<QMessageBox *>(u"mcpImportConfirm"_s)), 10000);
        confirm->findChild<QPushButton *>(u"mcpImportAccept"_s)->click();
        QTRY_COMPARE_WITH_TIMEOUT(imported.size(), 1, 10000);
        QCOMPARE(imported.at(0).at(0).toInt(), 2);
        QCOMPARE(imported.at(0).at(1).toStringList().size(), 1); // the bad name, in words
        QCOMPARE(mcp->servers()->rowCount(), 2);
        QVERIFY(dialog->findChild<QLabel *>(u"mcpStatus"_s)->text().contains(u"2 server(s) imported"_s));
        QVERIFY(mcp->servers()->setData(mcp->servers()->index(1), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(waitSaved(dialog.get()));
        const QString stored = Settings::value(f.store()->settings().all().value(), Settings::Keys::mcpServers);
        const McpConfigParseResult parsed = McpConfig::parse(stored.toUtf8());
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.servers.size(), 2);
        QCOMPARE(parsed.servers.at(0).args.last(), u"/tmp"_s);
        QCOMPARE(parsed.servers.at(1).disabled, true);
        // The env value is a secret: blanked in the settings table, kept in the SecretStore.
        QVERIFY(!stored.contains(u"tok-abcdef-123456"_s));
        QString secret;
        f.secrets->read(McpServerStore::secretKey(u"filesystem"_s), this,
                        [&](const SecretResult &r) { secret = r.value; });
        QTRY_VERIFY(secret.contains(u"tok-abcdef-123456"_s));

        dialog.reset();
        std::unique_ptr<SettingsDialog> again(openDialog(*f.context));
        QCOMPARE(page<McpPage>(again.get())->servers()->rowCount(), 2);
        QVERIFY(page<McpPage>(again.get())->servers()->servers().at(1).disabled);
    }

    void mcpAddByHand()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        dialog->findChild<QPushButton *>(u"addMcpServerButton"_s)->click();
        McpServerDialog *add = nullptr;
        QTRY_VERIFY((add = dialog->findChild<McpServerDialog *>()));
        add->findChild<QLineEdit *>(u"mcpName"_s)->setText(u"bad__name"_s);
        add->accept();
        QVERIFY(add->isVisible());
        QVERIFY(!add->findChild<QLabel *>(u"mcpDialogError"_s)->text().isEmpty());
        add->findChild<QLineEdit *>(u"mcpName"_s)->setText(u"git"_s);
        add->findChild<QLineEdit *>(u"mcpCommand"_s)->setText(u"uvx"_s);
        add->findChild<QLineEdit *>(u"mcpArgs"_s)->setText(u"mcp-server-git --repository \"/my repo\""_s);
        add->findChild<QPlainTextEdit *>(u"mcpEnv"_s)->setPlainText(u"GIT_AUTHOR=me\n"_s);
        if (const QString shots = qEnvironmentVariable("SKEIN_SHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(add->grab().save(shots + u"/mcp-server-dialog.png"_s)); // with the "trusted" box
        }
        add->accept();
        QVERIFY(waitSaved(dialog.get()));
        const McpServerConfig server = page<McpPage>(dialog.get())->servers()->server(0);
        QCOMPARE(server.args, (QStringList {u"mcp-server-git"_s, u"--repository"_s, u"/my repo"_s}));
        QCOMPARE(server.env.value(u"GIT_AUTHOR"_s), u"me"_s);
        QVERIFY(Settings::value(f.store()->settings().all().value(), Settings::Keys::mcpServers).contains(u"uvx"_s));
    }

    void approvalsListAndRevoke()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        const QList<Settings::ToolApproval> approvals {
            {u"files__write_file"_s, u"h1"_s, 1700000000000},
            {u"shell__run"_s, u"h2"_s, 1700000100000},
        };
        QVERIFY(f.store()
                    ->settings()
                    .set(QString(Settings::Keys::toolApprovals.key), Settings::toolApprovalsJson(approvals))
                    .ok());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        auto *list = dialog->findChild<QTreeWidget *>(u"approvalList"_s);
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(1)->text(0), u"shell__run"_s);
        list->topLevelItem(0)->setSelected(true);
        dialog->findChild<QPushButton *>(u"revokeApprovalButton"_s)->click();
        QCOMPARE(list->topLevelItemCount(), 1);
        QVERIFY(waitSaved(dialog.get()));
        const auto stored = Settings::toolApprovals(
            Settings::value(f.store()->settings().all().value(), Settings::Keys::toolApprovals));
        QCOMPARE(stored, QList<Settings::ToolApproval> {approvals.at(1)});
        dialog->findChild<QPushButton *>(u"revokeAllApprovalsButton"_s)->click();
        QVERIFY(waitSaved(dialog.get()));
        QVERIFY(
            Settings::toolApprovals(Settings::value(f.store()->settings().all().value(), Settings::Keys::toolApprovals))
                .isEmpty());
        QVERIFY(dialog->findChild<QLabel *>(u"noApprovalsLabel"_s)->isVisibleTo(list->parentWidget()));
    }

    void backupExportImport()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
        addPreset(dialog.get(), u"openai"_s);
        QVERIFY(waitSaved(dialog.get()));
        DataPage *data = page<DataPage>(dialog.get());
        QCOMPARE(dialog->findChild<QLineEdit *>(u"dataLocation"_s)->text(), f.tmp.path());

        QSignalSpy backedUp(data, &DataPage::backupFinished);
        dialog->findChild<QPushButton *>(u"backupNowButton"_s)->click();
        QVERIFY(backedUp.wait(10000));
        QVERIFY2(backedUp.at(0).at(0).toBool(), qPrintable(backedUp.at(0).at(1).toString()));
        const QString backup = backedUp.at(0).at(1).toString();
        QVERIFY(backup.startsWith(data->backupDir()));
        QVERIFY(QFileInfo(backup).size() > 0);
        {
            auto copy = Store::openFile(backup, Database::Options {});
            QVERIFY(copy.ok());
            QCOMPARE(copy.value()->providers().list().value().size(), 1);
        }

        QSignalSpy exported(data, &DataPage::exportFinished);
        const QString archive = f.tmp.filePath(u"all.json"_s);
        data->exportAllTo(archive);
        QVERIFY(exported.wait(10000));
        QVERIFY(exported.at(0).at(0).toBool());
        QVERIFY(Test::readFile(archive).contains("skein.archive/1"));

        QSignalSpy imported(data, &DataPage::importFinished);
        const QString bad = f.tmp.filePath(u"bad.json"_s);
        {
            QFile out(bad);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(R"({"format": "skein.archive/1", "sessions": [{"id": 5}]})");
        }
        data->importFrom(bad);
        QVERIFY(imported.wait(10000));
        QCOMPARE(imported.at(0).at(0).toBool(), false);
        QVERIFY2(imported.at(0).at(1).toString().startsWith(u"Nothing was imported"_s),
                 qPrintable(imported.at(0).at(1).toString()));
        data->importFrom(archive);
        QVERIFY(imported.wait(10000));
        QVERIFY2(imported.at(1).at(0).toBool(), qPrintable(imported.at(1).at(1).toString()));
        QCOMPARE(f.store()->providers().list().value().size(), 1); // nothing duplicated
    }

    void appearanceAppliesAndPersists()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        const QColor lightWindow = QApplication::palette().color(QPalette::Window);
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            dialog->showPage(SettingsDialog::Page::Appearance);
            auto *theme = dialog->findChild<QComboBox *>(u"themeCombo"_s);
            theme->setCurrentIndex(theme->findData(u"dark"_s));
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
            auto *size = dialog->findChild<QSpinBox *>(u"fontSizeSpin"_s);
            size->setValue(13);
            QCOMPARE(QApplication::font().pointSize(), 13);
            auto *language = dialog->findChild<QComboBox *>(u"languageCombo"_s);
            language->setCurrentIndex(language->findData(u"zh_CN"_s));
            QVERIFY(dialog->findChild<QLabel *>(u"languageNote"_s)->text().contains(u"Restart"_s));
        }
        QCOMPARE(Appearance::savedLanguage(f.tmp.path()), u"zh_CN"_s);
        const AppearanceSettings saved = AppearanceSettings::load(f.context->uiState());
        QCOMPARE(saved.theme, AppearanceSettings::Theme::Dark);
        QCOMPARE(saved.fontSize, 13);
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            auto *theme = dialog->findChild<QComboBox *>(u"themeCombo"_s);
            QCOMPARE(theme->currentData().toString(), u"dark"_s);
            theme->setCurrentIndex(theme->findData(u"system"_s));
            dialog->findChild<QSpinBox *>(u"fontSizeSpin"_s)->setValue(0);
        }
        QCOMPARE(QApplication::palette().color(QPalette::Window), lightWindow);
    }

    void enterSendsAppliesAndPersists()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        Composer composer; // stands for the main window's
        QVERIFY(composer.editor()->enterSends());
        {
            std::unique_ptr<SettingsDialog> dialog(openDialog(*f.context));
            dialog->showPage(SettingsDialog::Page::Appearance);
            auto *check = dialog->findChild<QCheckBox *>(u"enterSendsCheck"_s);
            QVERIFY(check && check->isChecked());
            check->setChecked(false);
            QVERIFY(!composer.editor()->enterSends()); // at once
        }
        QCOMPARE(f.context->uiState().value(Composer::enterSendsKey(), true).toBool(), false);
        // Enter now starts a new line; Shift+Enter sends.
        QSignalSpy sent(composer.editor(), &ComposerEdit::submitted);
        QTest::keyClick(composer.editor(), Qt::Key_Return);
        QCOMPARE(sent.size(), 0);
        QTest::keyClick(composer.editor(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(sent.size(), 1);
        std::unique_ptr<SettingsDialog> again(openDialog(*f.context));
        QVERIFY(!again->findChild<QCheckBox *>(u"enterSendsCheck"_s)->isChecked());
    }
};

SKEIN_TEST_MAIN(TestSettingsDialog, QApplication)
#include "tst_settingsdialog.moc"
