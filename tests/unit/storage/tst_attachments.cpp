// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Attachments in storage (issue 16, schema 8): content stored once per SHA-256, in pieces, and gone
// with the last attachment that refers to it; attachments read with their messages; an export that
// carries them imports back byte for byte.

#include "core/domain/ids.h"
#include "storage/attachmentrepository.h"
#include "storage/database.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storetestutil.h"
#include "testsupport.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

// A device that can only be read front to back, as a pipe or a socket.
class Pipe final : public QIODevice
{
public:
    explicit Pipe(QByteArray bytes)
        : m_bytes(std::move(bytes))
    {
        open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_bytes.size() - m_at + QIODevice::bytesAvailable(); }

protected:
    qint64 readData(char *data, qint64 max) override
    {
        const qint64 n = std::min(max, m_bytes.size() - m_at);
        memcpy(data, m_bytes.constData() + m_at, size_t(n));
        m_at += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_bytes;
    qint64 m_at = 0;
};

QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    rng.fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    return bytes;
}

QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

Attachment attachment(const Message &m, const QString &name, const QByteArray &bytes, const QString &hash)
{
    Attachment a;
    a.id = Ids::create();
    a.messageId = m.id;
    a.ordinal = int(m.attachments.size());
    a.name = name;
    a.mimeType = u"image/png"_s;
    a.kind = AttachmentKind::Image;
    a.size = bytes.size();
    a.sha256 = hash;
    a.width = 640;
    a.height = 480;
    a.createdAt = m.createdAt;
    return a;
}

} // namespace

