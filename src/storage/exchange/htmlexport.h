/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/session.h"
#include "storage/result.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

class QPagedPaintDevice;

namespace Skein {

class Store;

namespace Exchange {

// What a reading export (Markdown, HTML, PDF) holds: the session and either its active branch,
// root first, or every message of its tree.
struct ReadableSession
{
    Session session;
    QList<Message> messages;
    bool allBranches = false;
};
Result<ReadableSession> readableSession(Store &store, const QString &sessionId, bool allBranches);

struct HtmlOptions
{
    // Every branch: the active one open, the others folded at each fork (<details>, readable
    // without scripts; a small inline script makes opening one close its siblings).
    bool allBranches = false;
    // For Qt's rich text (PDF, printing): only what QTextDocument understands — no <details>,
    // no script, colours inline, the light theme.
    bool forPrint = false;
    // Attachments written beside the document (writeAttachmentFiles), linked; the others are named.
    QHash<QString, QString> attachmentFiles;
};

// One self-contained HTML file: no external resources (a Content-Security-Policy forbids any),
// Markdown rendered with md4c (GitHub dialect; raw HTML shown as text, images named instead of
// loaded, only http, https and mailto links kept), code highlighted with KSyntaxHighlighting
// in light and dark colours. Every text of a model, tool or file is escaped (SPEC §7).
QByteArray toHtml(const ReadableSession &readable, const HtmlOptions &options = {});

// The active branch laid out by QTextDocument from toHtml(…, forPrint) onto pages of `device` (a
// QPdfWriter, or a QPrinter the print dialog set up), with page numbers. Needs a QGuiApplication
// (fonts); safe on a worker thread.
void print(const ReadableSession &readable, QPagedPaintDevice *device);
// The same as a PDF file (A4, or Letter where that is the paper), written atomically. Returns the
// file size.
Result<qint64> writePdf(const ReadableSession &readable, const QString &path);

} // namespace Exchange
} // namespace Skein
