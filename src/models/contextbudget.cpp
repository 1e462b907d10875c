// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/contextbudget.h"

#include "core/domain/contextsnapshot.h"

#include <QCoreApplication>
#include <QHash>

namespace Skein::ContextBudget {

namespace {

const QStringList &order()
{
    static const QStringList keys {QStringLiteral("system"),      QStringLiteral("pinned"), QStringLiteral("memories"),
                                   QStringLiteral("summaries"),   QStringLiteral("tools"),  QStringLiteral("history"),
                                   QStringLiteral("attachments"), QStringLiteral("recall"), QStringLiteral("current"),
                                   QStringLiteral("runtime"),     QStringLiteral("output")};
    return keys;
}

QString canonical(const QString &raw)
{
    static const QHash<QString, QString> aliases {
        {QStringLiteral("persona"), QStringLiteral("system")},
        {QStringLiteral("system_prompt"), QStringLiteral("system")},
        {QStringLiteral("systemprompt"), QStringLiteral("system")},
        {QStringLiteral("memory"), QStringLiteral("memories")},
        {QStringLiteral("summary"), QStringLiteral("summaries")},
        {QStringLiteral("tool_definitions"), QStringLiteral("tools")},
        {QStringLiteral("tooldefinitions"), QStringLiteral("tools")},
        {QStringLiteral("current_message"), QStringLiteral("current")},
        {QStringLiteral("currentmessage"), QStringLiteral("current")},
        {QStringLiteral("output_reserve"), QStringLiteral("output")},
        {QStringLiteral("outputreserve"), QStringLiteral("output")},
        {QStringLiteral("reserve"), QStringLiteral("output")},
    };
    const QString key = raw.toLower();
    return aliases.value(key, key);
}

} // namespace

QString label(const QString &key)
{
    const char *text = nullptr;
    if (key == QLatin1String("system"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "System prompt");
    else if (key == QLatin1String("pinned"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Pinned notes");
    else if (key == QLatin1String("memories"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Memories");
    else if (key == QLatin1String("summaries"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Summaries");
    else if (key == QLatin1String("tools"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Tool definitions");
    else if (key == QLatin1String("history"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "History");
    else if (key == QLatin1String("attachments"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Attachments");
    else if (key == QLatin1String("recall"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Recall");
    else if (key == QLatin1String("current"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Current message");
    else if (key == QLatin1String("output"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Output reserve");
    else if (key == QLatin1String("runtime"))
        text = QT_TRANSLATE_NOOP("Skein::ContextBudget", "Runtime block");
    return text ? QCoreApplication::translate("Skein::ContextBudget", text) : key;
}

QColor color(const QString &key)
{
    static const QHash<QString, QColor> colors {
        {QStringLiteral("system"), QColor(0x6c757d)},      {QStringLiteral("memories"), QColor(0x8e44ad)},
        {QStringLiteral("summaries"), QColor(0xd4a017)},   {QStringLiteral("tools"), QColor(0x16a085)},
        {QStringLiteral("history"), QColor(0x2f80ed)},     {QStringLiteral("current"), QColor(0x27ae60)},
        {QStringLiteral("output"), QColor(0xb0b8c4)},      {QStringLiteral("runtime"), QColor(0x82c99a)},
        {QStringLiteral("attachments"), QColor(0xc0568a)}, {QStringLiteral("recall"), QColor(0xa0522d)},
        {QStringLiteral("pinned"), QColor(0xc0392b)},
    };
    return colors.value(key, QColor(0xe67e22));
}

QList<ContextSection> sections(const ContextSnapshot &snapshot)
{
    QHash<QString, qint64> tokens;
    QStringList unknown;
    static const QStringList metadata {QStringLiteral("window"),        QStringLiteral("window_source"),
                                       QStringLiteral("raw_estimate"),  QStringLiteral("calibration"),
                                       QStringLiteral("recall_budget"), QStringLiteral("pinned_left_out")};
    for (auto it = snapshot.sectionTokens.constBegin(); it != snapshot.sectionTokens.constEnd(); ++it) {
        const QString key = canonical(it.key());
        if (metadata.contains(key) || !it.value().isDouble())
            continue;
        if (!order().contains(key) && !tokens.contains(key))
            unknown << key;
        tokens[key] += it.value().toInteger();
    }
    QList<ContextSection> out;
    for (const QString &key : order() + unknown) {
        if ((key == QLatin1String("attachments") || key == QLatin1String("recall") || key == QLatin1String("pinned"))
            && tokens.value(key) == 0)
            continue; // shown only for a request that had some
        out.append({key, label(key), tokens.value(key), color(key)});
    }
    return out;
}

qint64 window(const ContextSnapshot &snapshot)
{
    const qint64 recorded = snapshot.sectionTokens.value(QStringLiteral("window")).toInteger();
    if (recorded > 0)
        return recorded;
    qint64 output = 0;
    for (const ContextSection &s : sections(snapshot)) {
        if (s.key == QLatin1String("output"))
            output = s.tokens;
    }
    return snapshot.budget > 0 ? snapshot.budget + output : 0;
}

qint64 total(const QList<ContextSection> &sections)
{
    qint64 sum = 0;
    for (const ContextSection &s : sections)
        sum += s.tokens;
    return sum;
}

} // namespace Skein::ContextBudget
