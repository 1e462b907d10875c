// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "linkopener.h"

#include <QDesktopServices>
#include <QMessageBox>
#include <QPushButton>
#include <QUrlQuery>

namespace Skein {

namespace {

void confirmWithDialog(QWidget *parent, const QUrl &url, std::function<void(bool)> answer)
{
    auto *box = new QMessageBox(parent);
    box->setObjectName(QStringLiteral("linkConfirmDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setIcon(QMessageBox::Question);
    box->setWindowTitle(LinkOpener::tr("Open Link"));
    // The full, encoded address as plain text: what is shown is exactly what opens.
    box->setTextFormat(Qt::PlainText);
    box->setText(LinkOpener::tr("Open this address in your browser?") + QStringLiteral("\n\n")
                 + url.toString(QUrl::FullyEncoded));
    QPushButton *open = box->addButton(LinkOpener::tr("Open"), QMessageBox::AcceptRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    QObject::connect(box, &QMessageBox::finished, box,
                     [box, open, answer = std::move(answer)](int) { answer(box->clickedButton() == open); });
    box->open();
}

} // namespace

LinkOpener::LinkOpener(QObject *parent)
    : QObject(parent)
    , m_confirm(confirmWithDialog)
    , m_open([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{ }

LinkOpener::~LinkOpener() = default;

bool LinkOpener::isAllowed(const QUrl &url)
{
    if (!url.isValid())
        return false;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("mailto"))
        return !url.path().isEmpty();
    return (scheme == QLatin1String("http") || scheme == QLatin1String("https")) && !url.host().isEmpty();
}

QUrl LinkOpener::sanitized(const QUrl &url)
{
    if (url.scheme().toLower() != QLatin1String("mailto") || !url.hasQuery())
        return url;
    // A mail link from a model or a file may carry a prepared body or attach= a local file
    // (issue #13): only the address and the subject go to the mail program.
    const QUrlQuery query(url);
    QUrlQuery kept;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyEncoded))
        if (name.compare(QLatin1String("subject"), Qt::CaseInsensitive) == 0)
            kept.addQueryItem(name, value);
    QUrl out = url;
    out.setQuery(kept.isEmpty() ? QString() : kept.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return out;
}

void LinkOpener::open(const QUrl &link, QWidget *parent)
{
    if (!isAllowed(link)) {
        Q_EMIT refused(link);
        return;
    }
    const QUrl url = sanitized(link);
    QPointer<LinkOpener> self(this);
    m_confirm(parent, url, [self, url](bool accepted) {
        if (!self || !accepted)
            return;
        if (self->m_open(url))
            Q_EMIT self->opened(url);
    });
}

} // namespace Skein
