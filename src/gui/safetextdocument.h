/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QTextDocument>

namespace Skein {

// The only QTextDocument the chat renders untrusted text into (SPEC §7): it never loads a
// resource — no network, no file, no qrc, no data: URL. Every attempt is counted so tests can
// assert that rendering hostile content tried nothing that could have succeeded.
class SafeTextDocument final : public QTextDocument
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SafeTextDocument)

public:
    explicit SafeTextDocument(QObject *parent = nullptr);
    ~SafeTextDocument() override;

    // Resource loads refused by any SafeTextDocument in this process.
    static quint64 refusedLoads();

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    class ImageBlocker;
    ImageBlocker *m_images;
};

} // namespace Skein
