// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "markdownhtml.h"

#include "jsonreader.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QHash>
#include <QStringList>

#include <md4c.h>

namespace Skein::Exchange {

namespace KSH = KSyntaxHighlighting;

void escapeInto(QByteArray &out, const char *text, qsizetype size)
{
    for (qsizetype i = 0; i < size; ++i) {
        switch (const char c = text[i]) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\0':
            out += "\xEF\xBF\xBD"; // U+FFFD
            break;
        default:
            out += c;
        }
    }
}

QByteArray escaped(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + utf8.size() / 8);
    escapeInto(out, utf8.constData(), utf8.size());
    return out;
}

CodeColours::CodeColours(bool forPrint)
    : m_forPrint(forPrint)
{ }

CodeColours::~CodeColours() = default;

KSH::Repository &CodeColours::repository()
{
    if (!m_repository)
        m_repository = std::make_unique<KSH::Repository>();
    return *m_repository;
}

KSH::Theme CodeColours::light()
{
    return repository().defaultTheme(KSH::Repository::LightTheme);
}

KSH::Theme CodeColours::dark()
{
    return repository().defaultTheme(KSH::Repository::DarkTheme);
}

QByteArray CodeColours::open(const KSH::Format &format, const KSH::Theme &light, const KSH::Theme &dark)
{
    if (format.isDefaultTextStyle(light))
        return {};
    QByteArray style;
    if (format.hasTextColor(light))
        style += "color:" + format.textColor(light).name().toLatin1() + ';';
    if (format.isBold(light))
        style += "font-weight:bold;";
    if (format.isItalic(light))
        style += "font-style:italic;";
    if (style.isEmpty())
        return {};
    if (m_forPrint)
        return "<span style=\"" + style + "\">";
    QByteArray darkStyle;
    if (format.hasTextColor(dark))
        darkStyle = "color:" + format.textColor(dark).name().toLatin1() + ';';
    const QByteArray key = style + '|' + darkStyle;
    auto it = m_classes.constFind(key);
    if (it == m_classes.cend()) {
        it = m_classes.insert(key, int(m_classes.size()));
        m_css += ".c" + QByteArray::number(*it) + '{' + style + "}\n";
        if (!darkStyle.isEmpty())
            m_darkCss += ".c" + QByteArray::number(*it) + '{' + darkStyle + "}\n";
    }
    return "<span class=\"c" + QByteArray::number(*it) + "\">";
}

QByteArray CodeColours::css() const
{
    return m_css + "@media (prefers-color-scheme: dark){\n" + m_darkCss + "}\n";
}

namespace {

class HtmlLineHighlighter final : public KSH::AbstractHighlighter
{
public:
    HtmlLineHighlighter(CodeColours &colours, const KSH::Theme &dark)
        : m_colours(colours)
        , m_dark(dark)
    { }

