#!/usr/bin/env python3
"""Every relative link and anchor of README.md and docs/*.md leads somewhere (ctest docs_site).

Usage: tests/docs_links.py SOURCE_DIR [SITE_DIR]

In the Markdown sources: a relative link names a file that exists (a page of docs/ may link
only inside docs/: the site holds nothing else), and its #anchor is a heading of the target
(as both GitHub and mkdocs' toc name it) or an explicit id="..." there. Every page of docs/ is
in mkdocs.yml's nav and every nav entry is a page. The README keeps the two commands that
tests/fresh_clone.sh runs on a fresh clone (set-up+run and test).
With SITE_DIR (the site mkdocs built): every relative href of every built page leads to a
file of the site and to an id in it; mkdocs --strict checks the files only, not the anchors.
Prints each broken link as FILE:LINE: what; exits 1 when there is one.
"""
import html.parser
import os
import re
import sys
import unicodedata
from urllib.parse import unquote, urlsplit

problems = []


def problem(where, what):
    problems.append(f"{where}: {what}")


def strip_code(line):
    """The line without its inline code spans (a link inside backticks is not a link)."""
    return re.sub(r"(`+)(?:(?!\1).)+?\1", lambda m: "\x00" * len(m.group(0)), line)


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s*(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * 3
            elif m.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield n, line


def heading_text(raw):
    """A heading as it renders: code spans' text, link texts, no emphasis or HTML."""
    t = re.sub(r"`([^`]*)`", r"\1", raw)
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", t)
    t = re.sub(r"<[^>]+>", "", t)
    return re.sub(r"[*_]{1,3}(\S(?:.*?\S)?)[*_]{1,3}", r"\1", t).strip()


def github_slug(text):
    s = re.sub(r"[^\w\- ]", "", text.lower())
    return s.replace(" ", "-")


def toc_slug(text):
    """Python-Markdown's toc slugify, as mkdocs uses it."""
    s = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^\w\s-]", "", s).strip().lower()
    return re.sub(r"[-\s]+", "-", s)


anchor_cache = {}


def anchors(path):
    """The anchors both renderers give the file: heading slugs and explicit ids."""
    if path in anchor_cache:
        return anchor_cache[path]
    text = open(path, encoding="utf-8").read()
    gh, toc = set(), set()
    for _, line in prose_lines(text):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        t = heading_text(m.group(1))
        s, k = github_slug(t), 0
        while (s if k == 0 else f"{s}-{k}") in gh:  # GitHub: x, x-1, x-2
            k += 1
        gh.add(s if k == 0 else f"{s}-{k}")
        s, k = toc_slug(t), 0
        while (s if k == 0 else f"{s}_{k}") in toc:  # Python-Markdown's toc: x, x_1, x_2
            k += 1
        toc.add(s if k == 0 else f"{s}_{k}")
    both = gh & toc
    ids = set(re.findall(r"""<a\s+(?:id|name)=["']([^"']+)["']""", text))
    anchor_cache[path] = both | ids
    return anchor_cache[path]


def check_markdown(src, rel):
    path = os.path.join(src, rel)
    in_docs = rel.startswith("docs" + os.sep)
    docs_dir = os.path.join(src, "docs")
    text = open(path, encoding="utf-8").read()
    for n, line in prose_lines(text):
        plain = strip_code(line)
        # (an escaped bracket, "\\](", is text, not the end of a link's text)
        targets = re.findall(r"(?<!\\)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", plain)
        targets += re.findall(r"""href=["']([^"']+)["']""", plain)
        for target in targets:
            where = f"{rel}:{n}"
            parts = urlsplit(target)
            if parts.scheme or parts.netloc:
                continue
            file = os.path.normpath(os.path.join(os.path.dirname(path), unquote(parts.path))) if parts.path else path
            if not os.path.exists(file):
                problem(where, f"link to {target}: {os.path.relpath(file, src)} does not exist")
                continue
            if in_docs and os.path.commonpath([file, docs_dir]) != docs_dir:
                problem(where, f"link to {target} leaves docs/ (the site holds only docs/: write the path as code)")
            if parts.fragment:
                if not file.endswith(".md"):
                    problem(where, f"link to {target}: an anchor into a file that is not Markdown")
                elif unquote(parts.fragment) not in anchors(file):
                    problem(where, f"link to {target}: no heading or id \"{parts.fragment}\" in {os.path.relpath(file, src)}")


