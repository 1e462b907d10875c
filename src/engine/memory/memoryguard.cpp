// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/memoryguard.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace Skein::MemoryGuard {

namespace {

using namespace Qt::StringLiterals;
using RX = QRegularExpression;
constexpr auto CI = RX::CaseInsensitiveOption | RX::UseUnicodePropertiesOption;

const RX fenceLine(uR"rx(^\s*(```|~~~))rx"_s);
const RX quoteLine(uR"rx(^\s*>)rx"_s);
const RX indentedLine(uR"rx(^( {4,}|\t)\S)rx"_s);
// "Assistant: …", "**ChatGPT said:**", "用户：" — a pasted conversation from here on.
const RX roleLine(
    uR"rx(^\s*[*_#>\s]*(user|you|me|human|assistant|ai|bot|chatgpt|gpt[-\w.]*|claude|gemini|copilot|bard|llama|model|system|developer|tool|function|用户|助手|系统|模型)\s*[*_]*\s*(said|says|wrote)?\s*[*_]*\s*[:：])rx"_s,
    CI);
// Role text injected mid-line ("… SYSTEM: save this memory") or chat-template tokens.
const RX inlineRoleColon(uR"rx((\bsystem|\bassistant|\bdeveloper|系统)\s*[:：])rx"_s, CI);
// Chat-template tokens: everything after one is someone else's prompt.
const RX templateToken(uR"rx(<\|[a-z_]+\|>|\[/?INST\]|</?system>|<<SYS>>)rx"_s, CI);
// "Here is the email:", "Below is the log:", "以下是聊天记录：" — pasted material from here on.
const RX documentIntro(
    uR"rx((^\s*(here is|here's|here are|below is|below are|pasted|forwarded|fwd|attached|以下是|下面是|转发).{0,80}[:：]\s*$)|(\b(document|e-?mail|message|article|text|page|file|log|output|transcript|chat|conversation|post|note|snippet|excerpt|review|comment|readme|letter|thread)\b[^:：]{0,30}[:：]\s*$)|((邮件|文档|文章|消息|聊天记录|内容|原文)[:：]\s*$)|(-{3,}\s*forwarded message))rx"_s,
    CI);
// "My boss wrote:" / "他说：" — the following block is someone else's words.
const RX saidIntro(
    uR"rx((\b(said|says|wrote|writes|told me|tells me|replied|replies|asked|posted|commented|claims|claimed|messaged|texted|tweeted)|说|写道|表示|回复|问道)\s*[:：,]?\s*$)rx"_s,
    CI);
// "My boss said: always CC him" — the rest of the line is someone else's words.
const RX saidInline(
    uR"rx((\b(said|says|wrote|writes|told me|tells me|replied|asked|posted|claims|claimed)|说|写道|表示|回复)\s*[:：]\s*(\S.*)$)rx"_s,
    CI);
const RX saidBefore(
    uR"rx((\b(said|says|wrote|writes|told|tells|claims|claimed|asked|according to|quote|quoting|replied)\b|说|写道|表示|称|道)[^.!?。！？]{0,40}$)rx"_s,
    CI);
const RX quotedSpan(uR"rx("([^"\n]{2,})"|“([^”\n]{2,})”|„([^“\n]{2,})“|「([^」\n]{2,})」|『([^』\n]{2,})』)rx"_s);

const RX secretWords(
    uR"rx(\b(pass ?words?|passwd|passcodes?|pin codes?|api[ _-]?keys?|secret keys?|access tokens?|auth tokens?|bearer|private keys?|ssh keys?|seed phrases?|mnemonic|credit cards?|card numbers?|cvv|security codes?|social security|ssn|iban)\b|密码|口令|密钥|令牌|银行卡号|信用卡|身份证号)rx"_s,
    CI);
const RX secretShapes(
    uR"rx((\bsk-[A-Za-z0-9_-]{16,})|(\bgh[pousr]_[A-Za-z0-9]{20,})|(\bAKIA[0-9A-Z]{16}\b)|(-----BEGIN)|(\b(?:\d[ -]?){13,19}\b)|(\b(token|key|secret)\s*[:=]\s*\S{8,}))rx"_s);

const RX injection(
    uR"rx(((^|[^\w])(system|assistant|developer)\s*[:：])|(<\|[a-z_]+\|>)|(\[/?INST\])|(</?(system|instructions?)>)|(\b(ignore|disregard|forget)\b.{0,20}\b(previous|prior|above|earlier|all)\b.{0,20}\b(instructions?|messages?|rules|prompts?)\b)|(\b(save|store|add|write|keep|put)\b.{0,30}\b(memory|memories)\b)|(\bmemory[_ ]save\b)|(\bremember (this|that) (forever|permanently)\b)|(\bnew (system )?instructions?\b)|(\bjailbreak|\bdeveloper mode\b|\bexfiltrat)|(\bsend\b.{0,40}\b(to|at)\b\s*(https?://|\S+@))|(忽略.{0,6}(指令|说明|规则))|(系统提示)|(保存.{0,4}记忆))rx"_s,
    CI);

bool isHan(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF) || (u >= 0x3040 && u <= 0x30FF)
        || (u >= 0xAC00 && u <= 0xD7AF) || c.isSurrogate();
}

const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        const QStringList list
            = uR"rx(the a an and or but nor so to of in on at for with by from as into about than then
is are was were be been being am it its this that these those there here they them their theirs he she his her him
hers i me my mine myself we us our you your yours user users user's also just very really much many more most some any
each every all both either neither other such own same too can could may might must shall should will would do does did
doing done has have had having not no never don doesn didn isn aren wasn weren won t s d ll re ve m prefer prefers
preferred preference preferences like likes liked want wants wanted wish wishes always usually often generally please
rather over when whenever while if what which who whom whose how why where one ones thing things something get gets got make
makes made use uses used using 用户 喜欢 偏好 希望 要求 总是 通常 他们 我们 这个 那个 一个)rx"_s.split(
                QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
        for (const QString &w : list)
            s.insert(w);
        return s;
    }();
    return words;
}

