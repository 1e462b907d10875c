// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "commandline.h"

#include "core/datadir.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace Skein {

CommonOptions::CommonOptions()
    : m_dataDir(QStringList {QStringLiteral("data-dir")},
                QCoreApplication::translate("Skein::CommonOptions",
                                            "Keep all data in <dir> (default: $SKEIN_DATA_DIR, else %1).")
                    .arg(DataDir::defaultLocation()),
                QCoreApplication::translate("Skein::CommonOptions", "dir"))
    , m_lang(QStringList {QStringLiteral("lang")},
             QCoreApplication::translate("Skein::CommonOptions",
                                         "User interface language: en or zh_CN (default: the system's)."),
             QCoreApplication::translate("Skein::CommonOptions", "language"))
{ }

void CommonOptions::addTo(QCommandLineParser &parser) const
{
    parser.addOption(m_dataDir);
    parser.addOption(m_lang);
}

QString CommonOptions::dataDir(const QCommandLineParser &parser) const
{
    return DataDir::resolve(parser.value(m_dataDir));
}

QString CommonOptions::language(const QCommandLineParser &parser) const
{
    return parser.value(m_lang);
}

} // namespace Skein
