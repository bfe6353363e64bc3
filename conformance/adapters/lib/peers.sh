# Sourced by the adapters of the readers in ../shared/peers (the upstream sources of
# their SGF readers): where the sources are, where their builds go, and how to say
# "unavailable" (exit 3). A build goes to $SGF_ADAPTER_BUILD (default: build/adapters
# of this checkout), never into the source tree or the peers folder.
#   peer_setup NAME      sets peer (the reader's sources) and out (its build folder),
#                        exits 3 when the sources are missing
#   need_tool CMD PKG    exits 3 when CMD is missing, naming the Debian package
#   build_locked STAMP CMD...   runs CMD once (under a lock; again when it failed),
#                        exits 3 with the build's last line when it fails
adapters_dir=$(cd "$(dirname "$0")" && pwd)
repo_dir=$(cd "$adapters_dir/../.." && pwd)

unavailable() {
  echo "$adapter_name: unavailable: $*" >&2
  exit 3
}

peer_setup() {
  adapter_name=$1
  peers=${SGF_PEERS_DIR:-$repo_dir/../shared/peers}
  peer=$peers/$1
  [ -d "$peer" ] || unavailable "no sources in $peer (set SGF_PEERS_DIR to the folder of shared/peers)"
  out=${SGF_ADAPTER_BUILD:-$repo_dir/build/adapters}/$1
  export SGF_PEER_DIR=$peer
}

need_tool() {
  command -v "$1" >/dev/null 2>&1 || unavailable "needs $1 (apt-get install $2; .ci/setup installs it)"
}

build_locked() {
  stamp=$1
  shift
  [ -e "$stamp" ] && return 0
  mkdir -p "$out" || unavailable "cannot create $out"
  (
    flock 9
    [ -e "$stamp" ] && exit 0
    if "$@" >"$out/build.log" 2>&1; then
      touch "$stamp"
    else
      exit 1
    fi
  ) 9>"$out/.lock" || unavailable "build failed: $(grep -v '^\s*$' "$out/build.log" | tail -n1) (log: $out/build.log)"
}

# Debian's Python (its python3-* packages) before any other python3 on PATH.
debian_python() {
  if [ -x /usr/bin/python3 ]; then python=/usr/bin/python3; else need_tool python3 python3; python=python3; fi
}
