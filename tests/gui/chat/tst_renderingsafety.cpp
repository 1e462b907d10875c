// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// SPEC §7 for the chat view: rendering untrusted text never loads a resource and never opens a
// URL by itself. 100+ hostile payloads (markdown and HTML images with query strings, file:,
// data:, qrc:, javascript: links, huge lines, deep nesting) go through the real ThreadModel ->
// ChatView -> MessageDelegate -> MarkdownRenderer path and are painted; a canary HTTP server
// on loopback must see no connection, documents must hold no resource, the injected link
// opener must never be reached without the user's confirmation, and each render is bounded.
#include "gui/chatview.h"
#include "gui/linkopener.h"
#include "gui/markdownrenderer.h"
#include "gui/safetextdocument.h"
#include "models/threadmodel.h"
#include "testsupport.h"
#include "threadfixture.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QElapsedTimer>
#include <QPainter>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextTable>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QStringList targets(quint16 port, const QString &canaryFile)
{
    const QString host = u"127.0.0.1:%1"_s.arg(port);
    return {
        u"http://%1/pixel.png?user=alice&token=s3cr3t"_s.arg(host),
        u"https://%1/track.gif?id=42"_s.arg(host),
        u"//%1/protocol-relative.png"_s.arg(host),
        u"file://"_s + canaryFile,
        u"file:///etc/passwd"_s,
        u"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="_s,
        u"qrc:/icons/skein.svg"_s,
        u"javascript:alert(document.cookie)"_s,
        u"ftp://%1/file"_s.arg(host),
        u"\\\\%1\\share\\x.png"_s.arg(host)};
}

QStringList templates()
{
    return {u"![alt text](%1)"_s,
            u"[click me](%1)"_s,
            u"![ref][r]\n\n[r]: %1"_s,
            u"<%1>"_s,
            u"<img src=\"%1\" width=100>"_s,
            u"<a href=\"%1\">html link</a>"_s,
            u"<iframe src=\"%1\"></iframe>"_s,
            u"<link rel=stylesheet href=\"%1\">"_s,
            u"<style>@import url(%1); body { background: url(%1) }</style>"_s,
            u"<table background=\"%1\"><tr><td>x</td></tr></table>"_s,
            u"[![badge](%1)](%1)"_s,
            u"- item ![i](%1)\n  - nested [l](%1)\n> quote ![q](%1)"_s};
}

QStringList extremes(quint16 port)
{
    const QString img = u"![x](http://127.0.0.1:%1/a.png?q=1)"_s.arg(port);
    QStringList out;
    out << QString(200000, u'a'); // one huge line
    out << u"```\n"_s + QString(100000, u'x') + u"\n```"_s; // huge code line
    QString nested;
    for (int i = 0; i < 300; ++i)
        nested += QString(i * 2, u' ') + u"- level %1 "_s.arg(i) + img + u"\n"_s;
    out << nested; // deeply nested list
    out << QString(500, u'>') + u" deep quote "_s + img; // deeply nested quote
    QString many;
    for (int i = 0; i < 2000; ++i)
        many += img + u" "_s;
    out << many; // many images
    QString table = u"|"_s;
    for (int i = 0; i < 150; ++i)
        table += u" h%1 |"_s.arg(i);
    table += u"\n|"_s + QString(150, u'-').replace(u"-"_s, u"---|"_s) + u"\n|"_s;
    for (int i = 0; i < 150; ++i)
        table += u" "_s + img + u" |"_s;
    out << table; // wide table of images
    out << u"```python\n"_s + u"print('unclosed fence')\n"_s.repeated(2000);
    out << u"\u202e\u200b\ufeff RTL override ![x](http://127.0.0.1:%1/rtl.png)"_s.arg(port);
    QString links;
    for (int i = 0; i < 3000; ++i)
        links += u"[l%1](javascript:void(%1)) "_s.arg(i);
    out << links;
    out << u"<img src=x onerror=alert(1)><script>fetch('http://127.0.0.1:%1/')</script>"_s.arg(port);
    return out;
}

} // namespace

