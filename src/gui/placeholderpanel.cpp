// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "placeholderpanel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace Skein {

PlaceholderPanel::PlaceholderPanel(const QString &title, const QString &text, QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addStretch();
    auto *heading = new QLabel(title, this);
    heading->setObjectName(QStringLiteral("placeholderTitle"));
    heading->setAlignment(Qt::AlignCenter);
    QFont font = heading->font();
    font.setPointSizeF(font.pointSizeF() * 1.25);
    font.setBold(true);
    heading->setFont(font);
    auto *body = new QLabel(text, this);
    body->setObjectName(QStringLiteral("placeholderText"));
    body->setAlignment(Qt::AlignCenter);
    body->setWordWrap(true);
    body->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(heading);
    layout->addWidget(body);
    layout->addStretch();
    setAccessibleName(title);
}

} // namespace Skein
