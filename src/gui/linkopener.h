/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QObject>
#include <QPointer>
#include <QUrl>
#include <functional>

class QWidget;

namespace Skein {

// The one code path through which a link in rendered content opens (SPEC §7): only http,
// https and mailto, and only after a dialog showing the full URL. Tests inject the
// confirmation and the opener so that nothing reaches QDesktopServices.
class LinkOpener final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LinkOpener)

public:
    // Asks the user; calls answer(true) to open. Must not block (no nested event loop).
    using Confirm = std::function<void(QWidget *parent, const QUrl &url, std::function<void(bool)> answer)>;
    using Open = std::function<bool(const QUrl &url)>;

    explicit LinkOpener(QObject *parent = nullptr);
    ~LinkOpener() override;

    static bool isAllowed(const QUrl &url);
    // What is shown and opened: a mailto link keeps only its address and subject.
    static QUrl sanitized(const QUrl &url);

    // Refuses anything but http/https/mailto, else asks and then opens.
    void open(const QUrl &url, QWidget *parent);

    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    void setOpener(Open opener) { m_open = std::move(opener); }

Q_SIGNALS:
    void refused(const QUrl &url);
    void opened(const QUrl &url);

private:
    Confirm m_confirm;
    Open m_open;
};

} // namespace Skein
