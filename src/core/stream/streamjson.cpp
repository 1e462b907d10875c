// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/streamjson.h"

#include <QCoreApplication>

namespace Skein::StreamJson {

bool parseObject(JsonTape &tape, QByteArrayView json, QList<StreamDelta> &out)
{
    const bool parsed = tape.parse(json);
    if (parsed && tape.root().isObject())
        return true;
    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Error;
    delta.error.category = ErrorCategory::Protocol;
    delta.error.type = QStringLiteral("malformed_event");
    delta.error.message = !parsed
        ? QCoreApplication::translate("Skein::StreamDecoder", "The stream contained malformed JSON (%1 at offset %2).")
              .arg(tape.errorString())
              .arg(tape.errorOffset())
        : QCoreApplication::translate("Skein::StreamDecoder",
                                      "The stream contained an event that is not a JSON object.");
    out.append(delta);
    return false;
}

StreamDelta errorDelta(const JsonRef &error)
{
    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Error;
    delta.error = providerErrorFromJson(error.toJsonValue());
    return delta;
}

QString jsonText(const JsonRef &value)
{
    return QString::fromUtf8(value.raw().trimmed());
}

} // namespace Skein::StreamJson
