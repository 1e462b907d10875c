#pragma once

#include "appearance.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFontComboBox;
class QLabel;
class QSpinBox;

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

    AppContext &m_context;
    QComboBox *m_theme;
    QCheckBox *m_systemFont;
    QFontComboBox *m_font;
    QSpinBox *m_size;
    QComboBox *m_language;
    QLabel *m_languageNote;
    QCheckBox *m_enterSends;
    AppearanceSettings m_loaded;
    bool m_loading = false;
};

} // namespace Skein
