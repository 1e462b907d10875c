// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli export and import.
#include "cli.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "engine/memory/extraction.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/exchange/markdownexport.h"
#include "storage/messagerepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
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

int Cli::cmdExport(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString output = parser.value(QStringLiteral("output"));
    const QString format = parser.value(QStringLiteral("format")).isEmpty() ? QStringLiteral("json")
                                                                            : parser.value(QStringLiteral("format"));
    if (format != QLatin1String("json") && format != QLatin1String("markdown"))
        return usage(tr("--format must be json or markdown"));
    Exchange::Exporter exporter(*m_store);
    QByteArray bytes;
    if (parser.isSet(QStringLiteral("all"))) {
        if (!args.isEmpty() || output.isEmpty() || format != QLatin1String("json"))
            return usage(tr("usage: export --all -o FILE"));
        Result<QByteArray> all = exporter.exportAll();
        if (!all)
            return fail(all.error());
        bytes = all.value();
    } else {
        if (args.size() != 1)
            return usage(tr("usage: export ID [-o FILE] [--format json|markdown]"));
        Session session;
        if (!resolveSession(args.first(), &session))
            return 1;
        if (format == QLatin1String("markdown")) {
            Result<QList<Message>> path = session.activeLeafId.isEmpty()
                ? Result<QList<Message>>(QList<Message> {})
                : m_store->messages().path(session.activeLeafId);
            if (!path)
                return fail(path.error());
            bytes = Exchange::toMarkdown(session, path.value()).toUtf8();
        } else {
            Result<QByteArray> one = exporter.exportSession(session.id);
            if (!one)
                return fail(one.error());
            bytes = one.value();
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
        return usage(tr("usage: import FILE [--json]"));
    Exchange::Importer importer(*m_store, Extraction::importGuards());
    Result<Exchange::ImportReport> report = importer.importFile(args.first());
    if (!report)
        return fail(tr("%1: nothing imported: %2").arg(args.first(), report.error().message));
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray sessions;
        for (const Exchange::ImportReport::SessionResult &s : report.value().sessions) {
            QJsonObject o;
            o.insert(QStringLiteral("original_id"), s.originalId);
            o.insert(QStringLiteral("id"), s.importedId);
            o.insert(QStringLiteral("title"), s.title);
            o.insert(QStringLiteral("outcome"), Exchange::ImportReport::outcomeName(s.outcome));
            o.insert(QStringLiteral("messages"), s.messages);
            sessions.append(o);
        }
        QJsonObject o;
        o.insert(QStringLiteral("sessions"), sessions);
        o.insert(QStringLiteral("memories_imported"), report.value().memoriesImported);
        o.insert(QStringLiteral("memories_already_present"), report.value().memoriesAlreadyPresent);
        o.insert(QStringLiteral("memories_refused"), QJsonArray::fromStringList(report.value().memoriesRefused));
        o.insert(QStringLiteral("providers_imported"), report.value().providersImported);
        o.insert(QStringLiteral("providers_already_present"), report.value().providersAlreadyPresent);
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    m_out << report.value().describe() << Qt::endl;
    return 0;
}

} // namespace Skein
