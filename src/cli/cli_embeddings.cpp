// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli embeddings: the embedding model of semantic recall (issue 17), and the vectors of a
// conversation's messages.

#include "app/appcontext.h"
#include "cli.h"
#include "core/domain/session.h"
#include "engine/memory/embeddingindexer.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/memory/memorysettings.h"
#include "storage/embeddingrepository.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

using namespace Qt::StringLiterals;

void Cli::defineEmbeddings(QCommandLineParser &p)
{
    p.addOption({u"json"_s, tr("Print JSON.")});
}

int Cli::cmdEmbeddings(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0);
    const QString synopsis
        = tr("usage: embeddings use PROVIDER MODEL | off | status [ID] [--json] | index ID [--json]");
    MemorySettings settings = MemorySettings::load(m_store->settings());
    if (action == "use"_L1) {
        ProviderConfig provider;
        if (args.size() != 3)
            return usage(synopsis);
        if (!findEnabledProvider(args.at(1), &provider))
            return 1;
        if (provider.kind == u"anthropic"_s)
            return fail(tr("Anthropic's API has no embeddings endpoint; choose an OpenAI-compatible or Ollama "
                           "provider"),
                        2);
        settings.embeddingProviderId = provider.id;
        settings.embeddingModel = args.at(2).trimmed();
        if (Status s = settings.save(m_store->settings()); !s)
            return fail(s.error());
        m_out << tr("Semantic recall uses %1 of %2. Each conversation is indexed after its next turn, or now with "
                    "`embeddings index ID`.")
                     .arg(settings.embeddingModel, provider.name)
              << Qt::endl;
        return 0;
    }
    if (action == "off"_L1) {
        if (args.size() != 1)
            return usage(synopsis);
        settings.embeddingProviderId.clear();
        settings.embeddingModel.clear();
        if (Status s = settings.save(m_store->settings()); !s)
            return fail(s.error());
        m_out << tr("Semantic recall is off; recall finds messages by their words.") << Qt::endl;
        return 0;
    }
    if (action == "status"_L1) {
        if (args.size() > 2)
            return usage(synopsis);
        Session session;
        if (args.size() == 2 && !resolveSession(args.at(1), &session))
            return 1;
        const bool on = !settings.embeddingProviderId.isEmpty() && !settings.embeddingModel.isEmpty();
        qint64 indexed = 0;
        if (on) {
            Result<qint64> n = EmbeddingRepository(m_store->database()).count(settings.embeddingModel, session.id);
            if (!n)
                return fail(n.error());
            indexed = n.value();
        }
        Result<ProviderConfig> provider = m_store->providers().get(settings.embeddingProviderId);
        const QString providerName = provider ? provider->name : settings.embeddingProviderId;
        if (parser.isSet(u"json"_s)) {
            QJsonObject o {{u"enabled"_s, on},
                           {u"provider"_s, on ? providerName : QString()},
                           {u"model"_s, settings.embeddingModel},
                           {u"indexed_messages"_s, indexed}};
            if (!session.id.isEmpty())
                o.insert(u"session_id"_s, session.id);
            m_out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)) << Qt::endl;
        } else if (!on) {
            m_out << tr("Semantic recall is off (recall by words only). Turn it on with `embeddings use PROVIDER "
                        "MODEL`.")
                  << Qt::endl;
        } else {
            m_out << tr("Semantic recall uses %1 of %2; %n message(s) have a vector.", nullptr, int(indexed))
                         .arg(settings.embeddingModel, providerName)
                  << Qt::endl;
        }
        return 0;
    }
    if (action == "index"_L1) {
        Session session;
        if (args.size() != 2)
            return usage(synopsis);
        if (!resolveSession(args.at(1), &session))
            return 1;
        if (settings.embeddingProviderId.isEmpty() || settings.embeddingModel.isEmpty())
            return fail(tr("no embedding model is set: `embeddings use PROVIDER MODEL` first"), 2);
        m_store.reset();
        if (!openAsyncStore())
            return 1;
        MemoryHousekeeper &housekeeper = m_context->housekeeper();
        int total = 0;
        int last = -1;
        QString error;
        QObject context;
        QObject::connect(housekeeper.indexer(), &EmbeddingIndexer::indexed, &context,
                         [&last](const QString &, int count) { last = count; });
        QObject::connect(housekeeper.indexer(), &EmbeddingIndexer::failed, &context,
                         [&error](const QString &, const QString &e) { error = e; });
        // One run embeds at most EmbeddingIndexer::kPerRun messages: run until one finds none.
        while (last != 0 && error.isEmpty()) {
            last = -1;
            housekeeper.indexSession(session.id);
            waitForBackgroundWork();
            if (last < 0)
                break; // no run started (the provider went away)
            total += last;
            if (!parser.isSet(u"json"_s) && last > 0)
                m_err << tr("%n message(s) indexed", nullptr, total) << Qt::endl;
        }
        if (parser.isSet(u"json"_s))
            m_out << QString::fromUtf8(
                QJsonDocument(QJsonObject {{u"session_id"_s, session.id}, {u"indexed"_s, total}, {u"error"_s, error}})
                    .toJson(QJsonDocument::Compact))
                  << Qt::endl;
        else
            m_out << tr("%n message(s) of %1 indexed for semantic recall.", nullptr, total).arg(session.id) << Qt::endl;
        return error.isEmpty() ? 0 : 1; // the housekeeper's notice said why
    }
    return usage(synopsis);
}

} // namespace Skein
