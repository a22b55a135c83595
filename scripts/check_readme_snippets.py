#!/usr/bin/env python3
"""Every ```cpp block in README.md or docs/*.md that follows a <!-- snippet: PATH --> marker
must appear, verbatim, in PATH (relative to the repository root): the documents show the
repository's code, not a paraphrase."""
import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
documents = ["README.md"] + sorted(os.path.relpath(p, root)
                                   for p in glob.glob(os.path.join(root, "docs", "*.md")))
total = bad = 0
for doc in documents:
    with open(os.path.join(root, doc)) as f:
        text = f.read()
    for path, code in re.findall(r"<!-- snippet: (\S+) -->\s*```cpp\n(.*?)```", text, re.S):
        total += 1
        source_path = os.path.join(root, path)
        if not os.path.isfile(source_path):
            print(f"check_readme_snippets: {doc} quotes {path}, which does not exist")
            bad += 1
            continue
        with open(source_path) as f:
            if code not in f.read():
                print(f"check_readme_snippets: an excerpt in {doc} no longer matches {path}:\n{code}")
                bad += 1
if total == 0:
    sys.exit("check_readme_snippets: no snippets found in README.md or docs/*.md")
print(f"check_readme_snippets: {total} excerpts in {len(documents)} documents, {bad} out of date")
sys.exit(1 if bad else 0)
