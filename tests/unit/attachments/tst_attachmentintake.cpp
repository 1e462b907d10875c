// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// What a file becomes when it is attached (issue 16): images turned upright and stripped of their
// metadata, a decompression bomb refused before it is decoded, text in any common encoding, a PDF's
// text and pages, and everything else refused in plain words.

#include "engine/attachments/attachmentintake.h"
#include "testsupport.h"

#include <QBuffer>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

quint32 crc32(const QByteArray &bytes)
{
    quint32 crc = 0xffffffffU;
    for (const char c : bytes) {
        crc ^= quint8(c);
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320U & (0U - (crc & 1U)));
    }
    return ~crc;
}

QByteArray be32(quint32 v)
{
    QByteArray b(4, Qt::Uninitialized);
    qToBigEndian(v, b.data());
    return b;
}

// An EXIF block (little-endian TIFF) with an orientation and a GPS position, as a phone writes.
QByteArray exifSegment(quint16 orientation)
{
    QByteArray tiff("II*\0\x08\0\0\0", 8);
    const auto le16 = [](quint16 v) { return QByteArray(reinterpret_cast<const char *>(&v), 2); };
    const auto le32 = [](quint32 v) { return QByteArray(reinterpret_cast<const char *>(&v), 4); };
    // IFD0 at 8: two entries, then the next-IFD offset; the GPS IFD right after it.
    const quint32 gpsAt = 8 + 2 + 2 * 12 + 4;
    tiff += le16(2);
    tiff += le16(0x0112) + le16(3) + le32(1) + le16(orientation) + le16(0);
    tiff += le16(0x8825) + le16(4) + le32(1) + le32(gpsAt);
    tiff += le32(0);
    tiff += le16(1);
    tiff += le16(0x0001) + le16(2) + le32(2) + QByteArray("N\0\0\0", 4); // GPSLatitudeRef "N"
    tiff += le32(0);
    tiff += QByteArray("GPSMARKER-52.5200N-13.4050E");
    const QByteArray payload = QByteArray("Exif\0\0", 6) + tiff;
    QByteArray segment("\xff\xe1", 2);
    segment += char((payload.size() + 2) >> 8);
    segment += char((payload.size() + 2) & 0xff);
    return segment + payload;
}

QByteArray jpegWithExif(const QImage &image, quint16 orientation)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "JPEG", 95);
    QByteArray jpeg = buffer.data();
    return jpeg.left(2) + exifSegment(orientation) + jpeg.mid(2); // right after SOI
}

} // namespace

class TestAttachmentIntake final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_tmp.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return path;
    }

    QString writeImage(const QString &name, const QImage &image, const char *format)
    {
        const QString path = m_tmp.filePath(name);
        return image.save(path, format) ? path : QString();
    }

