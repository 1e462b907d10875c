#pragma once

#include <QString>

namespace Skein::KeychainInfo {

// Version of QtKeychain this build uses (for the About box).
QString libraryVersion();

} // namespace Skein::KeychainInfo
