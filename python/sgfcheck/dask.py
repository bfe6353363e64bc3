"""sgfcheck on a Dask cluster: ``python3 -m sgfcheck.dask PATH... [--scheduler ADDRESS | --workers N]``.

Checks the files (directories: their .sgf files, walked as ``sgfcheck`` walks them) on the
workers of a Dask cluster and prints what ``sgfcheck --statistics -q`` prints on the same
files, with the same options: the findings per code (count, files, level, meaning) and the
summary line, from sgfcheck's own code. Each file is checked under the nearest
sgfcheck.toml, as sgfcheck does. Without --scheduler a local cluster of --workers processes
(default: one per core) is started and stopped.

The workers read the files themselves: on a real cluster every worker must see the same
paths (a shared file system) and have this package installed (``cmake --install``).
Exit status as sgfcheck's: 0, 1 findings at or above --fail-on, 2 a file could not be read
or a usage error.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List, Optional, Sequence

from . import _sgfcheck

# The options of `sgfcheck check` that make sense for statistics, passed on as they are
# (sgfcheck's own parser reads them: the same spellings, the same errors).
_VALUE_OPTIONS = ("--profile", "--select", "--extend-select", "--ignore", "--charset", "--include",
                  "--exclude", "--config", "--fail-on", "--format")
_FLAG_OPTIONS = ("--lenient", "--no-config", "--quiet")
_SHORT = {"--quiet": "-q"}

# What the runner needs besides this package, and where Debian has it: a python3 that is not
# Debian's (pyenv's, a virtual environment) sees none of Debian's packages.
_NEEDS = ("sgfcheck.dask needs Dask's distributed scheduler for this Python ({python}): Debian's "
          "packages python3-dask and python3-distributed (apt-get install python3-dask python3-distributed) "
          "are installed for /usr/bin/python3; run /usr/bin/python3 -m sgfcheck.dask ..., or install dask "
          "and distributed for {python} (pip install 'dask[distributed]'). ({error})")


_malloc_tuned = False


def _tune_malloc() -> None:
    """Dask's nanny starts its workers with MALLOC_TRIM_THRESHOLD_=65536 (to hand memory back
    to the system), which also turns off glibc's adaptive mmap threshold: every free of a
    block over 64 KiB trims the heap or unmaps it, and the checker ran 3.7 times slower in
    a worker (0.81 s -> 3.20 s for corpus/games). The tasks of this runner give glibc a
    64 MiB trim threshold and a 32 MiB mmap threshold back, once per worker process."""
    global _malloc_tuned
    if _malloc_tuned:
        return
    _malloc_tuned = True
    try:
        if not sys.platform.startswith("linux") or not (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc"):
            return
        import ctypes

        libc = ctypes.CDLL(None)
        libc.mallopt(-1, 64 << 20)  # M_TRIM_THRESHOLD
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError, ValueError):
        pass


def _tally(args: Sequence[str], paths: Sequence[str]) -> list:
    """Runs on a worker: one tally per file (plain data, pickled back to the client)."""
    _tune_malloc()
    paths = list(paths)
    return _sgfcheck._Run(list(args) + ["--"] + paths).tally(paths)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m sgfcheck.dask",
        description="sgfcheck --statistics over a Dask cluster: per-code statistics and the summary.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="SGF files and directories")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="a running Dask scheduler (tcp://host:8786); default: a local cluster")
    where.add_argument("--workers", type=int, metavar="N",
                       help="processes of the local cluster (default: one per core)")
    p.add_argument("--chunk", type=int, default=0, metavar="FILES",
                   help="files per task (default: about 8 tasks per worker, at most 1000 files each)")
    p.add_argument("--timing", action="store_true",
                   help="print files, seconds, workers and files/s per worker on stderr")
    for o in _VALUE_OPTIONS:
        p.add_argument(o, metavar="VALUE", help="as sgfcheck check " + o)
    for o in _FLAG_OPTIONS:
        short = _SHORT.get(o)
        p.add_argument(*((short, o) if short else (o,)), action="store_true", help="as sgfcheck check " + o)
    return p


def _sgfcheck_args(ns: argparse.Namespace) -> List[str]:
    out: List[str] = []
    for o in _VALUE_OPTIONS:
        v = getattr(ns, o[2:].replace("-", "_"))
        if v is not None:
            out.append(o + "=" + v)
    for o in _FLAG_OPTIONS:
        if getattr(ns, o[2:].replace("-", "_")):
            out.append(o)
    return out


def _chunks(files: Sequence[str], size: int) -> List[Sequence[str]]:
    return [files[i:i + size] for i in range(0, len(files), size)]


def run(argv: Optional[Sequence[str]] = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    ns = _parser().parse_args(argv)
    options = _sgfcheck_args(ns)
    try:
        plan = _sgfcheck._Run(options + ["--"] + list(ns.paths))
    except ValueError as e:
        print("sgfcheck: " + str(e), file=err)
        return 2
    if ns.workers is not None and ns.workers < 1:
        print("sgfcheck: --workers needs at least 1", file=err)
        return 2
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as e:
        print("sgfcheck: " + _NEEDS.format(python=sys.executable, error=e), file=err)
        return 2
    files = plan.files()

    cluster = None
    if ns.scheduler:
        client = Client(ns.scheduler)
    else:
        workers = ns.workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    try:
        started = time.monotonic()  # the cluster is up: what --timing measures is the checking
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        size = ns.chunk or max(1, min(1000, -(-len(files) // (8 * workers))))
        chunks = _chunks(files, size)
        summary = _sgfcheck._Summary()
        unreadable = []
        futures = client.map(_tally, [options] * len(chunks), chunks, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results = [None] * len(chunks)
        for future in as_completed(futures):
            results[index[future.key]] = future.result()
            future.release()
        for chunk, tallies in zip(chunks, results):
            for path, t in zip(chunk, tallies):
                if t[0] is not None:
                    unreadable.append("sgfcheck: " + t[0])
                summary.add(t)
        elapsed = time.monotonic() - started
    finally:
        client.close()
        if cluster is not None:
            cluster.close()

    for line in unreadable:
        print(line, file=err)
    fmt = plan.format
    out.write(summary.statistics(fmt))
    if not plan.quiet:
        out.write(summary.summary(fmt))
    out.flush()
    if ns.timing:
        rate = len(files) / elapsed if elapsed > 0 else 0.0
        print("sgfcheck.dask: %d files in %.2f s on %d workers: %.0f files/s, %.0f files/s per worker"
              % (len(files), elapsed, workers, rate, rate / workers), file=err)
    return summary.exit_status(plan.fail_on)


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    # Run as sgfcheck.dask, not __main__, so that the tasks name a function the workers import.
    from sgfcheck import dask as _self

    sys.exit(_self.run())