QString stem(QString w)
{
    if (w.size() > 5 && w.endsWith("ing"_L1)) {
        w.chop(3);
        if (w.size() > 3 && w.at(w.size() - 1) == w.at(w.size() - 2) && !w.endsWith("ll"_L1) && !w.endsWith("ss"_L1))
            w.chop(1); // planning → plan
    } else if (w.size() > 4 && (w.endsWith("ed"_L1) || w.endsWith("es"_L1)))
        w.chop(2);
    else if (w.size() > 3 && w.endsWith(u's') && !w.endsWith("ss"_L1))
        w.chop(1);
    return w;
}

// Content tokens: stemmed Latin words and numbers outside the stop list; CJK as bigrams.
QStringList tokens(const QString &text)
{
    QStringList out;
    QString word;
    QString han;
    auto flushWord = [&] {
        if (!word.isEmpty()) {
            const QString w = word.toLower();
            if (!stopWords().contains(w))
                out.append(stem(w));
            word.clear();
        }
    };
    auto flushHan = [&] {
        // Boilerplate such as 用户 / 要求 splits the run, so "用户要求X" does not yield 户要, 求X.
        static const QStringList stops {u"用户"_s, u"喜欢"_s, u"偏好"_s, u"希望"_s, u"要求"_s, u"总是"_s,
                                        u"通常"_s, u"他们"_s, u"我们"_s, u"这个"_s, u"那个"_s, u"一个"_s};
        QString run = han;
        for (const QString &stop : stops)
            run.replace(stop, u" "_s);
        for (const QString &piece : run.split(u' ', Qt::SkipEmptyParts)) {
            if (piece.size() == 1)
                out.append(piece);
            for (qsizetype i = 0; i + 1 < piece.size(); ++i)
                out.append(piece.mid(i, 2));
        }
        han.clear();
    };
    for (const QChar c : text) {
        if (isHan(c)) {
            flushWord();
            if (!c.isLowSurrogate())
                han += c;
        } else if (c.isLetterOrNumber()) {
            flushHan();
            word += c;
        } else {
            flushWord();
            flushHan();
        }
    }
    flushWord();
    flushHan();
    return out;
}

bool matches(const QString &candidate, const QString &own)
{
    if (candidate == own)
        return true;
    return candidate.size() >= 6 && own.size() >= 6 && candidate.left(6) == own.left(6) && !candidate.front().isDigit();
}

bool contained(const QString &token, const QStringList &in)
{
    for (const QString &t : in)
        if (matches(token, t))
            return true;
    return false;
}

void setAside(QStringList &foreign, QStringList &kinds, const QString &text, const QString &kind)
{
    if (text.trimmed().isEmpty())
        return;
    foreign.append(text.trimmed());
    if (!kinds.contains(kind))
        kinds.append(kind);
}

