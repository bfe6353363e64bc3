"""python -m sgfcheck FILE...: the findings of sgfcheck.check_files as ``sgfcheck FILE`` prints
them (FILE:LINE:COLUMN: level[CODE]: message, then the hint), and the same exit status:
0 no error, 1 an error in some file, 2 a file that could not be read or a bad option."""
import argparse
import sys

import sgfcheck


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sgfcheck", description="Check SGF files (sgfcheck's Python module).")
    parser.add_argument("paths", nargs="+", metavar="FILE", help="an SGF file, or a directory of them")
    parser.add_argument("--profile", default="ff4", choices=sgfcheck.PROFILES)
    parser.add_argument("--select", help="codes to report, as sgfcheck --select takes them")
    parser.add_argument("--ignore", help="codes not to report")
    parser.add_argument("--lenient", action="store_true", help="parser recoveries as warnings")
    args = parser.parse_args(argv)
    try:
        results = sgfcheck.check_files(args.paths, profile=args.profile, select=args.select, ignore=args.ignore,
                                       lenient=args.lenient)
    except ValueError as e:
        print("python -m sgfcheck: %s" % e, file=sys.stderr)
        return 2
    unreadable = errors = 0
    for r in results:
        if r.error is not None:
            print("sgfcheck: %s" % r.error, file=sys.stderr)
            unreadable += 1
            continue
        errors += not r.ok
        for d in r.diagnostics:
            where = r.path if d.line is None else "%s:%d:%d" % (r.path, d.line, d.column)
            print("%s: %s[%s]: %s" % (where, d.severity, d.code, d.message))
            if d.hint:
                print("   = %s" % d.hint)
    checked = len(results) - unreadable
    print("checked %d file%s: %d with errors%s" % (checked, "" if checked == 1 else "s", errors,
                                                   "; %d could not be read" % unreadable if unreadable else ""))
    return 2 if unreadable else 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
