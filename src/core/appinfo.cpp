// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "appinfo.h"

#include <QCoreApplication>

namespace Skein {

QString AppInfo::name()
{
    return QStringLiteral("skein");
}

QString AppInfo::displayName()
{
    return QStringLiteral("Skein");
}

QString AppInfo::version()
{
    return QStringLiteral(SKEIN_VERSION);
}

void AppInfo::apply()
{
    QCoreApplication::setOrganizationName(name());
    QCoreApplication::setApplicationName(name());
    QCoreApplication::setApplicationVersion(version());
}

} // namespace Skein
