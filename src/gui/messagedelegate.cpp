// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "messagedelegate.h"

#include "core/domain/enums.h"
#include "models/threadmodel.h"
#include "safetextdocument.h"

#include <QAbstractItemView>
#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QTextBlock>
#include <QTimer>

#include <optional>

namespace Skein {

namespace {

// SystemText: split at paragraphs like Markdown, shown as written.
enum ChunkKind { Markdown = 0, Plain = 1, Mono = 2, SystemText = 3 };
enum class Tone { Normal, Muted, Accent, Error };

constexpr qreal kPad = 14;
constexpr qreal kGap = 6;
// Rendering a layout may take this long before the remaining chunks get an estimated height
// (the last chunks of each text are rendered first: a streaming reply shows its tail).
constexpr qint64 kLayoutBudgetNs = 2'000'000;
// One idle pass of rendering the estimated chunks.
constexpr qint64 kFillBudgetNs = 1'500'000;

QString roleLabel(Role role, const QString &model, const QString &toolName)
{
    switch (role) {
    case Role::User:
        return MessageDelegate::tr("You");
    case Role::Assistant:
        return model.isEmpty() ? MessageDelegate::tr("Assistant") : model;
    case Role::Tool:
        return toolName.isEmpty() ? MessageDelegate::tr("Tool") : MessageDelegate::tr("Tool: %1").arg(toolName);
    case Role::System:
        return MessageDelegate::tr("System");
    }
    return {};
}

QString statusText(MessageStatus status, const QString &error)
{
    switch (status) {
    case MessageStatus::Generating:
        return MessageDelegate::tr("Generating…");
    case MessageStatus::Interrupted:
        return MessageDelegate::tr("Interrupted — the reply stopped before it was complete.");
    case MessageStatus::Cancelled:
        return MessageDelegate::tr("Stopped.");
    case MessageStatus::Failed:
        return error.isEmpty() ? MessageDelegate::tr("Failed.") : MessageDelegate::tr("Failed: %1").arg(error);
    case MessageStatus::Complete:
        break;
    }
    return {};
}

// A tool call's state as the turn reports it.
QString toolStateText(const ToolCallState &state)
{
    using Phase = ToolCallState::Phase;
    switch (state.phase) {
    case Phase::None:
        return {};
    case Phase::AwaitingApproval:
        return MessageDelegate::tr("waiting for your approval");
    case Phase::Approved:
        return MessageDelegate::tr("approved");
    case Phase::Running:
        return state.percent < 0 ? MessageDelegate::tr("running…")
                                 : MessageDelegate::tr("running… %1%").arg(state.percent);
    case Phase::Done:
        return MessageDelegate::tr("done");
    case Phase::Failed:
        return MessageDelegate::tr("failed");
    case Phase::Timeout:
        return MessageDelegate::tr("timed out");
    case Phase::Denied:
        return MessageDelegate::tr("denied");
    case Phase::NotRun:
        return MessageDelegate::tr("not run");
    case Phase::Queued:
        return MessageDelegate::tr("queued");
    }
    return {};
}

} // namespace

// One chunk of a text at one width: its height (an estimate until it was rendered once) and,
// while it is leased, its document.
struct MessageDelegate::Slot
{
    quint64 serial = 0;
    TextChunk chunk;
    int kind = Markdown;
    qreal width = 0;
    bool measured = false;
    qreal height = 0;
    struct Code
    {
        qreal top;
        QString text;
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
    enum class Kind { Doc, Text, Chip, Box };
    Kind kind = Kind::Text;
    QRectF rect;
    std::shared_ptr<Slot> slot;
    QString text;
    Tone tone = Tone::Normal;
    bool bold = false;
    bool small = false;
    Action action = Action::None;
    QString data;
};

struct MessageDelegate::Layout
{
    QList<Element> elements;
    int height = 0;
};

MessageDelegate::MessageDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_theme(RenderTheme::fromPalette(QApplication::palette(), QApplication::font()))
    , m_docs(16000)
    , m_leases(64 * 1024)
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
        ? MarkdownRenderer::render(slot->chunk, m_theme, slot->width)
        : MarkdownRenderer::renderPlain(slot->chunk.text, m_theme, slot->width, slot->kind == Mono);
    slot->measured = true;
    slot->height = doc->height;
    slot->code.clear();
    for (const CodeBlockInfo &code : doc->codeBlocks) {
        const QTextBlock first = doc->document->findBlockByNumber(code.firstBlock);
        slot->code.append(Slot::Code {doc->document->documentLayout()->blockBoundingRect(first).top(), code.text});
    }
    // Cost in KB: text, and more for table cells (each is a frame with its own layouts).
    const qsizetype cells = slot->chunk.text.count(u'|');
    m_leases.insert(slot->serial, new Lease {slot}, 1 + (slot->chunk.text.size() * 64 + cells * 1536) / 1024);
    slot->doc = doc;
    return doc;
}

namespace {

// A chunk's height before it is rendered: its lines wrapped at the average character width
// (table rows are taller: padding and borders).
qreal estimateHeight(const TextChunk &chunk, qreal width, const QFontMetricsF &fm)
{
    const qreal perLine = std::max(20.0, width / std::max(1.0, fm.averageCharWidth()));
    qreal lines = 0;
    for (QStringView line : QStringView(chunk.text).split(u'\n')) {
        const bool row = line.startsWith(u'|');
        lines += (row ? 1.6 : 1.0) * (1 + std::floor(qreal(line.size()) / perLine));
    }
    return std::ceil(lines * fm.lineSpacing());
}

} // namespace

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

std::shared_ptr<const MessageDelegate::Layout> MessageDelegate::buildLayout(const QModelIndex &index,
                                                                            MessageDocs &docs) const
{
    auto layout = std::make_shared<Layout>();
    QList<Element> &out = layout->elements;
    const QString id = index.data(ThreadModel::IdRole).toString();
    const auto role = Role(index.data(ThreadModel::RoleRole).toInt());
    const auto status = MessageStatus(index.data(ThreadModel::StatusRole).toInt());
    const QString content = index.data(ThreadModel::ContentRole).toString();
    const QString reasoning = index.data(ThreadModel::ReasoningRole).toString();
    const QJsonArray toolCalls = index.data(ThreadModel::ToolCallsRole).toJsonArray();
    const ToolCallStates toolStates = index.data(ThreadModel::ToolStatesRole).value<ToolCallStates>();
    const int siblingIndex = index.data(ThreadModel::SiblingIndexRole).toInt();
    const int siblingCount = index.data(ThreadModel::SiblingCountRole).toInt();

    QFont smallFont = m_theme.font;
    smallFont.setPointSizeF(m_theme.font.pointSizeF() * 0.9);
    const QFontMetricsF fm(m_theme.font);
    const QFontMetricsF sfm(smallFont);
    const qreal lineH = std::ceil(fm.height());
    const qreal smallH = std::ceil(sfm.height());
    const qreal inner = m_width - 2 * kPad;

    auto text = [&](const QString &s, qreal x, qreal y, qreal w, Tone tone, bool bold, bool small,
                    Action action = Action::None, const QString &data = {}) {
        Element e;
        e.kind = Element::Kind::Text;
        e.text = s;
        e.rect = QRectF(x, y, w, small ? smallH : lineH);
        e.tone = tone;
        e.bold = bold;
        e.small = small;
        e.action = action;
        e.data = data;
        out.append(e);
        return e.rect;
    };
    auto chip = [&](const QString &s, qreal x, qreal y, Action action, const QString &data = {}) {
        Element e;
        e.kind = Element::Kind::Chip;
        e.text = s;
        e.rect = QRectF(x, y, std::ceil(sfm.horizontalAdvance(s)) + 14, smallH + 4);
        e.small = true;
        e.action = action;
        e.data = data;
        out.append(e);
        return e.rect;
    };
    auto box = [&](int at, const QRectF &rect, Tone tone) {
        Element e;
        e.kind = Element::Kind::Box;
        e.rect = rect;
        e.tone = tone;
        out.insert(at, e);
    };
    // Chunks: render what the budget allows (the open ones always, then from the last one up);
    // the others keep an estimated height until fill() or a paint renders them.
    QElapsedTimer clock;
    clock.start();
    bool pending = false;
    const QFontMetricsF mfm(m_theme.monoFont);
    auto prepare = [&](TextDocs &t) {
        auto fit = [&](Slot &slot) {
            if (slot.width == t.width)
                return;
            m_leases.remove(slot.serial);
            slot.doc.reset();
            slot.measured = false;
            slot.width = t.width;
            slot.height = estimateHeight(slot.chunk, t.width, slot.kind == Mono ? mfm : fm);
        };
        for (const std::shared_ptr<Slot> &slot : std::as_const(t.open)) {
            fit(*slot);
            documentOf(slot);
        }
        for (auto it = t.closed.crbegin(); it != t.closed.crend(); ++it) {
            fit(**it);
            if ((*it)->measured)
                continue;
            if (clock.nsecsElapsed() < kLayoutBudgetNs)
                documentOf(*it);
            else
                pending = true;
        }
    };
    // One document; a copy button on the top right of each code block (a block cut into pieces
    // has one, on its first piece, that copies all of it).
    auto doc = [&](const std::shared_ptr<Slot> &slot, qreal x, qreal y, Tone tone, int &lastCopy) {
        Element e;
        e.kind = Element::Kind::Doc;
        e.rect = QRectF(x, y, slot->width, slot->height);
        e.tone = tone;
        e.slot = slot;
        out.append(e);
        int merged = -1;
        if (slot->measured) {
            for (qsizetype k = 0; k < slot->code.size(); ++k) {
                const Slot::Code &code = slot->code.at(k);
                if (k == 0 && slot->chunk.join == TextChunk::Join::Code && lastCopy >= 0) {
                    out[lastCopy].data += QLatin1Char('\n') + code.text;
                    merged = lastCopy;
                    continue;
                }
                const QString label = tr("Copy");
                const qreal cw = std::ceil(sfm.horizontalAdvance(label)) + 14;
                Element copy;
                copy.kind = Element::Kind::Chip;
                copy.text = label;
                copy.small = true;
                copy.rect = QRectF(x + e.rect.width() - cw - 4, y + code.top + 2, cw, smallH + 4);
                copy.action = Action::CopyCode;
                copy.data = code.text;
                merged = int(out.size());
                out.append(copy);
            }
        } else {
            pending = true;
        }
        lastCopy = merged;
    };
    // All chunks of a text, kGap between separate ones (none where a piece continues the one
    // before), gapAfter below the last. Returns the height used.
    auto place = [&](const TextDocs &t, qreal x, qreal top, Tone tone, qreal gapAfter) {
        const QList<std::shared_ptr<Slot>> slots = t.closed + t.open;
        qreal at = top;
        int lastCopy = -1;
        for (qsizetype i = 0; i < slots.size(); ++i) {
            doc(slots.at(i), x, at, tone, lastCopy);
            at += slots.at(i)->height;
            at += i + 1 == slots.size() ? gapAfter : (slots.at(i + 1)->chunk.join == TextChunk::Join::None ? kGap : 0);
        }
        return at - top;
    };
    auto textDocs = [&](const QString &key, const QString &source, int kind, qreal width) -> TextDocs & {
        TextDocs &t = docs.texts[key];
        if (key.startsWith(u"a:") && t.source != source) {
            t = TextDocs {};
            t.source = source;
        }
        updateText(t, source, kind, width);
        prepare(t);
        return t;
    };
    docs.chars = content.size() + reasoning.size();

    qreal y = 10;
    // Header: who, and the ‹ n / m › switcher on the right.
    text(roleLabel(role, index.data(ThreadModel::ModelNameRole).toString(),
                   index.data(ThreadModel::ToolNameRole).toString()),
         kPad, y, inner * 0.6, role == Role::User ? Tone::Normal : Tone::Accent, true, false);
    if (siblingCount > 1) {
        const QString label = QStringLiteral("%1 / %2").arg(siblingIndex).arg(siblingCount);
        const qreal lw = std::ceil(sfm.horizontalAdvance(label)) + 8;
        const qreal arrowW = std::ceil(sfm.horizontalAdvance(QStringLiteral("›"))) + 14;
        const qreal right = kPad + inner;
        chip(QStringLiteral("›"), right - arrowW, y, Action::NextSibling);
        text(label, right - arrowW - lw, y + 2, lw, Tone::Muted, false, true);
        chip(QStringLiteral("‹"), right - 2 * arrowW - lw, y, Action::PreviousSibling);
    }
    y += lineH + 4;

    const bool bubble = role == Role::User;
    const int bubbleAt = int(out.size());
    const qreal bubbleTop = y;
    const qreal x = bubble ? kPad + 10 : kPad;
    const qreal w = bubble ? inner - 20 : inner;
    if (bubble)
        y += 8;

    if (!reasoning.isEmpty()) {
        const QString key = QStringLiteral("r:") + id;
        const bool open = m_expanded.contains(key);
        text((open ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + tr("Reasoning"), x, y, w, Tone::Muted, false, true,
             Action::ToggleReasoning, key);
        y += smallH + 4;
        if (open)
            y += place(textDocs(QStringLiteral("r"), reasoning, Plain, w - 12), x + 12, y, Tone::Muted, kGap);
    }

    auto card = [&](const QString &title, const QString &key, const QString &body, const QString &callId,
                    const QString &docsKey) {
        const int at = int(out.size());
        const qreal top = y;
        y += 5;
        const bool awaiting = toolStates.value(callId).phase == ToolCallState::Phase::AwaitingApproval;
        // A call waiting for approval always shows its full arguments.
        const bool open = awaiting || m_expanded.contains(key);
        text((open ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + title, x + 8, y, w - 16, Tone::Normal, true, true,
             Action::ToggleTool, key);
        y += smallH + 3;
        if (open && !body.isEmpty()) {
            y += place(textDocs(docsKey, body, Mono, w - 16), x + 8, y, Tone::Normal, 4);
        } else if (!body.isEmpty()) {
            text(body.left(300).simplified(), x + 8, y, w - 16, Tone::Muted, false, true);
            y += smallH + 3;
        }
        if (awaiting) {
            const QRectF once = chip(tr("Allow Once"), x + 8, y, Action::Approve, callId);
            const QRectF always = chip(tr("Always Allow"), once.right() + 6, y, Action::ApproveAlways, callId);
            chip(tr("Deny"), always.right() + 6, y, Action::Deny, callId);
            y += smallH + 8;
        }
        box(at, QRectF(x, top, w, y - top + 3), Tone::Muted);
        y += 3 + kGap;
    };

    if (role == Role::Tool) {
        card(tr("Result"), QStringLiteral("t:") + id, content, index.data(ThreadModel::ToolCallIdRole).toString(),
             QStringLiteral("t"));
    } else {
        const TextDocs &t = textDocs(QStringLiteral("c"), content, role == Role::System ? SystemText : Markdown, w);
        y += place(t, x, y, role == Role::System ? Tone::Muted : Tone::Normal, kGap);
        if (t.closed.isEmpty() && t.open.isEmpty() && status == MessageStatus::Generating && reasoning.isEmpty())
            y += lineH;
    }
    for (const QJsonValue &v : toolCalls) {
        const QJsonObject call = v.toObject();
        const QString callId = call.value(QLatin1String("id")).toString();
        const QString name = call.value(QLatin1String("name")).toString();
        const QJsonValue args = call.value(QLatin1String("arguments"));
        QString argsText = args.isString()
            ? args.toString()
            : QString::fromUtf8(QJsonDocument(args.toObject()).toJson(QJsonDocument::Indented));
        const ToolCallState state = toolStates.value(callId);
        const QString title
            = state.isNull() ? tr("Tool call: %1").arg(name) : tr("Tool call: %1 (%2)").arg(name, toolStateText(state));
        card(title, QStringLiteral("t:") + callId, argsText, callId, QStringLiteral("a:") + callId);
    }
    if (bubble) {
        y += 2;
        box(bubbleAt, QRectF(kPad, bubbleTop, inner, y - bubbleTop), Tone::Accent);
        y += kGap;
    }

    if (status != MessageStatus::Complete) {
        const Tone tone = status == MessageStatus::Failed ? Tone::Error : Tone::Muted;
        text(statusText(status, index.data(ThreadModel::ErrorRole).toString()), x, y, w, tone, false, true);
        y += smallH + 4;
        if (role == Role::Assistant && status != MessageStatus::Generating) {
            qreal cx = x;
            if (status == MessageStatus::Interrupted || status == MessageStatus::Cancelled)
                cx = chip(tr("Continue"), cx, y, Action::Continue).right() + 6;
            chip(tr("Retry"), cx, y, Action::Retry);
            y += smallH + 8;
        }
    }

    // Per-message actions.
    if (status != MessageStatus::Generating) {
        qreal cx = x;
        auto action = [&](const QString &label, Action a) {
            const qreal lw = std::ceil(sfm.horizontalAdvance(label)) + 4;
            text(label, cx, y, lw, Tone::Muted, false, true, a);
            cx += lw + 12;
        };
        action(tr("Copy"), Action::Copy);
        action(tr("Select Text"), Action::SelectText);
        if (role == Role::User)
            action(tr("Edit"), Action::Edit);
        if (role == Role::Assistant)
            action(tr("Regenerate"), Action::Regenerate);
        action(tr("Delete"), Action::Delete);
        y += smallH;
    }
    if (pending && m_unrendered.size() < 10000) {
        m_unrendered.insert(id);
        m_fillTimer->start();
    }
    layout->height = int(std::ceil(y + 10));
    // A reply that is still growing reserves room in steps, so the view lays out its rows
    // again only every few lines instead of on every streamed flush.
    constexpr int kGrowthStep = 240;
    if (status == MessageStatus::Generating)
        layout->height = (layout->height / kGrowthStep + 1) * kGrowthStep;
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

void MessageDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    const QPalette &pal = option.palette;
    auto color = [&](Tone tone) {
        switch (tone) {
        case Tone::Muted:
            return pal.color(QPalette::PlaceholderText);
        case Tone::Accent:
            return pal.color(QPalette::Link);
        case Tone::Error:
            return QColor(m_theme.dark ? 0xff8a80 : 0xb3261e);
        case Tone::Normal:
            break;
        }
        return pal.color(QPalette::Text);
    };
    QFont smallFont = m_theme.font;
    smallFont.setPointSizeF(m_theme.font.pointSizeF() * 0.9);

    painter->save();
    painter->setClipRect(option.rect);
    if (option.state & QStyle::State_Selected) {
        QColor sel = pal.color(QPalette::Highlight);
        sel.setAlpha(28);
        painter->fillRect(option.rect, sel);
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 3, option.rect.height()),
                          pal.color(QPalette::Highlight));
    }
    painter->translate(option.rect.topLeft());
    painter->setRenderHint(QPainter::Antialiasing);
    // Only what the viewport shows is drawn: a long reply is mostly off screen.
    QRectF visible(0, 0, option.rect.width(), option.rect.height());
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget))
        visible = visible.intersected(QRectF(view->viewport()->rect()).translated(-option.rect.topLeft()));
    bool changed = false;
    for (const Element &e : layout->elements) {
        if (!e.rect.intersects(visible))
            continue;
        switch (e.kind) {
        case Element::Kind::Box: {
            QColor fill = e.tone == Tone::Accent ? pal.color(QPalette::Highlight) : pal.color(QPalette::Mid);
            fill.setAlpha(e.tone == Tone::Accent ? 22 : 30);
            painter->setPen(Qt::NoPen);
            painter->setBrush(fill);
            painter->drawRoundedRect(e.rect, 8, 8);
            break;
        }
        case Element::Kind::Doc: {
            // A chunk laid out with an estimated height is rendered when it comes into view;
            // the message is laid out again with its real height.
            const bool measured = e.slot->measured;
            const std::shared_ptr<RenderedChunk> d = documentOf(e.slot);
            changed = changed || (!measured && e.slot->measured);
            if (!d)
                break;
            painter->save();
            painter->translate(e.rect.topLeft());
            QAbstractTextDocumentLayout::PaintContext ctx;
            ctx.palette = pal;
            ctx.palette.setColor(QPalette::Text, color(e.tone));
            ctx.clip = visible.intersected(e.rect).translated(-e.rect.topLeft());
            d->document->documentLayout()->draw(painter, ctx);
            painter->restore();
            break;
        }
        case Element::Kind::Chip: {
            QColor fill = pal.color(QPalette::Button);
            painter->setPen(pal.color(QPalette::Mid));
            painter->setBrush(fill);
            painter->drawRoundedRect(e.rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
            painter->setFont(smallFont);
            painter->setPen(pal.color(QPalette::ButtonText));
            painter->drawText(e.rect, Qt::AlignCenter, e.text);
            break;
        }
        case Element::Kind::Text: {
            QFont f = e.small ? smallFont : m_theme.font;
            f.setBold(e.bold);
            painter->setFont(f);
            painter->setPen(color(e.tone));
            const QString elided = QFontMetricsF(f).elidedText(e.text, Qt::ElideRight, e.rect.width());
            painter->drawText(e.rect, Qt::AlignLeft | Qt::AlignVCenter, elided);
            break;
        }
        }
    }
    painter->restore();
    MessageDocs &docs = docsFor(index, index.data(ThreadModel::IdRole).toString());
    docs.painted = layout;
    if (changed) {
        ++docs.generation;
        m_heightsTimer->start();
    }
}

