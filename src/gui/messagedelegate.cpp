#include "messagedelegate.h"

#include "core/domain/enums.h"
#include "models/threadmodel.h"
#include "safetextdocument.h"

#include <QAbstractItemView>
#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QTextBlock>
#include <QTimer>

namespace Skein {

namespace {

enum ChunkKind { Markdown = 0, Plain = 1, Mono = 2 };
enum class Tone { Normal, Muted, Accent, Error };

constexpr qreal kPad = 14;
constexpr qreal kGap = 6;

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

// A tool call's state as the agent loop reports it ("running:40" carries a percentage).
QString toolStateText(const QString &state)
{
    const QString key = state.section(QLatin1Char(':'), 0, 0);
    if (key == QLatin1String("awaiting"))
        return MessageDelegate::tr("waiting for your approval");
    if (key == QLatin1String("approved"))
        return MessageDelegate::tr("approved");
    if (key == QLatin1String("running")) {
        const QString percent = state.section(QLatin1Char(':'), 1, 1);
        return percent.isEmpty() ? MessageDelegate::tr("running…") : MessageDelegate::tr("running… %1%").arg(percent);
    }
    if (key == QLatin1String("done"))
        return MessageDelegate::tr("done");
    if (key == QLatin1String("failed"))
        return MessageDelegate::tr("failed");
    if (key == QLatin1String("timeout"))
        return MessageDelegate::tr("timed out");
    if (key == QLatin1String("denied"))
        return MessageDelegate::tr("denied");
    if (key == QLatin1String("cancelled"))
        return MessageDelegate::tr("not run");
    if (key == QLatin1String("pending"))
        return MessageDelegate::tr("queued");
    return state;
}

} // namespace

struct MessageDelegate::Element
{
    enum class Kind { Doc, Text, Chip, Box };
    Kind kind = Kind::Text;
    QRectF rect;
    std::shared_ptr<RenderedChunk> doc;
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
    , m_layouts(400)
    , m_chunks(16000)
    , m_heightsTimer(new QTimer(this))
{
    m_heightsTimer->setSingleShot(true);
    m_heightsTimer->setInterval(0);
    connect(m_heightsTimer, &QTimer::timeout, this, &MessageDelegate::heightsChanged);
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
    m_layouts.clear();
}

void MessageDelegate::clearCaches()
{
    m_layouts.clear();
    m_chunks.clear();
    m_heights.clear();
}

void MessageDelegate::toggle(const QString &messageId, const QString &key)
{
    if (!m_expanded.remove(key))
        m_expanded.insert(key);
    ++m_toggleEpoch[messageId];
    m_heightsTimer->start();
}

std::shared_ptr<RenderedChunk> MessageDelegate::chunk(const QString &text, qreal width, int kind) const
{
    const QString key = QString::number(kind) + QLatin1Char('|') + QString::number(int(width)) + QLatin1Char('|')
        + QString::number(qHash(text), 16) + QLatin1Char('|') + QString::number(text.size());
    if (std::shared_ptr<RenderedChunk> *cached = m_chunks.object(key))
        return *cached;
    ++m_renders;
    std::shared_ptr<RenderedChunk> rendered = kind == Markdown
        ? MarkdownRenderer::render(text, m_theme, width)
        : MarkdownRenderer::renderPlain(text, m_theme, width, kind == Mono);
    m_chunks.insert(key, new std::shared_ptr<RenderedChunk>(rendered), std::max<qsizetype>(1, text.size() / 1024));
    return rendered;
}

std::shared_ptr<const MessageDelegate::Layout> MessageDelegate::layoutFor(const QModelIndex &index) const
{
    const QString id = index.data(ThreadModel::IdRole).toString();
    const quint32 revision = index.data(ThreadModel::RevisionRole).toUInt();
    const QString key = id + QLatin1Char('|') + QString::number(revision) + QLatin1Char('|') + QString::number(m_width)
        + QLatin1Char('|') + QString::number(m_toggleEpoch.value(id)) + QLatin1Char('|')
        + QString::number(index.data(ThreadModel::SiblingCountRole).toInt()) + QLatin1Char('/')
        + QString::number(index.data(ThreadModel::SiblingIndexRole).toInt());
    if (std::shared_ptr<const Layout> *cached = m_layouts.object(key)) {
        // sizeHint may have replaced the measured height by an estimate meanwhile.
        noteHeight(id, revision, (*cached)->height);
        return *cached;
    }
    std::shared_ptr<const Layout> layout = buildLayout(index);
    m_layouts.insert(key, new std::shared_ptr<const Layout>(layout));
    noteHeight(id, revision, layout->height);
    return layout;
}

std::shared_ptr<const MessageDelegate::Layout> MessageDelegate::buildLayout(const QModelIndex &index) const
{
    auto layout = std::make_shared<Layout>();
    QList<Element> &out = layout->elements;
    const QString id = index.data(ThreadModel::IdRole).toString();
    const auto role = Role(index.data(ThreadModel::RoleRole).toInt());
    const auto status = MessageStatus(index.data(ThreadModel::StatusRole).toInt());
    const QString content = index.data(ThreadModel::ContentRole).toString();
    const QString reasoning = index.data(ThreadModel::ReasoningRole).toString();
    const QJsonArray toolCalls = index.data(ThreadModel::ToolCallsRole).toJsonArray();
    const QVariantMap toolStates = index.data(ThreadModel::ToolStatesRole).toMap();
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
    auto doc = [&](std::shared_ptr<RenderedChunk> c, qreal x, qreal y, Tone tone) {
        Element e;
        e.kind = Element::Kind::Doc;
        e.rect = QRectF(x, y, c->document->textWidth(), c->height);
        e.tone = tone;
        e.doc = c;
        out.append(e);
        // A copy button on the top right of each code block.
        for (const CodeBlockInfo &code : c->codeBlocks) {
            const QTextBlock first = c->document->findBlockByNumber(code.firstBlock);
            const QRectF br = c->document->documentLayout()->blockBoundingRect(first);
            const QString label = tr("Copy");
            const qreal cw = std::ceil(sfm.horizontalAdvance(label)) + 14;
            Element copy;
            copy.kind = Element::Kind::Chip;
            copy.text = label;
            copy.small = true;
            copy.rect = QRectF(x + e.rect.width() - cw - 4, y + br.top() + 2, cw, smallH + 4);
            copy.action = Action::CopyCode;
            copy.data = code.text;
            out.append(copy);
        }
        return e.rect.height();
    };

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
            y += doc(chunk(reasoning, w - 12, Plain), x + 12, y, Tone::Muted) + kGap;
    }

