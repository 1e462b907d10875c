/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QWidget>

#include <memory>

namespace Ui {
class DataPage;
}

namespace Skein {

class DataService;

// Where the data lives (open the folder), back up now (SQLite backup API), export everything and
// import a Skein file. Every disk job runs on a storage thread; results are told in plain words.
class DataPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DataPage)

public:
    DataPage(DataService &service, QWidget *parent = nullptr);
    ~DataPage() override;

    // The actions behind the buttons, once the user picked a file (tests call these directly).
    void backUpNow();
    void exportAllTo(const QString &path);
    void importFrom(const QString &path);
    // <dataDir>/backups
    QString backupDir() const;

Q_SIGNALS:
    void backupFinished(bool ok, const QString &pathOrError);
    void exportFinished(bool ok, const QString &message);
    void importFinished(bool ok, const QString &message);

private:
    void setBusy(bool busy, const QString &message = {});

    std::unique_ptr<Ui::DataPage> m_ui;
    DataService &m_service;
};

} // namespace Skein
