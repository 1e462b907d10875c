// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The import validator (storage/exchange/importvalidator): any file is either refused with a
// "path: reason" error or parsed into sessions whose messages come parents first.
#include "fuzzsupport.h"
#include "storage/exchange/importvalidator.h"

#include <QSet>

using namespace Skein;
using namespace Skein::Exchange;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = Fuzz::bytes(data, size).toByteArray();
    // Nothing is in the database; one id is, to reach the fork checks against it.
    const auto messageSession = [](const QString &id) -> std::optional<QString> {
        if (id == u"m-db")
            return QStringLiteral("s-db");
        return std::nullopt;
    };
    const auto sessionParent = [](const QString &id) -> std::optional<QString> {
        if (id == u"s-db")
            return QString();
        return std::nullopt;
    };
    ImportValidator validator(messageSession, sessionParent);
    ParsedImport parsed;
    if (!validator.parse(input, &parsed)) {
        if (qEnvironmentVariableIsSet("SKEIN_FUZZ_VERBOSE"))
            std::fprintf(stderr, "refused: %s\n", qPrintable(validator.error()));
        SKEIN_FUZZ_CHECK(!validator.error().isEmpty());
        return 0;
    }
    SKEIN_FUZZ_CHECK(validator.error().isEmpty());
    for (const ParsedSession &session : std::as_const(parsed.sessions)) {
        QSet<QString> ids;
        for (const Message &m : session.messages)
            ids.insert(m.id);
        SKEIN_FUZZ_CHECK(ids.size() == session.messages.size());
        QSet<QString> seen;
        for (const Message &m : session.messages) {
            // A parent in this session comes first (a fork's first parent may be elsewhere).
            SKEIN_FUZZ_CHECK(m.parentId.isEmpty() || !ids.contains(m.parentId) || seen.contains(m.parentId));
            seen.insert(m.id);
        }
    }
    return 0;
}