    auto card = [&](const QString &title, const QString &key, const QString &body, const QString &callId) {
        const int at = int(out.size());
        const qreal top = y;
        y += 5;
        const QString state = toolStates.value(callId).toString();
        const bool awaiting = state == QLatin1String("awaiting");
        // A call waiting for approval always shows its full arguments.
        const bool open = awaiting || m_expanded.contains(key);
        text((open ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + title, x + 8, y, w - 16, Tone::Normal, true, true,
              Action::ToggleTool, key);
        y += smallH + 3;
        if (open && !body.isEmpty()) {
            y += doc(chunk(body, w - 16, Mono), x + 8, y, Tone::Normal) + 4;
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
        card(tr("Result"), QStringLiteral("t:") + id, content, index.data(ThreadModel::ToolCallIdRole).toString());
    } else {
        const QStringList chunks = MarkdownRenderer::splitChunks(content);
        for (const QString &c : chunks)
            y += doc(chunk(c, w, role == Role::System ? Plain : Markdown), x, y,
                     role == Role::System ? Tone::Muted : Tone::Normal)
                + kGap;
        if (chunks.isEmpty() && status == MessageStatus::Generating && reasoning.isEmpty())
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
        const QString state = toolStates.value(callId).toString();
        const QString title = state.isEmpty() ? tr("Tool call: %1").arg(name)
                                              : tr("Tool call: %1 (%2)").arg(name, toolStateText(state));
        card(title, QStringLiteral("t:") + callId, argsText, callId);
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
    layout->height = int(std::ceil(y + 10));
    // A reply that is still growing reserves room in steps, so the view lays out its rows
    // again only every few lines instead of on every streamed flush.
    constexpr int kGrowthStep = 240;
    if (status == MessageStatus::Generating)
        layout->height = (layout->height / kGrowthStep + 1) * kGrowthStep;
    return layout;
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
            painter->save();
            painter->translate(e.rect.topLeft());
            QAbstractTextDocumentLayout::PaintContext ctx;
            ctx.palette = pal;
            ctx.palette.setColor(QPalette::Text, color(e.tone));
            ctx.clip = visible.intersected(e.rect).translated(-e.rect.topLeft());
            e.doc->document->documentLayout()->draw(painter, ctx);
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
    QList<TextPart> out;
    for (const Element &e : layoutFor(index)->elements)
        if (e.kind == Element::Kind::Doc)
            out.append(TextPart {e.rect, e.doc});
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
            const QString anchor = e.doc->document->documentLayout()->anchorAt(p - e.rect.topLeft());
            if (!anchor.isEmpty())
                return Hit {Action::Link, anchor, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        }
    }
    return {};
}

} // namespace Skein
