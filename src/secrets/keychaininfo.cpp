#include "keychaininfo.h"

namespace Skein::KeychainInfo {

QString libraryVersion()
{
    return QStringLiteral(SKEIN_QTKEYCHAIN_VERSION);
}

} // namespace Skein::KeychainInfo
