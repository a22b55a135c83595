#!/usr/bin/env python3
"""tools/make_assets.py writes the committed level byte for byte: run it into a temp folder
and compare every file it writes with assets/ (and nothing committed is left unmade).

Usage: check_make_assets.py [--work DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def files_under(top):
    return sorted(os.path.relpath(os.path.join(d, f), top)
                  for d, _, names in os.walk(top) for f in names)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", default="make_assets_check")
    work = os.path.abspath(p.parse_args().work)
    shutil.rmtree(work, ignore_errors=True)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make_assets.py"),
                        "--out", work], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"check_make_assets: make_assets.py exited {r.returncode}: {r.stderr}")
    made = files_under(work)
    committed = [f for f in files_under(os.path.join(ROOT, "assets")) if not f.startswith("sounds")]
    if made != committed:
        sys.exit(f"check_make_assets: made {made}, committed {committed}")
    for f in made:
        a = open(os.path.join(work, f), "rb").read()
        b = open(os.path.join(ROOT, "assets", f), "rb").read()
        if a != b:
            sys.exit(f"check_make_assets: {f} differs from assets/{f} "
                     f"({len(a)} bytes made, {len(b)} committed): run tools/make_assets.py")
    print(f"check_make_assets: {len(made)} files, {sum(os.path.getsize(os.path.join(work, f)) for f in made)} "
          "bytes, identical to assets/")


if __name__ == "__main__":
    main()
