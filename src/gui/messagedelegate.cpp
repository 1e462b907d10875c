// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "messagedelegate.h"
#include "messagedelegate_p.h"

#include "models/threadmodel.h"
#include "safetextdocument.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QElapsedTimer>
#include <QTextBlock>
#include <QTextLayout>
#include <QTimer>

namespace Skein {

using namespace MessageDelegateDetail;

MessageDelegate::MessageDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_theme(RenderTheme::fromPalette(QApplication::palette(), QApplication::font()))
    , m_docs(16000)
    , m_leases(qsizetype(64) * 1024)
    , m_fillTimer(new QTimer(this))
    , m_heightsTimer(new QTimer(this))
{
    m_heightsTimer->setSingleShot(true);
    m_heightsTimer->setInterval(0);
    connect(m_heightsTimer, &QTimer::timeout, this, &MessageDelegate::heightsChanged);
    m_fillTimer->setSingleShot(true);
    m_fillTimer->setInterval(0);
    connect(m_fillTimer, &QTimer::timeout, this, &MessageDelegate::fill);
}

MessageDelegate::~MessageDelegate() = default;

void MessageDelegate::setTheme(const RenderTheme &theme)
{
    if (theme.key() == m_theme.key())
        return;
    m_theme = theme;
    clearCaches();
}

void MessageDelegate::setWidth(int width)
{
    width = std::max(width, 200);
    if (width == m_width)
        return;
    m_width = width;
}

void MessageDelegate::clearCaches()
{
    m_leases.clear();
    m_docs.clear();
    m_unrendered.clear();
    m_heights.clear();
}

int MessageDelegate::pendingRenders() const
{
    int n = 0;
    for (const QString &id : std::as_const(m_unrendered))
        if (const MessageDocs *d = m_docs.object(id))
            for (const TextDocs &t : d->texts)
                for (const QList<std::shared_ptr<Slot>> *list : {&t.closed, &t.open})
                    for (const std::shared_ptr<Slot> &slot : *list)
                        n += slot->measured ? 0 : 1;
    return n;
}

void MessageDelegate::setEditor(const QModelIndex &index, int height)
{
    const QString id = index.data(ThreadModel::IdRole).toString();
    if (m_editing.id == id && m_editing.height == height)
        return;
    if (!m_editing.id.isEmpty() && m_editing.id != id)
        ++m_toggleEpoch[m_editing.id];
    m_editing = {id, height};
    ++m_toggleEpoch[id];
    layoutFor(index); // notes the new height
    m_heightsTimer->start();
}

void MessageDelegate::clearEditor(const QModelIndex &index)
{
    if (m_editing.id.isEmpty())
        return;
    ++m_toggleEpoch[m_editing.id];
    m_editing = {};
    if (index.isValid())
        layoutFor(index); // notes the height without the editor
    m_heightsTimer->start();
}

QRect MessageDelegate::editorRect(const QModelIndex &index) const
{
    return layoutFor(index)->editor.toAlignedRect();
}

void MessageDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                                           const QModelIndex &index) const
{
    editor->setGeometry(editorRect(index).translated(option.rect.topLeft()));
}

void MessageDelegate::toggle(const QString &messageId, const QString &key)
{
    if (!m_expanded.remove(key))
        m_expanded.insert(key);
    ++m_toggleEpoch[messageId];
    m_heightsTimer->start();
}

std::shared_ptr<RenderedChunk> MessageDelegate::documentOf(const std::shared_ptr<Slot> &slot) const
{
    if (slot->doc) {
        m_leases.object(slot->serial); // recently used
        return slot->doc;
    }
    if (slot->width <= 0)
        return {};
    ++m_renders;
    m_renderedChars += slot->chunk.text.size();
    std::shared_ptr<RenderedChunk> doc = slot->kind == Markdown
        ? MarkdownRenderer::render(slot->chunk, m_theme, slot->width, !slot->noWrap)
        : MarkdownRenderer::renderPlain(slot->chunk.text, m_theme, slot->width, slot->kind == Mono);
    slot->measured = true;
    slot->contentWidth = doc->width;
    slot->height = doc->height + (doc->width > slot->width ? kSidewaysBar : 0);
    slot->code.clear();
    for (const CodeBlockInfo &code : doc->codeBlocks) {
        const QTextBlock first = doc->document->findBlockByNumber(code.firstBlock);
        // Where its first line starts (the block's rect may include the header's margin).
        qreal top = doc->document->documentLayout()->blockBoundingRect(first).top();
        if (const QTextLayout *lines = first.layout(); lines && lines->lineCount() > 0)
            top = lines->position().y() + lines->lineAt(0).y();
        slot->code.append(Slot::Code {top, code.text, code.language, code.continued});
    }
    // Cost in KB: text, and more for table cells (each is a frame with its own layouts).
    const qsizetype cells = slot->chunk.text.count(u'|');
    m_leases.insert(slot->serial, new Lease {slot}, 1 + (slot->chunk.text.size() * 64 + cells * 1536) / 1024);
    slot->doc = doc;
    return doc;
}

