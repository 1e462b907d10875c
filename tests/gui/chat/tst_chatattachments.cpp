// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Attachments in the app (issue 16), as a user adds them: chosen files, a pasted screenshot, a
// refused archive; chips that say what each is and can be removed from the keyboard; the token
// estimate; the request the model gets; thumbnails in the sent message and the viewer behind them;
// and a model without vision, which the user learns of before sending.

#include "chatfixture.h"
#include "core/domain/attachment.h"
#include "gui/attachmenttray.h"
#include "gui/attachmentviewer.h"
#include "gui/budgetbar.h"
#include "gui/contextinspector.h"
#include "models/contextbudget.h"
#include "storage/exchange/importer.h"

#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFrame>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPdfWriter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QToolButton>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

QString writeChart(const QTemporaryDir &dir)
{
    QImage image(320, 200, QImage::Format_RGB32);
    image.fill(QColor(0x2f80ed));
    QPainter p(&image);
    p.fillRect(QRect(40, 120, 40, 60), QColor(0xeb5757));
    p.fillRect(QRect(120, 60, 40, 120), QColor(0x27ae60));
    p.fillRect(QRect(200, 20, 40, 160), QColor(0xf2c94c));
    p.end();
    const QString path = dir.filePath(u"chart.png"_s);
    return image.save(path, "PNG") ? path : QString();
}

QList<QFrame *> chips(Composer *composer)
{
    QList<QFrame *> out;
    for (QFrame *chip : composer->tray()->findChildren<QFrame *>(u"attachmentChip"_s, Qt::FindDirectChildrenOnly))
        if (chip->isVisible())
            out << chip;
    return out;
}

QJsonArray lastUserContent(const RecordedRequest &request)
{
    const QJsonArray messages = requestMessages(request);
    return messages.last()[u"content"_s].toArray();
}

} // namespace

