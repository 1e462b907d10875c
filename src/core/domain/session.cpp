// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/session.h"

#include "core/domain/ids.h"

#include <QSet>

#include <algorithm>

namespace Skein {

Session Session::create(const QString &title)
{
    Session s;
    s.id = Ids::create();
    s.title = title;
    s.createdAt = Ids::nowMs();
    s.updatedAt = s.createdAt;
    return s;
}

QList<Session> Session::matching(const QList<Session> &sessions, QStringView idOrPrefix)
{
    QList<Session> found;
    if (idOrPrefix.isEmpty())
        return found;
    for (const Session &s : sessions) {
        if (s.id == idOrPrefix)
            return {s};
        if (s.id.startsWith(idOrPrefix))
            found.append(s);
    }
    return found;
}

QStringList Session::cleanTags(const QStringList &tags)
{
    QStringList clean;
    QSet<QString> seen;
    for (const QString &raw : tags) {
        if (clean.size() == kMaxTags) // the first ones given are kept
            break;
        QString tag;
        tag.reserve(raw.size());
        for (const QChar c : raw)
            tag += c.isSpace() || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format
                    || c == QLatin1Char(',')
                ? QLatin1Char(' ')
                : c;
        tag = tag.simplified();
        while (tag.startsWith(QLatin1Char('#')))
            tag = tag.mid(1).trimmed();
        if (tag.size() > kMaxTagLength) {
            tag.truncate(kMaxTagLength);
            if (tag.back().isHighSurrogate())
                tag.chop(1);
            tag = tag.trimmed();
        }
        if (tag.isEmpty() || seen.contains(tag.toCaseFolded()))
            continue;
        seen.insert(tag.toCaseFolded());
        clean.append(tag);
    }
    std::stable_sort(clean.begin(), clean.end(),
                     [](const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) < 0; });
    return clean;
}

} // namespace Skein