void MessageDelegate::updateText(TextDocs &t, const QString &text, int kind, qreal width) const
{
    if (t.kind != kind || !t.splitter || text.size() < t.splitter->consumed()) {
        t = TextDocs {};
        t.kind = kind;
        t.splitter.emplace(kind == Markdown || kind == SystemText ? ChunkSplitter::Mode::Markdown
                                                                  : ChunkSplitter::Mode::Plain);
    }
    ChunkSplitter &splitter = *t.splitter;
    splitter.feed(text);
    const QList<TextChunk> open = splitter.open(text);
    // A chunk that was open and closed unchanged (or is still open, unchanged) keeps its slot.
    QList<std::shared_ptr<Slot>> previous = std::exchange(t.open, {});
    auto slotFor = [&](const TextChunk &chunk) {
        for (auto it = previous.begin(); it != previous.end(); ++it)
            if ((*it)->chunk == chunk) {
                std::shared_ptr<Slot> reused = *it;
                previous.erase(it);
                return reused;
            }
        auto slot = std::make_shared<Slot>();
        slot->serial = ++m_serial;
        slot->chunk = chunk;
        slot->kind = kind;
        return slot;
    };
    const QList<TextChunk> &closed = splitter.closed();
    for (qsizetype i = t.closed.size(); i < closed.size(); ++i)
        t.closed.append(slotFor(closed.at(i)));
    for (const TextChunk &chunk : open)
        t.open.append(slotFor(chunk));
    t.width = width;
}

MessageDelegate::MessageDocs &MessageDelegate::docsFor(const QModelIndex &index, const QString &id) const
{
    const auto *thread = qobject_cast<const ThreadModel *>(index.model());
    const quint64 epoch = thread ? thread->textEpoch(id) : index.data(ThreadModel::TextEpochRole).toULongLong();
    MessageDocs *docs = m_docs.object(id);
    if (!docs) {
        docs = new MessageDocs;
        m_docs.insert(id, docs, 1);
    } else if (docs->epoch != epoch) {
        *docs = MessageDocs {};
    }
    docs->epoch = epoch;
    return *docs;
}

std::shared_ptr<const MessageDelegate::Layout> MessageDelegate::layoutFor(const QModelIndex &index) const
{
    const QString id = index.data(ThreadModel::IdRole).toString();
    const quint32 revision = index.data(ThreadModel::RevisionRole).toUInt();
    MessageDocs &docs = docsFor(index, id);
    const QString key = QString::number(revision) + QLatin1Char('|') + QString::number(m_width) + QLatin1Char('|')
        + QString::number(m_toggleEpoch.value(id)) + QLatin1Char('|')
        + QString::number(index.data(ThreadModel::SiblingCountRole).toInt()) + QLatin1Char('/')
        + QString::number(index.data(ThreadModel::SiblingIndexRole).toInt()) + QLatin1Char('|')
        + QString::number(docs.generation);
    if (docs.layout && docs.layoutKey == key) {
        // sizeHint may have replaced the measured height by an estimate meanwhile.
        noteHeight(id, revision, docs.layout->height);
        return docs.layout;
    }
    std::shared_ptr<const Layout> layout = buildLayout(index, docs);
    docs.layoutKey = key;
    docs.layout = layout;
    // The cache's cost follows the text's size (a streaming reply grows).
    const qsizetype cost = std::min<qsizetype>(m_docs.maxCost(), 1 + docs.chars / 1024);
    if (cost != docs.cost) {
        docs.cost = cost;
        if (MessageDocs *same = m_docs.take(id)) // the same object: references stay valid
            m_docs.insert(id, same, cost);
    }
    noteHeight(id, revision, layout->height);
    return layout;
}

