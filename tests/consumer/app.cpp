// A user's program against the installed application layer (sgf::app): the front ends'
// shared pieces without toml++ or PEGTL in sight (run.cmake checks the package asks for
// neither).
#include <sgf/app/arguments.hpp>
#include <sgf/app/config.hpp>
#include <sgf/app/fix.hpp>
#include <sgf/app/selection.hpp>
#include <sgf/app/summary.hpp>

int main() {
    sgf::app::code_selection s;
    s.select = sgf::app::parse_selectors("E", "select");
    if (!s.enabled("E008") || s.enabled("W023")) return 1;
    const sgf::load_options lenient{true, ""};
    const sgf::app::checked_fix g = sgf::app::fix_checked(sgf::load(sgf::file_bytes("(;GM[1]C[a]C[b])"), lenient), lenient);
    if (g.breaks_clean_file || g.errors != 0) return 2;
    sgf::app::run_summary sum;
    if (sum.exit_status(sgf::severity::error) != sgf::app::exit_ok) return 3;
    try {  // sgfcheck.toml: toml++ is inside sgf::app, nothing to link for it here
        (void)sgf::app::read_config("no-such-dir/sgfcheck.toml");
        return 4;
    } catch (const sgf::app::usage_error&) {
        return 0;
    }
}
