// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/contextloader.h"

#include "engine/memory/memorysettings.h"

#include "core/domain/ids.h"
#include "core/settings/settingskeys.h"
#include "engine/providers/providerkinds.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Skein::ContextLoader {

namespace {

// Messages read beyond the count cap, so that the current turn (an agent loop with many tool
// results) is complete in the usual case.
constexpr int kTailSlack = 64;
// Ancestors read beyond the cap when looking for where a summary or a branch memory is anchored.
constexpr int kWalkChunk = 1024;

TokenCalibration readCalibration(Store &store)
{
    const auto value = store.settings().get(calibrationKey());
    if (!value)
        return {};
    const std::optional<QString> &text = value.value();
    if (!text)
        return {};
    return TokenCalibration::fromJson(QJsonDocument::fromJson(text->toUtf8()).object());
}

// The defaults of every session, as set in Settings → Context.
ContextSettings globalSettings(Store &store)
{
    Result<QHash<QString, QString>> stored = store.settings().all();
    return ContextSettings::fromJson(
        Settings::ContextDefaults::from(stored ? stored.value() : Settings::Values {}).toContextJson());
}

} // namespace

QString calibrationKey()
{
    return u"tokens/calibration"_s;
}

QString defaultWindowKey()
{
    return u"context/default_window"_s;
}

Status walkAncestors(Store &store, const QString &fromId, const QSet<QString> &targets, qsizetype limit,
                     PathIndex &index)
{
    if (fromId.isEmpty() || limit <= 0)
        return {};
    QSet<QString> missing;
    for (const QString &t : targets)
        if (!index.contains(t))
            missing.insert(t);
    if (missing.isEmpty())
        return {};
    Result<QStringList> ids = store.messages().ancestorIds(fromId, missing, limit);
    if (!ids)
        return ids.error();
    for (const QString &id : ids.value())
        index.append(id);
    return {};
}

Result<std::shared_ptr<ContextInputs>> load(Store &store, const Session &session, const QString &leafId,
                                            const Options &options)
{
    auto in = std::make_shared<ContextInputs>();
    in->settings = globalSettings(store).overriddenBy(session.contextSettings);
    if (options.window > 0)
        in->settings.window = options.window;
    in->model = options.model.isEmpty() ? session.model : options.model;
    in->providerId = options.providerId.isEmpty() ? session.providerId : options.providerId;

    // The window, limits and prices.
    std::optional<ProviderConfig> provider;
    if (!in->providerId.isEmpty())
        if (Result<ProviderConfig> p = store.providers().get(in->providerId); p)
            provider = p.value();
    qint64 defaultWindow = 0;
    if (const auto v = store.settings().get(defaultWindowKey()); v) {
        const std::optional<QString> &text = v.value();
        if (text)
            defaultWindow = text->toLongLong();
    }
    in->window = ModelWindows::resolve(provider ? &*provider : nullptr, in->model, in->settings, defaultWindow);
    if (provider)
        in->providerKind = ProviderKinds::fromName(provider->kind).value_or(ProviderKind::OpenAiCompatible);
    in->calibration = readCalibration(store);

    // The tail of the path: never more than the hard cap.
    if (!leafId.isEmpty()) {
        const int cap = std::max(1, in->settings.hardCap);
        int want = std::min(cap, in->settings.historyCount + kTailSlack);
        auto tail = store.messages().pathTail(leafId, want);
        if (!tail)
            return tail.error();
        auto hasUser = [](const QList<Message> &messages) {
            for (const Message &m : messages)
                if (m.role == Role::User)
                    return true;
            return false;
        };
        if (tail->size() == want && want < cap && !hasUser(tail.value())) {
            want = cap; // a very long current turn
            tail = store.messages().pathTail(leafId, want);
            if (!tail)
                return tail.error();
        }
        in->path = tail.value();
        in->pathComplete = in->path.isEmpty() || in->path.constFirst().parentId.isEmpty();
        in->ancestors = PathIndex::fromPath(in->path);
        if (options.countPath) {
            auto n = store.messages().pathLength(leafId);
            if (!n)
                return n.error();
            in->pathLength = n.value();
        } else if (in->pathComplete) {
            in->pathLength = in->path.size();
        }
    }

    if (!options.draft.isEmpty()) {
        in->path.append(Message::create(session.id, leafId, Role::User, options.draft));
        in->ancestors = PathIndex::fromPath(in->path);
        if (in->pathLength >= 0)
            ++in->pathLength;
    }
    if (in->settings.recallShare > 0.0 && !session.isIncognito()) {
        Recall::Options recall;
        recall.allSessions = in->settings.recallAllSessions;
        recall.embedding = options.embedding;
        auto found = Recall::find(store, session, in->path, leafId, recall);
        if (!found)
            return found.error();
        in->recall = found.value();
    }

    // Summaries and memories, and as much of the older path as it takes to place them.
    auto summaries = store.summaries().bySession(session.id);
    if (!summaries)
        return summaries.error();
    in->summaries = summaries.value();
    MemoryRepository::Filter filter;
    filter.status = MemoryStatus::Active;
    filter.sessionId = session.id;
    filter.includeGlobal = true;
    filter.currentOnly = true;
    filter.currentAt = Ids::nowMs();
    // Paused memory and incognito conversations (issue 17): nothing learned is injected. Pinned
    // notes are the user's own and stay, except global ones in an incognito conversation.
    {
        auto memories = store.memories().list(filter);
        if (!memories)
            return memories.error();
        in->memories = memories.value();
        const bool paused = MemorySettings::load(store.settings()).paused;
        const bool incognito = session.isIncognito();
        in->memories.removeIf([&](const Memory &m) {
            if (m.type != MemoryType::Pinned)
                return paused || incognito;
            return incognito && m.scope == MemoryScope::Global;
        });
    }
    QSet<QString> targets;
    for (const Summary &s : std::as_const(in->summaries)) {
        targets.insert(s.lastMessageId);
        if (s.level == SummaryLevel::Segment)
            targets.insert(s.firstMessageId);
    }
    for (const Memory &m : std::as_const(in->memories))
        if (m.scope == MemoryScope::Branch)
            targets.insert(m.anchorMessageId);
    if (!in->pathComplete && !targets.isEmpty()) {
        const qsizetype limit = std::max<qsizetype>(0, in->settings.hardCap - in->path.size()) + kWalkChunk;
        if (Status s = walkAncestors(store, in->path.constFirst().parentId, targets, limit, in->ancestors); !s)
            return s.error();
    }
    return in;
}