void MessageDelegate::fill()
{
    QElapsedTimer clock;
    clock.start();
    bool rendered = false;
    for (auto it = m_unrendered.begin(); it != m_unrendered.end();) {
        MessageDocs *docs = m_docs.object(*it);
        bool done = true;
        bool renderedHere = false;
        if (docs)
            for (TextDocs &t : docs->texts)
                for (auto slot = t.closed.crbegin(); slot != t.closed.crend() && done; ++slot) {
                    if ((*slot)->measured || (*slot)->width <= 0)
                        continue;
                    if (clock.nsecsElapsed() >= kFillBudgetNs) {
                        done = false;
                    } else {
                        documentOf(*slot);
                        renderedHere = true;
                    }
                }
        if (renderedHere) {
            ++docs->generation;
            rendered = true;
        }
        if (!done)
            break;
        it = m_unrendered.erase(it);
    }
    if (rendered)
        m_heightsTimer->start();
    if (!m_unrendered.isEmpty())
        m_fillTimer->start();
}

void MessageDelegate::noteHeight(const QString &id, quint32 revision, int height) const
{
    Measured &m = m_heights[id];
    const bool changed = !m.exact || m.height != height || m.width != m_width;
    m = Measured {revision, m_width, height, true};
    if (changed)
        m_heightsTimer->start();
}

int MessageDelegate::estimate(const QModelIndex &index) const
{
    const QString content = index.data(ThreadModel::ContentRole).toString();
    const QFontMetricsF fm(m_theme.font);
    const qreal perLine = std::max(20.0, (m_width - 2 * kPad) / std::max(1.0, fm.averageCharWidth()));
    qreal lines = 0;
    qsizetype lineLength = 0;
    for (const QChar c : content) {
        if (c == QLatin1Char('\n')) {
            lines += 1 + std::floor(qreal(lineLength) / perLine);
            lineLength = 0;
        } else {
            ++lineLength;
        }
    }
    lines += 1 + std::floor(qreal(lineLength) / perLine);
    return int(20 + 2 * fm.height() + lines * fm.lineSpacing() + 24);
}

QSize MessageDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    Q_UNUSED(option)
    // Called for every row on each layout of the view: no QVariant round trips when possible.
    const auto *thread = qobject_cast<const ThreadModel *>(index.model());
    const QString id = thread ? thread->idAt(index.row()) : index.data(ThreadModel::IdRole).toString();
    const quint32 revision = thread ? thread->revision(id) : index.data(ThreadModel::RevisionRole).toUInt();
    const auto it = m_heights.constFind(id);
    if (it != m_heights.cend() && it->width == m_width && (it->revision == revision || it->exact))
        return QSize(m_width, it->height);
    const int h = estimate(index);
    m_heights.insert(id, Measured {revision, m_width, h, false});
    return QSize(m_width, h);
}

std::optional<QRect> MessageDelegate::changedRect(const QModelIndex &index) const
{
    const std::shared_ptr<const MessageDelegate::Layout> layout = layoutFor(index);
    const std::shared_ptr<const Layout> painted = docsFor(index, index.data(ThreadModel::IdRole).toString()).painted;
    if (!painted)
        return std::nullopt;
    // Elements are in reading order: from the first that differs, everything may have moved.
    const QList<Element> &now = layout->elements;
    const QList<Element> &before = painted->elements;
    qsizetype same = 0;
    while (same < now.size() && same < before.size()) {
        const Element &a = now.at(same);
        const Element &b = before.at(same);
        if (a.kind != b.kind || a.rect != b.rect || a.slot != b.slot || a.text != b.text || a.tone != b.tone)
            break;
        ++same;
    }
    QRectF changed;
    for (qsizetype i = same; i < now.size(); ++i)
        changed |= now.at(i).rect;
    for (qsizetype i = same; i < before.size(); ++i)
        changed |= before.at(i).rect;
    if (layout->height != painted->height)
        changed |= QRectF(0, std::min(layout->height, painted->height), m_width,
                          std::abs(layout->height - painted->height));
    if (changed.isEmpty())
        return QRect();
    return changed.toAlignedRect().adjusted(-2, -2, 2, 2);
}

} // namespace Skein
