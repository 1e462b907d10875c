/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"
#include "markdownrenderer.h"

#include <QCache>
#include <QHash>
#include <QPixmap>
#include <QSet>
#include <QStyledItemDelegate>
#include <memory>
#include <optional>

class QTimer;

namespace Skein {

// Paints one message of the chat view from cached, laid-out documents. Each text of a message
// (content, reasoning, tool card bodies) is cut into bounded chunks by a ChunkSplitter that is
// kept per message and fed only what was appended (ThreadModel::TextEpochRole says when a text
// was replaced instead), so a streamed flush costs the new text plus the open tail chunk, never
// the whole reply. A layout renders at most a few milliseconds of chunks (the last ones first);
// the rest get an estimated height and are rendered when painted or at idle. A message's layout
// is cached by revision + width + expanded parts. Rows never measured report an estimate; once
// painted, their real height is announced through heightsChanged (coalesced) so the view lays
// out again.
class MessageDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageDelegate)

public:
    enum class Action {
        None,
        Copy,
        SelectText,
        Edit,
        Regenerate,
        Delete,
        PreviousSibling,
        NextSibling,
        Continue,
        Retry,
        ToggleReasoning,
        ToggleTool,
        ToggleCode,
        ToggleWrap,
        CopyCode,
        Link,
        Approve,
        ApproveAlways,
        Deny,
        OpenAttachment, // data: the attachment's id
    };
    Q_ENUM(Action)

    struct Hit
    {
        Action action = Action::None;
        QString data;
        QRect rect;
    };

    // Who a message is from, as its header shows it ("You", the model, "Tool: name").
    static QString speaker(const QModelIndex &index);
    static QString speakerOf(Role role, const QString &model = {}, const QString &toolName = {});
    // What its status line says ("" when complete).
    static QString status(const QModelIndex &index);
    // An action as a button, menu item or screen reader names it, and its icon (theme name).
    static QString actionLabel(Action action);
    static QString actionIcon(Action action);
    // The name of the message's attachment with this id (OpenAttachment's data).
    static QString attachmentName(const QModelIndex &index, const QString &attachmentId);

    explicit MessageDelegate(QObject *parent = nullptr);
    ~MessageDelegate() override;

    void setTheme(const RenderTheme &theme);
    void setWidth(int width);
    int width() const { return m_width; }

    // What lies under pos (item coordinates relative to the item's rect).
    Hit hitAt(const QModelIndex &index, const QRect &itemRect, const QPoint &pos) const;
    // Every clickable part of a message, for tests and keyboard access.
    QList<Hit> hits(const QModelIndex &index, const QRect &itemRect) const;

    // A rendered document of a message: the rect it is shown in and where the document's top
    // left lies (item coordinates; left of rect while a wide part is scrolled sideways).
    struct TextPart
    {
        QRectF rect;
        std::shared_ptr<RenderedChunk> chunk;
        QPointF origin;
    };
    // The message's documents in reading order: what an in-place text selection runs over.
    QList<TextPart> textParts(const QModelIndex &index) const;

    // The message being edited in place gets its header and then height pixels for the editor
    // (an empty id: none). editorRect is where the editor goes, in item coordinates.
    void setEditor(const QModelIndex &index, int height);
    void clearEditor(const QModelIndex &index);
    QString editingId() const { return m_editing.id; }
    QRect editorRect(const QModelIndex &index) const;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override;

    // A part wider than the column (a table that needs the room, code that is not wrapped)
    // scrolls sideways: the one under pos (item coordinates relative to itemRect) or, without
    // a position, every one of the message, by dx pixels. Returns whether anything moved.
    bool scrollSideways(const QModelIndex &index, const QRect &itemRect, const QPoint &pos, qreal dx) const;
    bool scrollSideways(const QModelIndex &index, qreal dx) const;

    // Reasoning and tool cards are collapsed until toggled.
    void toggle(const QString &messageId, const QString &key);
    bool isExpanded(const QString &key) const { return m_expanded.contains(key); }

    // The part of the message (item coordinates) that looks different from its last paint, for
    // a partial repaint (empty: nothing); nullopt when that is not known (repaint it whole).
    std::optional<QRect> changedRect(const QModelIndex &index) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Documents rendered since construction (for tests and the benchmark).
    int renderCount() const { return m_renders; }
    // Characters of text those documents held: what rendering cost grows with.
    qint64 renderedChars() const { return m_renderedChars; }
    // Chunks laid out with an estimated height, waiting to be rendered at idle.
    int pendingRenders() const;
    void clearCaches();

    // Thumbnails of image attachments, by content hash: asked for through thumbnailWanted when a
    // message that shows one is painted, drawn once they are set.
    static constexpr QSize kThumbnailBox {180, 120};
    void setThumbnail(const QString &sha256, const QImage &image);
    bool hasThumbnail(const QString &sha256) const { return m_thumbnails.contains(sha256); }

Q_SIGNALS:
    // Some painted message turned out taller or shorter than its estimate.
    void heightsChanged();
    void thumbnailWanted(const QString &sha256);

private:
    struct Element;
    struct Layout;
    struct Slot;
    struct Lease;
    struct TextDocs;
    struct MessageDocs;
    MessageDocs &docsFor(const QModelIndex &index, const QString &id) const;
    std::shared_ptr<const Layout> layoutFor(const QModelIndex &index) const;
    std::shared_ptr<const Layout> buildLayout(const QModelIndex &index, MessageDocs &docs) const;
    void updateText(TextDocs &docs, const QString &text, int kind, qreal width) const;
    std::shared_ptr<RenderedChunk> documentOf(const std::shared_ptr<Slot> &slot) const;
    void fill();
    int estimate(const QModelIndex &index) const;
    void noteHeight(const QString &id, quint32 revision, int height) const;
    // A message's attachments under its text: thumbnails of images, chips for other files; returns
    // the y below them.
    qreal placeAttachments(QList<Element> &out, const QModelIndex &index, qreal x, qreal y, qreal w) const;
    void paintThumbnail(QPainter *painter, const Element &element, const QPalette &palette) const;
    qreal scrollOf(const Slot &slot) const;
    bool scrollBy(const Slot &slot, qreal dx) const;

    RenderTheme m_theme;
    int m_width = 600;
    struct Editing
    {
        QString id;
        int height = 0;
    } m_editing;
    QSet<QString> m_expanded;
    QHash<QString, int> m_toggleEpoch; // per message: part of its layout key
    mutable QCache<QString, MessageDocs> m_docs; // by message id; cost ~ KB of text
    mutable QCache<quint64, Lease> m_leases; // by Slot::serial; cost ~ KB of memory
    mutable quint64 m_serial = 0;
    mutable QSet<QString> m_unrendered; // messages with chunks waiting for fill()
    QTimer *m_fillTimer;
    struct Measured
    {
        quint32 revision = 0;
        int width = 0;
        int height = 0;
        bool exact = false;
    };
    mutable QHash<QString, Measured> m_heights;
    mutable QHash<quint64, qreal> m_scrollX; // by Slot::serial: how far a wide part is scrolled
    mutable int m_renders = 0;
    mutable qint64 m_renderedChars = 0;
    QTimer *m_heightsTimer;
    QHash<QString, QPixmap> m_thumbnails; // by content hash
    mutable QSet<QString> m_thumbnailsWanted;
};

} // namespace Skein
