// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/providers/providerkinds.h"
#include "gui/settings/firstrundialog.h"
#include "gui/settings/settingsdialog.h"
#include "llm/localserverprobe.h"
#include "replayserver.h"
#include "settingsfixture.h"
#include "storage/providerrepository.h"
#include "testsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

// First run: local servers detected on (injected) ports, and adding a provider from the page.
class TestFirstRun final : public QObject
{
    Q_OBJECT

    static quint16 closedPort()
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost))
            return 0;
        const quint16 port = probe.serverPort();
        probe.close();
        return port;
    }

    // An LM Studio-like server (OpenAI /v1/models) on a ReplayServer, and llama.cpp + Ollama on
    // ports where nothing listens.
    static QList<LocalServerProbe::Server> servers(const ReplayServer &running)
    {
        QList<LocalServerProbe::Server> list = LocalServerProbe::defaultServers();
        for (LocalServerProbe::Server &s : list) {
            if (s.presetId == u"lmstudio")
                s.baseUrl = running.url(u"/v1"_s);
            else
                s.baseUrl = QUrl(u"http://127.0.0.1:%1%2"_s.arg(closedPort()).arg(s.baseUrl.path()));
        }
        return list;
    }

    static void serveModels(ReplayServer &server)
    {
        server.route("GET", "/v1/models",
                     {ReplayResponse::fromBytes(
                         200, R"({"data":[{"id":"qwen2.5-7b-instruct"},{"id":"llama-3.2-3b"},{"id":"phi-4"}]})",
                         "application/json")});
    }

private Q_SLOTS:
    void defaultPortsAreTheWellKnownOnes()
    {
        QStringList found;
        for (const LocalServerProbe::Server &s : LocalServerProbe::defaultServers())
            found << s.presetId + u":"_s + QString::number(s.baseUrl.port());
        QCOMPARE(found, (QStringList {u"ollama:11434"_s, u"llamacpp:8080"_s, u"lmstudio:1234"_s}));
    }

    void probeFindsTheRunningServer()
    {
        ReplayServer server;
        QVERIFY(server.listen());
        serveModels(server);
        QNetworkAccessManager network;
        LocalServerProbe probe(&network);
        probe.setServers(servers(server));
        QSignalSpy finished(&probe, &LocalServerProbe::finished);
        QElapsedTimer clock;
        clock.start();
        probe.start();
        QVERIFY(finished.wait(10000));
        QVERIFY(clock.elapsed() < 5000);
        for (const LocalServerProbe::Server &s : probe.servers()) {
            if (s.presetId == u"lmstudio") {
                QCOMPARE(s.state, LocalServerProbe::Server::State::Running);
                QCOMPARE(s.models.size(), 3);
            } else {
                QCOMPARE(s.state, LocalServerProbe::Server::State::NotRunning);
            }
        }
        QVERIFY(server.requestCount() >= 1);
    }

    void probeGivesUpOnASilentServer()
    {
        // Accepts connections and never answers.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QNetworkAccessManager network;
        LocalServerProbe probe(&network);
        LocalServerProbe::Server s = LocalServerProbe::defaultServers().first();
        s.baseUrl = QUrl(u"http://127.0.0.1:%1"_s.arg(silent.serverPort()));
        probe.setServers({s});
        probe.setTimeout(300);
        QSignalSpy finished(&probe, &LocalServerProbe::finished);
        probe.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(probe.servers().at(0).state, LocalServerProbe::Server::State::NotRunning);
    }

    void useADetectedServer()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        ReplayServer server;
        QVERIFY(server.listen());
        serveModels(server);
        auto *probe = new LocalServerProbe(f.context->network());
        probe->setServers(servers(server));
        FirstRunDialog dialog(*f.context, probe);
        dialog.show();
        auto *use = dialog.findChild<QPushButton *>(u"useLocal_lmstudio"_s);
        QVERIFY(use);
        QTRY_VERIFY(use->isEnabled());
        QTRY_VERIFY(dialog.findChild<QLabel *>(u"localState_lmstudio"_s)->text().contains(u"3 model"_s));
        QTRY_COMPARE(dialog.findChild<QLabel *>(u"localState_ollama"_s)->text(), u"Not running"_s);
        QVERIFY(!dialog.findChild<QPushButton *>(u"useLocal_ollama"_s)->isEnabled());
        QSignalSpy added(&dialog, &FirstRunDialog::providerAdded);
        use->click();
        QVERIFY(added.wait(10000));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const QList<ProviderConfig> stored = f.store()->providers().list().value();
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored.at(0).id, added.at(0).at(0).toString());
        QCOMPARE(stored.at(0).name, u"LM Studio"_s);
        QCOMPARE(stored.at(0).baseUrl, server.url(u"/v1"_s).toString());
        QCOMPARE(stored.at(0).models.size(), 3);
        QCOMPARE(stored.at(0).defaultModel, u"qwen2.5-7b-instruct"_s);
    }

    void addACloudProviderWithItsKey()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        auto *probe = new LocalServerProbe(f.context->network());
        probe->setServers({});
        FirstRunDialog dialog(*f.context, probe);
        dialog.show();
        auto *preset = dialog.findChild<QComboBox *>(u"cloudPreset"_s);
        QVERIFY(preset->count() >= 9);
        for (int i = 0; i < preset->count(); ++i)
            QVERIFY(preset->itemText(i) != u"Ollama"_s);
        preset->setCurrentIndex(preset->findData(u"anthropic"_s));
        auto *add = dialog.findChild<QPushButton *>(u"addCloudButton"_s);
        QVERIFY(!add->isEnabled());
        dialog.findChild<QLineEdit *>(u"cloudApiKey"_s)->setText(u"sk-ant-first-run"_s);
        QSignalSpy added(&dialog, &FirstRunDialog::providerAdded);
        add->click();
        QVERIFY(added.wait(10000));
        const QList<ProviderConfig> stored = f.store()->providers().list().value();
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored.at(0).kind, u"anthropic"_s);
        QString key;
        f.secrets->read(ProviderKinds::secretKey(stored.at(0).id), this, [&](const SecretResult &r) { key = r.value; });
        QTRY_COMPARE(key, u"sk-ant-first-run"_s);
    }

    void shownOnlyWithoutProviders()
    {
        SettingsFixture f;
        QVERIFY(f.open());
        QWidget window;
        window.show();
        showFirstRunIfNeeded(*f.context, &window);
        FirstRunDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<FirstRunDialog *>()));
        QTRY_VERIFY(dialog->isVisible());
        // "More Settings…" opens the Settings dialog on the Providers page.
        dialog->findChild<QPushButton *>(u"firstRunSettingsButton"_s)->click();
        SettingsDialog *settings = nullptr;
        QTRY_VERIFY((settings = window.findChild<SettingsDialog *>()));
        QVERIFY(settings->isVisible());
        settings->close();

        ProviderConfig p;
        p.id = u"p1"_s;
        p.name = u"Existing"_s;
        p.kind = u"openai"_s;
        p.baseUrl = u"https://api.openai.com/v1"_s;
        QVERIFY(f.store()->providers().save(p).ok());
        QWidget other;
        other.show();
        showFirstRunIfNeeded(*f.context, &other);
        QTest::qWait(300);
        QVERIFY(!other.findChild<FirstRunDialog *>());
    }
};

SKEIN_TEST_MAIN(TestFirstRun, QApplication)
#include "tst_firstrun.moc"
