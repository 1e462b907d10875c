// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "messagedelegate.h"
#include "messagedelegate_p.h"

#include "core/domain/enums.h"
#include "models/threadmodel.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <initializer_list>
#include <ranges>

namespace Skein {

using namespace MessageDelegateDetail;

namespace {

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

// The code blocks of a piece of Markdown, each as its lines (the fences left out).
QList<QStringList> codeBlocksOf(const QString &markdown)
{
    QList<QStringList> blocks;
    bool inFence = false;
    for (QStringView line : QStringView(markdown).split(u'\n')) {
        const QStringView t = line.trimmed();
        if (t.startsWith(u"```") || t.startsWith(u"~~~")) {
            inFence = !inFence;
            if (inFence)
                blocks.append(QStringList());
            continue;
        }
        if (inFence)
            blocks.last().append(line.toString());
    }
    return blocks;
}

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
    // Buttons in a row that goes on in the next line where the column ends (a narrow window);
    // returns the y below them.
    auto chipRow = [&](std::initializer_list<Action> actions, qreal x0, qreal y0, qreal right, const QString &data) {
        qreal cx = x0;
        qreal cy = y0;
        for (const Action a : actions) {
            const QString label = actionLabel(a);
            if (cx > x0 && cx + std::ceil(sfm.horizontalAdvance(label)) + 14 > right) {
                cx = x0;
                cy += smallH + 8;
            }
            cx = chip(label, cx, cy, a, data).right() + 6;
        }
        return cy + smallH + 8;
    };
    // A button drawn as an icon; hoverOnly ones show while the message is hovered or focused.
    auto icon = [&](Action action, qreal x, qreal y, bool hoverOnly, const QString &data = {}) {
        Element e;
        e.kind = Element::Kind::Icon;
        e.text = actionIcon(action);
        e.rect = QRectF(x, y, kIconBox, kIconBox);
        e.action = action;
        e.data = data;
        e.hoverOnly = hoverOnly;
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
        // The pieces of one code block share the key of its first piece (as folding does).
        qsizetype runStart = 0;
        qsizetype at = 0;
        for (const QList<std::shared_ptr<Slot>> *list : {&t.closed, &t.open})
            for (const std::shared_ptr<Slot> &slot : *list) {
                if (slot->chunk.join != TextChunk::Join::Code)
                    runStart = at;
                ++at;
                if (slot->wrapRun != runStart) {
                    slot->wrapRun = runStart;
                    slot->wrapKey = QStringLiteral("w:%1:%2").arg(id).arg(runStart);
                }
            }
        auto fit = [&](Slot &slot) {
            const bool noWrap = t.kind == Markdown && m_expanded.contains(slot.wrapKey);
            if (slot.width == t.width && slot.noWrap == noWrap)
                return;
            slot.noWrap = noWrap;
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
        for (const std::shared_ptr<Slot> &slot : std::views::reverse(t.closed)) {
            fit(*slot);
            if (slot->measured)
                continue;
            if (clock.nsecsElapsed() < kLayoutBudgetNs)
                documentOf(slot);
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
            for (const Slot::Code &code : std::as_const(slot->code)) {
                if (code.continued) {
                    if (lastCopy >= 0) {
                        out[lastCopy].data += QLatin1Char('\n') + code.text;
                        merged = lastCopy;
                    }
                    continue;
                }
                // The header over the block: its language on the left, Copy on the right.
                const qreal headerH = MarkdownRenderer::codeHeaderHeight(m_theme);
                Element header;
                header.kind = Element::Kind::CodeHeader;
                header.rect = QRectF(x, y + code.top - headerH, e.rect.width(), headerH);
                header.text = code.language.isEmpty() ? tr("Code") : code.language;
                header.small = true;
                out.append(header);
                Element copy;
                copy.kind = Element::Kind::Icon;
                copy.text = actionIcon(Action::CopyCode);
                copy.rect = QRectF(header.rect.right() - kIconBox - 2, header.rect.center().y() - kIconBox / 2.0,
                                   kIconBox, kIconBox);
                copy.action = Action::CopyCode;
                copy.data = code.text;
                merged = int(out.size());
                out.append(copy);
                // Beside it, wrapping long lines on or off (then the block scrolls sideways).
                if (slot->kind == Markdown) {
                    Element wrap = copy;
                    wrap.text = actionIcon(Action::ToggleWrap);
                    wrap.rect.translate(-kIconBox - 2, 0);
                    wrap.action = Action::ToggleWrap;
                    wrap.data = slot->wrapKey;
                    out.append(wrap);
                }
            }
        } else {
            pending = true;
            // Not rendered yet: a piece that continues a block still adds its lines to the
            // block's Copy, from the source.
            const QList<QStringList> blocks = codeBlocksOf(slot->chunk.text);
            if (slot->chunk.join == TextChunk::Join::Code && lastCopy >= 0 && !blocks.isEmpty()) {
                out[lastCopy].data += QLatin1Char('\n') + blocks.constFirst().join(QLatin1Char('\n'));
                merged = lastCopy;
            }
        }
        lastCopy = merged;
    };
    // All chunks of a text, kGap between separate ones (none where a piece continues the one
    // before), gapAfter below the last. Returns the height used.
    // A long code block of a finished reply shows its first pieces and a chip for the rest.
    auto place = [&](const TextDocs &t, qreal x, qreal top, Tone tone, qreal gapAfter) {
        const QList<std::shared_ptr<Slot>> slots = t.closed + t.open;
        qreal at = top;
        int lastCopy = -1;
        for (qsizetype i = 0; i < slots.size(); ++i) {
            doc(slots.at(i), x, at, tone, lastCopy);
            at += slots.at(i)->height;
            qsizetype last = i; // the last piece of a code block that starts here
            while (last + 1 < slots.size() && slots.at(last + 1)->chunk.join == TextChunk::Join::Code)
                ++last;
            if (t.kind == Markdown && status != MessageStatus::Generating && last - i + 1 > kShownCodePieces) {
                const QString key = QStringLiteral("k:%1:%2").arg(id).arg(i);
                const bool open = m_expanded.contains(key);
                const qsizetype shownLast = open ? last : i + kShownCodePieces - 1;
                for (qsizetype k = i + 1; k <= shownLast; ++k) {
                    doc(slots.at(k), x, at, tone, lastCopy);
                    at += slots.at(k)->height;
                }
                // The block's lines: the last block of its first piece, the first of the others
                // (a hidden piece is not rendered; Copy takes its code from the source).
                const QList<QStringList> firstBlocks = codeBlocksOf(slots.at(i)->chunk.text);
                qsizetype lines = firstBlocks.isEmpty() ? 0 : firstBlocks.constLast().size();
                for (qsizetype k = i + 1; k <= last; ++k) {
                    const QList<QStringList> blocks = codeBlocksOf(slots.at(k)->chunk.text);
                    if (blocks.isEmpty())
                        continue;
                    lines += blocks.constFirst().size();
                    if (k > shownLast && lastCopy >= 0)
                        out[lastCopy].data += QLatin1Char('\n') + blocks.constFirst().join(QLatin1Char('\n'));
                }
                at += 4;
                chip(open ? tr("Show fewer lines") : tr("Show all %n lines", nullptr, int(lines)), x, at,
                     Action::ToggleCode, key);
                at += smallH + 8;
                i = last;
            }
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

    qreal y = 8;
    // Header, small and quiet: who; on the right the ‹ n / m › switcher and, on hover or focus,
    // when (and what it cost) and the message's actions.
    const qreal headerH = std::max(smallH, qreal(kIconBox));
    const QString who = speaker(index);
    QFont boldSmall = smallFont;
    boldSmall.setBold(true);
    const qreal whoW = std::min(std::ceil(QFontMetricsF(boldSmall).horizontalAdvance(who)) + 2, inner * 0.5);
    text(who, kPad, y + (headerH - smallH) / 2, whoW, role == Role::User ? Tone::Muted : Tone::Accent, true, true);
    qreal right = kPad + inner;
    // A message being edited in place: its header, then room for the editor (ChatView places it).
    const bool editing = !m_editing.id.isEmpty() && m_editing.id == id;
    if (siblingCount > 1 && !editing) {
        const QString label = QStringLiteral("%1 / %2").arg(siblingIndex).arg(siblingCount);
        const qreal lw = std::ceil(sfm.horizontalAdvance(label)) + 8;
        icon(Action::NextSibling, right - kIconBox, y, false);
        text(label, right - kIconBox - lw, y + (headerH - smallH) / 2, lw, Tone::Muted, false, true);
        icon(Action::PreviousSibling, right - 2 * kIconBox - lw, y, false);
        right -= 2 * kIconBox + lw + 8;
    }
    if (status != MessageStatus::Generating && !editing) {
        QList<Action> actions {Action::Copy, Action::SelectText};
        if (role == Role::User)
            actions << Action::Edit;
        if (role == Role::Assistant)
            actions << Action::Regenerate;
        actions << Action::Delete;
        for (const Action a : std::views::reverse(actions)) {
            right -= kIconBox;
            icon(a, right, y, true);
        }
        right -= 8;
    }
    const QString meta = index.data(ThreadModel::MetaRole).toString();
    if (!meta.isEmpty() && right - (kPad + whoW + 10) > 40) {
        Element e;
        e.kind = Element::Kind::Text;
        e.text = meta;
        e.rect = QRectF(kPad + whoW + 10, y + (headerH - smallH) / 2, right - (kPad + whoW + 10), smallH);
        e.tone = Tone::Muted;
        e.small = true;
        e.hoverOnly = true;
        out.append(e);
    }
    y += headerH + 4;
    if (editing) {
        layout->editor = QRectF(kPad, y, inner, m_editing.height);
        layout->height = int(std::ceil(y + m_editing.height + 10));
        return layout;
    }

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
        // Quieter than the answer, unless it waits for the user.
        text((open ? QStringLiteral("▾ ") : QStringLiteral("▸ ")) + title, x + 8, y, w - 16,
             awaiting ? Tone::Normal : Tone::Muted, awaiting, true, Action::ToggleTool, key);
        y += smallH + 3;
        if (open && !body.isEmpty()) {
            y += place(textDocs(docsKey, body, Mono, w - 16), x + 8, y, Tone::Normal, 4);
        } else if (!body.isEmpty()) {
            text(body.left(300).simplified(), x + 8, y, w - 16, Tone::Muted, false, true);
            y += smallH + 3;
        }
        if (awaiting)
            y = chipRow({Action::Approve, Action::ApproveAlways, Action::Deny}, x + 8, y, x + w - 8, callId);
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
        y = placeAttachments(out, index, x, y, w);
    }
    for (const QJsonValue v : toolCalls) {
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
        text(MessageDelegate::status(index), x, y, w, tone, false, true);
        y += smallH + 4;
        if (role == Role::Assistant && status != MessageStatus::Generating) {
            const bool resumable = status == MessageStatus::Interrupted || status == MessageStatus::Cancelled;
            y = resumable ? chipRow({Action::Continue, Action::Retry}, x, y, x + w, {})
                          : chipRow({Action::Retry}, x, y, x + w, {});
        }
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

} // namespace Skein
