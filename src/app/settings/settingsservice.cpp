// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "settingsservice.h"

#include "storage/asyncstore.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QPointer>

namespace Skein {

SettingsService::SettingsService(AsyncStore &storage, QObject *parent)
    : QObject(parent)
    , m_storage(storage)
{ }

SettingsService::~SettingsService() = default;

void SettingsService::load(QObject *context, std::function<void(Result<Settings::Values>)> done)
{
    m_storage.read<Settings::Values>(context, [](Store &store) { return store.settings().all(); }, std::move(done));
}

void SettingsService::save(const Settings::Values &values, QObject *context, std::function<void(Status)> done)
{
    m_storage.write(
        this,
        [values](Store &store) -> Status {
            for (auto it = values.begin(); it != values.end(); ++it)
                if (Status s = store.settings().set(it.key(), it.value()); !s)
                    return s;
            return {};
        },
        [this, values, guard = QPointer<QObject>(context), done = std::move(done)](Status status) {
            if (status)
                Q_EMIT saved(values);
            if (guard && done)
                done(std::move(status));
        });
}

} // namespace Skein
