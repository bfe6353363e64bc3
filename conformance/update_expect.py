#!/usr/bin/env python3
"""Rewrites the diagnostic lines of the .expect files from a runner's ours.tsv.

After a change to sgfcheck's rules (a new level, a new code number), run the runner and let
this script carry ours' findings into the cases whose expectation differs:

    build/sgfcheck conformance --out /tmp/run            # writes /tmp/run/ours.tsv
    conformance/update_expect.py /tmp/run/ours.tsv        # rewrites differing .expect files
    git diff conformance/cases                            # REVIEW every change against the
                                                          # case's sentence in SOURCES.md

Only the diagnostic lines ("E008 1:4") change: comments, the tree, pending and known-bug lines
stay. Known-bug cases are left alone (their expectation is the spec's, not ours). The script
lists cases whose name no longer fits the new findings (a y_ case with an error, an n_ case
without one): rename those by hand after reading their sentence again.
"""
import os
import re
import sys

DIAG = re.compile(r"^[EWI]\d{3} \d+:\d+\s*$")


def ours_codes(detail):
    """'W015 1:1, W025 1:13; .expect: ...' -> ['W015 1:1', 'W025 1:13']"""
    mine = detail.split("; .expect:")[0].strip()
    if not mine or mine.startswith(".expect"):
        return []
    return [d.strip() for d in mine.split(",") if DIAG.match(d.strip())]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cases = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
    changed, misnamed = [], []
    with open(sys.argv[1], encoding="utf-8") as tsv:
        next(tsv)
        for row in tsv:
            cols = row.rstrip("\n").split("\t")
            if len(cols) < 6 or "; .expect:" not in cols[5] and not cols[5].startswith(".expect:"):
                continue
            name, detail = cols[0], cols[5]
            path = os.path.join(cases, name + ".expect")
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if any(l.startswith("known-bug") or l.startswith("pending") for l in lines):
                continue
            new = ours_codes(detail)
            out, placed = [], False
            for l in lines:
                if DIAG.match(l):
                    if not placed:
                        out.extend(new)
                        placed = True
                    continue
                out.append(l)
            if not placed:  # no diagnostic line before: after the leading comments
                k = 0
                while k < len(out) and out[k].startswith("#"):
                    k += 1
                out[k:k] = new
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(out))
            changed.append(name)
            has_error = any(d.startswith("E") for d in new)
            if (name.startswith("y_") and has_error) or (name.startswith("n_") and not has_error):
                misnamed.append(name)
    print(f"{len(changed)} .expect files rewritten")
    for n in misnamed:
        print(f"  name no longer fits the findings: {n}")


if __name__ == "__main__":
    main()
