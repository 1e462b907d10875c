// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/settings/providercheck.h"
#include "models/plaintooltip.h"
#include "models/settings/mcpserverlistmodel.h"
#include "models/settings/modelinfotablemodel.h"
#include "models/settings/providerlistmodel.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QSignalSpy>

using namespace Skein;
using namespace Qt::StringLiterals;

// The Settings item models, checked by QAbstractItemModelTester through every change.
class TestSettingsModels final : public QObject
{
    Q_OBJECT

    static ProviderConfig provider(const QString &id, const QString &name)
    {
        ProviderConfig p;
        p.id = id;
        p.name = name;
        p.baseUrl = u"https://"_s + name.toLower() + u".example/v1"_s;
        return p;
    }

private Q_SLOTS:
    void providerListStaysSorted()
    {
        ProviderListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProviders({provider(u"2"_s, u"Zeta"_s), provider(u"1"_s, u"Alpha"_s)});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0).data().toString(), u"Alpha"_s);
        QCOMPARE(model.upsert(provider(u"3"_s, u"Mid"_s)), 1);
        // Renaming moves the row.
        QCOMPARE(model.upsert(provider(u"1"_s, u"Omega"_s)), 1);
        QStringList names;
        for (int i = 0; i < model.rowCount(); ++i)
            names << model.index(i).data().toString();
        QCOMPARE(names, (QStringList {u"Mid"_s, u"Omega"_s, u"Zeta"_s}));
        QCOMPARE(model.index(1).data(ProviderListModel::IdRole).toString(), u"1"_s);
        model.remove(u"3"_s);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf(u"3"_s), -1);
    }

    void modelTableEditsNumbers()
    {
        ModelInfoTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ModelInfo m;
        m.id = u"gpt-x"_s;
        m.contextWindow = 128000;
        model.setModels({m, ModelInfo {u"other"_s}});
        QSignalSpy edited(&model, &ModelInfoTableModel::edited);
        QVERIFY(!(model.flags(model.index(0, ModelInfoTableModel::Id)) & Qt::ItemIsEditable));
        QVERIFY(!model.setData(model.index(0, ModelInfoTableModel::Id), u"renamed"_s));
        QVERIFY(model.setData(model.index(0, ModelInfoTableModel::ContextWindow), 200000));
        QVERIFY(model.setData(model.index(0, ModelInfoTableModel::InputPrice), 2.5));
        QVERIFY(!model.setData(model.index(0, ModelInfoTableModel::OutputPrice), -1));
        QVERIFY(!model.setData(model.index(0, ModelInfoTableModel::MaxOutput), u"many"_s));
        QCOMPARE(edited.size(), 2);
        QCOMPARE(model.models().at(0).contextWindow, 200000);
        QCOMPARE(model.models().at(0).inputPricePerMTok, 2.5);
        QCOMPARE(model.index(1, ModelInfoTableModel::ContextWindow).data().toString(), u"unknown"_s);
    }

    void mcpListTogglesAndReplaces()
    {
        McpServerListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        McpServerConfig files;
        files.name = u"files"_s;
        files.command = u"npx"_s;
        files.args = {u"-y"_s, u"@modelcontextprotocol/server-filesystem"_s};
        McpServerConfig web;
        web.name = u"web"_s;
        web.transport = McpServerConfig::Transport::Http;
        web.url = QUrl(u"https://example.com/mcp"_s);
        QSignalSpy edited(&model, &McpServerListModel::edited);
        model.upsert(files);
        model.upsert(web);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0).data(McpServerListModel::DetailRole).toString(),
                 u"npx -y @modelcontextprotocol/server-filesystem"_s);
        // The tooltip shows the command line as text, whatever it holds (gui_untrustedtext).
        QCOMPARE(model.index(0).data(Qt::ToolTipRole).toString(),
                 plainToolTip(u"npx -y @modelcontextprotocol/server-filesystem"_s));
        QVERIFY(model.setData(model.index(1), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(model.servers().at(1).disabled);
        QCOMPARE(model.index(1).data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        files.args = {u"other"_s};
        QCOMPARE(model.upsert(files), 0);
        QCOMPARE(model.rowCount(), 2);
        model.removeRow(0);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(edited.size(), 5);
    }

    void mergeKeepsUserNumbers()
    {
        ModelInfo mine {u"a"_s, 1000, 0, 9.0, 0.0, 0.0};
        QList<ModelInfo> stored {mine};
        ProviderCheck::mergeModels(stored,
                                   {ModelInfo {u"a"_s, 5000, 100, 1.0, 2.0, 0.5}, ModelInfo {u"b"_s, 7, 0, 0, 0, 0}});
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.at(0).contextWindow, 1000); // the user's number stays
        QCOMPARE(stored.at(0).inputPricePerMTok, 9.0);
        QCOMPARE(stored.at(0).maxOutputTokens, 100); // a gap is filled
        QCOMPARE(stored.at(0).outputPricePerMTok, 2.0);
        QCOMPARE(stored.at(1).id, u"b"_s);
    }
};

SKEIN_CORE_TEST_MAIN(TestSettingsModels)
#include "tst_settingsmodels.moc"
