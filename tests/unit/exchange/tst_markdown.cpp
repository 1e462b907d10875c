// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/message.h"
#include "core/domain/session.h"
#include "storage/exchange/markdownexport.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Skein;

class TestMarkdown final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void activeBranchAsMarkdown()
    {
        Session s = Session::create(QStringLiteral("Sorting in C++"));
        s.systemPrompt = QStringLiteral("You are terse.");
        Message user = Message::create(s.id, {}, Role::User, QStringLiteral("How do I sort a vector?"));
        Message assistant
            = Message::create(s.id, user.id, Role::Assistant,
                              QStringLiteral("Use std::sort:\n\n```cpp\nstd::sort(v.begin(), v.end());\n```\n"));
        assistant.model = QStringLiteral("gpt-4o");
        assistant.reasoning = QStringLiteral("The user wants the standard algorithm.");
        assistant.toolCalls = QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("call_1")},
                                                       {QStringLiteral("name"), QStringLiteral("calculator")},
                                                       {QStringLiteral("arguments"), QStringLiteral("{\"x\":1}")}}};
        Message tool = Message::create(s.id, assistant.id, Role::Tool, QStringLiteral("result with ``` fence"));
        tool.toolName = QStringLiteral("calculator");
        tool.toolCallId = QStringLiteral("call_1");
        Message cut = Message::create(s.id, tool.id, Role::Assistant, QStringLiteral("Partial"));
        cut.status = MessageStatus::Interrupted;

        const QString md = Exchange::toMarkdown(s, {user, assistant, tool, cut});
        QVERIFY(md.startsWith(QLatin1String("# Sorting in C++\n")));
        QVERIFY(md.contains(QLatin1String("## User\n\nHow do I sort a vector?")));
        QVERIFY(md.contains(QLatin1String("## Assistant (gpt-4o)")));
        QVERIFY(md.contains(QLatin1String("```cpp\nstd::sort(v.begin(), v.end());\n```")));
        QVERIFY(md.contains(QLatin1String("<details><summary>Reasoning</summary>")));
        QVERIFY(md.contains(QLatin1String("<details><summary>Tool call: calculator</summary>")));
        QVERIFY(md.contains(QLatin1String("\"x\": 1")));
        // A tool result containing a fence is wrapped in a longer fence so it cannot break out.
        QVERIFY(md.contains(QLatin1String("````\nresult with ``` fence\n````")));
        QVERIFY(md.contains(QLatin1String("*(interrupted)*")));
        QVERIFY(md.contains(QLatin1String("You are terse.")));
        QVERIFY(md.indexOf(QLatin1String("## User")) < md.indexOf(QLatin1String("## Assistant")));
    }

    // Issue #13 item 14: opening an export in a Markdown viewer loads nothing and runs nothing. On
    // f279e63 the raw HTML and the remote image below were written as they came.
    void htmlAndRemoteImagesAreInert()
    {
        Session s = Session::create(QStringLiteral("<img src=\"https://t.example/title.gif\">Plans"));
        const QString text = QStringLiteral(
            "Look: <img src=\"https://t.example/pixel.gif\"> and <iframe src=\"https://evil.example\"></iframe>\n"
            "![chart](https://t.example/chart.png) ![local](chart.png)\n"
            "Inline `a < b` stays code.\n\n```html\n<b>kept in the fence</b>\n```\n");
        Message user = Message::create(s.id, {}, Role::User, QStringLiteral("Draw it"));
        Message reply = Message::create(s.id, user.id, Role::Assistant, text);
        reply.reasoning = QStringLiteral("<script>alert(1)</script>");
        const QString md = Exchange::toMarkdown(s, {user, reply});
        QVERIFY2(!md.contains(QLatin1String("<img")), qPrintable(md));
        QVERIFY2(!md.contains(QLatin1String("<iframe")), qPrintable(md));
        QVERIFY2(!md.contains(QLatin1String("<script")), qPrintable(md));
        QVERIFY(md.contains(QLatin1String("&lt;img src=\"https://t.example/pixel.gif\">")));
        QVERIFY2(md.contains(QLatin1String("[image: chart](https://t.example/chart.png)")), qPrintable(md));
        QVERIFY2(!md.contains(QLatin1String("![chart]")), qPrintable(md));
        QVERIFY(md.contains(QLatin1String("![local](chart.png)"))); // nothing remote to fetch
        QVERIFY(md.contains(QLatin1String("`a < b`")));
        QVERIFY(md.contains(QLatin1String("```html\n<b>kept in the fence</b>\n```")));
        QVERIFY(md.startsWith(QLatin1String("# &lt;img")));
    }
};

SKEIN_CORE_TEST_MAIN(TestMarkdown)
#include "tst_markdown.moc"
