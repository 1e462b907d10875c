#include "recovery.h"

#include "storage/messagerepository.h"
#include "storage/store.h"

namespace Skein {

Result<int> Recovery::interruptGenerating(Store &store)
{
    return store.transaction([&]() -> Result<int> {
        Result<QList<Message>> left = store.messages().generating();
        if (!left)
            return left.error();
        for (const Message &m : left.value()) {
            MessageRepository::Finish f;
            f.status = MessageStatus::Interrupted;
            f.finishReason = m.finishReason;
            f.error = tr("Skein stopped before the reply was complete.");
            f.usage = m.usage;
            if (Status s = store.messages().finish(m.id, f); !s)
                return s.error();
        }
        return int(left.value().size());
    });
}

} // namespace Skein
