// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

// What the parts of MessageDelegate share (messagedelegate.cpp: caches and sizes,
// messagedelegate_layout.cpp: a message's layout, messagedelegate_paint.cpp: painting and hits).

#include "chunksplitter.h"
#include "messagedelegate.h"

#include <QHash>
#include <QList>
#include <QRectF>
#include <QString>

#include <memory>
#include <optional>

namespace Skein {

namespace MessageDelegateDetail {

// SystemText: split at paragraphs like Markdown, shown as written.
enum ChunkKind { Markdown = 0, Plain = 1, Mono = 2, SystemText = 3 };
enum class Tone { Normal, Muted, Accent, Error };

constexpr qreal kPad = 14;
constexpr qreal kGap = 6;
constexpr int kIconBox = 22;
// A code block of more pieces than this (ChunkSplitter::kCodeLines lines each) is collapsed.
constexpr int kShownCodePieces = 3;
// Below a part wider than the column: room for the bar that shows where it is scrolled to.
constexpr qreal kSidewaysBar = 8;
// Rendering a layout may take this long before the remaining chunks get an estimated height
// (the last chunks of each text are rendered first: a streaming reply shows its tail).
constexpr qint64 kLayoutBudgetNs = 2'000'000;
// One idle pass of rendering the estimated chunks.
constexpr qint64 kFillBudgetNs = 1'500'000;

} // namespace MessageDelegateDetail

// One chunk of a text at one width: its height (an estimate until it was rendered once) and,
// while it is leased, its document.
struct MessageDelegate::Slot
{
    quint64 serial = 0;
    TextChunk chunk;
    int kind = MessageDelegateDetail::Markdown;
    qreal width = 0;
    bool measured = false;
    qreal height = 0;
    // Its code is not wrapped (the reader turned wrapping off for the block it belongs to,
    // wrapKey in MessageDelegate::m_expanded).
    bool noWrap = false;
    qsizetype wrapRun = -1; // the index of the block's first piece
    QString wrapKey;
    qreal contentWidth = 0; // wider than width: it scrolls sideways
    struct Code
    {
        qreal top; // of its first line
        QString text;
        QString language;
        bool continued = false;
    };
    QList<Code> code; // the copy buttons of its code blocks
    std::shared_ptr<RenderedChunk> doc; // dropped when its lease is evicted
};

// Documents take memory (a 16-row table ~80 KB): the recently used ones are kept, within a
// budget; an evicted one keeps its height and is rendered again when it is painted.
struct MessageDelegate::Lease
{
    std::weak_ptr<Slot> slot;
    ~Lease()
    {
        if (std::shared_ptr<Slot> s = slot.lock())
            s->doc.reset();
    }
};

// One text of a message cut into chunks, fed incrementally while it only grows.
struct MessageDelegate::TextDocs
{
    std::optional<ChunkSplitter> splitter;
    QString source; // texts compared instead of trusted to grow (tool arguments)
    int kind = -1;
    qreal width = 0;
    QList<std::shared_ptr<Slot>> closed; // one per closed chunk of the splitter
    QList<std::shared_ptr<Slot>> open;
};

struct MessageDelegate::MessageDocs
{
    quint64 epoch = 0; // ThreadModel::textEpoch: the texts were only appended to while it holds
    QHash<QString, TextDocs> texts; // "c" content, "r" reasoning, "t" a tool result, "a:ID" arguments
    quint32 generation = 0; // chunks were rendered outside a layout build: lay out again
    QString layoutKey;
    std::shared_ptr<const Layout> layout;
    std::shared_ptr<const Layout> painted; // what the view shows of the message
    qsizetype chars = 0;
    qsizetype cost = 1; // in m_docs
};

struct MessageDelegate::Element
{
    enum class Kind { Doc, Text, Chip, Box, Icon, CodeHeader, Thumbnail }; // Thumbnail: text is the hash
    Kind kind = Kind::Text;
    QRectF rect;
    std::shared_ptr<Slot> slot;
    QString text;
    MessageDelegateDetail::Tone tone = MessageDelegateDetail::Tone::Normal;
    bool bold = false;
    bool small = false;
    bool hoverOnly = false; // drawn while the message is hovered or has focus
    Action action = Action::None;
    QString data;
};

struct MessageDelegate::Layout
{
    QList<Element> elements;
    int height = 0;
    QRectF editor; // where the in-place editor goes, while the message is edited
};

} // namespace Skein
