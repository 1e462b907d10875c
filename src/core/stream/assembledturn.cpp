#include "core/stream/assembledturn.h"

#include <QJsonDocument>

namespace Skein {

bool ToolCall::hasValidArguments() const
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(argumentsJson.toUtf8(), &error);
    return error.error == QJsonParseError::NoError && document.isObject();
}

bool AssembledTurn::isEmpty() const
{
    return text.isEmpty() && refusal.isEmpty() && reasoning.isEmpty() && toolCalls.isEmpty()
        && redactedReasoning.isEmpty();
}

} // namespace Skein
