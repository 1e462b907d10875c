#pragma once

#include "storage/result.h"

#include <QCoreApplication>

namespace Skein {

class Store;

// Start-up repair after a crash (GUI and CLI). Issue 6 adds the tool loop's checkpoints.
class Recovery final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::Recovery)

public:
    // Marks every message still `generating` as `interrupted`, keeping its text; returns how many.
    // Only call it when no other process is streaming into the same data dir.
    static Result<int> interruptGenerating(Store &store);
};

} // namespace Skein
