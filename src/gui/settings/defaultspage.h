#pragma once

#include "core/settings/settingskeys.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace Skein {

class ProviderListModel;
class SettingsSaver;
class UtilityModelPicker;

// SPEC §4 context defaults and §5 agent defaults as spin boxes; each change is saved when the
// user leaves the field (or steps it), under the keys of core/settings/settingskeys.h.
class DefaultsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DefaultsPage)

public:
    DefaultsPage(SettingsSaver *saver, QWidget *parent = nullptr);
    ~DefaultsPage() override;

    void load(const Settings::Values &values);

private:
    QSpinBox *addRow(QFormLayout *form, const Settings::IntKey &key, const QString &label, const QString &suffix,
                     const QString &help);
    void resetToDefaults();
    void updateShareNote();

    SettingsSaver *m_saver;
    QHash<QSpinBox *, Settings::IntKey> m_keys;
    QList<QSpinBox *> m_shares;
    QLabel *m_shareNote = nullptr;
    bool m_loading = false;
};

// SPEC §4.10: whether memories are extracted automatically and whether they wait for review; and
// which model writes summaries and extracts memories (§4.5, §4.10).
class MemoryPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryPage)

public:
    // providers: the Providers page's list, for the utility model picker.
    MemoryPage(SettingsSaver *saver, const ProviderListModel *providers, QWidget *parent = nullptr);
    ~MemoryPage() override;

    void load(const Settings::Values &values);

private:
    void save();

    SettingsSaver *m_saver;
    QCheckBox *m_autoExtract;
    QCheckBox *m_review;
    UtilityModelPicker *m_utility;
    bool m_loading = false;
};

} // namespace Skein
