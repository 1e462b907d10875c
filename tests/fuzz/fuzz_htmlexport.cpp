// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The HTML export's Markdown → HTML (storage/exchange/markdownhtml: md4c, KSyntaxHighlighting) on
// any text: every '<' of the output opens or closes one of the elements the exporter writes, and a
// link goes only to http, https or mailto. Whatever a model, tool or file wrote cannot become a
// script, an image, a frame or a style in the page (SPEC §7).
#include "fuzzsupport.h"
#include "storage/exchange/markdownhtml.h"

#include <QRegularExpression>

using namespace Skein;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(Fuzz::bytes(data, size));
    const bool forPrint = size > 0 && (data[0] & 1);
    Exchange::CodeColours colours(forPrint);
    QByteArray html;
    Exchange::markdownToHtml(text, colours, forPrint, html);

    static const QRegularExpression tag(
        QStringLiteral(
            "<(?:/?(?:p|em|strong|code|del|u|blockquote|ul|ol|li|h[3-6]|table|thead|tbody|tr|th|td|pre|div|span|a)>"
            "|br>|hr>|ol start=\"\\d+\">|t[hd] style=\"text-align:(?:left|center|right)\">"
            "|table border=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
            "|span class=\"(?:image|c\\d+)\">|span style=\"[a-z0-9:#;-]*\">|div class=\"(?:code|lang)\">|pre "
            "class=\"plain\">"
            "|a href=\"(?:https?:|mailto:)[^\"<>]*\" rel=\"noopener noreferrer nofollow\">)"),
        QRegularExpression::CaseInsensitiveOption);
    const QString out = QString::fromUtf8(html);
    for (qsizetype at = out.indexOf(QLatin1Char('<')); at >= 0; at = out.indexOf(QLatin1Char('<'), at + 1)) {
        const QRegularExpressionMatch m
            = tag.match(out, at, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch())
            Fuzz::fail(qPrintable(QStringLiteral("unexpected markup: ") + out.mid(at, 60)));
    }
    return 0;
}
