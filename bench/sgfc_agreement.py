#!/usr/bin/env python3
"""Verdicts of sgfcheck and SGFC 2.0, file by file: does each report an error or not.

    gcc -O2 -std=c99 ../shared/peers/sgfc/src/*.c -o build/peers/sgfc -lm   # never into the source tree
    bench/sgfc_agreement.py --sgfc build/peers/sgfc --sgfcheck build/sgfcheck ../shared/corpus \\
        [--sgfc-cache /tmp/sgfc.tsv] [--profile ff4] [--disagreements /tmp/d.tsv]

SGFC is run once per file (its messages cached in --sgfc-cache: a rerun with another sgfcheck
reads them back); sgfcheck once over the folder (--format=json). A file "has an error" for SGFC
when it prints an "Error" or "Fatal error" message, for sgfcheck when it reports a finding of level
error. The table is given three ways, as docs/verdicts.md explains:
  literal     - both as printed;
  ap-warning  - SGFC's "property <AP> expects compose type value" (AP without ':' version)
                counted as a warning (the convention of issue 22);
  ap-apart    - that, and sgfcheck's 110 (AP without version) counted as a warning too.
--disagreements writes one line per file where the tools differ (ap-apart): the file, who has an
error, SGFC's error numbers and sgfcheck's error codes.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

MESSAGE = re.compile(r"(Fatal error|Error|Warning) (\d+)")
AP_COMPOSE = "property <AP> expects compose type value"


def sgf_files(root):
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        out += [os.path.join(folder, f) for f in sorted(files) if f.lower().endswith(".sgf")]
    return out


def run_sgfc(sgfc, path):
    try:
        p = subprocess.run([sgfc, path], capture_output=True, timeout=60)
        text = (p.stdout + p.stderr).decode("latin-1")
    except subprocess.TimeoutExpired:
        text = "Fatal error 0: timeout"
    lines = [l.strip() for l in text.splitlines() if MESSAGE.search(l) and not l.startswith(path + ":")]
    return " | ".join(l.replace("\t", " ") for l in lines)


def sgfc_messages(args, files, root):
    cache = {}
    if args.sgfc_cache and os.path.exists(args.sgfc_cache):
        with open(args.sgfc_cache, encoding="utf-8") as f:
            for line in f:
                name, _, msgs = line.rstrip("\n").partition("\t")
                cache[name] = msgs
    todo = [f for f in files if os.path.relpath(f, root) not in cache]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for f, msgs in zip(todo, pool.map(lambda f: run_sgfc(args.sgfc, f), todo)):
            cache[os.path.relpath(f, root)] = msgs
    if args.sgfc_cache and todo:
        with open(args.sgfc_cache, "w", encoding="utf-8") as f:
            for name in sorted(cache):
                f.write(name + "\t" + cache[name] + "\n")
    return cache


def sgfc_errors(msgs, ap_warning):
    errors = set()
    for m in msgs.split(" | ") if msgs else []:
        kind = MESSAGE.search(m)
        if kind is None or kind.group(1) == "Warning":
            continue
        if ap_warning and AP_COMPOSE in m:
            continue
        errors.add(int(kind.group(2)))
    return errors


def sgfcheck_errors(args, root):
    cmd = [args.sgfcheck, "--format=json", "-q", "--no-config", "--profile=" + args.profile, root]
    p = subprocess.run(cmd, capture_output=True)
    errors = collections.defaultdict(set)
    for line in p.stdout.decode("utf-8", "surrogateescape").splitlines():
        d = json.loads(line)
        if d.get("severity") == "error":
            errors[os.path.relpath(d["file"], root)].add(d["code"])
    return errors


def table(title, rows):
    print(f"\n{title}\n")
    print("| folder | files | both error | both none | sgfcheck only | SGFC only | agree |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    total = collections.Counter()
    for folder in sorted(rows) + ["all"]:
        c = total if folder == "all" else rows[folder]
        n = sum(c.values())
        agree = c["both"] + c["none"]
        name = "**all**" if folder == "all" else folder
        print(f"| {name} | {n} | {c['both']} | {c['none']} | {c['ours']} | {c['theirs']} | {agree} ({100 * agree / n:.1f}%) |")
        if folder != "all":
            total.update(c)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--sgfc", required=True)
    ap.add_argument("--sgfcheck", required=True)
    ap.add_argument("--sgfc-cache")
    ap.add_argument("--profile", default="ff4")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--disagreements")
    args = ap.parse_args()
    root = os.path.normpath(args.corpus)
    files = sgf_files(root)
    theirs = sgfc_messages(args, files, root)
    ours = sgfcheck_errors(args, root)
    out = open(args.disagreements, "w", encoding="utf-8") if args.disagreements else None
    for way, sgfc_ap_warning, ours_ap_warning in (("literal", False, False), ("ap-warning", True, False),
                                                  ("ap-apart", True, True)):
        rows = collections.defaultdict(collections.Counter)
        for f in files:
            name = os.path.relpath(f, root)
            folder = name.split(os.sep)[0] if os.sep in name else "."
            t = sgfc_errors(theirs.get(name, ""), sgfc_ap_warning)
            o = {c for c in ours.get(name, set()) if not (ours_ap_warning and c == "E110")}
            kind = "both" if t and o else "none" if not t and not o else "ours" if o else "theirs"
            rows[folder][kind] += 1
            if out and way == "ap-apart" and kind in ("ours", "theirs"):
                out.write(f"{name}\t{kind}\t{' '.join(map(str, sorted(t)))}\t{' '.join(sorted(o))}\n")
        table(f"{way}: {len(files)} files", rows)
    if out:
        out.close()


if __name__ == "__main__":
    sys.exit(main())