    KSH::State line(const QString &text, const KSH::State &state, QByteArray &out)
    {
        m_text = &text;
        m_out = &out;
        m_done = 0;
        const KSH::State next = highlightLine(text, state);
        if (m_done < text.size())
            out += escaped(text.mid(m_done));
        return next;
    }

protected:
    void applyFormat(int offset, int length, const KSH::Format &format) override
    {
        if (length <= 0 || offset < m_done)
            return;
        if (offset > m_done)
            *m_out += escaped(m_text->mid(m_done, offset - m_done));
        const QByteArray open = m_colours.open(format, theme(), m_dark);
        *m_out += open;
        *m_out += escaped(m_text->mid(offset, length));
        if (!open.isEmpty())
            *m_out += "</span>";
        m_done = offset + length;
    }

private:
    CodeColours &m_colours;
    KSH::Theme m_dark;
    const QString *m_text = nullptr;
    QByteArray *m_out = nullptr;
    int m_done = 0;
};

QString attributeText(const MD_ATTRIBUTE &a)
{
    QByteArray raw;
    for (int i = 0; a.substr_offsets[i] < a.size; ++i) {
        const QByteArray part(a.text + a.substr_offsets[i], a.substr_offsets[i + 1] - a.substr_offsets[i]);
        switch (a.substr_types[i]) {
        case MD_TEXT_NULLCHAR:
            raw += "\xEF\xBF\xBD";
            break;
        case MD_TEXT_ENTITY: {
            static const QHash<QByteArray, QByteArray> named {{"&amp;", "&"},   {"&lt;", "<"},   {"&gt;", ">"},
                                                              {"&quot;", "\""}, {"&apos;", "'"}, {"&nbsp;", " "}};
            if (part.startsWith("&#")) {
                bool ok = false;
                const uint code = part.startsWith("&#x") || part.startsWith("&#X")
                    ? part.mid(3, part.size() - 4).toUInt(&ok, 16)
                    : part.mid(2, part.size() - 3).toUInt(&ok, 10);
                const char32_t c = ok && code > 0 && code <= 0x10FFFF ? char32_t(code) : U'\uFFFD';
                raw += QString::fromUcs4(&c, 1).toUtf8();
            } else {
                raw += named.value(part, part);
            }
            break;
        }
        default:
            raw += part;
        }
    }
    return QString::fromUtf8(raw);
}

// Links a reader may follow; anything else (javascript:, data:, file:, relative paths) is text.
bool safeLink(const QString &href)
{
    static const QStringList schemes {QStringLiteral("http:"), QStringLiteral("https:"), QStringLiteral("mailto:")};
    for (const QString &scheme : schemes)
        if (href.startsWith(scheme, Qt::CaseInsensitive))
            return true;
    return false;
}

// md4c's events → HTML. Headings move down two levels (the page has the title and the speaker
// lines above them); images are named, not loaded.
class MarkdownHtml
{
public:
    MarkdownHtml(QByteArray &out, CodeColours &colours, bool forPrint)
        : m_out(out)
        , m_colours(colours)
        , m_forPrint(forPrint)
    { }

    void render(const QString &markdown)
    {
        const QByteArray utf8 = markdown.toUtf8();
        MD_PARSER parser {};
        parser.abi_version = 0;
        parser.flags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML;
        parser.enter_block = [](MD_BLOCKTYPE type, void *detail, void *self) {
            return static_cast<MarkdownHtml *>(self)->enterBlock(type, detail);
        };
        parser.leave_block = [](MD_BLOCKTYPE type, void *detail, void *self) {
            return static_cast<MarkdownHtml *>(self)->leaveBlock(type, detail);
        };
        parser.enter_span = [](MD_SPANTYPE type, void *detail, void *self) {
            return static_cast<MarkdownHtml *>(self)->enterSpan(type, detail);
        };
        parser.leave_span = [](MD_SPANTYPE type, void *detail, void *self) {
            return static_cast<MarkdownHtml *>(self)->leaveSpan(type, detail);
        };
        parser.text = [](MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size, void *self) {
            return static_cast<MarkdownHtml *>(self)->text(type, text, size);
        };
        const qsizetype before = m_out.size();
        if (md_parse(utf8.constData(), MD_SIZE(utf8.size()), &parser, this) != 0) {
            m_out.truncate(before); // cannot happen with these callbacks; the text is still shown
            m_out += "<pre class=\"plain\">" + escaped(markdown) + "</pre>\n";
        }
    }

private:
    static QByteArray alignment(MD_ALIGN align)
    {
        switch (align) {
        case MD_ALIGN_LEFT:
            return " style=\"text-align:left\"";
        case MD_ALIGN_CENTER:
            return " style=\"text-align:center\"";
        case MD_ALIGN_RIGHT:
            return " style=\"text-align:right\"";
        case MD_ALIGN_DEFAULT:
            break;
        }
        return {};
    }

