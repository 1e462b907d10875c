/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Skein {

// SPEC §2.1. `version` is the optimistic-lock counter: writers send the version they read.
struct Session
{
    // Issue 17: an incognito conversation is never learned from, gets no memories, recall or
    // search, and is deleted when the user leaves it — unless they chose to keep it.
    enum class Incognito { Off, UntilClosed, Kept };

    QString id;
    QString title;
    bool titleIsUserSet = false;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    bool pinned = false;
    bool archived = false;
    QString providerId;
    QString model;
    QString systemPrompt;
    QJsonObject contextSettings; // overrides of the SPEC §4 defaults
    QString activeLeafId;
    SessionState state = SessionState::Idle;
    qint64 version = 1;
    QString parentSessionId;
    QString entryMessageId;
    // The user's labels (and imported tags, folders, projects), as cleanTags() leaves them.
    QStringList tags;
    Incognito incognito = Incognito::Off;

    bool isIncognito() const { return incognito != Incognito::Off; }
    // A fresh session with a new id and timestamps set to now.
    static Session create(const QString &title = {});
    // The sessions idOrPrefix names: the one with exactly that id, else all whose id starts with
    // it (one is a unique prefix; none or several, the caller says so).
    static QList<Session> matching(const QList<Session> &sessions, QStringView idOrPrefix);
    // Tags as stored: each trimmed, inner whitespace and control characters made single spaces,
    // a leading '#' and commas (the separator where tags are typed) dropped, cut to kMaxTagLength;
    // empty ones gone, one of each regardless of case (the first spelling wins), sorted without
    // regard to case, the first kMaxTags of them.
    static QStringList cleanTags(const QStringList &tags);
    static constexpr int kMaxTagLength = 64;
    static constexpr int kMaxTags = 32;
    friend bool operator==(const Session &, const Session &) = default;
};

} // namespace Skein
