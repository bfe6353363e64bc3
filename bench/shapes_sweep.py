#!/usr/bin/env python3
"""Every command and option of sgfcheck on adversarial shapes at N and 4N (issue 23: "every
shape stays linear"; docs/performance.md, sixth part). Prints the runs that took over 0.3 s of
CPU at 4N, flagging with <<< those more than 6 times their time at N, and ends with "done".
A hang counts as 99 s (60 s timeout per run).

Usage: bench/shapes_sweep.py [SGFCHECK] [N]   (default build/sgfcheck, N = 20000)
"""
import os
import resource
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sgfcheck = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "build", "sgfcheck")
base = int(sys.argv[2]) if len(sys.argv) > 2 else 20000

COMMANDS = ["-q", "--format=json", "--format=sarif", "fix", "fix --variation-level", "fix --delete-empty-nodes",
            "fix --delete-unknown", "fmt", "fmt --expand-points", "fmt --compress-points", "dump", "dump --positions",
            "dump --show-inherited", "stats"]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pt(i, j):
    return LETTERS[i] + LETTERS[j]


def shapes(n):
    go = "(;FF[4]GM[1]SZ[19]"
    full52 = "".join("[" + pt(i, j) + "]" for i in range(52) for j in range(52) if (i, j) != (0, 0))
    small = max(n // 4, 1)  # the 52x52 shapes cost a group rebuild per node: a quarter as many
    return {
        "nested": go + "(;B[aa]" * n + ")" * n + ")",
        "wide": go + "(;B[aa])" * n + ")",
        "long": go + "".join((";B[%s]" if k % 2 == 0 else ";W[%s]") % pt(k % 19, (k // 19) % 19) for k in range(n)) + ")",
        "props": go + "".join("AB[%s]" % pt(k % 19, (k // 19) % 19) for k in range(n)) + ")",
        "trees": "(;FF[4]GM[1]SZ[19];B[aa])" * n,
        "labels": go + "LB" + "".join("[aa:x%d]" % k for k in range(n)) + ")",
        "views": go + "DD[aa:ss]VW[aa:ss]" + ";B[aa]" * n + ")",
        "marks": "(;FF[3]GM[1]SZ[19]" + ";B[aa]M[aa]" * n + ")",
        "escapes": go + "C[" + "x\\]" * n + "])",
        "churn": "(;FF[4]GM[1]SZ[52]AB" + full52 + "".join(";AW[%s]" % pt(26, 26) if k % 2 == 0 else ";AB[%s]" % pt(26, 26) for k in range(small)) + ")",
        "wide-churn": "(;FF[4]GM[1]SZ[52]AB" + full52 + "".join("(;AE[%s];B[aa])" % pt(k % 52, (k // 52) % 52) for k in range(small)) + ")",
        "same-point": go + "AB" + "[aa]" * n + ")",
        "game-info": go + ";PB[x]" * n + ")",
        "ko": go + "AB[ba][ab][cb][bc]AW[ca][db][cc]" + ";W[bb];B[cb]" * (n // 2) + ")",
        "lowercase": "(;" + "".join("x" + pt(k % 52, k // 52 % 52).upper() + "[]" for k in range(n)) + "FF[3])",
    }


def cpu(args, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([sgfcheck] + args.split() + [path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    except subprocess.TimeoutExpired:
        return 99.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


with tempfile.TemporaryDirectory() as tmp:
    for size, tag in ((base, "n"), (4 * base, "4n")):
        for name, text in shapes(size).items():
            with open(os.path.join(tmp, f"{name}-{tag}.sgf"), "w") as f:
                f.write(text)
    print(f"sgfcheck {sgfcheck}, N = {base}", flush=True)
    for name in shapes(1):
        for c in COMMANDS:
            a = cpu(c, os.path.join(tmp, f"{name}-n.sgf"))
            b = cpu(c, os.path.join(tmp, f"{name}-4n.sgf"))
            if b > 0.3:
                flag = "  <<<" if b / max(a, 0.02) > 6 else ""
                print(f"{name:11} {c:26} {a:6.2f} s -> {b:6.2f} s ({b / max(a, 0.02):4.1f}x){flag}", flush=True)
print("done")
