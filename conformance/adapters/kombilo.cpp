// Adapter for Kombilo's SGF parser (ugoertz/kombilo, libkombilo/sgfparser.cpp, C++), compiled
// by the script kombilo with g++ -std=c++14 together with ../shared/peers/kombilo. See README.md.
//
// Reads as Kombilo does: Cursor(text, 0) splits the collection into nodes (lazily), then
// parseNode() on every node of every game (Kombilo parses a node when it is visited).
// The text is read up to its first NUL byte (Cursor takes a C string).
// Errors: SGFError is a rejection (exit 1; it carries no message); a signal is a crash.
// Tree: not printed (a node keeps its properties in a std::map: sorted, not in file order).
#include <fstream>
#include <iterator>
#include <vector>

#include "sgfparser.h"
#include "lib/native_main.hpp"

answer read_file(const std::string& path, bool) {
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        Cursor c(text.c_str(), 0);
        std::vector<Node*> todo{c.root->next};
        while (!todo.empty()) {  // every node: next = first child, down = next variation
            Node* n = todo.back();
            todo.pop_back();
            if (n == nullptr) continue;
            n->parseNode();
            todo.push_back(n->down);
            todo.push_back(n->next);
        }
    } catch (SGFError&) {
        return {"rejected", "SGFError", ""};
    }
    return {"accepted", "", ""};
}

int main(int argc, char** argv) { return adapter_main(argc, argv); }
