#include "core/domain/ids.h"

#include <QDateTime>
#include <QUuid>

namespace Skein::Ids {

QString create()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace Skein::Ids
