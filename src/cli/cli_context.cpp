// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli context: what the context engine would send next for a session (SPEC §4.9).
#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/session.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "engine/memory/memorysettings.h"
#include "engine/providers/providerkinds.h"
#include "llm/embeddingcall.h"
#include "llm/providerclient.h"
#include "storage/embeddingrepository.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

QJsonArray idArray(const QStringList &ids)
{
    return QJsonArray::fromStringList(ids);
}

QString money(double usd)
{
    return u"$"_s + QString::number(usd, 'f', usd < 0.01 ? 5 : 4);
}

} // namespace

QueryEmbedding Cli::queryEmbedding(const QString &draft)
{
    // Semantic recall as a turn would do it: the draft embedded now; without a draft, the vector
    // stored for the last user message. Any failure leaves recall by words alone, with a note.
    const MemorySettings settings = MemorySettings::load(m_store->settings());
    QueryEmbedding out;
    if (settings.embeddingProviderId.isEmpty() || settings.embeddingModel.isEmpty())
        return out;
    Result<ProviderConfig> provider = m_store->providers().get(settings.embeddingProviderId);
    if (!provider || !provider->enabled) {
        m_err << tr("note: the embedding provider %1 is not available; recall by words only")
                     .arg(settings.embeddingProviderId)
              << Qt::endl;
        return out;
    }
    out.model = settings.embeddingModel;
    if (draft.trimmed().isEmpty())
        return out;
    QString key;
    const QCommandLineParser none;
    if (!readApiKey(provider.value(), none, &key))
        return out;
    ProviderClient client(m_context->network(), ProviderKinds::endpoint(provider.value(), key));
    EmbeddingCall call(&client, out.model, {draft.left(EmbeddingRepository::kTextChars)});
    bool done = false;
    CallError error;
    QObject::connect(&call, &EmbeddingCall::finished, &client,
                     [&](const QList<QList<float>> &vectors, const CallError &e) {
                         error = e;
                         out.vector = vectors.value(0);
                         endLoop(done);
                     });
    call.start();
    runLoop(done);
    if (error.isError())
        m_err << tr("note: the draft could not be embedded (recall by words only): %1").arg(error.displayText())
              << Qt::endl;
    return out;
}

void Cli::defineContext(QCommandLineParser &p)
{
    p.addOption({u"json"_s, tr("Print JSON.")});
    p.addOption({u"model"_s, tr("Assemble for this model instead of the session's."), tr("model")});
    p.addOption({u"draft"_s, tr("Assemble as if this user message were sent next."), tr("text")});
    p.addOption({u"window"_s, tr("Assume a context window of this many tokens."), tr("tokens")});
}

