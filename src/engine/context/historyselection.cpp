// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/historyselection.h"

#include "engine/context/governance.h"
#include "llm/imagecost.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

QList<ToolCall> toolCallsOf(const Message &m)
{
    QList<ToolCall> calls;
    int index = 0;
    for (const auto &v : m.toolCalls) {
        const QJsonObject o = v.toObject();
        ToolCall call;
        call.index = index++;
        call.id = o.value(u"id"_s).toString();
        call.name = o.value(u"name"_s).toString();
        call.argumentsJson = o.value(u"arguments"_s).toString();
        calls.append(call);
    }
    return calls;
}

// A PDF whose pages go: for Anthropic the file itself as a document (when all its pages go and it
// is not too large); otherwise its first pages rendered as images at ImageCost::kPageSize.
QList<ChatImage> pdfImages(const Attachment &a, ProviderKind kind)
{
    QList<ChatImage> out;
    if (kind == ProviderKind::Anthropic && a.pages > 0 && a.pages <= Attachment::kMaxSentPages
        && a.size <= ImageCost::kMaxDocumentBytes) {
        ChatImage document;
        document.attachmentId = a.id;
        document.sha256 = a.sha256;
        document.mimeType = u"application/pdf"_s;
        document.tokens = ImageCost::pageTokens(kind, a.pages);
        out.append(document);
        return out;
    }
    const QSize sent = ImageCost::sentSize(kind, ImageCost::kPageSize);
    for (int page = 0; page < std::min(a.pages, Attachment::kMaxSentPages); ++page) {
        ChatImage image;
        image.attachmentId = a.id;
        image.sha256 = a.sha256;
        image.mimeType = u"image/png"_s;
        image.page = page;
        image.width = sent.width();
        image.height = sent.height();
        image.tokens = ImageCost::tokens(kind, ImageCost::kPageSize);
        out.append(image);
    }
    return out;
}

} // namespace

ImageDelivery ImagePolicy::deliveryFor(const Message &message) const
{
    if (!send || message.role != Role::User)
        return ImageDelivery::Described;
    return leftOut.contains(message.id) ? ImageDelivery::LeftOut : ImageDelivery::Sent;
}

qint64 imageTokens(const Attachment &attachment, ProviderKind kind)
{
    if (attachment.isSendableImage())
        return ImageCost::tokens(kind, QSize(attachment.width, attachment.height));
    if (attachment.isSendablePdf())
        return ImageCost::pageTokens(kind, std::min(attachment.pages, Attachment::kMaxSentPages));
    return 0;
}

ChatMessage toChatMessage(const Message &m, const ImagePolicy &images)
{
    switch (m.role) {
    case Role::Assistant: {
        ChatMessage a = ChatMessage::assistant(m.modelText(), toolCallsOf(m));
        a.reasoning = m.reasoning;
        a.reasoningBlocks = m.reasoningBlocks;
        return a;
    }
    case Role::Tool: {
        ChatMessage t = ChatMessage::toolResult(m.toolCallId, m.toolName, m.modelText());
        // The agent loop stores a failed call's result with error set (Anthropic: is_error).
        t.isError = m.status == MessageStatus::Failed || !m.error.isEmpty();
        return t;
    }
    case Role::User:
    case Role::System:
        break;
    }
    const ImageDelivery delivery = images.deliveryFor(m);
    ChatMessage user = ChatMessage::user(m.modelText(delivery));
    if (delivery != ImageDelivery::Sent)
        return user;
    for (const Attachment &a : m.attachments) {
        if (a.isSendablePdf()) {
            user.images += pdfImages(a, images.kind);
            continue;
        }
        if (!a.isSendableImage())
            continue;
        ChatImage image;
        image.attachmentId = a.id;
        image.sha256 = a.sha256;
        image.mimeType = a.mimeType == u"image/jpeg"_s ? a.mimeType : u"image/png"_s;
        const QSize sent = ImageCost::sentSize(images.kind, QSize(a.width, a.height));
        image.width = sent.width();
        image.height = sent.height();
        image.tokens = ImageCost::tokens(images.kind, QSize(a.width, a.height));
        user.images.append(image);
    }
    return user;
}

