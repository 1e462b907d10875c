// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The reading exports (issue #15): one self-contained HTML file per session that loads and runs
// nothing it was not written with, code coloured by KSyntaxHighlighting, every branch when asked;
// and a PDF of the active branch whose text Poppler reads back.

#include "core/domain/message.h"
#include "core/domain/session.h"
#include "randomtree.h"
#include "storage/exchange/htmlexport.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <poppler-qt6.h>

#include <QCryptographicHash>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace Skein;
using namespace Skein::Exchange;
using namespace Qt::StringLiterals;

namespace {

Message reply(const Session &s, const Message &parent, const QString &text, qint64 at)
{
    Message m = Message::create(s.id, parent.id, Role::Assistant, text);
    m.createdAt = at;
    m.model = u"model-a"_s;
    return m;
}

// A conversation with everything a reading export must handle, on one branch.
ReadableSession richSession()
{
    ReadableSession r;
    r.session = Session::create(u"<b>Plans</b> & sorting"_s);
    r.session.systemPrompt = u"You are terse. <script>alert(1)</script>"_s;
    Message user
        = Message::create(r.session.id, {}, Role::User,
                          u"Sort this, see [docs](javascript:alert(1)) and <iframe src=\"https://evil.example\">"_s);
    Message answer = reply(
        r.session, user,
        u"# Answer\n\nUse `std::sort` — see [cppreference](https://en.cppreference.com/w/cpp/algorithm/sort).\n\n"
        "```cpp\n#include <algorithm>\nint main() { return 0; }\n```\n\n"
        "| n | time |\n|---|---:|\n| 10 | 1 ms |\n\n"
        "- [x] done\n- [ ] open\n\n"
        "![chart](https://t.example/pixel.gif) and <img src=\"https://t.example/x.gif\">\n"_s,
        2000);
    answer.reasoning = u"The user wants **std::sort**."_s;
    answer.toolCalls = QJsonArray {
        QJsonObject {{u"id"_s, u"call_1"_s}, {u"name"_s, u"calculator"_s}, {u"arguments"_s, u"{\"x\":1}"_s}}};
    Message tool = Message::create(r.session.id, answer.id, Role::Tool, u"<script>x</script> 42"_s);
    tool.toolName = u"calculator"_s;
    tool.toolCallId = u"call_1"_s;
    Message cut = reply(r.session, tool, u"Partial 中文"_s, 3000);
    cut.status = MessageStatus::Interrupted;
    r.messages = {user, answer, tool, cut};
    r.session.activeLeafId = cut.id;
    return r;
}

// The script of an all-branches page must be the one its Content-Security-Policy allows.
QByteArray scriptOf(const QByteArray &html)
{
    const qsizetype start = html.indexOf("<script>");
    const qsizetype end = html.indexOf("</script>");
    return start < 0 || end < start ? QByteArray() : html.mid(start + 8, end - start - 8);
}

} // namespace

