// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/contextengine.h"

#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "llm/callerror.h"
#include "storage/embeddingrepository.h"
#include "storage/store.h"

#include <algorithm>
#include <ranges>

namespace Skein {

void ContextEngine::complete(ContextInputs &inputs) const
{
    inputs.tools = m_tools;
    inputs.now = m_clock ? m_clock() : QDateTime::currentDateTime();
    inputs.locale = m_locale;
    inputs.exclusions = m_exclusions;
    if (m_providerKind)
        inputs.providerKind = *m_providerKind;
    if (m_outputReserve > 0)
        inputs.settings.maxOutputTokens = std::max(inputs.settings.maxOutputTokens, m_outputReserve);
}

std::shared_ptr<ContextInputs> ContextEngine::inputsFor(const Session &session, const QList<Message> &path) const
{
    auto in = std::make_shared<ContextInputs>();
    in->settings = ContextSettings::fromJson(session.contextSettings);
    in->model = session.model;
    in->providerId = session.providerId;
    in->window = ModelWindows::resolve(nullptr, in->model, in->settings);
    in->path = path;
    in->pathComplete = true;
    in->pathLength = path.size();
    in->ancestors = PathIndex::fromPath(path);
    complete(*in);
    return in;
}

ChatRequest ContextEngine::build(const Session &session, const QList<Message> &path) const
{
    return ContextAssembler::assemble(session, *inputsFor(session, path)).request;
}

std::shared_ptr<const SourceInputs> ContextEngine::prepare(Store &store, const Session &session, const QString &leafId,
                                                           const QString &providerId, const QString &model) const
{
    ContextLoader::Options options;
    options.providerId = providerId;
    options.model = model;
    options.embedding = m_embedding;
    auto loaded = ContextLoader::load(store, session, leafId, options);
    if (!loaded)
        return nullptr; // the caller falls back to the whole path
    ContextInputs &inputs = *loaded.value();
    // The vector the turn made of the message being sent is that message's: kept for the
    // turn's later calls, a retry, and as recall's vector of it (incognito: nothing is kept).
    if (!m_embedding.vector.isEmpty() && !session.isIncognito())
        for (const Message &m : std::views::reverse(inputs.path))
            if (m.role == Role::User) {
                // Not kept (a full disk): recall uses the vector given for this call all the same.
                const Status kept
                    = EmbeddingRepository(store.database()).putFor(m.id, m_embedding.model, m_embedding.vector);
                Q_UNUSED(kept);
                break;
            }
    complete(inputs);
    if (!ContextLoader::addRequested(store, session, inputs))
        return nullptr;
    // Assembly reads and digests text, and the images are read and encoded: done here, off the
    // caller's (GUI) thread.
    AssembledContext assembled = ContextAssembler::assemble(session, inputs);
    if (!ImageUpload::load(store, assembled.request, inputs.images))
        return nullptr;
    ImageUpload::apply(assembled.request, inputs.images);
    inputs.prebuilt = std::make_shared<const AssembledContext>(std::move(assembled));
    return loaded.value();
}

BuiltRequest ContextEngine::buildCall(const Session &session, const QList<Message> &path,
                                      const SourceInputs *inputs) const
{
    const auto *context = dynamic_cast<const ContextInputs *>(inputs);
    std::shared_ptr<ContextInputs> own;
    if (!context) {
        own = inputsFor(session, path);
        context = own.get();
    }
    if (context->prebuilt)
        return {context->prebuilt->request, context->prebuilt->snapshot};
    AssembledContext assembled = ContextAssembler::assemble(session, *context);
    ImageUpload::apply(assembled.request, context->images);
    return {assembled.request, assembled.snapshot};
}

std::shared_ptr<const SourceInputs> ContextEngine::shrink(const SourceInputs *inputs, const CallError &error) const
{
    const auto *context = dynamic_cast<const ContextInputs *>(inputs);
    if (!context || error.category != CallError::Category::ContextTooLong)
        return nullptr;
    auto next = std::make_shared<ContextInputs>(*context);
    bool changed = false;
    // The server counted the prompt (llama.cpp's n_prompt_tokens, OpenAI's "resulted in N
    // tokens"): the estimate was that far off for this model. Rebuild with the estimate corrected
    // by what the server counted (and a margin), whatever the calibration had learned so far.
    const qint64 counted = error.provider.promptTokens;
    const qint64 estimated = context->prebuilt ? context->prebuilt->rawEstimate : 0;
    if (counted > 0 && estimated > 0) {
        const double needed = 1.05 * double(counted) / double(estimated);
        if (needed > next->calibration.factor(next->model) * 1.01) {
            next->calibration.raise(next->model, needed);
            next->calibrationRaised = true;
            changed = true;
        }
    }
    // The window is smaller than believed: lower it. When the server states the window and it is
    // the one believed, the estimate was wrong, not the window.
    const std::optional<qint64> stated = error.contextLimit();
    const bool windowKnownRight = stated && *stated >= context->window.tokens && counted > 0;
    if (!windowKnownRight) {
        if (const auto lowered = ModelWindows::loweredWindow(error, context->window.tokens)) {
            next->window.tokens = *lowered;
            next->window.info.contextWindow = *lowered;
            next->window.source = ModelWindow::Source::Provider;
            next->settings.window = 0; // the lowered window wins over the session's own setting for this call
            next->windowLowered = true;
            changed = true;
        }
    }
    if (!changed)
        return nullptr;
    next->prebuilt.reset();
    return next;
}

Status ContextEngine::learn(Store &store, const SourceInputs *inputs, const ContextSnapshot *snapshot,
                            const Usage &usage) const
{
    const auto *context = dynamic_cast<const ContextInputs *>(inputs);
    if (!context)
        return {};
    return ContextLoader::learn(store, *context, snapshot, usage);
}

} // namespace Skein
