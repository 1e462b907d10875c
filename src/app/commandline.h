/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QCommandLineOption>
#include <QString>

class QCommandLineParser;

namespace Skein {

// Options both executables accept: --data-dir DIR and --lang LANG.
class CommonOptions
{
public:
    CommonOptions();
    void addTo(QCommandLineParser &parser) const;
    QString dataDir(const QCommandLineParser &parser) const; // resolved: option, $SKEIN_DATA_DIR, default
    QString language(const QCommandLineParser &parser) const; // "" when not given

private:
    QCommandLineOption m_dataDir;
    QCommandLineOption m_lang;
};

} // namespace Skein