qint64 storedMessageTokens(const TokenEstimator &estimator, const Message &message, const ImagePolicy &images)
{
    return messageTokens(estimator, toChatMessage(message, images));
}

namespace {

qint64 correctedTokens(const HistoryLimits &limits, const Message &m)
{
    return qint64(std::ceil(double(storedMessageTokens(limits.estimator, m, limits.images)) * limits.factor));
}

// The tokens of each message of path, estimated when first asked for: the walk back stops at the
// budget, so a long path is never estimated whole.
class PathTokens
{
public:
    PathTokens(const QList<Message> &path, const HistoryLimits &limits)
        : m_path(path)
        , m_limits(limits)
        , m_values(path.size(), -1)
    { }
    qint64 at(qsizetype i)
    {
        if (m_values.at(i) < 0)
            m_values[i] = correctedTokens(m_limits, m_path.at(i));
        return m_values.at(i);
    }
    void forget(qsizetype i) { m_values[i] = -1; }

private:
    const QList<Message> &m_path;
    const HistoryLimits &m_limits;
    QList<qint64> m_values;
};

// selectHistory on the tokens of each message of path.
HistorySelection select(const QList<Message> &path, qsizetype floor, const HistoryLimits &limits, PathTokens &tokens)
{
    HistorySelection s;
    const qsizetype n = path.size();
    floor = std::clamp<qsizetype>(floor, 0, n);
    qsizetype current = n;
    for (qsizetype i = n - 1; i >= 0; --i) {
        if (path.at(i).role == Role::User) {
            current = i;
            break;
        }
    }
    if (current == n) // no user message at all: everything is the current turn
        current = 0;
    current = std::max(current, floor);
    for (qsizetype i = current; i < n; ++i)
        s.currentTokens += tokens.at(i);
    s.currentBegin = current;
    const qsizetype countLeft = std::max<qsizetype>(0, limits.countCap - (n - current));
    qsizetype begin = current;
    qint64 used = 0;
    while (begin > floor && current - begin < countLeft) {
        const qint64 t = tokens.at(begin - 1);
        if (used + t > limits.tokenBudget) {
            s.cutByTokens = true;
            break;
        }
        used += t;
        --begin;
    }
    // Forward to a user-turn boundary.
    while (begin < current && path.at(begin).role != Role::User) {
        used -= tokens.at(begin);
        ++begin;
    }
    s.begin = begin;
    s.historyTokens = used;
    return s;
}

} // namespace

HistorySelection selectHistory(const QList<Message> &path, qsizetype floor, const HistoryLimits &limits)
{
    PathTokens tokens(path, limits);
    return select(path, floor, limits, tokens);
}

HistorySelection selectHistoryLeavingOutImages(const QList<Message> &path, qsizetype floor, HistoryLimits &limits)
{
    PathTokens tokens(path, limits);
    HistorySelection s = select(path, floor, limits, tokens);
    if (!limits.images.send)
        return s;
    floor = std::clamp<qsizetype>(floor, 0, path.size());
    for (qsizetype i = floor; i < s.currentBegin && s.cutByTokens; ++i) {
        const Message &m = path.at(i);
        if (m.role != Role::User || !m.hasSendableImages() || limits.images.leftOut.contains(m.id))
            continue;
        limits.images.leftOut.insert(m.id);
        tokens.forget(i);
        s = select(path, floor, limits, tokens);
    }
    return s;
}

QList<ChatMessage> toChatMessages(const QList<Message> &messages, QString *systemExtra, QList<QStringList> *sources,
                                  const ImagePolicy &images)
{
    QList<ChatMessage> out;
    out.reserve(messages.size());
    for (const Message &m : messages) {
        if (m.role == Role::System) {
            if (systemExtra)
                *systemExtra += (systemExtra->isEmpty() ? QString() : u"\n\n"_s) + m.modelText();
            continue;
        }
        out.append(toChatMessage(m, images));
        if (sources)
            sources->append(QStringList {m.id});
    }
    return out;
}

} // namespace Skein
