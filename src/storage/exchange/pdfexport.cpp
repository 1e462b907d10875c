// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The PDF half of htmlexport.h: the only part of the storage layer that needs Qt GUI (fonts and
// text layout).
#include "htmlexport.h"
#include "jsonreader.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <QPageLayout>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

namespace Skein::Exchange {

namespace {

// Loads nothing: the export names its images and links, and a stray reference must not read a
// local file into the PDF.
class InertDocument final : public QTextDocument
{
protected:
    QVariant loadResource(int, const QUrl &) override { return {}; }
};

} // namespace

void print(const ReadableSession &readable, QPagedPaintDevice *device)
{
    HtmlOptions options;
    options.forPrint = true;
    InertDocument document;
    document.setHtml(QString::fromUtf8(toHtml(readable, options)));
    document.print(device);
}

Result<qint64> writePdf(const ReadableSession &readable, const QString &path)
{
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return StorageError {StorageError::Kind::Io, Text::tr("PDF export needs the graphical libraries (fonts)")};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return StorageError {StorageError::Kind::Io, Text::tr("cannot write %1: %2").arg(path, file.errorString())};
    {
        QPdfWriter writer(&file);
        const QLocale::Territory territory = QLocale().territory();
        const bool letter = territory == QLocale::UnitedStates || territory == QLocale::Canada
            || territory == QLocale::Mexico || territory == QLocale::Philippines;
        writer.setPageLayout(QPageLayout(QPageSize(letter ? QPageSize::Letter : QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter));
        writer.setTitle(readable.session.title);
        writer.setCreator(QStringLiteral("Skein"));
        writer.setResolution(300);
        print(readable, &writer);
    }
    if (!file.commit())
        return StorageError {StorageError::Kind::Io, Text::tr("cannot write %1: %2").arg(path, file.errorString())};
    return QFileInfo(path).size();
}

} // namespace Skein::Exchange