    // Blocks and spans that are one element each, without attributes.
    static const char *plainBlock(MD_BLOCKTYPE type)
    {
        switch (type) {
        case MD_BLOCK_QUOTE:
            return "blockquote";
        case MD_BLOCK_UL:
            return "ul";
        case MD_BLOCK_P:
            return "p";
        case MD_BLOCK_THEAD:
            return "thead";
        case MD_BLOCK_TBODY:
            return "tbody";
        case MD_BLOCK_TR:
            return "tr";
        default:
            return nullptr;
        }
    }
    static const char *plainSpan(MD_SPANTYPE type)
    {
        switch (type) {
        case MD_SPAN_EM:
            return "em";
        case MD_SPAN_STRONG:
            return "strong";
        case MD_SPAN_CODE:
            return "code";
        case MD_SPAN_DEL:
            return "del";
        case MD_SPAN_U:
            return "u";
        default:
            return nullptr;
        }
    }

    int enterBlock(MD_BLOCKTYPE type, void *detail)
    {
        if (const char *tag = plainBlock(type)) {
            m_out += QByteArray("<") + tag + '>' + (type == MD_BLOCK_P ? "" : "\n");
            return 0;
        }
        switch (type) {
        case MD_BLOCK_OL: {
            const unsigned start = static_cast<MD_BLOCK_OL_DETAIL *>(detail)->start;
            m_out += start == 1 ? QByteArray("<ol>\n") : "<ol start=\"" + QByteArray::number(start) + "\">\n";
            break;
        }
        case MD_BLOCK_LI: {
            const auto *d = static_cast<MD_BLOCK_LI_DETAIL *>(detail);
            m_out += "<li>";
            if (d->is_task)
                m_out += d->task_mark == ' ' ? "\xE2\x98\x90 " : "\xE2\x98\x91 "; // ☐ ☑
            break;
        }
        case MD_BLOCK_HR:
            m_out += "<hr>\n";
            break;
        case MD_BLOCK_H:
            m_out += "<h" + QByteArray::number(headingLevel(detail)) + '>';
            break;
        case MD_BLOCK_CODE: {
            const auto *d = static_cast<MD_BLOCK_CODE_DETAIL *>(detail);
            m_inCode = true;
            m_code.clear();
            m_language = d->lang.text ? attributeText(d->lang).trimmed() : QString();
            break;
        }
        case MD_BLOCK_TABLE: // Qt's rich text draws cell borders from the attributes only
            m_out += m_forPrint ? "<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\">\n" : "<table>\n";
            break;
        case MD_BLOCK_TH:
        case MD_BLOCK_TD:
            m_out += (type == MD_BLOCK_TH ? "<th" : "<td") + alignment(static_cast<MD_BLOCK_TD_DETAIL *>(detail)->align)
                + '>';
            break;
        default: // the document; raw HTML blocks are not produced with MD_FLAG_NOHTML
            break;
        }
        return 0;
    }

    int leaveBlock(MD_BLOCKTYPE type, void *detail)
    {
        if (const char *tag = plainBlock(type)) {
            m_out += QByteArray("</") + tag + ">\n";
            return 0;
        }
        switch (type) {
        case MD_BLOCK_OL:
            m_out += "</ol>\n";
            break;
        case MD_BLOCK_LI:
            m_out += "</li>\n";
            break;
        case MD_BLOCK_H:
            m_out += "</h" + QByteArray::number(headingLevel(detail)) + ">\n";
            break;
        case MD_BLOCK_CODE:
            m_inCode = false;
            codeBlock();
            break;
        case MD_BLOCK_TABLE:
            m_out += "</table>\n";
            break;
        case MD_BLOCK_TH:
            m_out += "</th>";
            break;
        case MD_BLOCK_TD:
            m_out += "</td>";
            break;
        default:
            break;
        }
        return 0;
    }