QList<MessageDelegate::Hit> MessageDelegate::hits(const QModelIndex &index, const QRect &itemRect) const
{
    QList<Hit> out;
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    for (const Element &e : layout->elements)
        if (e.action != Action::None)
            out.append(Hit {e.action, e.data, e.rect.toAlignedRect().translated(itemRect.topLeft())});
    return out;
}

QList<MessageDelegate::TextPart> MessageDelegate::textParts(const QModelIndex &index) const
{
    // A selection runs over every part: render the ones still estimated, then lay out again.
    std::shared_ptr<const Layout> layout = layoutFor(index);
    bool changed = false;
    for (const Element &e : layout->elements)
        if (e.kind == Element::Kind::Doc && !e.slot->measured) {
            documentOf(e.slot);
            changed = true;
        }
    if (changed) {
        ++docsFor(index, index.data(ThreadModel::IdRole).toString()).generation;
        layout = layoutFor(index);
        m_heightsTimer->start();
    }
    QList<TextPart> out;
    for (const Element &e : layout->elements)
        if (e.kind == Element::Kind::Doc)
            if (std::shared_ptr<RenderedChunk> d = documentOf(e.slot))
                out.append(TextPart {e.rect, d});
    return out;
}

MessageDelegate::Hit MessageDelegate::hitAt(const QModelIndex &index, const QRect &itemRect, const QPoint &pos) const
{
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    const QPointF p = pos - itemRect.topLeft();
    for (auto it = layout->elements.crbegin(); it != layout->elements.crend(); ++it) {
        const Element &e = *it;
        if (!e.rect.contains(p))
            continue;
        if (e.action != Action::None)
            return Hit {e.action, e.data, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        if (e.kind == Element::Kind::Doc) {
            const std::shared_ptr<RenderedChunk> d = documentOf(e.slot);
            const QString anchor = d ? d->document->documentLayout()->anchorAt(p - e.rect.topLeft()) : QString();
            if (!anchor.isEmpty())
                return Hit {Action::Link, anchor, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        }
    }
    return {};
}

} // namespace Skein