class TestAttachments final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contentIsStoredOnceAndGoesWithItsLastAttachment()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        const QByteArray shot = randomBytes(300'000, 1);
        const Result<QString> first = store.attachments().storeContent(shot);
        SKEIN_VERIFY_OK(first);
        QCOMPARE(*first, sha256(shot));
        QCOMPARE(store.attachments().storeContent(shot).value(), *first); // the same screenshot again
        QCOMPARE(store.attachments().contentCount().value(), 1);

        // Two sessions attach it; a third attachment only names a file the content of which is not here.
        QStringList sessions;
        QList<Message> messages;
        for (int i = 0; i < 2; ++i) {
            Session s = Session::create(u"s%1"_s.arg(i));
            SKEIN_VERIFY_OK(store.sessions().create(s));
            Message m = Message::create(s.id, {}, Role::User, u"look"_s);
            m.attachments.append(attachment(m, u"shot.png"_s, shot, *first));
            if (i == 1) {
                Attachment named = attachment(m, u"lost.jpg"_s, QByteArray(4, 'x'), QString());
                named.mimeType = u"image/jpeg"_s;
                m.attachments.append(named);
            }
            SKEIN_VERIFY_OK(store.messages().insert(m));
            sessions << s.id;
            messages << m;
        }
        QCOMPARE(store.attachments().contentCount().value(), 1);
        // Read back with their messages, however they are read.
        QCOMPARE(store.messages().get(messages[1].id)->attachments, messages[1].attachments);
        QCOMPARE(store.messages().path(messages[0].id)->first().attachments, messages[0].attachments);
        QCOMPARE(store.messages().bySession(sessions[1])->first().attachments.size(), 2);
        QList<Message> visited;
        SKEIN_VERIFY_OK(store.messages().eachInSession(sessions[1], [&](Message &&m) { visited.append(m); }));
        QCOMPARE(visited.first().attachments, messages[1].attachments);
        QVERIFY(!messages[1].attachments[1].hasContent());
        QCOMPARE(store.attachments().content(*first, 1 << 20).value(), shot);

        // The first session goes: the content stays for the second; then its message goes too.
        SKEIN_VERIFY_OK(store.sessions().remove(sessions[0]));
        QVERIFY(store.attachments().byMessage(messages[0].id)->isEmpty());
        QCOMPARE(store.attachments().contentCount().value(), 1);
        SKEIN_VERIFY_OK(store.messages().deleteSubtree(messages[1].id));
        QVERIFY(store.attachments().byMessage(messages[1].id)->isEmpty());
        QCOMPARE(store.attachments().contentCount().value(), 0);
        QCOMPARE(store.attachments().content(*first, 1 << 20).error().kind, StorageError::Kind::NotFound);
    }

    // A 6 MB file is read and written in pieces, from a file (hashed first: nothing is written
    // when the content is there) and from a pipe (written, then dropped when it was there).
    void largeContentGoesInAndOutInPieces()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        const QByteArray bytes = randomBytes(6 << 20, 2);
        const QString path = tmp.filePath(u"scan.pdf"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite) && file.write(bytes) == bytes.size() && file.seek(0));
        const Result<QString> stored = store.attachments().storeContent(&file, file.size());
        SKEIN_VERIFY_OK(stored);
        QCOMPARE(*stored, sha256(bytes));
        QBuffer out;
        QVERIFY(out.open(QIODevice::WriteOnly));
        SKEIN_VERIFY_OK(store.attachments().readContent(*stored, &out));
        QCOMPARE(out.data().size(), bytes.size());
        QVERIFY(out.data() == bytes);
        QCOMPARE(store.attachments().content(*stored, 1 << 20).error().kind, StorageError::Kind::Invalid);

        Pipe same(bytes);
        QCOMPARE(store.attachments().storeContent(&same, bytes.size()).value(), *stored);
        QCOMPARE(store.attachments().contentCount().value(), 1);
        const QByteArray other = randomBytes(3 << 20, 3);
        Pipe pipe(other);
        QCOMPARE(store.attachments().storeContent(&pipe, other.size()).value(), sha256(other));
        QCOMPARE(store.attachments().content(sha256(other), 4 << 20).value(), other);

        // A file shorter than it said: an error, and in a transaction nothing is left.
        QVERIFY(file.seek(0));
        const Status shortRead = store.transaction([&]() -> Status {
            Result<QString> s = store.attachments().storeContent(&file, file.size() + 10);
            return s ? Status {} : Status(s.error());
        });
        QVERIFY(!shortRead);
        QVERIFY2(shortRead.error().message.contains(u"ended after"_s), qPrintable(shortRead.error().message));
        Pipe cut(other.left(1000));
        const Status cutShort = store.transaction([&]() -> Status {
            Result<QString> s = store.attachments().storeContent(&cut, other.size());
            return s ? Status {} : Status(s.error());
        });
        QVERIFY(!cutShort);
        QCOMPARE(store.attachments().contentCount().value(), 2);
        // Content no attachment refers to (stored for a message that was never written) is swept.
        QCOMPARE(store.attachments().removeUnreferenced().value(), 2);
        QCOMPARE(store.attachments().contentCount().value(), 0);
    }

    void anAttachmentNeedsItsContentStored()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create();
        SKEIN_VERIFY_OK(store.sessions().create(s));
        Message m = Message::create(s.id, {}, Role::User, u"see attached"_s);
        m.attachments.append(attachment(m, u"a.png"_s, "abc", sha256("abc")));
        const Status refused = store.messages().insert(m);
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, StorageError::Kind::Constraint);
        QCOMPARE(store.messages().get(m.id).error().kind, StorageError::Kind::NotFound); // nothing half-written
    }

    void duplicateSharesTheContent()
    {
        QTemporaryDir tmp;
        SKEIN_OPEN_STORE(store, tmp.path());
        Session s = Session::create(u"orig"_s);
        SKEIN_VERIFY_OK(store.sessions().create(s));
        const QByteArray bytes = randomBytes(1000, 4);
        Message m = Message::create(s.id, {}, Role::User, u"q"_s);
        m.attachments.append(attachment(m, u"a.png"_s, bytes, store.attachments().storeContent(bytes).value()));
        SKEIN_VERIFY_OK(store.messages().insert(m));
        const Result<Session> copy = store.sessions().duplicate(s.id, u"copy"_s);
        SKEIN_VERIFY_OK(copy);
        const QList<Message> copied = store.messages().bySession(copy->id).value();
        QCOMPARE(copied.size(), 1);
        QCOMPARE(copied[0].attachments.size(), 1);
        QVERIFY(copied[0].attachments[0].id != m.attachments[0].id);
        QCOMPARE(copied[0].attachments[0].messageId, copied[0].id);
        QCOMPARE(copied[0].attachments[0].sha256, m.attachments[0].sha256);
        QCOMPARE(store.attachments().contentCount().value(), 1);
        SKEIN_VERIFY_OK(store.sessions().remove(s.id));
        QCOMPARE(store.attachments().content(m.attachments[0].sha256, 4096).value(), bytes);
    }

    // Export → import → export is identical; again adds nothing; into a database that already
    // has those ids, a copy with new ids that shares the content.
    void exportCarriesThemAndImportBringsThemBack()
    {
        QTemporaryDir tmp;
        const auto dir = [&](const QString &name) {
            QDir().mkpath(tmp.filePath(name));
            return tmp.filePath(name);
        };
        SKEIN_OPEN_STORE(source, dir(u"a"_s));
        Session s = Session::create(u"with files"_s);
        SKEIN_VERIFY_OK(source.sessions().create(s));
        const QByteArray png = randomBytes(40'000, 5);
        const QByteArray notes = "# Notes\nline one\n";
        Message m = Message::create(s.id, {}, Role::User, u"summarise these"_s);
        m.attachments.append(attachment(m, u"chart.png"_s, png, source.attachments().storeContent(png).value()));
        Attachment text = attachment(m, u"notes.md"_s, notes, source.attachments().storeContent(notes).value());
        text.mimeType = u"text/markdown"_s;
        text.kind = AttachmentKind::Text;
        text.width = text.height = 0;
        text.text = QString::fromUtf8(notes);
        m.attachments.append(text);
        Attachment gone = attachment(m, u"photo.jpg"_s, QByteArray(5000, 'x'), QString());
        m.attachments.append(gone);
        // A PDF whose pages the user asked to send: the choice is stored and travels with it.
        const QByteArray pdfBytes = "%PDF-1.7 three pages";
        Attachment pdf = attachment(m, u"report.pdf"_s, pdfBytes, source.attachments().storeContent(pdfBytes).value());
        pdf.mimeType = u"application/pdf"_s;
        pdf.kind = AttachmentKind::Pdf;
        pdf.width = pdf.height = 0;
        pdf.pages = 3;
        pdf.sendPages = true;
        m.attachments.append(pdf);
        SKEIN_VERIFY_OK(source.messages().insert(m));
        QVERIFY(source.messages().get(m.id)->attachments.last().sendPages);
        SKEIN_VERIFY_OK(source.sessions().setActiveLeaf(s.id, m.id));
        const QByteArray first = Exchange::Exporter(source).exportSession(s.id).value();
        QVERIFY(first.contains("\"attachment_contents\""));
        QVERIFY(first.contains(png.toBase64()));
        QCOMPARE(first.count("\"send_pages\""), 1); // only where it is true: older files keep their bytes

        SKEIN_OPEN_STORE(target, dir(u"b"_s));
        Result<Exchange::ImportReport> imported = Exchange::Importer(target, {}).importBytes(first, u"a.json"_s);
        SKEIN_VERIFY_OK(imported);
        QCOMPARE(target.messages().get(m.id)->attachments, m.attachments);
        QCOMPARE(Exchange::Exporter(target).exportSession(s.id).value(), first);
        imported = Exchange::Importer(target, {}).importBytes(first, u"a.json"_s);
        QCOMPARE(imported->count(Exchange::ImportReport::Outcome::AlreadyPresent), 1);
        QCOMPARE(target.attachments().contentCount().value(), 3);

        // Edited in the file: the ids are taken, so it arrives as a copy with its own ids.
        QByteArray edited = first;
        edited.replace("summarise these", "summarise those");
        imported = Exchange::Importer(target, {}).importBytes(edited, u"b.json"_s);
        SKEIN_VERIFY_OK(imported);
        QCOMPARE(imported->count(Exchange::ImportReport::Outcome::ImportedAsNew), 1);
        const QString copyId = imported->sessions.first().importedId;
        const QList<Message> copy = target.messages().bySession(copyId).value();
        QCOMPARE(copy.first().attachments.size(), 4);
        QVERIFY(copy.first().attachments[0].id != m.attachments[0].id);
        QCOMPARE(copy.first().attachments[0].messageId, copy.first().id);
        QVERIFY(copy.first().attachments[3].sendPages);
        QCOMPARE(target.attachments().contentCount().value(), 3);
    }
};

QTEST_GUILESS_MAIN(TestAttachments)
#include "tst_attachments.moc"
