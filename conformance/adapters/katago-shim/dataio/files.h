// Shim (see ../README.md): nothing of KataGo's dataio/files.h is used by the reader.
#pragma once
#include "../core/global.h"
