// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli export and import.
#include "cli.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "engine/memory/extraction.h"
#include "storage/exchange/attachmentfiles.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/htmlexport.h"
#include "storage/exchange/importer.h"
#include "storage/exchange/markdownexport.h"
#include "storage/messagerepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace Skein {

namespace {

// Written atomically: a failed or interrupted export never leaves a half file behind.
QString writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return file.errorString().isEmpty() ? Cli::tr("cannot write %1").arg(path)
                                            : Cli::tr("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace

// The format: --format, else the output file's extension, else JSON.
QString Cli::exportFormat(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("format")))
        return parser.value(QStringLiteral("format")).toLower();
    const QString output = parser.value(QStringLiteral("output")).toLower();
    if (output.endsWith(QLatin1String(".md")) || output.endsWith(QLatin1String(".markdown")))
        return QStringLiteral("markdown");
    if (output.endsWith(QLatin1String(".html")) || output.endsWith(QLatin1String(".htm")))
        return QStringLiteral("html");
    if (output.endsWith(QLatin1String(".pdf")))
        return QStringLiteral("pdf");
    return QStringLiteral("json");
}

int Cli::cmdExport(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString output = parser.value(QStringLiteral("output"));
    const QString format = exportFormat(parser);
    static const QStringList formats {QStringLiteral("json"), QStringLiteral("markdown"), QStringLiteral("html"),
                                      QStringLiteral("pdf")};
    if (!formats.contains(format))
        return usage(tr("--format must be json, markdown, html or pdf"));
    const bool allBranches = parser.isSet(QStringLiteral("all-branches"));
    if (allBranches && format != QLatin1String("html") && format != QLatin1String("json"))
        return usage(tr("--all-branches: %1 holds the active branch only; use html or json").arg(format));
    QByteArray bytes;
    if (parser.isSet(QStringLiteral("all"))) {
        if (!args.isEmpty() || output.isEmpty() || format != QLatin1String("json"))
            return usage(tr("usage: export --all -o FILE"));
        Result<QByteArray> all = Exchange::Exporter(*m_store).exportAll();
        if (!all)
            return fail(all.error());
        bytes = all.value();
    } else {
        if (args.size() != 1)
            return usage(tr("usage: export ID [-o FILE] [--format json|markdown|html|pdf] [--all-branches]"));
        Session session;
        if (!resolveSession(args.first(), &session))
            return 1;
        if (format == QLatin1String("json")) {
            Result<QByteArray> one = Exchange::Exporter(*m_store).exportSession(session.id);
            if (!one)
                return fail(one.error());
            bytes = one.value();
        } else {
            Result<Exchange::ReadableSession> readable
                = Exchange::readableSession(*m_store, session.id, allBranches && format == QLatin1String("html"));
            if (!readable)
                return fail(readable.error());
            if (format == QLatin1String("pdf")) {
                if (output.isEmpty() || output == QLatin1String("-"))
                    return usage(tr("a PDF is written to a file: -o FILE"));
                Result<qint64> written = Exchange::writePdf(readable.value(), output);
                return written ? 0 : fail(written.error());
            }
            // Written to a file: the attachments go beside it, linked.
            Exchange::AttachmentFiles files;
            if (!output.isEmpty() && output != QLatin1String("-")) {
                Result<Exchange::AttachmentFiles> written
                    = Exchange::writeAttachmentFiles(*m_store, readable->messages, output);
                if (!written)
                    return fail(written.error());
                files = written.value();
            }
            if (format == QLatin1String("markdown")) {
                bytes = Exchange::toMarkdown(readable->session, readable->messages, files).toUtf8();
            } else {
                Exchange::HtmlOptions options;
                options.allBranches = allBranches;
                options.attachmentFiles = files;
                bytes = Exchange::toHtml(readable.value(), options);
            }
        }
    }
    if (output.isEmpty() || output == QLatin1String("-")) {
        m_out << QString::fromUtf8(bytes);
        m_out.flush();
        return 0;
    }
    if (const QString error = writeFile(output, bytes); !error.isEmpty())
        return fail(error);
    return 0;
}