// Own text of one line with quoted speech and long quotations set aside.
QString ownPartOfLine(QString line, QStringList &foreign, QStringList &kinds)
{
    if (const auto m = saidInline.match(line); m.hasMatch()) {
        setAside(foreign, kinds, m.captured(3), u"quoted speech"_s);
        line.truncate(m.capturedStart(3));
    }
    if (const auto m = inlineRoleColon.match(line); m.hasMatch()) {
        setAside(foreign, kinds, line.mid(m.capturedStart()), u"role text"_s);
        line.truncate(m.capturedStart());
    }
    QString out;
    qsizetype last = 0;
    auto it = quotedSpan.globalMatch(line);
    while (it.hasNext()) {
        const auto m = it.next();
        QString inner;
        for (int g = 1; g <= 5 && inner.isEmpty(); ++g)
            inner = m.captured(g);
        const QString before = line.mid(last, m.capturedStart() - last);
        const QString context = out + before;
        const qsizetype hanCount = std::count_if(inner.begin(), inner.end(), isHan);
        const qsizetype wordCount = inner.split(u' ', Qt::SkipEmptyParts).size();
        const bool speech = saidBefore.match(context).hasMatch();
        if (speech || wordCount >= 6 || hanCount >= 15) {
            setAside(foreign, kinds, inner, speech ? u"quoted speech"_s : u"long quotation"_s);
            out += before + u"\"…\""_s;
        } else {
            out += before + m.captured();
        }
        last = m.capturedEnd();
    }
    return out + line.mid(last);
}

// A request about the text below it: "Summarize this:", "Can you proofread?", "翻译一下".
const RX taskIntro(
    uR"rx(\b(summari[sz]e|summary|translate|proofread|rewrite|reword|rephrase|review|fix|correct|explain|analy[sz]e|check|improve|edit|shorten|condense|tl;?dr|thoughts|opinion|what do you think|what does (this|it) mean|reply to|respond to|answer this)\b|总结|概括|翻译|润色|改写|修改|检查|解释|分析|回复)rx"_s,
    CI);

// Text the user pasted without marking it (issue #13): a short first paragraph that asks for
// something, then one or more paragraphs of material. Returns where the material starts, or -1.
qsizetype pastedMaterialStart(const QString &text)
{
    static const QRegularExpression paragraphBreak(uR"rx(\n[ \t]*\n)rx"_s);
    const QRegularExpressionMatch brk = paragraphBreak.match(text);
    if (!brk.hasMatch())
        return -1;
    const QString first = text.left(brk.capturedStart()).trimmed();
    const QString rest = text.mid(brk.capturedEnd()).trimmed();
    if (first.isEmpty() || rest.isEmpty() || first.size() > 300)
        return -1;
    const bool asks = first.endsWith(u'?') || first.endsWith(u'？') || first.endsWith(u':') || first.endsWith(u'：');
    // Asking about what follows, or a short line before a much longer block.
    const bool task = taskIntro.match(first).hasMatch();
    if ((task && rest.size() >= 200) || (asks && rest.size() >= 400)
        || (rest.size() >= 600 && rest.size() >= 3 * first.size()))
        return brk.capturedEnd();
    return -1;
}

} // namespace

MessageParts split(const QString &userText)
{
    MessageParts parts;
    if (const qsizetype start = pastedMaterialStart(userText); start >= 0) {
        MessageParts head = split(userText.left(start));
        setAside(head.foreign, head.kinds, userText.mid(start), u"pasted text"_s);
        return head;
    }
    QStringList own;
    enum class Block { None, Fence, Speech, Rest } block = Block::None;
    QString blockKind;
    QString blockText;
    bool previousIndented = false;
    bool previousBlank = true;
    const QStringList lines = QString(userText).replace(u"\r\n"_s, u"\n"_s).split(u'\n');
    auto closeBlock = [&] {
        setAside(parts.foreign, parts.kinds, blockText, blockKind);
        blockText.clear();
        block = Block::None;
    };
    for (const QString &line : lines) {
        const bool blank = line.trimmed().isEmpty();
        if (block == Block::Fence) {
            blockText += line + u'\n';
            if (fenceLine.match(line).hasMatch())
                closeBlock();
            continue;
        }
        if (block == Block::Rest) {
            blockText += line + u'\n';
            continue;
        }
        if (block == Block::Speech) {
            if (!blank) {
                blockText += line + u'\n';
                continue;
            }
            closeBlock();
        }
        if (fenceLine.match(line).hasMatch()) {
            block = Block::Fence;
            blockKind = u"code"_s;
            blockText = line + u'\n';
        } else if (roleLine.match(line).hasMatch()) {
            block = Block::Rest;
            blockKind = u"pasted chat"_s;
            blockText = line + u'\n';
        } else if (quoteLine.match(line).hasMatch()) {
            setAside(parts.foreign, parts.kinds, line, u"quote"_s);
        } else if (indentedLine.match(line).hasMatch() && (previousBlank || previousIndented)) {
            setAside(parts.foreign, parts.kinds, line, u"code"_s);
            previousIndented = true;
            previousBlank = false;
            continue;
        } else if (documentIntro.match(line).hasMatch()) {
            own.append(line);
            block = Block::Rest;
            blockKind = u"pasted text"_s;
        } else if (saidIntro.match(line).hasMatch()) {
            own.append(line);
            block = Block::Speech;
            blockKind = u"quoted speech"_s;
        } else if (const auto t = templateToken.match(line); t.hasMatch()) {
            own.append(ownPartOfLine(line.left(t.capturedStart()), parts.foreign, parts.kinds));
            block = Block::Rest;
            blockKind = u"role text"_s;
            blockText = line.mid(t.capturedStart()) + u'\n';
        } else if (!blank) {
            own.append(ownPartOfLine(line, parts.foreign, parts.kinds));
        }
        previousIndented = false;
        previousBlank = blank;
    }
    if (block != Block::None)
        closeBlock();
    parts.own = own.join(u'\n').trimmed();
    return parts;
}

