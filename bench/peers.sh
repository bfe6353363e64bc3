#!/usr/bin/env bash
# Other SGF readers on the same file as sgfcheck, in the same run (issue 23: a row per reader
# the Performance page's table (docs/performance.md) can show). Builds each reader of ../shared/peers (their
# upstream sources, never copied into this repository) with a small driver into
# build/peers/ (never into the source tree), then times, alternating ROUNDS times, the whole
# process of: the streaming byte-classify loop, `sgfcheck FILE` (full check, JSON output),
# and each reader's parse of the whole collection (nothing checked, nothing printed but a
# count). A reader that cannot be built here is listed as such.
#   SGFC (C, its own checker: `sgfc -i FILE`, read and check, no output file),
#   sgf-parse (Rust, cargo --offline), rooklift/sgf (Go), Kombilo's libkombilo parser
#   (C++14), sgfmill (Python: sgf_grammar.parse_sgf_collection), KaTrain (Python:
#   SGF.parse_sgf per game tree), GoGui (Java: SgfReader per game tree), KataGo (C++17:
#   Sgf::parse per game tree, with the conformance adapter's shim: it does not build alone,
#   peers/SOURCES.tsv).
# Usage: bench/peers.sh [ROUNDS] [FILE] [SGFCHECK]
#   default FILE: build/bench/games-x4.sgf (bench/end_to_end.sh makes it)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
input=${2:-$here/build/bench/games-x4.sgf}
bin=${3:-$here/build/sgfcheck}
classify=$here/build/bench/sgf_classify_bench
peers=$here/../shared/peers
out=$here/build/peers
mkdir -p "$out"
log=$out/build.log
: > "$log"

