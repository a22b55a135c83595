#!/usr/bin/env python3
"""Puts a generated block of Markdown into README.md between two markers.

    scripts/readme_block.py NAME FILE

replaces what lies between "<!-- NAME:begin -->" and "<!-- NAME:end -->" in README.md with
the contents of FILE. The benchmark scripts write their tables to files; scripts/bench.sh
runs them all and calls this for each, so the README's performance sections show the last
full run, with its machine and command, and the prose around them stays hand-written.
A missing marker is an error (exit 1): a renamed section must not silently stop updating.
`readme_block.py --check NAME...` only checks that the blocks are there (a ctest does).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def replace_block(text, name, body):
    """text with the block NAME replaced by body; raises KeyError if the markers are missing."""
    pattern = re.compile(rf"(<!-- {re.escape(name)}:begin -->\n)(.*?)(<!-- {re.escape(name)}:end -->)",
                         re.S)
    if not pattern.search(text):
        raise KeyError(name)
    return pattern.sub(lambda m: m.group(1) + body.rstrip("\n") + "\n" + m.group(3), text, count=1)


def main(argv):
    readme = os.path.join(ROOT, "README.md")
    with open(readme) as f:
        text = f.read()
    if len(argv) >= 3 and argv[1] == "--check":  # every block named is there (a test runs this)
        missing = []
        for n in argv[2:]:
            try:
                replace_block(text, n, "")
            except KeyError:
                missing.append(n)
        for n in missing:
            print(f"readme_block.py: README.md has no <!-- {n}:begin --> ... <!-- {n}:end -->",
                  file=sys.stderr)
        return 1 if missing else 0
    if len(argv) != 3:
        print("usage: readme_block.py NAME FILE | readme_block.py --check NAME...", file=sys.stderr)
        return 2
    name, path = argv[1], argv[2]
    with open(path) as f:
        body = f.read()
    try:
        text = replace_block(text, name, body)
    except KeyError:
        print(f"readme_block.py: README.md has no <!-- {name}:begin --> ... <!-- {name}:end -->",
              file=sys.stderr)
        return 1
    with open(readme, "w") as f:
        f.write(text)
    print(f"readme_block.py: README.md block '{name}' <- {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
