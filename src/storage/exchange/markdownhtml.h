/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>

namespace KSyntaxHighlighting {
class Format;
class Repository;
class Theme;
} // namespace KSyntaxHighlighting

namespace Skein::Exchange {

// Text → HTML text (UTF-8): & < > " escaped, NUL → U+FFFD.
void escapeInto(QByteArray &out, const char *text, qsizetype size);
QByteArray escaped(const QString &text);

// Code is coloured by KSyntaxHighlighting. For a browser each distinct look becomes a class with
// a light and a dark colour (the page follows the reader's colour scheme, see css()); for print,
// inline light colours, which is what Qt's rich text understands. One per page: the repository
// is loaded with the first code block.
class CodeColours
{
public:
    explicit CodeColours(bool forPrint);
    ~CodeColours();
    Q_DISABLE_COPY_MOVE(CodeColours)

    KSyntaxHighlighting::Repository &repository();
    KSyntaxHighlighting::Theme light();
    KSyntaxHighlighting::Theme dark();
    // The opening tag for a format, empty for the default text style.
    QByteArray open(const KSyntaxHighlighting::Format &format, const KSyntaxHighlighting::Theme &light,
                    const KSyntaxHighlighting::Theme &dark);
    // The classes used so far: light, and dark under prefers-color-scheme: dark.
    QByteArray css() const;

private:
    bool m_forPrint;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    QHash<QByteArray, int> m_classes;
    QByteArray m_css;
    QByteArray m_darkCss;
};

// Code as escaped HTML with coloured spans (the language as a fence names it; plain when unknown).
QByteArray highlighted(CodeColours &colours, const QString &code, const QString &language);

// Markdown (GitHub dialect) → HTML with md4c, appended to out. Raw HTML is shown as text, images
// are named instead of loaded, only http, https and mailto links stay links, headings move down
// two levels, code blocks are highlighted.
void markdownToHtml(const QString &markdown, CodeColours &colours, bool forPrint, QByteArray &out);

} // namespace Skein::Exchange
