/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QDialog>
#include <memory>

namespace Ui {
class AboutDialog;
}

namespace Skein {

struct ComponentVersion;

// Shows Skein's version and those of the libraries it runs on.
class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    AboutDialog(const QList<ComponentVersion> &components, QWidget *parent = nullptr);
    ~AboutDialog() override;

    // The versions shown, including KSyntaxHighlighting (known only to the GUI library).
    static QList<ComponentVersion> withGuiComponents(QList<ComponentVersion> components);

private:
    std::unique_ptr<Ui::AboutDialog> m_ui;
};

} // namespace Skein
