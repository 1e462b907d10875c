// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// One MCP answer over stdio is bounded (64 MiB, docs/security.md "Bounded answers"): a server that
// writes an endless line cannot make Skein hold it all. The overlong line is dropped whole, the
// drop is reported once, and the messages after it still arrive.
#include "engine/tools/mcpstdiotransport.h"
#include "testsupport.h"

#include <QTest>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestMcpFraming final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void messagesAcrossReads()
    {
        McpLineFramer framer;
        QVERIFY(framer.feed("{\"jsonrpc\":\"2.0\",\"id\":1,").isEmpty());
        const QList<McpLineFramer::Line> lines = framer.feed("\"result\":{}}\n\nnot json\n{\"jsonrpc\":");
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.at(0).valid);
        QCOMPARE(lines.at(0).message.value(u"id"_s).toInt(), 1);
        QVERIFY(!lines.at(1).valid);
        QCOMPARE(lines.at(1).raw, QByteArray("not json"));
        QVERIFY(!framer.takeOverflow());
    }

    void answerOverTheLimitIsDroppedAndTheNextArrives()
    {
        McpLineFramer framer;
        const QByteArray chunk(1 << 20, 'x'); // 1 MiB reads, as from a pipe
        qsizetype fed = 0;
        bool dropped = false;
        while (fed <= McpLineFramer::maxMessageBytes) {
            QVERIFY(framer.feed(chunk).isEmpty());
            fed += chunk.size();
            dropped = dropped || framer.takeOverflow();
        }
        QVERIFY2(dropped, "an unterminated line past 64 MiB must be dropped");
        QVERIFY(!framer.takeOverflow()); // reported once
        // The end of the endless line, then a real answer: the answer arrives intact.
        const QList<McpLineFramer::Line> lines = framer.feed("xxxx\n{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n");
        QVERIFY(!lines.isEmpty());
        QVERIFY(lines.last().valid);
        QCOMPARE(lines.last().message.value(u"id"_s).toInt(), 7);
    }

    void answerOfExactlyTheLimitIsKept()
    {
        McpLineFramer framer;
        // {"jsonrpc":"2.0","id":3,"result":{"text":"xxxx…"}} of exactly maxMessageBytes bytes.
        const QByteArray head = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"text\":\"";
        const QByteArray tail = "\"}}";
        QByteArray message = head;
        message += QByteArray(McpLineFramer::maxMessageBytes - head.size() - tail.size(), 'y');
        message += tail;
        QCOMPARE(message.size(), McpLineFramer::maxMessageBytes);
        QList<McpLineFramer::Line> lines;
        for (qsizetype at = 0; at < message.size(); at += 1 << 20)
            lines += framer.feed(QByteArrayView(message).mid(at, 1 << 20));
        QVERIFY(!framer.takeOverflow());
        lines += framer.feed("\n");
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines.at(0).valid);
        QCOMPARE(lines.at(0).message.value(u"result"_s).toObject().value(u"text"_s).toString().size(),
                 McpLineFramer::maxMessageBytes - head.size() - tail.size());
    }
};

SKEIN_CORE_TEST_MAIN(TestMcpFraming)
#include "tst_mcpframing.moc"
