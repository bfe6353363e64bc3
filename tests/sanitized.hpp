#pragma once
// Whether this build runs under AddressSanitizer (SGF_SANITIZE=ON): its shadow memory needs
// terabytes of address space (no `ulimit -v`) and it runs several times slower.
namespace sgf_test {
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif
}  // namespace sgf_test
