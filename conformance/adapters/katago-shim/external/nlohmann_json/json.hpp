// Shim (see ../README.md): Debian's nlohmann-json3-dev instead of KataGo's copy.
#pragma once
#include <nlohmann/json.hpp>
