#pragma once

#include "markdownrenderer.h"

#include <QCache>
#include <QHash>
#include <QSet>
#include <QStyledItemDelegate>
#include <memory>

class QTimer;

namespace Skein {

// Paints one message of the chat view from cached, laid-out documents: a message's layout is
// cached by id + revision + width + expanded parts, its Markdown chunks by text + width, so a
// streamed delta re-renders only the tail chunk of one message and scrolling re-renders
// nothing. Rows never measured report an estimate; once painted, their real height is
// announced through heightsChanged (coalesced) so the view lays out again.
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
        CopyCode,
        Link,
        Approve,
        ApproveAlways,
        Deny,
    };
    Q_ENUM(Action)

    struct Hit
    {
        Action action = Action::None;
        QString data;
        QRect rect;
    };

    explicit MessageDelegate(QObject *parent = nullptr);
    ~MessageDelegate() override;

    void setTheme(const RenderTheme &theme);
    void setWidth(int width);
    int width() const { return m_width; }

    // What lies under pos (item coordinates relative to the item's rect).
    Hit hitAt(const QModelIndex &index, const QRect &itemRect, const QPoint &pos) const;
    // Every clickable part of a message, for tests and keyboard access.
    QList<Hit> hits(const QModelIndex &index, const QRect &itemRect) const;

    // A rendered document of a message and its rect in item coordinates.
    struct TextPart
    {
        QRectF rect;
        std::shared_ptr<RenderedChunk> chunk;
    };
    // The message's documents in reading order: what an in-place text selection runs over.
    QList<TextPart> textParts(const QModelIndex &index) const;

    // Reasoning and tool cards are collapsed until toggled.
    void toggle(const QString &messageId, const QString &key);
    bool isExpanded(const QString &key) const { return m_expanded.contains(key); }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Documents rendered since construction (for tests and the benchmark).
    int renderCount() const { return m_renders; }
    void clearCaches();

Q_SIGNALS:
    // Some painted message turned out taller or shorter than its estimate.
    void heightsChanged();

private:
    struct Element;
    struct Layout;
    std::shared_ptr<const Layout> layoutFor(const QModelIndex &index) const;
    std::shared_ptr<const Layout> buildLayout(const QModelIndex &index) const;
    std::shared_ptr<RenderedChunk> chunk(const QString &text, qreal width, int kind) const;
    int estimate(const QModelIndex &index) const;
    void noteHeight(const QString &id, quint32 revision, int height) const;

    RenderTheme m_theme;
    int m_width = 600;
    QSet<QString> m_expanded;
    QHash<QString, int> m_toggleEpoch; // per message: part of its layout key
    mutable QCache<QString, std::shared_ptr<const Layout>> m_layouts;
    mutable QCache<QString, std::shared_ptr<RenderedChunk>> m_chunks;
    struct Measured
    {
        quint32 revision = 0;
        int width = 0;
        int height = 0;
        bool exact = false;
    };
    mutable QHash<QString, Measured> m_heights;
    mutable int m_renders = 0;
    QTimer *m_heightsTimer;
};

} // namespace Skein
