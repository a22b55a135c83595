#!/usr/bin/env python3
"""Puts a generated block of Markdown between two markers in the README or a docs/ page.

    scripts/readme_block.py NAME FILE

replaces what lies between "<!-- NAME:begin -->" and "<!-- NAME:end -->" with the contents
of FILE, in whichever of README.md, docs/*.md and docs/lab/*.md holds those markers (exactly
one must).
The benchmark scripts write their tables to files; scripts/bench.sh runs them all and
calls this for each, so the performance chapters show the last full run, with its machine
and command, and the prose around them stays hand-written. A missing marker is an error
(exit 1): a renamed or moved section must not silently stop updating.

    scripts/readme_block.py --check SPEC...

only checks that the blocks are there (a ctest runs it). SPEC is NAME (the block is in
exactly one of the files) or PATH:NAME (it is in PATH, relative to the repository root,
and nowhere else), so the test also says where each table is meant to live.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documents():
    """The files that may hold blocks, relative to the root: README.md, docs/*.md, docs/lab/*.md."""
    docs = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    docs += sorted(glob.glob(os.path.join(ROOT, "docs", "lab", "*.md")))
    return ["README.md"] + [os.path.relpath(p, ROOT) for p in docs]


def pattern(name):
    return re.compile(rf"(<!-- {re.escape(name)}:begin -->\n)(.*?)(<!-- {re.escape(name)}:end -->)",
                      re.S)


def replace_block(text, name, body):
    """text with the block NAME replaced by body; raises KeyError if the markers are missing."""
    p = pattern(name)
    if not p.search(text):
        raise KeyError(name)
    return p.sub(lambda m: m.group(1) + body.rstrip("\n") + "\n" + m.group(3), text, count=1)


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def holders(name):
    """Every document (relative path) that holds the block NAME."""
    return [rel for rel in documents() if pattern(name).search(read(rel))]


def locate(name):
    """(relative path, text, match) of the one document holding NAME; exits with a message
    if none or more than one does."""
    found = holders(name)
    if len(found) != 1:
        where = "none of" if not found else f"{len(found)} of"
        sys.exit(f"readme_block.py: {where} README.md, docs/*.md, docs/lab/*.md hold <!-- {name}:begin --> ... "
                 f"<!-- {name}:end -->" + (f" ({', '.join(found)})" if found else ""))
    text = read(found[0])
    return found[0], text, pattern(name).search(text)


def check(specs):
    bad = 0
    for spec in specs:
        path, _, name = spec.rpartition(":")
        found = holders(name)
        if path and found != [path]:
            print(f"readme_block.py: <!-- {name}:begin --> ... <!-- {name}:end --> should be in "
                  f"{path} alone; found in: {', '.join(found) or 'no file'}", file=sys.stderr)
            bad += 1
        elif not path and len(found) != 1:
            print(f"readme_block.py: <!-- {name}:begin --> ... <!-- {name}:end --> should be in "
                  f"exactly one of README.md, docs/*.md, docs/lab/*.md; found in: {', '.join(found) or 'no file'}",
                  file=sys.stderr)
            bad += 1
    print(f"readme_block.py: {len(specs)} blocks checked, {bad} missing or misplaced")
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "--check":
        return check(argv[2:])
    if len(argv) != 3:
        print("usage: readme_block.py NAME FILE | readme_block.py --check [PATH:]NAME...",
              file=sys.stderr)
        return 2
    name, path = argv[1], argv[2]
    with open(path) as f:
        body = f.read()
    found = holders(name)
    if len(found) != 1:
        print(f"readme_block.py: <!-- {name}:begin --> ... <!-- {name}:end --> must be in exactly "
              f"one of README.md, docs/*.md, docs/lab/*.md; found in: {', '.join(found) or 'no file'}",
              file=sys.stderr)
        return 1
    target = os.path.join(ROOT, found[0])
    text = replace_block(read(found[0]), name, body)
    with open(target, "w") as f:
        f.write(text)
    print(f"readme_block.py: {found[0]} block '{name}' <- {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
