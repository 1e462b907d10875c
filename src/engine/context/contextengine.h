/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/context/contextexclusions.h"
#include "engine/context/contextsource.h"
#include "engine/context/queryembedding.h"

#include <QDateTime>
#include <QList>

#include <functional>
#include <optional>

namespace Skein {

struct ContextInputs;

// The context engine as ModelCall's request source (SPEC §4): prepare reads the path tail,
// summaries, memories, window and calibration on the storage thread and there budgets, selects,
// governs and assembles; buildCall hands out the request and its snapshot; shrink lowers the window after
// a context-too-long error; learn stores usage, cost, calibration and a lowered window.
// Immutable after setup, so one instance may serve several turns and threads.
class ContextEngine final : public ContextSource
{
public:
    ContextEngine() = default;

    // Setup, before the source is shared.
    void setTools(const QList<ToolDefinition> &tools) { m_tools = tools; }
    // Room for the reply (max_tokens) asked by the agent loop after a reply was cut inside a tool
    // call; still bounded by the model's max output and half the window. 0: the settings' reserve.
    void setOutputReserve(qint64 tokens) { m_outputReserve = tokens; }
    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }
    void setLocale(const QString &bcp47) { m_locale = bcp47; }
    // "Re-run with this context": these messages and memories are left out of every request this
    // source builds (the chain stays valid; the current user message is always sent). The
    // snapshot lists them under section_tokens "excluded_by_user".
    void setExclusions(const ContextExclusions &exclusions) { m_exclusions = exclusions; }
    const ContextExclusions &exclusions() const { return m_exclusions; }
    // The dialect of the server the call goes to (its image limits and token formula, a PDF as a
    // document or as pages): an endpoint given for one turn only (skein-cli send --base-url) is
    // not in storage, so the provider's stored kind cannot say.
    void setProviderKind(ProviderKind kind) { m_providerKind = kind; }
    // Semantic recall's query (the turn embeds the user message before the first call). A vector
    // given is also stored as the vector of the current user message.
    void setQueryEmbedding(const QueryEmbedding &embedding) { m_embedding = embedding; }

    // Without storage: the path as given, the window from the session settings and the presets.
    ChatRequest build(const Session &session, const QList<Message> &path) const override;

    std::shared_ptr<const SourceInputs> prepare(Store &store, const Session &session, const QString &leafId,
                                                const QString &providerId, const QString &model) const override;
    bool loadsOwnPath() const override { return true; }
    BuiltRequest buildCall(const Session &session, const QList<Message> &path,
                           const SourceInputs *inputs) const override;
    std::shared_ptr<const SourceInputs> shrink(const SourceInputs *inputs, const CallError &error) const override;
    Status learn(Store &store, const SourceInputs *inputs, const ContextSnapshot *snapshot,
                 const Usage &usage) const override;

    // Inputs for a path given whole (no storage), as build() uses them.
    std::shared_ptr<ContextInputs> inputsFor(const Session &session, const QList<Message> &path) const;

private:
    void complete(ContextInputs &inputs) const;

    QList<ToolDefinition> m_tools;
    std::function<QDateTime()> m_clock;
    QString m_locale;
    ContextExclusions m_exclusions;
    QueryEmbedding m_embedding;
    std::optional<ProviderKind> m_providerKind;
    qint64 m_outputReserve = 0;
};

} // namespace Skein
