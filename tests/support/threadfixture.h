/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// A conversation document without storage, shown by a ThreadModel: for tests of the models and
// views that need rows but no controller.
#include "engine/conversation/conversation.h"
#include "models/threadmodel.h"

namespace Skein::Test {

struct ThreadFixture
{
    Conversation doc {nullptr, QStringLiteral("s")};
    ThreadModel model;

    ThreadFixture() { model.setConversation(&doc); }

    bool load(const QList<Message> &messages, const QString &activeLeaf)
    {
        Session s;
        s.id = doc.sessionId();
        s.activeLeafId = activeLeaf;
        return doc.reset(s, messages);
    }
    // What a turn reports when a reply ends.
    void setStatus(const QString &id, MessageStatus status, const QString &error = {})
    {
        Message m = doc.message(id);
        m.status = status;
        m.error = error;
        doc.applyStored(m);
    }
};

} // namespace Skein::Test