class TestHtmlExport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void untrustedTextLoadsAndRunsNothing()
    {
        const QByteArray html = toHtml(richSession());
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY2(!html.contains("<script"), html.constData()); // one branch: no script at all
        QVERIFY(!html.contains("<iframe"));
        QVERIFY(!html.contains("<img"));
        QVERIFY(!html.contains("src=\""));
        QVERIFY(!html.contains("href=\"javascript:"));
        QVERIFY(html.contains("&lt;iframe src=&quot;https://evil.example&quot;&gt;"));
        QVERIFY(html.contains("&lt;script&gt;x&lt;/script&gt; 42")); // the tool result, as text
        QVERIFY(html.contains("&lt;b&gt;Plans&lt;/b&gt; &amp; sorting"));
        // Images are named, not loaded; safe links are kept and do not leak the referrer.
        QVERIFY(html.contains("[image not included: chart \xE2\x80\x94 https://t.example/pixel.gif]"));
        QVERIFY(html.contains(
            "<a href=\"https://en.cppreference.com/w/cpp/algorithm/sort\" rel=\"noopener noreferrer nofollow\">"));
        QVERIFY(html.contains("<span>docs</span>"));
        // Nothing may be fetched, whatever slipped through.
        QVERIFY(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    }

    void markdownBecomesHtml()
    {
        const QByteArray html = toHtml(richSession());
        QVERIFY(html.contains("<h3>Answer</h3>")); // two levels down: title and speaker lines above
        QVERIFY(html.contains("<th style=\"text-align:right\">time</th>"));
        QVERIFY(html.contains("<li>\xE2\x98\x91 done</li>"));
        QVERIFY(html.contains("<li>\xE2\x98\x90 open</li>"));
        QVERIFY(html.contains("<code>std::sort</code>"));
        QVERIFY(html.contains("<details class=\"reasoning\"><summary>Reasoning</summary>\n<p>The user wants "
                              "<strong>std::sort</strong>.</p>"));
        QVERIFY(html.contains("<details class=\"call\"><summary>Tool call: calculator</summary>"));
        QVERIFY(html.contains("<p class=\"note\">(interrupted)</p>"));
        QVERIFY(html.contains("Partial 中文"));
        QVERIFY(html.contains("<details class=\"system\"><summary>System prompt</summary>"));
        QVERIFY(html.indexOf("Sort this") < html.indexOf("Use <code>"));
    }

    void codeIsHighlightedInLightAndDark()
    {
        const QByteArray html = toHtml(richSession());
        QVERIFY(html.contains("<div class=\"lang\">cpp</div>"));
        // "#include" is a preprocessor directive and "return" a keyword in KSyntaxHighlighting's C++.
        static const QRegularExpression keyword(u"<span class=\"(c\\d+)\">return</span>"_s);
        const QRegularExpressionMatch m = keyword.match(QString::fromUtf8(html));
        QVERIFY2(m.hasMatch(), html.constData());
        const QByteArray cls = m.captured(1).toLatin1();
        QVERIFY(html.contains(QByteArray("." + cls + "{color:#")));
        const qsizetype dark = html.indexOf("@media (prefers-color-scheme: dark){\n.c");
        QVERIFY(dark > 0);
        QVERIFY(html.indexOf(QByteArray("." + cls + "{color:#"), dark) > dark);
        QVERIFY(html.contains("&lt;algorithm&gt;")); // code is escaped too
        // JSON of a tool call is coloured as well.
        QVERIFY(html.indexOf("<span class=\"c", html.indexOf("Tool call: calculator")) > 0);

        HtmlOptions print;
        print.forPrint = true;
        const QByteArray forPrint = toHtml(richSession(), print);
        QVERIFY(forPrint.contains("<span style=\"color:#"));
        QVERIFY(!forPrint.contains("<details"));
        QVERIFY(!forPrint.contains("<script"));
        QVERIFY(forPrint.contains("<p class=\"label\">Reasoning</p>"));
    }

    // A stored tree: a regenerated reply and an edited question. The active branch alone, or every
    // message exactly once, forks folded, the active branch open and the rest closed.
    void branchesFromTheStore()
    {
        QTemporaryDir dir;
        Result<std::unique_ptr<Store>> opened = Store::open(Test::makeDir(dir.filePath(u"db"_s)));
        QVERIFY(opened);
        Store &store = *opened.value();
        Session s = Session::create(u"Tree"_s);
        QVERIFY(store.sessions().create(s));
        Message q1 = Message::create(s.id, {}, Role::User, u"first question"_s);
        q1.createdAt = 1000;
        Message a1 = reply(s, q1, u"first answer"_s, 2000);
        Message a1b = reply(s, q1, u"regenerated answer"_s, 3000);
        Message q2 = Message::create(s.id, a1b.id, Role::User, u"follow-up"_s);
        q2.createdAt = 4000;
        Message q2b = Message::create(s.id, a1b.id, Role::User, u"edited follow-up"_s);
        q2b.createdAt = 5000;
        Message a2 = reply(s, q2, u"answer to the follow-up"_s, 6000);
        for (const Message &m : {q1, a1, a1b, q2, q2b, a2})
            QVERIFY(store.messages().insert(m));
        QVERIFY(store.sessions().setActiveLeaf(s.id, a2.id));

        Result<ReadableSession> path = readableSession(store, s.id, false);
        QVERIFY(path);
        QCOMPARE(path->messages.size(), 4);
        const QByteArray one = toHtml(path.value());
        QVERIFY(!one.contains("first answer"));
        QVERIFY(!one.contains("edited follow-up"));
        QVERIFY(!one.contains("class=\"branch\""));

        Result<ReadableSession> all = readableSession(store, s.id, true);
        QVERIFY(all);
        HtmlOptions options;
        options.allBranches = true;
        const QByteArray html = toHtml(all.value(), options);
        for (const Message &m : {q1, a1, a1b, q2, q2b, a2})
            QCOMPARE(html.count(QByteArray("id=\"m-" + m.id.toLatin1() + '"')), 1);
        QCOMPARE(html.count("<details class=\"branch\""), 4);
        QCOMPARE(html.count("<details class=\"branch\" open>"), 2);
        QVERIFY(html.contains("<details class=\"branch\" open><summary>Branch 2 of 2 · model-a — regenerated answer"));
        QVERIFY(html.contains("<details class=\"branch\" open><summary>Branch 1 of 2 — follow-up</summary>"));
        QVERIFY(html.contains("<details class=\"branch\"><summary>Branch 2 of 2 — edited follow-up</summary>"));
        // The folded branch is inside the open one it forks from: the follow-ups nest in the
        // regenerated answer's branch.
        QVERIFY(html.indexOf("regenerated answer</p>") < html.indexOf("edited follow-up</p>"));
        // The switcher script is the one the Content-Security-Policy names by hash.
        const QByteArray script = scriptOf(html);
        QVERIFY(!script.isEmpty());
        const QByteArray hash = QCryptographicHash::hash(script, QCryptographicHash::Sha256).toBase64();
        QVERIFY(html.contains(QByteArray("script-src 'sha256-" + hash + "'")));
    }

    // The PDF: its text read back with Poppler, code and Chinese included; a long conversation
    // runs over several pages; the file is written atomically.
    void pdfOfTheActiveBranch()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"plans.pdf"_s);
        Result<qint64> written = writePdf(richSession(), path);
        QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
        QVERIFY(written.value() > 1000);
        std::unique_ptr<Poppler::Document> pdf = Poppler::Document::load(path);
        QVERIFY(pdf && !pdf->isLocked());
        QCOMPARE(pdf->info(u"Title"_s), u"<b>Plans</b> & sorting"_s);
        QString text;
        for (int i = 0; i < pdf->numPages(); ++i)
            text += pdf->page(i)->text(QRectF());
        // The CJK font maps some glyphs back to their Kangxi radicals (文 → ⽂): compare by NFKC.
        text = text.normalized(QString::NormalizationForm_KC);
        QVERIFY2(text.contains(u"Sort this"_s), qPrintable(text));
        QVERIFY(text.contains(u"int main()"_s));
        QVERIFY2(text.contains(u"Partial 中文"_s), qPrintable(text));
        QVERIFY(text.contains(u"(interrupted)"_s));
        QVERIFY(text.contains(u"Reasoning"_s));
        QVERIFY(!text.contains(u"<iframe"_s) || text.contains(u"<iframe src"_s)); // shown as text, if at all

        ReadableSession longer = richSession();
        Message parent = longer.messages.last();
        for (int i = 0; i < 120; ++i) {
            Message m = reply(longer.session, parent, u"Paragraph %1 of a long reply."_s.arg(i), 4000 + i);
            longer.messages.append(m);
            parent = m;
        }
        const QString many = dir.filePath(u"long.pdf"_s);
        QVERIFY(writePdf(longer, many));
        pdf = Poppler::Document::load(many);
        QVERIFY(pdf);
        QVERIFY2(pdf->numPages() >= 3, qPrintable(QString::number(pdf->numPages())));
        QVERIFY(pdf->page(pdf->numPages() - 1)->text(QRectF()).contains(u"Paragraph 119"_s));

        // A directory that cannot be written: an error that names it, no file.
        const Result<qint64> refused = writePdf(richSession(), dir.filePath(u"missing/dir/x.pdf"_s));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(u"x.pdf"_s));
    }
};

SKEIN_TEST_MAIN(TestHtmlExport, QGuiApplication)
#include "tst_htmlexport.moc"
