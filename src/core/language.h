/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace Skein {

// Chooses and installs the UI language. English is the source language; translations are
// compiled into the binary under :/i18n.
struct Language
{
    static QStringList available(); // e.g. {"en", "zh_CN"}
    // The language to use: the override if given and available, else the system's UI languages,
    // else English. Accepts forms like "zh_CN", "zh-CN", "zh".
    static QString choose(const QString &override, const QStringList &uiLanguages);
    // Installs Skein's and Qt's translators for the language; returns false if none was found
    // (English needs none).
    static bool install(QCoreApplication &app, const QString &language);
};

} // namespace Skein