class TestRenderingSafety final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hostilePayloadsFetchNothingAndOpenNothing()
    {
        QTcpServer canary;
        QVERIFY(canary.listen(QHostAddress::LocalHost));
        int connections = 0;
        connect(&canary, &QTcpServer::newConnection, this, [&] {
            ++connections;
            delete canary.nextPendingConnection();
        });
        QTemporaryDir tmp;
        const QString canaryFile = tmp.filePath(u"canary.png"_s);

        QStringList payloads;
        for (const QString &t : templates())
            for (const QString &target : targets(canary.serverPort(), canaryFile))
                payloads << t.arg(target);
        payloads << extremes(canary.serverPort());
        QVERIFY(payloads.size() >= 100);

        Test::ThreadFixture thread;
        ThreadModel &model = thread.model;
        ChatView view;
        LinkOpener opener;
        int asked = 0;
        int opened = 0;
        int refused = 0;
        opener.setConfirm([&](QWidget *, const QUrl &, std::function<void(bool)> answer) {
            ++asked;
            answer(false); // the user says no
        });
        opener.setOpener([&](const QUrl &) {
            ++opened;
            return true;
        });
        connect(&opener, &LinkOpener::refused, this, [&] { ++refused; });
        view.setLinkOpener(&opener);
        view.setThreadModel(&model);
        view.resize(600, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        qint64 worst = 0;
        int linksClicked = 0;
        for (int i = 0; i < payloads.size(); ++i) {
            Message m = Message::create(u"s"_s, {}, Role::Assistant, payloads.at(i));
            m.reasoning = payloads.at(i).left(2000);
            QElapsedTimer timer;
            timer.start();
            QVERIFY(thread.load({m}, m.id));
            view.messageDelegate()->toggle(m.id, u"r:"_s + m.id); // reasoning rendered too
            view.doItemsLayout();
            view.grab(); // paints every visible part
            const qint64 ms = timer.elapsed();
            worst = std::max(worst, ms);
            if (ms > 300)
                qInfo("payload %d: %lld ms", i, ms);
            QVERIFY2(ms < 2000, qPrintable(u"payload %1 took %2 ms"_s.arg(i).arg(ms)));

            // Click every link the user could click in the visible part of the message.
            const QModelIndex index = model.index(0);
            const QRect rect = view.visualRect(index).intersected(view.viewport()->rect());
            QSet<QString> seen;
            for (int y = rect.top(); y < rect.bottom() && seen.size() < 20; y += 4)
                for (int x = rect.left(); x < rect.right() && seen.size() < 20; x += 6) {
                    const MessageDelegate::Hit hit
                        = view.messageDelegate()->hitAt(index, view.visualRect(index), {x, y});
                    if (hit.action == MessageDelegate::Action::Link && !seen.contains(hit.data)) {
                        seen.insert(hit.data);
                        view.trigger(index, hit);
                        ++linksClicked;
                    }
                }
        }
        QTest::qWait(200); // a fetch would have connected by now
        QCOMPARE(connections, 0);
        QCOMPARE(opened, 0);
        QVERIFY(linksClicked >= 15);
        QVERIFY(refused > 0); // javascript:, file:, data: ... never even reach the dialog
        QVERIFY(asked > 0); // http(s) links asked first
        QVERIFY(asked + refused == linksClicked);
        QVERIFY(!QFile::exists(canaryFile));
        qInfo(
            "%lld payloads, worst render %lld ms, %d links clicked (%d refused, %d asked), %llu resource loads refused",
            qint64(payloads.size()), worst, linksClicked, refused, asked,
            static_cast<unsigned long long>(SafeTextDocument::refusedLoads()));
    }

    void documentsHoldNoResources()
    {
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        const QString md
            = u"![a](http://127.0.0.1:9/x.png?q=1) ![b](file:///etc/hostname) ![c](qrc:/icons/skein.svg)"_s;
        const std::unique_ptr<RenderedChunk> chunk = MarkdownRenderer::render(md, theme, 500);
        const QString text = chunk->document->toPlainText();
        QVERIFY2(text.contains(u"[image not loaded: http://127.0.0.1:9/x.png?q=1]"_s), qPrintable(text));
        QVERIFY(text.contains(u"file:///etc/hostname"_s));
        for (const char *url : {"http://127.0.0.1:9/x.png?q=1", "file:///etc/hostname", "qrc:/icons/skein.svg"})
            QVERIFY(chunk->document->resource(QTextDocument::ImageResource, QUrl(QString::fromLatin1(url))).isNull());
        // The document itself refuses any load, also when asked directly.
        SafeTextDocument doc;
        const quint64 before = SafeTextDocument::refusedLoads();
        doc.setHtml(u"<img src=\"qrc:/icons/skein.svg\"><img src=\"file:///etc/hostname\">"_s);
        doc.setTextWidth(300);
        doc.documentLayout()->documentSize();
        QImage image(300, 100, QImage::Format_ARGB32);
        QPainter painter(&image);
        doc.drawContents(&painter);
        painter.end();
        QVERIFY(SafeTextDocument::refusedLoads() > before);
        QVERIFY(doc.resource(QTextDocument::ImageResource, QUrl(u"qrc:/icons/skein.svg"_s)).isNull());
    }

    void onlyWebAndMailLinksOpenAfterConfirmation()
    {
        LinkOpener opener;
        QList<QUrl> asked, opened;
        opener.setConfirm([&](QWidget *, const QUrl &url, std::function<void(bool)> answer) {
            asked << url;
            answer(true);
        });
        opener.setOpener([&](const QUrl &url) {
            opened << url;
            return true;
        });
        const QStringList allowed {u"https://example.com/a?b=c#d"_s, u"http://example.org/"_s,
                                   u"mailto:someone@example.com"_s};
        const QStringList denied {u"javascript:alert(1)"_s,  u"file:///etc/passwd"_s, u"data:text/html,<b>x</b>"_s,
                                  u"qrc:/icons/skein.svg"_s, u"ftp://example.com/"_s, u"smb://host/share"_s,
                                  u"vbscript:msgbox"_s,      u"about:blank"_s,        u"http:///nohost"_s,
                                  u"relative/path"_s};
        for (const QString &u : allowed + denied)
            opener.open(QUrl(u, QUrl::StrictMode), nullptr);
        QCOMPARE(asked.size(), allowed.size());
        QCOMPARE(opened, asked);
        for (int i = 0; i < allowed.size(); ++i)
            QCOMPARE(opened.at(i), QUrl(allowed.at(i)));

        // Issue #13 item 14: a mail link cannot attach a file or write the mail's body; what the
        // dialog shows is what opens (on f279e63 attach= and body= reached the mail program).
        asked.clear();
        opened.clear();
        opener.open(QUrl(u"mailto:a@example.com?subject=Hi&body=Send%20me%20your%20keys&attach=/home/u/.ssh/id_rsa"
                         u"&Attachment=%2Fetc%2Fshadow"_s),
                    nullptr);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.at(0).toString(), u"mailto:a@example.com?subject=Hi"_s);
        QCOMPARE(opened, asked);
        opener.open(QUrl(u"mailto:b@example.com?attach=/etc/passwd"_s), nullptr);
        QCOMPARE(opened.last().toString(), u"mailto:b@example.com"_s);
    }

    void codeFencesAreHighlightedAndCopyable()
    {
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        const QString md = u"Intro\n\n```cpp\nint main() { return 0; } // done\n```\n\nafter"_s;
        const std::unique_ptr<RenderedChunk> chunk = MarkdownRenderer::render(md, theme, 500);
        QCOMPARE(chunk->codeBlocks.size(), 1);
        QCOMPARE(chunk->codeBlocks.at(0).language, u"cpp"_s);
        QCOMPARE(chunk->codeBlocks.at(0).text, u"int main() { return 0; } // done"_s);
        const QTextBlock block = chunk->document->findBlockByNumber(chunk->codeBlocks.at(0).firstBlock);
        QSet<QRgb> colours;
        for (auto it = block.begin(); !it.atEnd(); ++it)
            colours.insert(it.fragment().charFormat().foreground().color().rgb());
        QVERIFY2(colours.size() >= 2, "keywords, numbers and comments get their own colours");

        // Tables get visible rules.
        const std::unique_ptr<RenderedChunk> table
            = MarkdownRenderer::render(u"| a | b |\n|---|---|\n| 1 | 2 |\n"_s, theme, 500);
        QTextTable *found = nullptr;
        for (QTextFrame *frame : table->document->rootFrame()->childFrames())
            if (auto *t = qobject_cast<QTextTable *>(frame))
                found = t;
        QVERIFY(found);
        QCOMPARE(found->rows(), 2);
        QCOMPARE(found->format().border(), 1.0);
    }

    void chunksSplitOutsideFencesOnly()
    {
        const QString md = u"para one\n\n```\ncode\n\nstill code\n```\n\n- a\n\n- b\n\npara two"_s;
        const QStringList chunks = MarkdownRenderer::splitChunks(md);
        QCOMPARE(chunks.size(), 4);
        QVERIFY(chunks.at(1).contains(u"still code"_s));
        QVERIFY(chunks.at(2).contains(u"- a"_s) && chunks.at(2).contains(u"- b"_s));
        // Every streamed prefix renders to the same text as a fresh full render of it.
        const RenderTheme theme = RenderTheme::fromPalette(QApplication::palette(), QApplication::font());
        for (int n = 1; n <= md.size(); n += 5) {
            const QString prefix = md.left(n);
            QString pieces;
            for (const QString &c : MarkdownRenderer::splitChunks(prefix))
                pieces += MarkdownRenderer::render(c, theme, 400)->document->toPlainText().trimmed() + u"\n"_s;
            const QString whole = MarkdownRenderer::render(prefix, theme, 400)->document->toPlainText();
            QCOMPARE(pieces.simplified(), whole.simplified());
        }
    }
};

SKEIN_TEST_MAIN(TestRenderingSafety, QApplication)
#include "tst_renderingsafety.moc"