def check_nav(src, pages):
    config = open(os.path.join(src, "mkdocs.yml"), encoding="utf-8").read()
    nav = config[config.index("\nnav:"):] if "\nnav:" in config else ""
    listed = re.findall(r"^\s*-\s*(?:[^:\n]+:\s*)?([\w./-]+\.md)\s*$", nav, re.M)
    for page in pages:
        if page not in listed:
            problem("mkdocs.yml", f"docs/{page} is not in the nav")
    for page in listed:
        if page not in pages:
            problem("mkdocs.yml", f"the nav lists {page}, which is not a page of docs/")
    if not re.search(r"^docs_dir:\s*docs\s*$", config, re.M):
        problem("mkdocs.yml", "docs_dir is not docs")


def check_readme_commands(src):
    """The README's set-up+run and test commands are the ones tests/fresh_clone.sh runs."""
    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
    blocks = re.findall(r"^```sh\n(.*?)^```", readme, re.M | re.S)
    commands = {line.strip() for b in blocks for line in b.split("\n") if line.strip()}
    script = open(os.path.join(src, "tests", "fresh_clone.sh"), encoding="utf-8").read()
    run = re.search(r"build_and_check\(\) \{\n\s*(.*?)\n\}", script, re.S)
    test = re.search(r"^\((cmake --build .*?ctest .*?)\) >", script, re.M)
    if not run or not test:
        problem("tests/fresh_clone.sh", "its two commands (build_and_check, the ctest line) are not found")
        return
    setup = [c for c in commands if c.startswith(".ci/setup && cmake -S . -B build")]
    if not any(c.endswith(" && " + run.group(1).strip()) for c in setup):
        problem("README.md", f"no ```sh block has the set-up+run command: .ci/setup && cmake -S . -B build ... && {run.group(1).strip()}")
    if test.group(1) not in commands:
        problem("README.md", f"no ```sh block has the test command: {test.group(1)}")


class SiteLinks(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs = set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.hrefs.append((self.getpos()[0], a["href"]))


def check_site(site):
    parsed = {}

    def page(path):
        if path not in parsed:
            p = SiteLinks()
            p.feed(open(path, encoding="utf-8", errors="replace").read())
            parsed[path] = p
        return parsed[path]

    pages = sorted(os.path.join(d, f) for d, _, fs in os.walk(site) for f in fs if f.endswith(".html"))
    if not pages:
        problem(site, "no page was built")
    for path in pages:
        rel = os.path.relpath(path, site)
        if rel == "404.html" or rel.startswith("search" + os.sep):
            continue  # mkdocs' own: links relative to wherever the server shows them
        for line, href in page(path).hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(path), unquote(parts.path))) if parts.path else path
            if os.path.isdir(target):
                target = os.path.join(target, "index.html")
            if not os.path.exists(target):
                problem(f"site {rel}:{line}", f"link to {href}: not in the site")
            elif parts.fragment and target.endswith(".html") and unquote(parts.fragment) not in page(target).ids:
                problem(f"site {rel}:{line}", f"link to {href}: no id \"{parts.fragment}\"")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    src = os.path.abspath(sys.argv[1])
    pages = sorted(f for f in os.listdir(os.path.join(src, "docs")) if f.endswith(".md"))
    for rel in ["README.md"] + [os.path.join("docs", p) for p in pages]:
        check_markdown(src, rel)
    check_nav(src, pages)
    check_readme_commands(src)
    if len(sys.argv) == 3:
        check_site(sys.argv[2])
    for p in problems:
        print(p)
    what = f"README.md and {len(pages)} pages of docs/" + (" and the built site" if len(sys.argv) == 3 else "")
    print(f"{what}: {len(problems)} broken link(s) or missing page(s)" if problems else f"{what}: every link and anchor leads somewhere")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
