#pragma once
// Big buffers (a file's bytes) are backed by transparent huge pages where the kernel offers
// them on request (THP "madvise" mode, Debian's default): on the virtual machines sgfcheck
// runs on, faulting in 4 KiB pages cost more than reading the file did (46 MB: 0.33 s of CPU
// with 4 KiB pages, 0.05 s with 2 MiB ones). Only a hint: elsewhere nothing changes.
#include <cstddef>

namespace sgf::detail {

// Asks for huge pages for the whole 2 MiB pages inside [p, p + n) when n is big enough
// for it to matter; never fails.
void advise_huge_pages(void* p, std::size_t n) noexcept;

}  // namespace sgf::detail