int Cli::cmdContext(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usage(tr("usage: context ID [--json] [--model M] [--draft TEXT] [--window TOKENS]"));
    Session session;
    if (!resolveSession(args.first(), &session))
        return 1;
    ContextLoader::Options options;
    options.model = parser.value(u"model"_s);
    options.countPath = true;
    options.draft = parser.value(u"draft"_s);
    if (parser.isSet(u"window"_s)) {
        bool ok = false;
        options.window = parser.value(u"window"_s).toLongLong(&ok);
        if (!ok || options.window < ContextSettings::kMinWindow)
            return usage(tr("--window needs a number of tokens, at least %1").arg(ContextSettings::kMinWindow));
    }
    options.embedding = queryEmbedding(options.draft);
    auto loaded = ContextLoader::load(*m_store, session, session.activeLeafId, options);
    if (!loaded)
        return fail(loaded.error());
    const ContextInputs &inputs = *loaded.value();
    AssembledContext c = ContextAssembler::assemble(session, inputs);
    if (!options.draft.isEmpty()) // not stored: it has no id anyone can use
        c.includedIds.removeAll(inputs.path.constLast().id);
    const QJsonObject &sections = c.snapshot.sectionTokens;
    const double inputCost = ContextAssembler::estimatedCost(inputs.window.info, c.snapshot.estimatedTokens, 0);
    const double outputCost = ContextAssembler::estimatedCost(inputs.window.info, 0, c.budget.outputReserve);
    const qint64 older = c.olderNotRead;

    if (parser.isSet(u"json"_s)) {
        QJsonArray summaries;
        for (const Summary &s : c.summaries)
            summaries.append(QJsonObject {{u"id"_s, s.id},
                                          {u"level"_s, toString(s.level)},
                                          {u"first_message_id"_s, s.firstMessageId},
                                          {u"last_message_id"_s, s.lastMessageId},
                                          {u"token_count"_s, s.tokenCount}});
        const auto memoryArray = [](const QList<Memory> &list) {
            QJsonArray out;
            for (const Memory &m : list)
                out.append(QJsonObject {{u"id"_s, m.id},
                                        {u"scope"_s, toString(m.scope)},
                                        {u"type"_s, toString(m.type)},
                                        {u"content"_s, m.content}});
            return out;
        };
        const QJsonObject o {
            {u"session_id"_s, session.id},
            {u"model"_s, inputs.model},
            {u"provider_id"_s, inputs.providerId},
            {u"window"_s,
             QJsonObject {{u"tokens"_s, inputs.window.tokens},
                          {u"source"_s, ModelWindow::sourceName(inputs.window.source)}}},
            {u"budget"_s, c.budget.toJson()},
            {u"sections"_s, sections},
            {u"estimated_tokens"_s, c.snapshot.estimatedTokens},
            {u"calibration"_s, inputs.calibration.factor(inputs.model)},
            {u"path_length"_s, inputs.pathLength},
            {u"included_message_ids"_s, idArray(c.includedIds)},
            {u"excluded_message_ids"_s, idArray(c.excludedIds)},
            {u"older_not_read"_s, older},
            {u"recalled"_s, Recall::toJson(c.recalled)},
            {u"embedding_model"_s, options.embedding.model},
            {u"summaries"_s, summaries},
            {u"memories"_s, memoryArray(c.memories)},
            {u"pinned"_s, memoryArray(c.pinned)},
            {u"pinned_left_out"_s, idArray(c.pinnedLeftOut)},
            {u"governance"_s,
             QJsonObject {{u"orphans_dropped"_s, c.governance.orphansDropped},
                          {u"results_synthesized"_s, c.governance.resultsSynthesized},
                          {u"digested"_s, c.governance.digested},
                          {u"omitted"_s, c.governance.omitted},
                          {u"turns_dropped"_s, c.governance.turnsDropped},
                          {u"over_budget"_s, c.governance.overBudget}}},
            {u"cost_estimate"_s, QJsonObject {{u"input_usd"_s, inputCost}, {u"max_output_usd"_s, outputCost}}},
        };
        m_out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)) << Qt::endl;
        return 0;
    }

    const QLocale locale;
    auto n = [&](qint64 v) { return locale.toString(v); };
    auto section = [&](const QString &label, const QString &key, const QString &extra = {}) {
        m_out << "  " << label.leftJustified(16) << n(sections.value(key).toInteger()).rightJustified(9) << extra
              << Qt::endl;
    };
    m_out << tr("Context of %1 (%2) for %3")
                 .arg(session.title.isEmpty() ? tr("(untitled)") : session.title, session.id,
                      inputs.model.isEmpty() ? tr("(no model)") : inputs.model)
          << Qt::endl;
    m_out << tr("Window: %1 tokens (%2); output reserve %3; input budget %4")
                 .arg(n(c.budget.window), ModelWindow::sourceName(inputs.window.source), n(c.budget.outputReserve),
                      n(c.budget.input))
          << Qt::endl;
    m_out << tr("Shares: system %1, tools %2, history %3, current %4 (unused shares go to history)")
                 .arg(n(c.budget.system), n(c.budget.tools), n(c.budget.history), n(c.budget.current))
          << Qt::endl;
    m_out << tr("Sections (estimated tokens):") << Qt::endl;
    section(tr("system"), u"system"_s);
    section(tr("pinned notes"), u"pinned"_s,
            u"  (%1)"_s.arg(c.pinned.size())
                + (c.pinnedLeftOut.isEmpty() ? QString()
                                             : u"  "_s + tr("%n left out", nullptr, int(c.pinnedLeftOut.size()))));
    section(tr("memories"), u"memories"_s, u"  (%1)"_s.arg(c.memories.size()));
    section(tr("summaries"), u"summaries"_s, u"  (%1)"_s.arg(c.summaries.size()));
    section(tr("tools"), u"tools"_s);
    section(tr("history"), u"history"_s);
    if (sections.contains(u"attachments"_s))
        section(tr("attachments"), u"attachments"_s);
    if (sections.contains(u"recall"_s))
        section(tr("recall"), u"recall"_s, u"  (%1)"_s.arg(c.recalled.passages.size()));
    section(tr("current"), u"current"_s);
    section(tr("runtime block"), u"runtime"_s);
    section(tr("output reserve"), u"output_reserve"_s);
    m_out << tr("Estimate: %1 tokens (calibration x%2)")
                 .arg(n(c.snapshot.estimatedTokens))
                 .arg(inputs.calibration.factor(inputs.model), 0, 'f', 2)
          << Qt::endl;
    m_out << tr("Cost estimate: %1 input, at most %2 output").arg(money(inputCost), money(outputCost)) << Qt::endl;
    m_out << tr("Included messages (%1): %2").arg(c.includedIds.size()).arg(c.includedIds.join(u' ')) << Qt::endl;
    m_out << tr("Excluded messages (%1): %2").arg(c.excludedIds.size()).arg(c.excludedIds.join(u' ')) << Qt::endl;
    if (older > 0)
        m_out << tr("Older messages not read: %1 (summarised or beyond the window)").arg(n(older)) << Qt::endl;
    m_out << tr("Recalled messages: %1").arg(c.recalled.passages.size()) << Qt::endl;
    for (qsizetype i = 0; i < c.recalled.passages.size(); ++i) {
        const RecallPassage &p = c.recalled.passages.at(i);
        m_out << "  " << p.messageId << " ("
              << tr("score %1, %2 tokens").arg(p.score, 0, 'f', 4).arg(c.recalled.tokens.at(i)) << ") "
              << Recall::line(p, {}).section(u"] "_s, 1).simplified().left(100) << Qt::endl;
    }
    m_out << tr("Summaries used: %1").arg(c.summaries.size()) << Qt::endl;
    for (const Summary &s : c.summaries)
        m_out << "  " << s.id << " [" << toString(s.level) << "] " << s.firstMessageId << " .. " << s.lastMessageId
              << Qt::endl;
    m_out << tr("Memories used: %1").arg(c.memories.size()) << Qt::endl;
    for (const Memory &m : c.memories)
        m_out << "  " << m.id << " (" << toString(m.type) << ", " << toString(m.scope) << ") " << m.content.simplified()
              << Qt::endl;
    const GovernanceReport &g = c.governance;
    if (g.orphansDropped || g.resultsSynthesized || g.digested || g.omitted || g.turnsDropped)
        m_out << tr("Governance: %1 orphan results dropped, %2 missing results added, %3 tool outputs digested, "
                    "%4 left out, %5 old turns dropped")
                     .arg(g.orphansDropped)
                     .arg(g.resultsSynthesized)
                     .arg(g.digested)
                     .arg(g.omitted)
                     .arg(g.turnsDropped)
              << Qt::endl;
    if (g.overBudget)
        m_out << tr("Warning: the current message alone is larger than the input budget.") << Qt::endl;
    return 0;
}

} // namespace Skein
