// Shim (see ../README.md): reading a file, as KataGo's FileUtils does.
#pragma once
#include <string>
#include <vector>

namespace FileUtils {
std::string readFile(const std::string& file);
std::vector<std::string> readFileLines(const std::string& file, char delimiter);
}  // namespace FileUtils
