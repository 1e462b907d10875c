// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli memories pin: pinned notes (issue 17), from a message, part of one, or typed.

#include "cli.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "engine/memory/memoryops.h"
#include "storage/messagerepository.h"
#include "storage/store.h"

#include <QCommandLineParser>

namespace Skein {

using namespace Qt::StringLiterals;

int Cli::pinNote(QCommandLineParser &parser, Memory *pinned)
{
    const QStringList args = parser.positionalArguments();
    const QString synopsis
        = tr("usage: memories pin (--message ID [TEXT|-] [--global] | --session ID TEXT|- | --global TEXT|-)");
    QString text = args.size() > 1 ? readText(args, 1) : QString();
    Session session;
    if (parser.isSet(u"session"_s) && !resolveSession(parser.value(u"session"_s), &session))
        return 1;
    QString messageId;
    if (parser.isSet(u"message"_s)) {
        Result<Message> message = m_store->messages().get(parser.value(u"message"_s));
        if (!message)
            return fail(tr("no message %1").arg(parser.value(u"message"_s)));
        if (!session.id.isEmpty() && message->sessionId != session.id)
            return usage(tr("message %1 is not in session %2").arg(message->id, session.id));
        if (session.id.isEmpty() && !resolveSession(message->sessionId, &session))
            return 1;
        messageId = message->id;
        const QString whole = message->content;
        if (text.trimmed().isEmpty())
            text = whole;
        else if (!whole.contains(text.trimmed()))
            return usage(tr("TEXT must be part of the message when --message is given"));
    }
    const bool global = parser.isSet(u"global"_s);
    if (text.trimmed().isEmpty() || (!global && session.id.isEmpty()))
        return usage(synopsis);
    Result<Memory> m
        = MemoryOps::pin(*m_store, text, global ? MemoryScope::Global : MemoryScope::Session, session.id, messageId);
    if (!m)
        return fail(m.error());
    *pinned = m.value();
    return 0;
}

} // namespace Skein