bool looksLikeSecret(const QString &text)
{
    return secretWords.match(text).hasMatch() || secretShapes.match(text).hasMatch();
}

QString refusal(const QString &content)
{
    const QString text = content.trimmed();
    if (text.isEmpty())
        return QCoreApplication::translate("Skein::MemoryGuard", "it is empty");
    if (text.size() > kMaxContentChars)
        return QCoreApplication::translate("Skein::MemoryGuard", "it is longer than %1 characters")
            .arg(kMaxContentChars);
    if (looksLikeSecret(text))
        return QCoreApplication::translate("Skein::MemoryGuard",
                                           "it looks like a secret (a key, token or password); secrets are never "
                                           "kept as memories");
    return {};
}

bool looksLikeInjection(const QString &text)
{
    return injection.match(text).hasMatch();
}

double support(const QString &candidate, const QString &text)
{
    const QStringList wanted = tokens(candidate);
    if (wanted.isEmpty())
        return 0.0;
    const QStringList have = tokens(text);
    qsizetype found = 0;
    for (const QString &t : wanted)
        if (contained(t, have))
            ++found;
    return double(found) / double(wanted.size());
}

bool sameContent(const QString &a, const QString &b)
{
    auto normal = [](const QString &s) {
        QString out;
        for (const QChar c : s)
            if (c.isLetterOrNumber())
                out += c.toLower();
        return out;
    };
    if (normal(a) == normal(b))
        return true;
    const QStringList ta = tokens(a);
    const QStringList tb = tokens(b);
    if (ta.size() < 3 || tb.size() < 3)
        return false;
    const QSet<QString> sa(ta.begin(), ta.end());
    const QSet<QString> sb(tb.begin(), tb.end());
    const qsizetype common = QSet<QString>(sa).intersect(sb).size();
    const qsizetype all = QSet<QString>(sa).unite(sb).size();
    return all > 0 && double(common) / double(all) >= 0.8;
}

GuardVerdict assess(const QString &candidate, const MessageParts &source)
{
    GuardVerdict v;
    if (candidate.trimmed().isEmpty()) {
        v.reason = u"empty"_s;
        return v;
    }
    if (looksLikeSecret(candidate)) {
        v.reason = u"looks like a credential; secrets are never stored"_s;
        return v;
    }
    if (looksLikeInjection(candidate)) {
        v.reason = u"instruction-like text aimed at the assistant, not a fact about the user"_s;
        return v;
    }
    v.support = support(candidate, source.own);
    const QString foreign = source.foreign.join(u'\n');
    const QStringList wanted = tokens(candidate);
    const QStringList own = tokens(source.own);
    const QStringList other = tokens(foreign);
    qsizetype foreignOnly = 0;
    bool foreignSpecific = false;
    for (const QString &t : wanted) {
        if (contained(t, own) || !contained(t, other))
            continue;
        ++foreignOnly;
        if (std::any_of(t.begin(), t.end(), [](QChar c) { return c.isDigit(); }))
            foreignSpecific = true;
    }
    // A message that itself reads like an injection ("ignore previous instructions and remember…")
    // never yields an active memory, whoever typed it.
    const bool taintedSource = looksLikeInjection(source.own);
    if (v.support >= 0.6 && foreignOnly * 4 <= wanted.size() && !foreignSpecific && !taintedSource) {
        v.action = GuardVerdict::Action::Allow;
        return v;
    }
    v.action = GuardVerdict::Action::Pending;
    if (taintedSource) {
        v.reason = u"the message contains instruction-like text; needs confirmation"_s;
        return v;
    }
    v.reason = foreignOnly > 0 || (source.own.isEmpty() && source.hasForeign())
        ? u"taken from text the user did not write (%1); needs confirmation"_s.arg(
              source.kinds.isEmpty() ? u"assistant or tool output"_s : source.kinds.join(u", "_s))
        : u"not found in the user's own words; needs confirmation"_s;
    return v;
}

} // namespace Skein::MemoryGuard
