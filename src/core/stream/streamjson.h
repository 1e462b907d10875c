#pragma once

#include "core/stream/streamdelta.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

// Small JSON helpers shared by the stream translators (internal to core/stream).
namespace Skein::StreamJson {

// Parses a JSON object; on failure appends a Protocol error delta and returns an empty object.
QJsonObject parseObject(const QByteArray &json, QList<StreamDelta> &out, bool *ok = nullptr);
// An Error delta from a provider `error` member (object or string).
StreamDelta errorDelta(const QJsonValue &error);
// Compact JSON text of an object or array (tool arguments sent as objects).
QString compact(const QJsonValue &value);

} // namespace Skein::StreamJson