int Cli::cmdImport(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: import FILE|DIR [--from FORMAT] [--dry-run] [--json]"));
    Exchange::ImportOptions options;
    if (parser.isSet(QStringLiteral("from"))) {
        const std::optional<Exchange::ImportFormat> format
            = Exchange::formatFromName(parser.value(QStringLiteral("from")));
        if (!format)
            return usage(tr("--from: %1 is not one of auto, skein, chatgpt, claude, openwebui, librechat")
                             .arg(parser.value(QStringLiteral("from"))));
        options.format = *format;
    }
    options.dryRun = parser.isSet(QStringLiteral("dry-run"));
    const bool json = parser.isSet(QStringLiteral("json"));
    // Progress on stderr, for a person at a terminal (a 1 GB export takes a while).
    QElapsedTimer shown;
    shown.start();
    options.progress = [this, json, &shown](qint64 done, qint64 total, int conversations) {
        if (!json && total > (64 << 20) && shown.elapsed() > 1000) {
            m_err << tr("%1 conversations, %2 of %3 MB read").arg(conversations).arg(done >> 20).arg(total >> 20)
                  << Qt::endl;
            shown.restart();
        }
        return true;
    };
    Exchange::Importer importer(*m_store, Extraction::importGuards());
    Result<Exchange::ImportReport> result = importer.importPath(args.first(), options);
    if (!result)
        return fail(tr("%1: nothing imported: %2").arg(args.first(), result.error().message));
    const Exchange::ImportReport &report = result.value();
    // Searchable before the command returns (the app indexes in the background instead).
    if (!report.dryRun)
        if (Status s = indexSearchBacklog(json); !s)
            return 1;
    using Outcome = Exchange::ImportReport::Outcome;
    if (json) {
        QJsonArray sessions;
        for (const Exchange::ImportReport::SessionResult &s : report.sessions) {
            QJsonObject o;
            o.insert(QStringLiteral("original_id"), s.originalId);
            o.insert(QStringLiteral("id"), s.importedId);
            o.insert(QStringLiteral("title"), s.title);
            o.insert(QStringLiteral("outcome"), Exchange::ImportReport::outcomeName(s.outcome));
            o.insert(QStringLiteral("messages"), s.messages);
            o.insert(QStringLiteral("new_messages"), s.newMessages);
            o.insert(QStringLiteral("branches"), s.branches);
            sessions.append(o);
        }
        QJsonArray skipped;
        for (const Exchange::ImportReport::Skipped &s : report.skipped)
            skipped.append(QJsonObject {{QStringLiteral("path"), s.path}, {QStringLiteral("reason"), s.reason}});
        QJsonObject o;
        o.insert(QStringLiteral("format"), report.format);
        o.insert(QStringLiteral("dry_run"), report.dryRun);
        o.insert(QStringLiteral("sessions_imported"),
                 report.count(Outcome::Imported) + report.count(Outcome::ImportedAsNew)
                     + report.count(Outcome::Merged));
        o.insert(QStringLiteral("sessions_already_present"), report.count(Outcome::AlreadyPresent));
        o.insert(QStringLiteral("messages"), report.newMessages());
        o.insert(QStringLiteral("branches"), report.branches());
        o.insert(QStringLiteral("memories"), report.memoriesImported);
        o.insert(QStringLiteral("attachments"), report.attachments);
        o.insert(QStringLiteral("attachments_with_content"), report.attachmentContents);
        o.insert(QStringLiteral("skipped"), skipped);
        o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(report.notes));
        o.insert(QStringLiteral("sessions"), sessions);
        o.insert(QStringLiteral("memories_imported"), report.memoriesImported);
        o.insert(QStringLiteral("memories_already_present"), report.memoriesAlreadyPresent);
        o.insert(QStringLiteral("memories_refused"), QJsonArray::fromStringList(report.memoriesRefused));
        o.insert(QStringLiteral("providers_imported"), report.providersImported);
        o.insert(QStringLiteral("providers_already_present"), report.providersAlreadyPresent);
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    m_out << tr("Format: %1.").arg(report.format) << Qt::endl;
    if (report.dryRun)
        m_out << tr("Dry run: nothing was written. This is what an import would do:") << Qt::endl;
    m_out << report.describe() << Qt::endl;
    return 0;
}

} // namespace Skein
