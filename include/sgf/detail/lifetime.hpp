#pragma once
// SGF_LIFETIMEBOUND: [[clang::lifetimebound]] where the compiler has it (clang), nothing
// elsewhere. On a member function it says that the result views *this: clang's -Wdangling
// then reports a view of a temporary kept past the full expression
// (`std::string_view s = n.find("C")->front().raw();`). The && overloads that are deleted or
// return by value are what every compiler checks; tests/lifetime/ holds both to account.
#if defined(__has_cpp_attribute)
#if __has_cpp_attribute(clang::lifetimebound)
#define SGF_LIFETIMEBOUND [[clang::lifetimebound]]
#endif
#endif
#ifndef SGF_LIFETIMEBOUND
#define SGF_LIFETIMEBOUND
#endif
