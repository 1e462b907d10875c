// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/contextpreview.h"

#include "engine/context/contextassembler.h"
#include "engine/context/contextloader.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

namespace Skein {

Result<ContextPreview> ContextPreview::load(Store &store, const QString &sessionId, const QString &draftText)
{
    Result<Session> session = store.sessions().get(sessionId);
    if (!session)
        return session.error();
    ContextLoader::Options options;
    options.countPath = true;
    options.draft = draftText; // the query recall searches with
    auto loaded = ContextLoader::load(store, *session, session->activeLeafId, options);
    if (!loaded)
        return loaded.error();
    ContextInputs &inputs = *loaded.value();
    if (draftText.isEmpty())
        inputs.path.append(Message::create(session->id, session->activeLeafId, Role::User, draftText));
    const Message next = inputs.path.constLast();
    ContextPreview out;
    out.path = inputs.path.mid(0, inputs.path.size() - 1);
    AssembledContext assembled = ContextAssembler::assemble(*session, inputs);
    assembled.snapshot.messageIds.removeAll(next.id);
    if (assembled.snapshot.model.isEmpty())
        assembled.snapshot.model = session->model;
    out.snapshot = assembled.snapshot;
    out.memories = inputs.memories;
    out.summaries = inputs.summaries;
    return out;
}

} // namespace Skein