Status addRequested(Store &store, const Session &session, ContextInputs &inputs)
{
    const QSet<QString> &wanted = inputs.exclusions.addMessageIds;
    if (wanted.isEmpty())
        return {};
    QStringList ids(wanted.cbegin(), wanted.cend());
    ids.sort();
    Result<QList<RecallPassage>> added = Recall::passagesFor(store, session, ids);
    if (!added)
        return added.error();
    inputs.recall.removeIf([&wanted](const RecallPassage &p) { return wanted.contains(p.messageId); });
    inputs.recall = added.value() + inputs.recall;
    return {};
}

Status learn(Store &store, const ContextInputs &inputs, const ContextSnapshot *snapshot, const Usage &usage)
{
    if (snapshot && !snapshot->id.isEmpty()) {
        if (!usage.isEmpty())
            if (Status s = store.snapshots().setReportedUsage(snapshot->id, usage,
                                                              ContextAssembler::cost(inputs.window.info, usage));
                !s)
                return s;
        if (!snapshot->memoryIds.isEmpty())
            if (Status s = store.memories().markUsed(snapshot->memoryIds, Ids::nowMs()); !s)
                return s;
        const qint64 raw = snapshot->sectionTokens.value(u"raw_estimate"_s).toInteger();
        TokenCalibration calibration = readCalibration(store);
        bool changed = false;
        if (inputs.calibrationRaised) { // what the server counted in a context error
            calibration.raise(inputs.model, inputs.calibration.factor(inputs.model));
            changed = true;
        }
        if (usage.promptTokens && raw > 0)
            changed = calibration.addSample(inputs.model, raw, *usage.promptTokens) || changed;
        if (changed) {
            const QString json = QString::fromUtf8(QJsonDocument(calibration.toJson()).toJson(QJsonDocument::Compact));
            if (Status s = store.settings().set(calibrationKey(), json); !s)
                return s;
        }
    }
    if (inputs.windowLowered && !inputs.providerId.isEmpty()) {
        Result<ProviderConfig> provider = store.providers().get(inputs.providerId);
        if (provider)
            return store.providers().save(
                ModelWindows::withWindow(provider.value(), inputs.model, inputs.window.tokens));
    }
    return {};
}

} // namespace Skein::ContextLoader