    int enterSpan(MD_SPANTYPE type, void *detail)
    {
        if (const char *tag = plainSpan(type)) {
            m_out += QByteArray("<") + tag + '>';
            return 0;
        }
        if (type == MD_SPAN_A) {
            const QString href = attributeText(static_cast<MD_SPAN_A_DETAIL *>(detail)->href);
            const bool safe = safeLink(href);
            m_links.append(safe);
            m_out += safe ? "<a href=\"" + escaped(href) + "\" rel=\"noopener noreferrer nofollow\">"
                          : QByteArray("<span>");
        } else if (type == MD_SPAN_IMG) {
            m_images.append(attributeText(static_cast<MD_SPAN_IMG_DETAIL *>(detail)->src));
            m_out += "<span class=\"image\">[" + escaped(Text::tr("image not included:")) + ' ';
        }
        return 0; // LaTeX and wiki links are not enabled
    }

    int leaveSpan(MD_SPANTYPE type, void *)
    {
        if (const char *tag = plainSpan(type)) {
            m_out += QByteArray("</") + tag + '>';
        } else if (type == MD_SPAN_A) {
            m_out += !m_links.isEmpty() && m_links.takeLast() ? "</a>" : "</span>";
        } else if (type == MD_SPAN_IMG) {
            const QString src = m_images.isEmpty() ? QString() : m_images.takeLast();
            m_out += " \xE2\x80\x94 " + escaped(src.size() > 200 ? src.left(199) + QStringLiteral("…") : src)
                + "]</span>";
        }
        return 0;
    }

    int text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size)
    {
        if (m_inCode) {
            m_code.append(text, size);
            return 0;
        }
        switch (type) {
        case MD_TEXT_NULLCHAR:
            m_out += "\xEF\xBF\xBD";
            break;
        case MD_TEXT_BR:
            m_out += "<br>\n";
            break;
        case MD_TEXT_SOFTBR:
            m_out += '\n';
            break;
        case MD_TEXT_ENTITY: // md4c reports only well-formed entities: they stay entities
            m_out.append(text, size);
            break;
        default:
            escapeInto(m_out, text, size);
        }
        return 0;
    }

    static int headingLevel(void *detail)
    {
        return std::min(6, int(static_cast<MD_BLOCK_H_DETAIL *>(detail)->level) + 2);
    }

    void codeBlock()
    {
        QString code = QString::fromUtf8(m_code);
        if (code.endsWith(QLatin1Char('\n')))
            code.chop(1);
        m_out += "<div class=\"code\">";
        if (!m_language.isEmpty())
            m_out += "<div class=\"lang\">" + escaped(m_language) + "</div>";
        m_out += "<pre><code>" + highlighted(m_colours, code, m_language) + "</code></pre></div>\n";
        m_code.clear();
    }

    QByteArray &m_out;
    CodeColours &m_colours;
    bool m_forPrint;
    bool m_inCode = false;
    QByteArray m_code;
    QString m_language;
    QList<bool> m_links;
    QStringList m_images;
};

} // namespace

QByteArray highlighted(CodeColours &colours, const QString &code, const QString &language)
{
    QByteArray out;
    KSH::Definition definition;
    if (!language.isEmpty() && code.size() < (4 << 20)) {
        definition = colours.repository().definitionForName(language);
        if (!definition.isValid())
            definition = colours.repository().definitionForFileName(QStringLiteral("x.") + language);
    }
    if (!definition.isValid())
        return escaped(code);
    HtmlLineHighlighter highlighter(colours, colours.dark());
    highlighter.setTheme(colours.light());
    highlighter.setDefinition(definition);
    KSH::State state;
    const QStringList lines = code.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (i > 0)
            out += '\n';
        if (lines.at(i).size() > 4000) // a minified line: as is, as the chat view does
            out += escaped(lines.at(i));
        else
            state = highlighter.line(lines.at(i), state, out);
    }
    return out;
}

void markdownToHtml(const QString &markdown, CodeColours &colours, bool forPrint, QByteArray &out)
{
    MarkdownHtml(out, colours, forPrint).render(markdown);
}

} // namespace Skein::Exchange