declare -A cmd   # reader -> command line (the file is appended)
# Debian's Python, where .ci/setup installs python3-chardet (KaTrain imports it), as the
# conformance adapters run the Python readers; another python3 first on PATH may lack it.
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
build_sgfc() {
    gcc -O2 -std=c99 "$peers"/sgfc/src/*.c -o "$out/sgfc" -lm >> "$log" 2>&1 && cmd[sgfc]="$out/sgfc -i"
}
build_sgf_parse() {
    local d=$out/sgf-parse-driver
    mkdir -p "$d/src"
    cat > "$d/Cargo.toml" <<EOF
[package]
name = "sgf-parse-driver"
version = "0.1.0"
edition = "2018"
[dependencies]
sgf-parse = { path = "$peers/sgf-parse" }
[profile.release]
opt-level = 3
EOF
    cat > "$d/src/main.rs" <<'EOF'
// Parses a whole collection with sgf-parse; prints the number of game trees.
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let bytes = std::fs::read(&path).expect("read");
    let text = String::from_utf8_lossy(&bytes);
    match sgf_parse::parse(&text) {
        Ok(trees) => println!("{} game trees", trees.len()),
        Err(e) => { println!("error: {}", e); std::process::exit(1) }
    }
}
EOF
    (cd "$d" && CARGO_TARGET_DIR="$d/target" cargo build --offline --release >> "$log" 2>&1) &&
        cmd[sgf-parse]="$d/target/release/sgf-parse-driver"
}
build_rooklift() {
    local d=$out/rooklift-driver
    mkdir -p "$d"
    cat > "$d/go.mod" <<EOF
module driver

go 1.16

require github.com/rooklift/sgf v0.0.0
replace github.com/rooklift/sgf => $peers/rooklift-sgf
EOF
    cat > "$d/main.go" <<'EOF'
// Parses a whole collection with rooklift/sgf; prints the number of game trees.
package main

import (
	"fmt"
	"os"

	"github.com/rooklift/sgf"
)

func main() {
	roots, err := sgf.LoadCollection(os.Args[1])
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(len(roots), "game trees")
}
EOF
    (cd "$d" && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$out/go-cache" go build -o "$out/rooklift-driver-bin" . >> "$log" 2>&1) &&
        cmd[rooklift-sgf]="$out/rooklift-driver-bin"
}
build_kombilo() {
    cat > "$out/kombilo_driver.cpp" <<'EOF'
// Parses a whole collection with Kombilo's libkombilo SGF parser (Cursor); prints the count.
#include <fstream>
#include <iostream>
#include <sstream>
#include "sgfparser.h"
int main(int argc, char** argv) {
    std::ifstream f(argv[1], std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    const std::string text = s.str();
    try {
        Cursor c(text.c_str(), 1);
        std::cout << c.root->numChildren << " game trees\n";
    } catch (...) {
        std::cout << "error\n";
        return 1;
    }
}
EOF
    g++ -std=c++14 -O2 -w -I"$peers/kombilo/kombilo/libkombilo" "$out/kombilo_driver.cpp" \
        "$peers/kombilo/kombilo/libkombilo/sgfparser.cpp" -o "$out/kombilo-driver" >> "$log" 2>&1 &&
        cmd[kombilo]="$out/kombilo-driver"
}
build_sgfmill() {
    cat > "$out/sgfmill_driver.py" <<EOF
# Parses a whole collection with sgfmill's grammar module; prints the number of game trees.
import sys
sys.path.insert(0, "$peers/sgfmill")
from sgfmill import sgf_grammar
with open(sys.argv[1], "rb") as f:
    print(len(sgf_grammar.parse_sgf_collection(f.read())), "game trees")
EOF
    $py -c "import sys; sys.path.insert(0, '$peers/sgfmill'); import sgfmill.sgf" >> "$log" 2>&1 &&
        cmd[sgfmill]="$py $out/sgfmill_driver.py"
}
build_katrain() {
    cat > "$out/katrain_driver.py" <<EOF
# Parses each game tree of a collection with KaTrain's SGF parser (it reads one game tree).
import sys
sys.path.insert(0, "$peers/katrain")
from katrain.core.sgf_parser import SGF
with open(sys.argv[1], "rb") as f:
    text = f.read().decode("utf-8", "replace")
n = 0
depth, start, i, inside = 0, 0, 0, False
while i < len(text):
    c = text[i]
    if inside:
        if c == "\\\\": i += 1
        elif c == "]": inside = False
    elif c == "[": inside = True
    elif c == "(":
        if depth == 0: start = i
        depth += 1
    elif c == ")":
        depth -= 1
        if depth == 0:
            SGF.parse_sgf(text[start:i + 1]); n += 1
    i += 1
print(n, "game trees")
EOF
    $py -c "import sys; sys.path.insert(0, '$peers/katrain'); import katrain.core.sgf_parser" >> "$log" 2>&1 &&
        cmd[katrain]="$py $out/katrain_driver.py"
}

# KataGo (C++17): Sgf::parse per game tree (it reads one), compiled with its sgf.cpp unmodified
# and the conformance adapter's shim of what sgf.cpp calls outside its folder
# (conformance/adapters/katago-shim/README.md; Debian nlohmann-json3-dev).
build_katago() {
    local shim=$here/conformance/adapters/katago-shim
    [ -f /usr/include/nlohmann/json.hpp ] || { echo "katago: needs nlohmann-json3-dev" >> "$log"; return 1; }
    cat > "$out/katago_driver.cpp" <<'EOF2'
// Parses each game tree of a collection with KataGo's Sgf::parse (it reads one game tree);
// prints the count. The split at the top-level parentheses skips values ('[' to the ']'
// not escaped by '\').
#include <fstream>
#include <iostream>
#include <sstream>
#include "sgf.h"
int main(int argc, char** argv) {
    std::ifstream f(argv[1], std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    const std::string text = s.str();
    std::size_t trees = 0, errors = 0, start = 0;
    int depth = 0;
    bool inside = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inside) {
            if (c == '\\') ++i;
            else if (c == ']') inside = false;
        } else if (c == '[') {
            inside = true;
        } else if (c == '(') {
            if (depth++ == 0) start = i;
        } else if (c == ')' && depth > 0 && --depth == 0) {
            try {
                (void)Sgf::parse(text.substr(start, i + 1 - start));
                ++trees;
            } catch (const std::exception&) {
                ++errors;
            }
        }
    }
    std::cout << trees << " game trees, " << errors << " rejected\n";
}
EOF2
    g++ -std=c++17 -O2 -w -I"$shim/dataio" -I"$shim" -I"$peers/katago/cpp/dataio" "$out/katago_driver.cpp" \
        "$peers/katago/cpp/dataio/sgf.cpp" "$shim/shim.cpp" -o "$out/katago-driver" >> "$log" 2>&1 &&
        cmd[katago]="$out/katago-driver"
}
# GoGui (Java): SgfReader per game tree (it reads one), as GoGui opens a file; JVM start-up
# included (the conformance adapter's flags but the heap: the whole file is held).
build_gogui() {
    local d=$out/gogui-classes
    command -v javac > /dev/null || { echo "gogui: needs javac (default-jdk-headless)" >> "$log"; return 1; }
    cat > "$out/GoguiDriver.java" <<'EOF2'
// Parses each game tree of a collection with GoGui's SgfReader; prints the count (GoGui reads
// Go only: a tree of another game is rejected and counted apart).
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import net.sf.gogui.sgf.SgfError;
import net.sf.gogui.sgf.SgfReader;

public final class GoguiDriver {
    public static void main(String[] args) throws Exception {
        byte[] b = Files.readAllBytes(Paths.get(args[0]));
        int trees = 0, rejected = 0, depth = 0, start = 0;
        boolean inside = false;
        for (int i = 0; i < b.length; ++i) {
            byte c = b[i];
            if (inside) {
                if (c == '\\') ++i;
                else if (c == ']') inside = false;
            } else if (c == '[') {
                inside = true;
            } else if (c == '(') {
                if (depth++ == 0) start = i;
            } else if (c == ')' && depth > 0 && --depth == 0) {
                try {
                    new SgfReader(new ByteArrayInputStream(b, start, i + 1 - start), null, null, 0).getTree();
                    ++trees;
                } catch (SgfError e) {
                    ++rejected;
                }
            }
        }
        System.out.println(trees + " game trees, " + rejected + " rejected");
    }
}
EOF2
    rm -rf "$d" && mkdir -p "$d" &&
        javac -nowarn -encoding UTF-8 -d "$d" $(find "$peers/gogui/src" -name '*.java') "$out/GoguiDriver.java" >> "$log" 2>&1 &&
        cmd[gogui]="java -Xss512k -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp $d GoguiDriver"
}

echo "building the readers into $out (log: $log)"
for b in build_sgfc build_sgf_parse build_rooklift build_kombilo build_katago build_gogui build_sgfmill build_katrain; do
    $b || echo "  ${b#build_}: not built here (see the log)"
done
readers=(sgfc sgf-parse rooklift-sgf kombilo katago gogui sgfmill katrain)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timed() {  # "cpu_seconds max_rss_kb"
    /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" > /dev/null 2>&1
    read -r user sys rss < <(tail -n 1 "$tmp/time")
    echo "$(echo "$user + $sys" | bc) $rss"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
bytes=$(wc -c < "$input")
mb=$(echo "scale=3; $bytes / 1000000" | bc)
echo "input: $input ($mb MB), $rounds rounds alternating; load: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A secs rss
names=(loop sgfcheck)
for r in "${readers[@]}"; do [ -n "${cmd[$r]:-}" ] && names+=("$r"); done
for ((i = 1; i <= rounds; i++)); do
    for n in "${names[@]}"; do
        case $n in
            loop) read -r s k < <(timed "$classify" --stream "$input") ;;
            sgfcheck) read -r s k < <(timed "$bin" --format=json -q "$input") ;;
            *) read -r s k < <(timed ${cmd[$n]} "$input") ;;
        esac
        secs[$n]+="$s " rss[$n]+="$k "
    done
done
printf '%-14s %10s %10s %12s %12s\n' reader "CPU s" "MB/s" "of sgfcheck" "RSS/input"
# shellcheck disable=SC2086
base=$(median ${secs[sgfcheck]})
for n in "${names[@]}"; do
    # shellcheck disable=SC2086
    s=$(median ${secs[$n]}) k=$(median ${rss[$n]})
    # (a time under the 10 ms resolution of time(1) has no rate)
    awk -v n="$n" -v s="$s" -v mb="$mb" -v base="$base" -v k="$k" -v bytes="$bytes" 'BEGIN {
        printf "%-14s %10s %10s %12s %12.2f\n", n, s, (s > 0 ? sprintf("%.1f", mb / s) : "-"),
            (s > 0 ? sprintf("%.3f", base / s) : "-"), k * 1024 / bytes }'
done
