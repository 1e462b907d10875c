// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace Skein {

namespace {

QString normalise(QString name)
{
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    return name.trimmed();
}

QString match(const QString &requested)
{
    const QString wanted = normalise(requested);
    if (wanted.isEmpty())
        return {};
    const QStringList langs = Language::available();
    for (const QString &lang : langs)
        if (wanted.compare(lang, Qt::CaseInsensitive) == 0)
            return lang;
    // "zh", "zh_Hans", "zh_Hans_CN" → zh_CN; "en_GB" → en
    const QString base = wanted.section(QLatin1Char('_'), 0, 0).toLower();
    for (const QString &lang : langs)
        if (lang.section(QLatin1Char('_'), 0, 0).compare(base, Qt::CaseInsensitive) == 0)
            return lang;
    return {};
}

} // namespace

QStringList Language::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::choose(const QString &override, const QStringList &uiLanguages)
{
    if (const QString m = match(override); !m.isEmpty())
        return m;
    for (const QString &ui : uiLanguages)
        if (const QString m = match(ui); !m.isEmpty())
            return m;
    return QStringLiteral("en");
}

bool Language::install(QCoreApplication &app, const QString &language)
{
    if (language == QLatin1String("en"))
        return true;
    QLocale::setDefault(QLocale(language));
    auto *own = new QTranslator(&app);
    const bool ok = own->load(QStringLiteral(":/i18n/skein_%1.qm").arg(language));
    if (ok)
        QCoreApplication::installTranslator(own);
    else
        delete own;
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return ok;
}

} // namespace Skein