private Q_SLOTS:
    void aPhotoIsTurnedUprightAndLosesItsMetadata()
    {
        // Left half red, right half blue, 80 × 40; EXIF says "rotate 90° clockwise to show".
        QImage image(80, 40, QImage::Format_RGB32);
        image.fill(Qt::red);
        QPainter(&image).fillRect(40, 0, 40, 40, Qt::blue);
        const QString path = write(u"IMG_0001.jpg"_s, jpegWithExif(image, 6));
        QVERIFY(Test::readFile(path).contains("GPSMARKER"));
        const Result<PreparedAttachment> p = AttachmentIntake::prepare(path);
        QVERIFY2(p, qPrintable(p ? QString() : p.error().message));
        const Attachment &a = p->attachment;
        QVERIFY(a.kind == AttachmentKind::Image);
        QCOMPARE(a.mimeType, u"image/jpeg"_s);
        QCOMPARE(a.name, u"IMG_0001.jpg"_s);
        QCOMPARE(QSize(a.width, a.height), QSize(40, 80)); // upright
        QCOMPARE(a.size, p->encoded.size());
        QVERIFY(p->encoded.startsWith("\xff\xd8"));
        QVERIFY(!p->encoded.contains("Exif"));
        QVERIFY(!p->encoded.contains("GPSMARKER"));
        // Turned clockwise: the red half (the left) is now at the top.
        const QImage upright = QImage::fromData(p->encoded);
        QVERIFY(qRed(upright.pixel(20, 10)) > 200 && qBlue(upright.pixel(20, 10)) < 60);
        QVERIFY(qBlue(upright.pixel(20, 70)) > 200 && qRed(upright.pixel(20, 70)) < 60);
    }

    void otherImagesBecomePngsAndHugeOnesAreScaled()
    {
        QImage wide(3000, 1000, QImage::Format_ARGB32);
        wide.fill(Qt::green);
        AttachmentLimits limits;
        limits.maxImageSide = 1500;
        Result<PreparedAttachment> p = AttachmentIntake::prepare(writeImage(u"wide.png"_s, wide, "PNG"), limits);
        QVERIFY(p);
        QCOMPARE(QSize(p->attachment.width, p->attachment.height), QSize(1500, 500));
        QCOMPARE(QImage::fromData(p->encoded).size(), QSize(1500, 500));
        // Qt writes no GIF: a one-pixel GIF89a, byte by byte; WebP from Qt's own writer.
        const QByteArray gif = QByteArray::fromBase64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
        for (const QString &path :
             {write(u"anim.gif"_s, gif), writeImage(u"anim.webp"_s, wide.scaled(300, 100), "WEBP")}) {
            p = AttachmentIntake::prepare(path);
            QVERIFY2(p, qPrintable(p ? QString() : p.error().message));
            QCOMPARE(p->attachment.mimeType, u"image/png"_s);
            QCOMPARE(p->attachment.name, u"anim.png"_s);
            QVERIFY(p->encoded.startsWith("\x89PNG"));
        }
    }

    // A real PNG whose header claims 60,000 × 60,000 pixels (3.6 billion: 14 GB decoded).
    void aDecompressionBombIsRefusedBeforeItIsDecoded()
    {
        QImage small(8, 8, QImage::Format_RGB32);
        small.fill(Qt::white);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        small.save(&buffer, "PNG");
        QByteArray png = buffer.data();
        // IHDR: length(4) "IHDR"(4) width(4) height(4) … crc(4), right after the 8-byte signature.
        QByteArray ihdr = png.mid(12, 17);
        ihdr.replace(4, 4, be32(60000));
        ihdr.replace(8, 4, be32(60000));
        png.replace(12, 17, ihdr);
        png.replace(29, 4, be32(crc32(ihdr)));
        const Result<PreparedAttachment> p = AttachmentIntake::prepare(write(u"bomb.png"_s, png));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(u"60000 × 60000"_s), qPrintable(p.error().message));
    }

    void textInItsEncoding_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mime");
        const QString chinese = u"西湖的水 — notes"_s;
        QTest::newRow("utf-8") << u"notes.md"_s << chinese.toUtf8() << chinese << u"text/markdown"_s;
        QByteArray utf16("\xff\xfe", 2);
        for (const QChar c : chinese)
            utf16 += QByteArray(reinterpret_cast<const char *>(&c), 2);
        QTest::newRow("utf-16 with a BOM") << u"notes.txt"_s << utf16 << chinese << u"text/plain"_s;
        QTest::newRow("gb18030") << u"old.txt"_s << QByteArray("\xd6\xd0\xce\xc4 ok") << u"中文 ok"_s
                                 << u"text/plain"_s;
        QTest::newRow("source") << u"main.rs"_s << QByteArray("fn main() {}\n") << u"fn main() {}\n"_s
                                << u"text/rust"_s;
        QTest::newRow("no extension") << u"notes"_s << QByteArray("plain words\n") << u"plain words\n"_s
                                      << u"text/plain"_s;
    }

    void textInItsEncoding()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, text);
        QFETCH(QString, mime);
        const Result<PreparedAttachment> p = AttachmentIntake::prepare(write(name, bytes));
        QVERIFY2(p, qPrintable(p ? QString() : p.error().message));
        QVERIFY(p->attachment.kind == AttachmentKind::Text);
        QCOMPARE(p->attachment.text, text);
        QCOMPARE(p->attachment.mimeType, mime);
        QCOMPARE(p->attachment.size, bytes.size());
        QVERIFY(p->encoded.isEmpty()); // stored as it is
        QVERIFY(!p->sourcePath.isEmpty());
    }

    void aPdfGivesItsTextAndPages()
    {
        const QString path = m_tmp.filePath(u"report.pdf"_s);
        {
            QPdfWriter pdf(path);
            QPainter painter(&pdf);
            painter.setFont(QFont(u"DejaVu Sans"_s, 14));
            painter.drawText(QPointF(400, 800), u"Quarterly alpha figures"_s);
            pdf.newPage();
            painter.drawText(QPointF(400, 800), u"Closing beta remarks"_s);
        }
        const Result<PreparedAttachment> p = AttachmentIntake::prepare(path);
        QVERIFY2(p, qPrintable(p ? QString() : p.error().message));
        QVERIFY(p->attachment.kind == AttachmentKind::Pdf);
        QCOMPARE(p->attachment.mimeType, u"application/pdf"_s);
        QCOMPARE(p->attachment.pages, 2);
        QVERIFY2(p->attachment.text.contains(u"[Page 1]\nQuarterly alpha figures"_s), qPrintable(p->attachment.text));
        QVERIFY2(p->attachment.text.contains(u"[Page 2]\nClosing beta remarks"_s), qPrintable(p->attachment.text));

        const Result<PreparedAttachment> broken
            = AttachmentIntake::prepare(write(u"broken.pdf"_s, "%PDF-1.7\n% nothing else\n"));
        QVERIFY(!broken);
        QVERIFY2(broken.error().message.contains(u"not a readable PDF"_s), qPrintable(broken.error().message));
    }

    void theRestIsRefusedInPlainWords()
    {
        // Too large: refused from its size, before a byte of it is read.
        const QString big = m_tmp.filePath(u"huge.log"_s);
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(qint64(50) << 20));
        }
        Result<PreparedAttachment> p = AttachmentIntake::prepare(big);
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(u"huge.log"_s) && p.error().message.contains(u"20"_s),
                 qPrintable(p.error().message));
        // Binary data, whatever its name says.
        p = AttachmentIntake::prepare(write(u"data.txt"_s, QByteArray("abc\0\x01\x02 binary", 14)));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(u"binary"_s), qPrintable(p.error().message));
        // An archive: named for what it is.
        p = AttachmentIntake::prepare(write(u"bundle.zip"_s, QByteArray("PK\x03\x04\x14\0\0\0\0\0", 10)));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(u"application/zip"_s), qPrintable(p.error().message));
        p = AttachmentIntake::prepare(m_tmp.filePath(u"missing.png"_s));
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(u"is not a file"_s), qPrintable(p.error().message));
    }
};

SKEIN_TEST_MAIN(TestAttachmentIntake, QGuiApplication)
#include "tst_attachmentintake.moc"
