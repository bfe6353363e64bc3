#pragma once
// Replacing a file so that readers never see half of it, as careful Unix tools do:
//  - a symbolic link is followed to its target (the link stays a link; a dangling link's
//    target is created), a loop of links is an error;
//  - a target that is not a regular file (directory, FIFO, device, socket) is refused, and so
//    is replacing a read-only one (check_replaceable);
//  - the data goes to a temporary file in the target's directory, which is fsync'd, given
//    the target's mode (and owner, where allowed) and renamed over the target;
//  - the temporary file has no name while it is written (O_TMPFILE): whatever ends the
//    process, SIGKILL and a crash included, it leaves nothing behind. At commit it gets a
//    name (linkat) and is renamed over the target at once: only an end between these two
//    calls leaves it, complete. Where the file system has no O_TMPFILE (NFS, old kernels)
//    it is a named file (".NAME.sgfcheck-NNNN") from the start;
//  - a named temporary file is removed on every error, and when SIGINT, SIGTERM or SIGHUP
//    arrive while it exists (the signal then does what it would have done); SIGXFSZ is
//    ignored so that a write over RLIMIT_FSIZE fails with EFBIG and is reported.
// Every failure throws std::system_error whose message names the target.
#include <filesystem>
#include <string>
#include <string_view>

namespace sgf::detail {

class atomic_file {
public:
    // What a symbolic link at `path` means: the file to write (follow: outputs, --in-place),
    // or a name to replace by the new file, the link's target untouched (replace: backups,
    // which must never write through a FILE~ link planted elsewhere, as cp --backup does not).
    enum class links { follow, replace };
    explicit atomic_file(const std::string& path, links l = links::follow);  // creates the temporary file
    ~atomic_file();                                  // not committed: the temporary file is removed
    atomic_file(const atomic_file&) = delete;
    atomic_file& operator=(const atomic_file&) = delete;

    void write(std::string_view bytes);
    void commit();  // fsync, mode, rename over the target (check_replaceable first)
    // Throws (EACCES) when the target exists and is read-only: no write permission for this
    // process, or none in its mode at all (0444, which root could write): a file protected
    // that way is not replaced behind its owner's back, as `>` would not write it.
    void check_replaceable() const;
    // fsync, then the target made a name of the file only if it does not exist (link(2), which
    // fails with EEXIST: no race with another writer); an existing target is an error (EEXIST)
    // and is left as it was. For outputs that must never replace a file (fmt --split).
    void commit_new();
    [[nodiscard]] const std::string& target() const noexcept { return target_; }
    // The target's other hard links when it was opened (links::follow): a replaced file is
    // a new file, and those names keep the old contents (as with sed -i). The caller says so.
    [[nodiscard]] unsigned long other_links() const noexcept { return other_links_; }

private:
    void finish(bool replace);
    void open_named();
    [[nodiscard]] std::string temp_name() const;
    std::string path_;    // as given (for messages)
    std::string target_;  // the file the path names, symbolic links followed
    std::string temp_;    // the named temporary file ("" while it has no name)
    int fd_ = -1;
    bool unnamed_ = false;  // fd_ is an O_TMPFILE file
    bool exists_ = false;
    bool follows_ = true;  // links::follow: the file named is the user's to replace
    unsigned mode_ = 0;
    unsigned uid_ = 0, gid_ = 0;
    unsigned long other_links_ = 0;
};

// The regular file `path` names, symbolic links followed (it may not exist yet); throws
// std::system_error for a loop of links or a target that is not a regular file.
[[nodiscard]] std::string resolve_output(const std::string& path, atomic_file::links l = atomic_file::links::follow);

// Makes the folder `path` and its parents for a command's files (gen -o, diff and
// conformance --out). A path that is something else, or that cannot be made, throws
// io_error saying what it is and what to give instead, not the library's raw text
// ("cannot create directories: Not a directory [/dev/null]").
void make_output_folder(const std::filesystem::path& path, std::string_view option);

// Whether atomic_file may use unnamed temporary files (default true). For the tests of the
// named fallback; not for concurrent use with writes in progress.
void allow_unnamed_temporaries(bool allowed);

// Makes SIGXFSZ an error (EFBIG) instead of the end of the process, so that writes over
// RLIMIT_FSIZE are reported like a full disk. Idempotent.
void ignore_file_size_signal();

}  // namespace sgf::detail
