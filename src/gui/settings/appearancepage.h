/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "appearance.h"

#include <QWidget>

#include <memory>

namespace Ui {
class AppearancePage;
}

namespace Skein {

class AppContext;

// Theme (follow the system, light, dark), font, size and language. Theme and font apply at once;
// the language applies the next time Skein starts.
class AppearancePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppearancePage)

public:
    AppearancePage(AppContext &context, QWidget *parent = nullptr);
    ~AppearancePage() override;

    AppearanceSettings current() const;

private:
    void changed();

    std::unique_ptr<Ui::AppearancePage> m_ui;
    AppContext &m_context;
    AppearanceSettings m_loaded;
    bool m_loading = false;
};

} // namespace Skein
