#include "core/stream/streamjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace Skein::StreamJson {

QJsonObject parseObject(const QByteArray &json, QList<StreamDelta> &out, bool *ok)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    const bool parsed = parseError.error == QJsonParseError::NoError && document.isObject();
    if (ok)
        *ok = parsed;
    if (parsed)
        return document.object();
    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Error;
    delta.error.category = ErrorCategory::Protocol;
    delta.error.type = QStringLiteral("malformed_event");
    delta.error.message = parseError.error != QJsonParseError::NoError
        ? QCoreApplication::translate("Skein::StreamDecoder", "The stream contained malformed JSON (%1 at offset %2).")
              .arg(parseError.errorString())
              .arg(parseError.offset)
        : QCoreApplication::translate("Skein::StreamDecoder",
                                      "The stream contained an event that is not a JSON object.");
    out.append(delta);
    return {};
}

StreamDelta errorDelta(const QJsonValue &error)
{
    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Error;
    delta.error = providerErrorFromJson(error);
    return delta;
}

QString compact(const QJsonValue &value)
{
    const QJsonDocument document = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return QString::fromUtf8(document.toJson(QJsonDocument::Compact));
}

} // namespace Skein::StreamJson
