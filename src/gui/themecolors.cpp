// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "themecolors.h"

#include <QPalette>

#include <cmath>

namespace Skein::ThemeColors {

namespace {

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

QColor over(const QColor &background, const QColor &fill, int alpha)
{
    return mix(background, fill, alpha / 255.0);
}

} // namespace

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

QColor withContrast(const QColor &from, const QColor &to, const QColor &background, double ratio)
{
    for (double t = 0; t <= 1.0; t += 0.05) {
        const QColor c = mix(from, to, t);
        if (contrast(c, background) >= ratio)
            return c;
    }
    return to;
}

QColor muted(const QPalette &palette)
{
    // As far from the text towards the background as 4.6:1 on both Base and Window allows.
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const QColor window = palette.color(QPalette::Window);
    QColor best = text;
    for (double t = 0.05; t <= 0.6; t += 0.05) {
        const QColor c = mix(text, base, t);
        if (contrast(c, base) < 4.6 || contrast(c, window) < 4.6 || contrast(c, selectedRow(palette)) < 4.6)
            break;
        best = c;
    }
    return best;
}

QColor highlight(const QPalette &palette)
{
    const QColor on = palette.color(QPalette::HighlightedText);
    const QColor away = on.lightness() > 128 ? QColor(Qt::black) : QColor(Qt::white);
    return withContrast(palette.color(QPalette::Highlight), away, on, 4.6);
}

QColor error(const QPalette &palette)
{
    const QColor red = isDark(palette) ? QColor(0xff8a80) : QColor(0xb3261e);
    return withContrast(red, palette.color(QPalette::Text), palette.color(QPalette::Base), 4.6);
}

QColor bubble(const QPalette &palette)
{
    return over(palette.color(QPalette::Base), palette.color(QPalette::Highlight), 22);
}

QColor selectedRow(const QPalette &palette)
{
    return over(palette.color(QPalette::Base), palette.color(QPalette::Highlight), 28);
}

QColor card(const QPalette &palette)
{
    return over(palette.color(QPalette::Base), palette.color(QPalette::Mid), 30);
}

QColor codeBackground(const QPalette &palette)
{
    return isDark(palette) ? palette.color(QPalette::Base).lighter(140) : QColor(0xf3f4f6);
}

QColor codeHeader(const QPalette &palette)
{
    return mix(codeBackground(palette), palette.color(QPalette::Text), 0.07);
}

QColor codeHeaderText(const QPalette &palette)
{
    return withContrast(muted(palette), palette.color(QPalette::Text), codeHeader(palette), 4.6);
}

QColor warningBackground(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x4a3b0b) : QColor(0xfff3cd);
}

QColor warningText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xffe8a3) : QColor(0x664d03);
}

QColor roleAccent(Role role)
{
    switch (role) {
    case Role::User:
        return QColor(0x2f80ed);
    case Role::Assistant:
        return QColor(0x27ae60);
    case Role::Tool:
        return QColor(0xe67e22);
    case Role::System:
        break;
    }
    return QColor(0x7f8c8d);
}

QColor summaryAccent()
{
    return QColor(0xd4a017);
}

QColor nodeFill(const QPalette &palette, const QColor &accent, double weight)
{
    return mix(palette.color(QPalette::Base), accent, weight);
}

QList<Pair> textPairs(const QPalette &p)
{
    const QColor base = p.color(QPalette::Base), window = p.color(QPalette::Window);
    const QColor text = p.color(QPalette::Text);
    QList<Pair> pairs {
        {QStringLiteral("text on base"), text, base},
        {QStringLiteral("window text on window"), p.color(QPalette::WindowText), window},
        {QStringLiteral("button text on button"), p.color(QPalette::ButtonText), p.color(QPalette::Button)},
        {QStringLiteral("highlighted text on highlight"), p.color(QPalette::HighlightedText),
         p.color(QPalette::Highlight)},
        {QStringLiteral("link on base"), p.color(QPalette::Link), base},
        {QStringLiteral("placeholder on base"), p.color(QPalette::PlaceholderText), base},
        {QStringLiteral("muted on base"), muted(p), base},
        {QStringLiteral("muted on window"), muted(p), window},
        {QStringLiteral("error on base"), error(p), base},
        {QStringLiteral("text in a bubble"), text, bubble(p)},
        {QStringLiteral("muted in a bubble"), muted(p), bubble(p)},
        {QStringLiteral("text on a selected message"), text, selectedRow(p)},
        {QStringLiteral("muted on a selected message"), muted(p), selectedRow(p)},
        {QStringLiteral("link on a selected message"), p.color(QPalette::Link), selectedRow(p)},
        {QStringLiteral("text on a card"), text, card(p)},
        {QStringLiteral("muted on a card"), muted(p), card(p)},
        {QStringLiteral("code on its background"), text, codeBackground(p)},
        {QStringLiteral("a code block's language"), codeHeaderText(p), codeHeader(p)},
        {QStringLiteral("warning banner"), warningText(p), warningBackground(p)},
    };
    for (const Role role : {Role::User, Role::Assistant, Role::Tool, Role::System})
        for (const double weight : {0.08, 0.2, 0.35}) // a node, on the active path, hovered there
            pairs.append({QStringLiteral("branch node text (%1, %2)").arg(int(role)).arg(weight), text,
                          nodeFill(p, roleAccent(role), weight)});
    pairs.append({QStringLiteral("branch summary text"), text, nodeFill(p, summaryAccent(), 0.28)});
    return pairs;
}

} // namespace Skein::ThemeColors
