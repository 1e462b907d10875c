// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/contextassembler.h"

#include "core/domain/ids.h"
#include "engine/context/historyselection.h"
#include "engine/context/promptblocks.h"

#include <QHash>
#include <QJsonArray>

#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <ranges>
#include <vector>

using namespace Qt::StringLiterals;

namespace Skein::ContextAssembler {

namespace {

QString firstLine(const QString &text)
{
    QString line = text.section(u'\n', 0, 0).trimmed();
    const qsizetype stop = line.indexOf(u". "_s);
    if (stop > 0)
        line = line.left(stop + 1);
    if (line.size() > 120)
        line = line.left(119) + QChar(0x2026);
    return line;
}

QList<ToolSchema> schemas(const QList<ToolDefinition> &tools)
{
    QList<ToolSchema> out;
    out.reserve(tools.size());
    for (const ToolDefinition &t : tools)
        out.append({t.name, t.description, t.parameters});
    return out;
}

// Ranking for inclusion: the most used, then the most recently updated.
bool moreUseful(const Memory &a, const Memory &b)
{
    if (a.useCount != b.useCount)
        return a.useCount > b.useCount;
    if (a.updatedAt != b.updatedAt)
        return a.updatedAt > b.updatedAt;
    return a.id < b.id;
}

// Stable order in the prompt, so that the system prefix does not move between turns.
bool promptOrder(const Memory &a, const Memory &b)
{
    return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
}

} // namespace

qint64 fitTools(QList<ToolDefinition> &tools, qint64 budget, const TokenEstimator &estimator, bool *shortened)
{
    if (shortened)
        *shortened = false;
    qint64 tokens = estimator.estimateTools(schemas(tools));
    if (tokens <= budget)
        return tokens;
    for (ToolDefinition &t : tools) {
        const QString line = firstLine(t.description);
        if (line != t.description) {
            t.description = line;
            if (shortened)
                *shortened = true;
        }
    }
    return estimator.estimateTools(schemas(tools));
}

double cost(const ModelInfo &info, const Usage &usage)
{
    const double prompt = double(usage.promptTokens.value_or(0));
    const double cached = double(std::min(usage.cachedTokens.value_or(0), usage.promptTokens.value_or(0)));
    const double completion = double(usage.completionTokens.value_or(0));
    const double cachedPrice
        = info.cachedInputPricePerMTok > 0.0 ? info.cachedInputPricePerMTok : info.inputPricePerMTok;
    return ((prompt - cached) * info.inputPricePerMTok + cached * cachedPrice + completion * info.outputPricePerMTok)
        / 1e6;
}

double estimatedCost(const ModelInfo &info, qint64 estimatedPromptTokens, qint64 outputTokens)
{
    Usage u;
    u.promptTokens = estimatedPromptTokens;
    u.completionTokens = outputTokens;
    return cost(info, u);
}

QList<Message> withoutExcluded(const QList<Message> &path, const ContextExclusions &exclusions, QStringList *removed)
{
    if (exclusions.messageIds.isEmpty())
        return path;
    qsizetype current = path.size();
    for (qsizetype i = path.size() - 1; i >= 0; --i) {
        if (path.at(i).role == Role::User) {
            current = i;
            break;
        }
    }
    // std::vector<bool>, not QList<bool>: GCC 14 at -O3 sees a memset of a negative size in
    // QList's fill constructor (-Wstringop-overflow, an error in CI's release build).
    std::vector<bool> drop(std::size_t(path.size()), false);
    for (qsizetype i = 0; i < current; ++i)
        drop[std::size_t(i)] = exclusions.messageIds.contains(path.at(i).id);
    // A call and its results stand or fall together.
    for (qsizetype i = 0; i < current; ++i) {
        if (path.at(i).role != Role::Assistant || path.at(i).toolCalls.isEmpty())
            continue;
        qsizetype end = i + 1;
        while (end < current && path.at(end).role == Role::Tool)
            ++end;
        bool any = false;
        for (qsizetype j = i; j < end; ++j)
            any = any || drop[std::size_t(j)];
        for (qsizetype j = i; j < end && any; ++j)
            drop[std::size_t(j)] = true;
        i = end - 1;
    }
    QList<Message> out;
    out.reserve(path.size());
    for (qsizetype i = 0; i < path.size(); ++i) {
        if (!drop[std::size_t(i)])
            out.append(path.at(i));
        else if (removed)
            removed->append(path.at(i).id);
    }
    return out;
}

namespace {

// What a message's attachments add to it as sent: their lines (and texts), and the images.
qint64 attachmentTokens(const TokenEstimator &estimator, const Message &m, const ImagePolicy &images)
{
    const ImageDelivery delivery = images.deliveryFor(m);
    qint64 t = 0;
    for (const Attachment &a : m.attachments) {
        t += estimator.estimateText(a.modelText(delivery));
        if (delivery == ImageDelivery::Sent)
            t += imageTokens(a, images.kind);
    }
    return t;
}

} // namespace

AssembledContext assemble(const Session &session, const ContextInputs &inputs)
{
    AssembledContext out;
    const TokenEstimator estimator = TokenEstimator::forModel(inputs.model);
    const double factor = inputs.calibration.factor(inputs.model);
    auto corrected = [factor](qint64 t) { return qint64(std::ceil(double(t) * factor)); };
    const ContextSettings &settings = inputs.settings;
    out.budget = ContextBudget::compute(inputs.window.tokens, settings, inputs.window.info.maxOutputTokens);
    const ContextBudget &budget = out.budget;

    // Tools.
    QList<ToolDefinition> tools = inputs.tools;
    const qint64 toolTokens = corrected(fitTools(tools, budget.tools, estimator, &out.toolsShortened));

    // System: persona (with any system rows of the path), then memories and summaries within the
    // system share.
    // The user's exclusions first: everything below works on what is left.
    const QList<Message> path = withoutExcluded(inputs.path, inputs.exclusions, &out.userExcludedIds);
    QString persona = session.systemPrompt;
    for (const Message &m : path)
        if (m.role == Role::System && !m.modelText().isEmpty())
            persona += (persona.isEmpty() ? QString() : u"\n\n"_s) + m.modelText();
    const qint64 personaTokens = corrected(estimator.estimateText(persona));
    const qint64 framing = corrected(estimator.estimateText(systemPrompt(u"x"_s, {Memory {}}, {})));
    qint64 available = std::max<qint64>(0, budget.system - personaTokens - framing);
    const PathSummaries pathSummaries = summariesForPath(inputs.summaries, inputs.ancestors);
    QList<Memory> candidates = memoriesForPath(inputs.memories, session.id, inputs.ancestors);
    candidates.removeIf([&](const Memory &m) {
        if (!inputs.exclusions.memoryIds.contains(m.id))
            return false;
        out.userExcludedMemoryIds.append(m.id);
        return true;
    });
    // Pinned notes (issue 17): this conversation's first, each oldest first, within their share.
    QList<Memory> pinnedCandidates;
    for (const Memory &m : std::as_const(candidates))
        if (m.type == MemoryType::Pinned)
            pinnedCandidates.append(m);
    candidates.removeIf([](const Memory &m) { return m.type == MemoryType::Pinned; });
    std::stable_sort(pinnedCandidates.begin(), pinnedCandidates.end(), [](const Memory &a, const Memory &b) {
        const bool aGlobal = a.scope == MemoryScope::Global;
        return aGlobal != (b.scope == MemoryScope::Global) ? !aGlobal : promptOrder(a, b);
    });
    constexpr qint64 pinnedFraming = 14; // the block's tags and its mention in the framing
    qint64 pinnedTokens = pinnedFraming;
    for (const Memory &m : std::as_const(pinnedCandidates)) {
        // The note's line: the block around one note, less its tags (counted in pinnedFraming).
        const qint64 t = std::max<qint64>(1, corrected(estimator.estimateText(PromptBlocks::pinnedBlock({m}))) - 6);
        if (pinnedTokens + t > budget.pinned) {
            out.pinnedLeftOut.append(m.id);
            continue;
        }
        pinnedTokens += t;
        out.pinned.append(m);
    }
    if (out.pinned.isEmpty())
        pinnedTokens = 0;
    std::sort(candidates.begin(), candidates.end(), moreUseful);
    // Memories the user added in the context inspector come first.
    std::stable_partition(candidates.begin(), candidates.end(),
                          [&](const Memory &m) { return inputs.exclusions.addMemoryIds.contains(m.id); });
    QList<Memory> memories;
    QList<bool> taken(candidates.size(), false);
    qint64 memoryTokens = 0;
    auto takeMemories = [&](qint64 limit) {
        for (qsizetype i = 0; i < candidates.size(); ++i) {
            if (taken.at(i))
                continue;
            const qint64 t = corrected(estimator.estimateText(PromptBlocks::memoryLine(candidates.at(i)))) + 1;
            if (memoryTokens + t > limit)
                continue;
            memoryTokens += t;
            taken[i] = true;
            memories.append(candidates.at(i));
        }
    };
    takeMemories(available / 2);
    // Summaries newest first while they fit; the oldest give way.
    QList<Summary> summaries;
    qint64 summaryTokens = 0;
    for (const Summary &summary : std::views::reverse(pathSummaries.used)) {
        const qint64 t = corrected(estimator.estimateText(summary.content)) + 8;
        if (summaryTokens + t > available - memoryTokens)
            break;
        summaryTokens += t;
        summaries.prepend(summary);
    }
    takeMemories(available - summaryTokens);
    std::sort(memories.begin(), memories.end(), promptOrder);

    // History floor: after the summarised span (when a summary is used), within the hard cap.
    // Looked up on the whole path: the covered message may be one the user excluded.
    qsizetype floor = std::max<qsizetype>(0, path.size() - settings.hardCap);
    if (!summaries.isEmpty()) {
        for (qsizetype i = inputs.path.size() - 1; i >= 0; --i) {
            if (inputs.path.at(i).id == pathSummaries.coveredUntilId) {
                const qsizetype removedBefore
                    = std::count_if(inputs.path.cbegin(), inputs.path.cbegin() + i + 1,
                                    [&out](const Message &m) { return out.userExcludedIds.contains(m.id); });
                floor = std::max(floor, i + 1 - removedBefore);
                break;
            }
        }
    }

    // Current turn, runtime block, then what is left for history.
    const QString runtime = runtimeBlock(inputs.now, inputs.locale, tools);
    const qint64 runtimeTokens = corrected(estimator.estimateText(runtime)) + 1;
    HistoryLimits limits {settings.historyCount, 0, estimator, factor, {}};
    limits.images.send = inputs.window.info.readsImages();
    limits.images.kind = inputs.providerKind;
    const HistorySelection probe = selectHistory(path, floor, limits);
    const QString system = systemPrompt(persona, memories, summaries, out.pinned);
    const qint64 systemTokens = corrected(estimator.estimateText(system)) + (system.isEmpty() ? 0 : 4);
    const qint64 currentTokens = probe.currentTokens + runtimeTokens;
    const qint64 priming = TokenEstimator::replyPriming();
    // A small margin absorbs the rounding of estimating parts instead of the whole.
    constexpr qint64 margin = 16;
    const qint64 historyAvailable
        = std::max<qint64>(0, budget.input - systemTokens - toolTokens - currentTokens - priming - margin);
    // Recall takes its share out of history's when there is anything to recall, and gives it back
    // when all of it is in the window anyway; what history cannot use (its count cap or the
    // summarised floor ended it) goes to recall too.
    // Passages the user added take what they need, beyond the share if need be.
    qint64 addedTokens = 0;
    for (const RecallPassage &p : inputs.recall)
        if (p.added && !inputs.exclusions.messageIds.contains(p.messageId))
            addedTokens += corrected(estimator.estimateText(Recall::line(p, inputs.now))) + 1;
    if (addedTokens > 0)
        addedTokens += corrected(estimator.estimateText(Recall::block({u"x"_s})));
    const qint64 recallBudget
        = inputs.recall.isEmpty() ? 0 : std::min(std::max(budget.recall, addedTokens), historyAvailable);
    limits.tokenBudget = historyAvailable - recallBudget;
    HistorySelection selection = selectHistoryLeavingOutImages(path, floor, limits);
    if (recallBudget > 0) {
        QSet<QString> skip = inputs.exclusions.messageIds;
        for (qsizetype i = selection.begin; i < path.size(); ++i)
            skip.insert(path.at(i).id);
        const qint64 unused
            = selection.cutByTokens ? 0 : std::max<qint64>(0, limits.tokenBudget - selection.historyTokens);
        out.recallBudget = recallBudget + unused;
        out.recalled = Recall::select(
            inputs.recall, skip, out.recallBudget,
            [&](const QString &text) { return corrected(estimator.estimateText(text)); }, inputs.now);
        if (out.recalled.block.isEmpty()) {
            limits.tokenBudget = historyAvailable;
            selection = selectHistoryLeavingOutImages(path, floor, limits);
        }
    }
    const qint64 recallRaw = out.recalled.block.isEmpty() ? 0 : estimator.estimateText(out.recalled.block) + 2;

    // The request copy.
    ChatRequest &request = out.request;
    request.model = inputs.model;
    request.tools = tools;
    request.maxTokens = int(std::min<qint64>(budget.outputReserve, std::numeric_limits<int>::max()));
    QList<QStringList> sources;
    request.messages = toChatMessages(path.mid(selection.begin), nullptr, &sources, limits.images);
    request.systemPrompt = system;
    for (qsizetype i = request.messages.size() - 1; i >= 0; --i) {
        if (request.messages.at(i).role == ChatMessage::Role::User) {
            ChatMessage &user = request.messages[i];
            if (!out.recalled.block.isEmpty())
                user.content += (user.content.isEmpty() ? QString() : u"\n\n"_s) + out.recalled.block;
            user.content += (user.content.isEmpty() ? QString() : u"\n\n"_s) + runtime;
            break;
        }
    }

    GovernanceLimits governance;
    governance.messageBudget = limits.tokenBudget + currentTokens + corrected(recallRaw);
    governance.toolResultBudget = qint64(double(std::max(historyAvailable, budget.history)) * settings.toolResultShare);
    governance.digestThreshold = settings.digestThreshold;
    governance.keepTurns = settings.digestKeepTurns;
    governance.estimator = estimator;
    governance.factor = factor;
    out.governance = govern(request, governance, &sources);

    // Provenance.
    for (const QStringList &ids : std::as_const(sources))
        out.includedIds += ids;
    const QSet<QString> included(out.includedIds.cbegin(), out.includedIds.cend());
    for (const Message &m : inputs.path)
        if (!included.contains(m.id))
            out.excludedIds.append(m.id);
    if (inputs.pathLength > inputs.path.size())
        out.olderNotRead = inputs.pathLength - inputs.path.size();
    out.summaries = summaries;
    out.memories = memories;

    qint64 messageRaw = 0;
    qint64 currentRaw = 0;
    qsizetype lastUser = -1;
    for (qsizetype i = 0; i < request.messages.size(); ++i)
        if (request.messages.at(i).role == ChatMessage::Role::User)
            lastUser = i;
    for (qsizetype i = 0; i < request.messages.size(); ++i) {
        const qint64 t = messageTokens(estimator, request.messages.at(i));
        messageRaw += t;
        if (i >= lastUser)
            currentRaw += t;
    }
    // Attachments: their share of history and current, and the images left out.
    QHash<QString, const Message *> byId;
    for (const Message &m : path)
        byId.insert(m.id, &m);
    qint64 attachmentsRaw = 0;
    qint64 currentAttachmentsRaw = 0;
    QJsonObject imageCosts; // by message: what its images sent cost (the inspector's rows)
    for (qsizetype i = 0; i < sources.size(); ++i) {
        for (const QString &id : sources.at(i)) {
            const Message *m = byId.value(id);
            if (!m || m->attachments.isEmpty())
                continue;
            const qint64 t = attachmentTokens(estimator, *m, limits.images);
            attachmentsRaw += t;
            if (i >= lastUser)
                currentAttachmentsRaw += t;
            if (limits.images.deliveryFor(*m) == ImageDelivery::Sent) {
                qint64 sent = 0;
                for (const Attachment &a : m->attachments)
                    sent += imageTokens(a, limits.images.kind);
                if (sent > 0)
                    imageCosts.insert(m->id, corrected(sent));
            }
            if (limits.images.deliveryFor(*m) != ImageDelivery::LeftOut)
                continue;
            for (const Attachment &a : m->attachments)
                if (const qint64 cost = imageTokens(a, limits.images.kind); cost > 0)
                    out.imagesLeftOut.append({m->id, a.id, a.name, cost, a.isSendablePdf()});
        }
    }
    out.attachmentTokens = corrected(attachmentsRaw);
    const qint64 systemRaw = system.isEmpty() ? 0 : estimator.estimateText(system) + 4;
    const qint64 toolsRaw = estimator.estimateTools(schemas(tools));
    out.rawEstimate = systemRaw + toolsRaw + messageRaw + priming;

    ContextSnapshot &snap = out.snapshot;
    snap.sessionId = session.id;
    snap.leafMessageId = path.isEmpty() ? QString() : path.constLast().id;
    snap.providerId = inputs.providerId;
    snap.model = inputs.model;
    snap.messageIds = out.includedIds;
    for (const Summary &s : std::as_const(summaries))
        snap.summaryIds << s.id;
    for (const Memory &m : std::as_const(out.pinned))
        snap.memoryIds << m.id;
    for (const Memory &m : std::as_const(memories))
        snap.memoryIds << m.id;
    snap.budget = budget.input;
    snap.estimatedTokens = inputs.calibration.corrected(inputs.model, out.rawEstimate);
    snap.sectionTokens = QJsonObject {
        {u"system"_s, std::max<qint64>(0, corrected(systemRaw) - memoryTokens - summaryTokens - pinnedTokens)},
        {u"pinned"_s, pinnedTokens},
        {u"memories"_s, memoryTokens},
        {u"summaries"_s, summaryTokens},
        {u"tools"_s, corrected(toolsRaw)},
        {u"history"_s,
         corrected(std::max<qint64>(0, messageRaw - currentRaw - (attachmentsRaw - currentAttachmentsRaw)))},
        {u"current"_s, corrected(std::max<qint64>(0, currentRaw - currentAttachmentsRaw - recallRaw))},
        {u"runtime"_s, runtimeTokens},
        {u"output_reserve"_s, budget.outputReserve},
        {u"window"_s, budget.window},
        {u"window_source"_s, ModelWindow::sourceName(inputs.window.source)},
        {u"raw_estimate"_s, out.rawEstimate},
        {u"calibration"_s, factor},
    };
    if (!out.userExcludedIds.isEmpty() || !out.userExcludedMemoryIds.isEmpty())
        snap.sectionTokens.insert(u"excluded_by_user"_s,
                                  QJsonObject {{u"messages"_s, QJsonArray::fromStringList(out.userExcludedIds)},
                                               {u"memories"_s, QJsonArray::fromStringList(out.userExcludedMemoryIds)}});
    if (!out.pinnedLeftOut.isEmpty())
        snap.sectionTokens.insert(u"pinned_left_out"_s, QJsonArray::fromStringList(out.pinnedLeftOut));
    if (out.attachmentTokens > 0)
        snap.sectionTokens.insert(u"attachments"_s, out.attachmentTokens);
    if (recallRaw > 0) {
        snap.sectionTokens.insert(u"recall"_s, corrected(recallRaw));
        snap.sectionTokens.insert(u"recall_budget"_s, out.recallBudget);
        snap.sectionTokens.insert(u"recalled"_s, Recall::toJson(out.recalled));
    }
    if (!imageCosts.isEmpty())
        snap.sectionTokens.insert(u"image_tokens"_s, imageCosts);
    if (!out.imagesLeftOut.isEmpty()) {
        QJsonArray leftOut;
        for (const LeftOutImage &image : std::as_const(out.imagesLeftOut))
            leftOut.append(QJsonObject {{u"message_id"_s, image.messageId},
                                        {u"attachment_id"_s, image.attachmentId},
                                        {u"name"_s, image.name},
                                        {u"tokens"_s, image.tokens},
                                        {u"pages"_s, image.pages}});
        snap.sectionTokens.insert(u"images_left_out"_s, leftOut);
    }
    snap.cost = estimatedCost(inputs.window.info, snap.estimatedTokens, 0);
    snap.createdAt = Ids::nowMs();
    return out;
}

} // namespace Skein::ContextAssembler
