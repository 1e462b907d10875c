/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QProgressDialog>

#include <atomic>
#include <memory>

namespace Skein {

class DataService;

// File → Import: runs the import on the storage thread behind a progress dialog (conversations
// and bytes so far, Cancel), then says what happened in a summary. Deletes itself when done.
class ImportProgress final : public QProgressDialog
{
    Q_OBJECT

public:
    ImportProgress(DataService &service, const QString &path, QWidget *parent);

    // "ChatGPT", "Claude", …, for a format's name (chatgpt, claude, …).
    static QString formatTitle(const QString &format);

Q_SIGNALS:
    // The import ended; changed: it added something.
    void importFinished(bool changed);

private:
    QString m_name;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace Skein
