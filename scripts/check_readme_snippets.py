#!/usr/bin/env python3
"""Every ```cpp block in README.md that follows a <!-- snippet: PATH --> marker must
appear, verbatim, in PATH: the README shows the repo's code, not a paraphrase."""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
text = open(os.path.join(root, "README.md")).read()
pairs = re.findall(r"<!-- snippet: (\S+) -->\s*```cpp\n(.*?)```", text, re.S)
if not pairs:
    sys.exit("check_readme_snippets: no snippets found in README.md")
bad = 0
for path, code in pairs:
    source = open(os.path.join(root, path)).read()
    if code not in source:
        print(f"check_readme_snippets: a README excerpt no longer matches {path}:\n{code}")
        bad += 1
print(f"check_readme_snippets: {len(pairs)} excerpts, {bad} out of date")
sys.exit(1 if bad else 0)