class TestChatAttachments final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void attachSendAndOpen()
    {
        ChatFixture f;
        QVERIFY(f.start());
        Composer *composer = f.window->composer();
        const QString notes = writeFile(f.dir, u"notes.md"_s, "# Plan\nShip on Friday.\n");
        const QString chart = writeChart(f.dir);
        const QString archive = writeFile(f.dir, u"bundle.zip"_s, QByteArray("PK\x03\x04\x14\0\0\0\0\0", 10));
        QVERIFY(!notes.isEmpty() && !chart.isEmpty() && !archive.isEmpty());
        const qint64 before = composer->draftTokens();

        QSignalSpy notices(composer, &Composer::notice);
        composer->addFiles({notes, chart, archive});
        QTRY_COMPARE(composer->pendingFiles(), 0);
        QCOMPARE(composer->attachmentCount(), 2);
        QCOMPARE(notices.size(), 1); // the archive, refused in words
        QVERIFY2(notices.at(0).at(0).toString().contains(u"application/zip"_s),
                 qPrintable(notices.at(0).at(0).toString()));
        QTRY_COMPARE(chips(composer).size(), 2);
        // What the user reads is in the app's language (screenshots run in Chinese too).
        const QString pixels = AttachmentTray::tr("%1 × %2 pixels").arg(320).arg(200);
        QVERIFY2(chips(composer).at(0)->accessibleName().startsWith(u"notes.md, "_s + AttachmentTray::tr("text")),
                 qPrintable(chips(composer).at(0)->accessibleName()));
        QVERIFY2(chips(composer).at(1)->accessibleName().startsWith(
                     u"chart.png, %1, %2"_s.arg(AttachmentTray::tr("image"), pixels)),
                 qPrintable(chips(composer).at(1)->accessibleName()));
        // The estimate counts them: one OpenAI tile for the chart (255) and the text file.
        QTRY_VERIFY(composer->draftTokens() >= before + 255);

        // Removed from the keyboard: its button, Space.
        auto *remove = chips(composer).at(0)->findChild<QToolButton *>(u"removeAttachment"_s);
        QVERIFY(remove);
        QCOMPARE(remove->accessibleName(), AttachmentTray::tr("Remove %1").arg(u"notes.md"_s));
        remove->setFocus();
        QTest::keyClick(remove, Qt::Key_Space);
        QTRY_COMPARE(composer->attachmentCount(), 1);
        QTRY_COMPARE(chips(composer).size(), 1);
        QCOMPARE(f.window->focusWidget(), static_cast<QWidget *>(composer->editor()));

        // A screenshot pasted from the clipboard.
        QImage shot(200, 100, QImage::Format_RGB32);
        shot.fill(QColor(0xf2c94c));
        QApplication::clipboard()->setImage(shot);
        composer->editor()->setFocus();
        QTest::keyClick(composer->editor(), Qt::Key_V, Qt::ControlModifier);
        QTRY_COMPARE(composer->attachmentCount(), 2);
        QTRY_COMPARE(chips(composer).size(), 2);
        QVERIFY2(chips(composer).at(1)->accessibleName().startsWith(
                     Composer::tr("pasted image %1.png").section(u"%1"_s, 0, 0)),
                 qPrintable(chips(composer).at(1)->accessibleName()));
        QVERIFY(composer->editor()->toPlainText().isEmpty()); // no image data as text
        composer->editor()->setPlainText(u"What do these show?"_s);
        if (const QString shotFile = shotPath(u"composer-attachments"_s); !shotFile.isEmpty()) {
            QTest::qWait(200);
            f.window->grab().save(shotFile);
        }

        // Sent: the model gets the text, each file named, and both images.
        QTest::keyClick(composer->editor(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        QCOMPARE(composer->attachmentCount(), 0);
        QVERIFY(!composer->tray()->isVisible());
        const QJsonArray parts = lastUserContent(f.server.requests().constLast());
        QCOMPARE(parts.size(), 3);
        const QString text = parts.at(0)[u"text"_s].toString();
        QVERIFY2(text.startsWith(u"What do these show?"_s), qPrintable(text));
        QVERIFY2(text.contains(u"[Attachment: chart.png, image/png"_s), qPrintable(text));
        for (int i = 1; i < 3; ++i)
            QVERIFY(parts.at(i)[u"image_url"_s][u"url"_s].toString().startsWith(u"data:image/png;base64,"_s));

        // The message shows them: thumbnails, read off the GUI thread, and buttons that open them.
        const auto attached = f.thread()->index(0).data(ThreadModel::AttachmentsRole).value<QList<Attachment>>();
        QCOMPARE(attached.size(), 2);
        QCOMPARE(attached.at(0).name, u"chart.png"_s);
        MessageDelegate *delegate = f.view()->messageDelegate();
        QTRY_VERIFY_WITH_TIMEOUT((f.window->grab(), delegate->hasThumbnail(attached.at(0).sha256)), 10000);
        QTRY_VERIFY(delegate->hasThumbnail(attached.at(1).sha256));
        int opens = 0;
        for (const MessageDelegate::Hit &hit :
             delegate->hits(f.thread()->index(0), f.view()->visualRect(f.thread()->index(0))))
            opens += hit.action == MessageDelegate::Action::OpenAttachment;
        QCOMPARE(opens, 2);
        // A screen reader hears what is attached.
        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(f.view());
        QVERIFY(list && list->childCount() >= 1);
        const QString described = list->child(0)->text(QAccessible::Description);
        QVERIFY2(described.contains(
                     ChatView::tr("attached: %1").arg(u"chart.png, %1, %2"_s.arg(AttachmentTray::tr("image"), pixels))),
                 qPrintable(described));
        if (const QString shotFile = shotPath(u"message-attachments"_s); !shotFile.isEmpty()) {
            if (auto *dock = f.window->findChild<QDockWidget *>())
                dock->hide();
            f.window->resize(1000, 640);
            QTest::qWait(200);
            f.view()->scrollTo(f.thread()->index(0), QAbstractItemView::PositionAtTop);
            QTest::qWait(300);
            f.window->grab().save(shotFile);
        }

        // The context inspector: the reply's request had an Attachments segment.
        auto *tabs = f.window->findChild<QTabWidget *>(u"inspectorTabs"_s);
        auto *inspector = f.window->findChild<ContextInspector *>();
        QVERIFY(tabs && inspector);
        f.window->resize(1240, 760);
        if (auto *dock = f.window->findChild<QDockWidget *>())
            dock->show();
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->isAncestorOf(inspector))
                tabs->setCurrentIndex(i);
        f.view()->setCurrentIndex(f.thread()->index(1));
        const auto attachmentsSegment = [inspector] {
            for (const ContextSection &section : inspector->budgetBar()->sections())
                if (section.key == u"attachments"_s)
                    return section.tokens;
            return qint64(0);
        };
        QTRY_VERIFY_WITH_TIMEOUT(attachmentsSegment() > 2 * 85, 10000);
        if (const QString shotFile = shotPath(u"context-inspector-attachments"_s); !shotFile.isEmpty()) {
            QTest::qWait(300);
            f.window->grab().save(shotFile);
        }

        // The viewer: the image itself, decoded off the GUI thread.
        QVERIFY(f.click(0, MessageDelegate::Action::OpenAttachment, attached.at(0).id));
        AttachmentViewer *viewer = nullptr;
        QTRY_VERIFY((viewer = f.window->findChild<AttachmentViewer *>()) != nullptr);
        auto *image = viewer->findChild<QLabel *>(u"attachmentImage"_s);
        QVERIFY(image);
        QTRY_COMPARE_WITH_TIMEOUT(image->pixmap().size(), QSize(320, 200), 10000);
        QCOMPARE(image->pixmap().toImage().pixelColor(60, 150), QColor(0xeb5757));
        if (const QString shotFile = shotPath(u"attachment-viewer"_s); !shotFile.isEmpty()) {
            QTest::qWait(200);
            viewer->grab().save(shotFile);
        }
        viewer->close();
    }

    void aModelWithoutVisionIsSaidBeforeSending()
    {
        ChatFixture f;
        QVERIFY(f.start([](Store &store) {
            ProviderConfig p = store.providers().get(u"prov-1"_s).value();
            p.models[0].vision = ModelVision::No;
            QVERIFY(store.providers().save(p));
        }));
        Composer *composer = f.window->composer();
        composer->addFiles({writeChart(f.dir)});
        QTRY_COMPARE(chips(composer).size(), 1);
        QFrame *chip = chips(composer).at(0);
        QVERIFY2(chip->accessibleName().contains(AttachmentTray::tr(
                     "The image is not sent: the chosen model has no vision; it reads the image's name and size.")),
                 qPrintable(chip->accessibleName()));
        bool warned = false;
        for (QLabel *label : chip->findChildren<QLabel *>())
            warned = warned || label->text() == AttachmentTray::tr("not sent: the model has no vision");
        QVERIFY(warned);
        if (const QString shotFile = shotPath(u"composer-no-vision"_s); !shotFile.isEmpty()) {
            QTest::qWait(200);
            f.window->grab().save(shotFile);
        }
        f.type(u"And this?"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QJsonArray messages = requestMessages(f.server.requests().constLast());
        const QString asked = messages.last()[u"content"_s].toString();
        QVERIFY2(asked.contains(u"320 × 200 pixels — the image is not sent to this model]"_s), qPrintable(asked));
    }

    // A PDF's pages, from the keyboard: its chip's "Pages" button; the estimate counts them, and the
    // model gets each page as an image after the text.
    void aPdfsPagesOnRequest()
    {
        ChatFixture f;
        QVERIFY(f.start());
        Composer *composer = f.window->composer();
        const QString report = f.dir.filePath(u"report.pdf"_s);
        {
            QPdfWriter pdf(report);
            QPainter painter(&pdf);
            painter.fillRect(QRectF(0, 0, pdf.width(), pdf.height() / 2.0), QColor(0x2f80ed));
            painter.setFont(QFont(u"DejaVu Sans"_s, 14));
            painter.drawText(QPointF(400, pdf.height() * 0.75), u"Quarterly figures"_s);
            pdf.newPage();
            painter.fillRect(QRectF(0, 0, pdf.width(), pdf.height() / 2.0), QColor(0x27ae60));
        }
        composer->addFiles({report});
        QTRY_COMPARE(chips(composer).size(), 1);
        QTRY_VERIFY(composer->draftTokens() > 0);
        const qint64 textOnly = composer->draftTokens();
        auto *pages = chips(composer).at(0)->findChild<QToolButton *>(u"sendPages"_s);
        QVERIFY(pages && !pages->isChecked());
        pages->setFocus();
        QTest::keyClick(pages, Qt::Key_Space);
        QTRY_VERIFY(chips(composer).size() == 1 && chips(composer).at(0)->findChild<QToolButton *>(u"sendPages"_s)
                    && chips(composer).at(0)->findChild<QToolButton *>(u"sendPages"_s)->isChecked());
        pages = chips(composer).at(0)->findChild<QToolButton *>(u"sendPages"_s);
        QCOMPARE(pages->window()->focusWidget(), pages); // the keyboard stays where it was
        QVERIFY2(
            chips(composer).at(0)->accessibleName().contains(AttachmentTray::tr("Its pages are sent as images too.")),
            qPrintable(chips(composer).at(0)->accessibleName()));
        QTRY_VERIFY(composer->draftTokens() >= textOnly + 2 * 765); // two pages, four OpenAI tiles each
        if (const QString shotFile = shotPath(u"composer-pdf-pages"_s); !shotFile.isEmpty()) {
            if (auto *dock = f.window->findChild<QDockWidget *>())
                dock->hide();
            f.window->resize(1000, 560);
            QTest::qWait(300);
            f.window->grab().save(shotFile);
        }
        f.type(u"What do the pages show?"_s);
        QTRY_VERIFY_WITH_TIMEOUT(f.replyDone(2), 15000);
        const QJsonArray parts = lastUserContent(f.server.requests().constLast());
        QCOMPARE(parts.size(), 3);
        QVERIFY2(parts.at(0)[u"text"_s].toString().contains(u"2 pages — its pages follow]\n"_s),
                 qPrintable(parts.at(0)[u"text"_s].toString()));
        const QString url = parts.at(2)[u"image_url"_s][u"url"_s].toString();
        const QImage second = QImage::fromData(QByteArray::fromBase64(url.mid(url.indexOf(u',') + 1).toLatin1()));
        QCOMPARE(second.pixelColor(second.width() / 2, second.height() / 4), QColor(0x27ae60));
        const auto attached = f.thread()->index(0).data(ThreadModel::AttachmentsRole).value<QList<Attachment>>();
        QCOMPARE(attached.size(), 1);
        QVERIFY(attached.at(0).sendPages);
    }

    // A conversation imported from another client: its files are attachments of their messages.
    // The export kept the text of one and only the name of the other; the message says which,
    // and the viewer shows the text.
    void importedAttachmentsSayWhatTheExportKept()
    {
        ChatFixture f;
        QTemporaryDir dir;
        const QString file = writeFile(
            dir, u"conversations.json"_s,
            QByteArray("[{'uuid': 'c1', 'name': 'Code review', 'created_at': '2026-03-01T10:00:00Z', "
                       "'chat_messages': [{'uuid': 'm1', 'sender': 'human', 'text': 'Why does this not render?', "
                       "'created_at': '2026-03-01T10:00:00Z', "
                       "'parent_message_uuid': '00000000-0000-4000-8000-000000000000', "
                       "'attachments': [{'file_name': 'Registration.tsx', 'file_type': 'text/plain', "
                       "'file_size': 62, 'extracted_content': 'export const Registration = () => null;\\n'}], "
                       "'files': [{'file_uuid': 'f1', 'file_name': 'screenshot.png'}]}, "
                       "{'uuid': 'm2', 'sender': 'assistant', 'text': 'It returns null.', "
                       "'parent_message_uuid': 'm1', 'created_at': '2026-03-01T10:00:05Z'}]}]")
                .replace('\'', '"'));
        QVERIFY(!file.isEmpty());
        QString session;
        QVERIFY(f.start([&](Store &store) {
            Result<Exchange::ImportReport> report = Exchange::Importer(store, {}).importPath(file);
            QVERIFY(report);
            QCOMPARE(report->attachments, 2);
            session = report->sessions.at(0).importedId;
        }));
        f.controller()->openSession(session);
        QTRY_COMPARE(f.thread()->rowCount(), 2);
        const QModelIndex asked = f.thread()->index(0);
        const auto attached = asked.data(ThreadModel::AttachmentsRole).value<QList<Attachment>>();
        QCOMPARE(attached.size(), 2);
        QVERIFY(!attached.at(0).hasContent() && !attached.at(0).text.isEmpty());
        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(f.view());
        QVERIFY(list && list->childCount() >= 1);
        const QString described = list->child(0)->text(QAccessible::Description);
        QVERIFY2(described.contains(u"Registration.tsx"_s) && described.contains(u"screenshot.png"_s),
                 qPrintable(described));
        if (const QString shotFile = shotPath(u"message-imported-attachments"_s); !shotFile.isEmpty()) {
            if (auto *dock = f.window->findChild<QDockWidget *>())
                dock->hide();
            f.window->resize(900, 480);
            QTest::qWait(300);
            f.window->grab().save(shotFile);
        }
        // The text the export kept, in the viewer.
        QVERIFY(f.click(0, MessageDelegate::Action::OpenAttachment, attached.at(0).id));
        AttachmentViewer *viewer = nullptr;
        QTRY_VERIFY((viewer = f.window->findChild<AttachmentViewer *>()) != nullptr);
        auto *text = viewer->findChild<QPlainTextEdit *>(u"attachmentText"_s);
        QVERIFY(text);
        QVERIFY(text->toPlainText().startsWith(u"export const Registration"_s));
        QVERIFY(!viewer->findChild<QPushButton *>(u"saveAttachment"_s)); // there is no file to save
        viewer->close();
        // The other is named, and the viewer says the export did not include it.
        QVERIFY(f.click(0, MessageDelegate::Action::OpenAttachment, attached.at(1).id));
        QTRY_VERIFY((viewer = f.window->findChild<AttachmentViewer *>()) != nullptr);
        auto *status = viewer->findChild<QLabel *>(u"attachmentStatus"_s);
        QVERIFY(status);
        QCOMPARE(status->text(),
                 AttachmentViewer::tr("The file this conversation was imported from named this "
                                      "attachment but did not include it."));
        viewer->close();
    }
};

QTEST_MAIN(TestChatAttachments)
#include "tst_chatattachments.moc"
