#include "engine/tools/mcptransport.h"
