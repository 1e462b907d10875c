// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/settings/approvalservice.h"
#include "app/settings/dataservice.h"
#include "app/settings/mcpserverservice.h"
#include "app/settings/providercheck.h"
#include "app/settings/providerservice.h"
#include "app/settings/settingsservice.h"
#include "engine/providers/providerkinds.h"
#include "engine/tools/mcpservers.h"
#include "settingsfixture.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

ProviderConfig provider(const QString &id, const QString &name)
{
    ProviderConfig p;
    p.id = id;
    p.name = name;
    p.kind = u"openai"_s;
    p.baseUrl = u"https://"_s + id + u".example/v1"_s;
    p.createdAt = p.updatedAt = 1;
    return p;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
}

// Waits for a callback's value; nullopt when it never came.
template<typename T> std::optional<T> await(const std::function<void(std::function<void(T)>)> &call)
{
    std::optional<T> out;
    call([&](T value) { out.emplace(std::move(value)); });
    if (!QTest::qWaitFor([&] { return out.has_value(); }, 10000))
        return std::nullopt;
    return out;
}

} // namespace

// The services the Settings pages ask instead of the store, over a real AppContext (temporary
// data dir, real SQLite, secrets in memory), without widgets.
class TestSettingsServices final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void settingsLoadAndSave()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        SettingsService &service = f.context->settingsService();
        QCOMPARE(&service, &f.context->settingsService()); // one per context
        QSignalSpy saved(&service, &SettingsService::saved);
        const Settings::Values values {{QString(Settings::Keys::historyCountCap.key), u"80"_s},
                                       {QString(Settings::Keys::memoryReviewRequired.key), u"false"_s}};
        const auto status = await<Status>([&](auto done) { service.save(values, this, done); });
        QVERIFY(status && status->ok());
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved.at(0).at(0).value<Settings::Values>(), values);
        const auto loaded = await<Result<Settings::Values>>([&](auto done) { service.load(this, done); });
        QVERIFY(loaded && loaded->ok());
        QCOMPARE(Settings::ContextDefaults::from(loaded->value()).historyCountCap, 80);
        QVERIFY(!Settings::MemoryDefaults::from(loaded->value()).reviewRequired);

        // Without a context nothing is called back; the change is still announced.
        service.save({{QString(Settings::Keys::historyCountCap.key), u"90"_s}}, nullptr, {});
        QTRY_COMPARE(saved.size(), 2);
        QCOMPARE(Settings::ContextDefaults::from(f.store()->settings().all().value()).historyCountCap, 90);
    }

    void providersAndTheirKeys()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ProviderService &service = f.context->providerService();
        QSignalSpy changed(&service, &ProviderService::changed);
        ProviderConfig a = provider(u"a"_s, u"Alpha"_s);
        a.apiKey = ApiKeyState::None;
        for (const ProviderConfig &p : {a, provider(u"b"_s, u"Beta"_s)}) {
            const auto saved = await<Status>([&](auto done) { service.save(p, this, done); });
            QVERIFY(saved && saved->ok());
        }
        QCOMPARE(changed.size(), 2);
        auto listed = await<Result<QList<ProviderConfig>>>([&](auto done) { service.list(this, done); });
        QVERIFY(listed && listed->ok());
        QCOMPARE(listed->value().size(), 2);
        QCOMPARE(listed->value().at(0).name, u"Alpha"_s);

        // Keys go to the SecretStore only.
        QCOMPARE(service.storedKeyState(), ApiKeyState::Keychain);
        const auto stored
            = await<SecretResult>([&](auto done) { service.storeKey(u"b"_s, u"sk-secret-b"_s, this, done); });
        QVERIFY(stored && stored->ok());
        QString kept;
        f.secrets->read(ProviderKinds::secretKey(u"b"_s), this, [&](const SecretResult &r) { kept = r.value; });
        QTRY_COMPARE(kept, u"sk-secret-b"_s);
        ProviderConfig b = provider(u"b"_s, u"Beta"_s);
        b.apiKey = ApiKeyState::Unknown;
        const auto read = await<SecretResult>([&](auto done) { service.readKey(b, this, done); });
        QVERIFY(read && read->ok());
        QCOMPARE(read->value, u"sk-secret-b"_s);
        QCOMPARE(service.learnedKeyState(b, *read), std::optional(ApiKeyState::Keychain));
        // A provider recorded without a key does not ask the keychain, even a broken one.
        f.secrets->simulateUnavailable(u"locked"_s);
        const auto none = await<SecretResult>([&](auto done) { service.readKey(a, this, done); });
        QVERIFY(none);
        QCOMPARE(none->status, SecretResult::Status::NotFound);
        QCOMPARE(service.keyAvailability(), SecretStore::Availability::Unavailable);
        QCOMPARE(service.keyAvailabilityReason(), u"locked"_s);

        const auto removed = await<Status>([&](auto done) { service.remove(u"a"_s, this, done); });
        QVERIFY(removed && removed->ok());
        QCOMPARE(changed.size(), 3);
        QCOMPARE(f.store()->providers().list().value().size(), 1);

        // A check is owned by its parent and reports once.
        QObject owner;
        ProviderCheck *check = service.newCheck(b, &owner);
        QCOMPARE(check->parent(), &owner);
    }

    // A store that replaced the keychain (AppContext::setSecretStore) is the one used from then on.
    void followsTheSecretStore()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ProviderService &service = f.context->providerService();
        auto replacement = std::make_unique<MemorySecretStore>();
        MemorySecretStore *now = replacement.get();
        f.context->setSecretStore(std::move(replacement));
        QVERIFY(await<SecretResult>([&](auto done) { service.storeKey(u"x"_s, u"k"_s, this, done); })->ok());
        QString kept;
        now->read(ProviderKinds::secretKey(u"x"_s), this, [&](const SecretResult &r) { kept = r.value; });
        QTRY_COMPARE(kept, u"k"_s);
    }

    void mcpServersKeepTheirSecretsApart()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        McpServerService &service = f.context->mcpServerService();
        QSignalSpy changed(&service, &McpServerService::changed);
        McpServerConfig server;
        server.name = u"files"_s;
        server.command = u"npx"_s;
        server.env.insert(u"FS_TOKEN"_s, u"tok-123456"_s);
        QVERIFY(await<Status>([&](auto done) { service.save({server}, this, done); })->ok());
        QCOMPARE(changed.size(), 1);
        const QString stored = Settings::value(f.store()->settings().all().value(), Settings::Keys::mcpServers);
        QVERIFY(stored.contains(u"FS_TOKEN"_s));
        QVERIFY(!stored.contains(u"tok-123456"_s));
        QVERIFY(await<SecretResult>([&](auto done) { service.storeSecrets(server, this, done); })->ok());
        QString secret;
        f.secrets->read(McpServerStore::secretKey(u"files"_s), this, [&](const SecretResult &r) { secret = r.value; });
        QTRY_VERIFY(secret.contains(u"tok-123456"_s));
        QVERIFY(await<SecretResult>([&](auto done) { service.removeSecrets(u"files"_s, this, done); })->ok());
        QVERIFY(service.logPath(u"files"_s).startsWith(f.tmp.path()));

        const QString file = f.tmp.filePath(u"servers.json"_s);
        QVERIFY(writeFile(file, R"({"mcpServers": {"git": {"command": "uvx"}, "bad name!": {"command": "x"}}})"));
        const auto parsed = await<McpConfigParseResult>([&](auto done) { service.readFile(file, this, done); });
        QVERIFY(parsed);
        QCOMPARE(parsed->servers.size(), 1);
        QCOMPARE(parsed->servers.at(0).name, u"git"_s);
        QCOMPARE(parsed->errors.size(), 1);
    }

    void approvalsRevoked()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        const QList<Settings::ToolApproval> approvals {{u"files__write_file"_s, u"h1"_s, 1},
                                                       {u"shell__run"_s, u"h2"_s, 2}};
        QVERIFY(f.store()
                    ->settings()
                    .set(QString(Settings::Keys::toolApprovals.key), Settings::toolApprovalsJson(approvals))
                    .ok());
        ApprovalService &service = f.context->approvalService();
        QSignalSpy changed(&service, &ApprovalService::changed);
        QVERIFY(await<Status>([&](auto done) { service.revoke({u"shell__run"_s}, this, done); })->ok());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(Settings::toolApprovals(
                     Settings::value(f.store()->settings().all().value(), Settings::Keys::toolApprovals)),
                 QList<Settings::ToolApproval> {approvals.at(0)});
    }

    void backupExportImport()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        QVERIFY(f.store()->providers().save(provider(u"a"_s, u"Alpha"_s)).ok());
        DataService &service = f.context->dataService();
        QCOMPARE(service.backupDir(), f.tmp.filePath(u"backups"_s));
        const auto backup = await<Result<QString>>([&](auto done) { service.backUp(this, done); });
        QVERIFY(backup && backup->ok());
        QVERIFY(backup->value().startsWith(service.backupDir()));
        QVERIFY(QFileInfo(backup->value()).size() > 0);

        const QString archive = f.tmp.filePath(u"all.json"_s);
        const auto exported = await<Result<qint64>>([&](auto done) { service.exportAll(archive, this, done); });
        QVERIFY(exported && exported->ok());
        QCOMPARE(QFileInfo(archive).size(), exported->value());

        QSignalSpy imported(&service, &DataService::imported);
        const QString bad = f.tmp.filePath(u"bad.json"_s);
        QVERIFY(writeFile(bad, R"({"format": "skein.archive/1", "sessions": [{"id": 5}]})"));
        using Report = Result<Exchange::ImportReport>;
        const auto refused = await<Report>([&](auto done) { service.importFile(bad, this, done); });
        QVERIFY(refused && !refused->ok());
        QCOMPARE(imported.size(), 0);
        // The archive of this very database: everything is here already, nothing is added.
        const auto again = await<Report>([&](auto done) { service.importFile(archive, this, done); });
        QVERIFY2(again && again->ok(), again && !again->ok() ? qPrintable(again->error().message) : "no answer");
        QCOMPARE(again->value().format, u"skein"_s);
        QCOMPARE(again->value().providersAlreadyPresent, 1);
        QCOMPARE(again->value().providersImported, 0);
        QCOMPARE(imported.size(), 0);
        QCOMPARE(f.store()->providers().list().value().size(), 1); // nothing duplicated
    }
};

SKEIN_CORE_TEST_MAIN(TestSettingsServices)
#include "tst_settingsservices.moc"
