#!/usr/bin/env python3
"""Same-seed A/B: the pattern as designed against each teaching switch.

Every row plays the same seed with the same scripted input (--autofire), once
headless (3600 ticks: heap, pools, the tick) and once windowed under Xvfb with
deterministic frames (--fixed-dt, 600 frames: draw calls, frame time, heap of the
whole frame). It writes the pictures in docs/ab/ and puts the table between the
"ab:begin" and "ab:end" markers of whichever of README.md and docs/*.md holds them
(docs/ab.md: scripts/readme_block.py finds it).

--check runs only the headless half and compares its deterministic columns (heap
allocations after warm-up, peak_active, shots, hits, tunnelled, dropped, recycled,
grown) with that table: the table must match a fresh run.

Usage: scripts/ab.py --flatline build/release/flatline [--check] [--no-window-runs]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import readme_block  # this script's folder: finds the document that holds the table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = "7"
TICKS = 3600
FRAMES = 600
WARMUP = 60

# name, flags, what to watch. The first row is the pattern as designed.
ROWS = [
    ("pooled + instanced", [], "the baseline: nothing allocated, one draw call per kind"),
    ("pooling off", ["--no-pooling"], "an allocation per bullet and effect, every frame"),
    ("instancing off", ["--no-instancing"], "one draw call per live object"),
    ("no reset on release", ["--no-reset"],
     "reused bullets inherit last life's age and range and die early: hits collapse"),
    ("clear on reuse off", ["--no-clear-on-reuse"],
     "reused tracers start with last life's trail: the same game"),
    ("discrete collision", ["--discrete"], "bullets pass through the thin wall"),
    ("warm-up off", ["--no-warmup"],
     "pools grow at first demand (allocations in play); first draws pay the driver"),
    ("bullets: 32, drop", ["--pool-size", "32", "--overflow", "drop"],
     "shots dropped at the trigger: hits fall"),
    ("bullets: 32, recycle-oldest", ["--pool-size", "32", "--overflow", "recycle-oldest"],
     "the oldest bullets, flying into the sky, vanish: hits unchanged"),
    ("bullets: 32, grow", ["--pool-size", "32", "--overflow", "grow"],
     "the pool grows to its peak: allocations, once"),
]
PICTURES = [("pooling_off.png", ["--no-pooling", "--overlay", "heap"]),
            ("discrete.png", ["--discrete"])]
CHECKED = ["allocs_after_warmup", "peak", "shots", "hits", "tunnelled", "dropped", "recycled",
           "grown"]


def run(flatline, args, windowed):
    with tempfile.TemporaryDirectory() as tmp:
        stats = os.path.join(tmp, "stats.json")
        cmd = [flatline, "--seed", SEED, "--autofire", "--warmup", str(WARMUP), "--stats", stats]
        if windowed:
            cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24"] + cmd + [
                "--hidden", "--fixed-dt", "--frames", str(FRAMES)]
        else:
            cmd += ["--no-window", "--frames", str(TICKS)]
        subprocess.run(cmd + args, check=True, stdout=subprocess.DEVNULL)
        with open(stats) as f:
            return json.load(f)


def headless_columns(d):
    bullets = d["pools"]["bullets"]
    steady = d["frames"] - WARMUP
    peak = bullets["peak_active"] if d["lessons"]["pooling"] else d["lessons"]["heap_bullets_peak"]
    return {
        "allocs_total": d["heap"]["allocations_total"],
        "allocs_after_warmup": d["heap"]["allocations_after_warmup"],
        "allocs_per_frame": d["heap"]["allocations_after_warmup"] / steady,
        "peak": peak,
        "shots": d["world"]["shots_fired"],
        "hits": d["world"]["bullet_hits"],
        "tunnelled": d["lessons"]["tunnelled"],
        "dropped": bullets["dropped"],
        "recycled": bullets["recycled"],
        "grown": bullets["grown"],
        "tick_p50": d["tick_ms"]["median"],
        "tick_p99": d["tick_ms"]["p99"],
    }


def table(rows):
    head = ("| switch | heap allocations in all (load included) | "
            "heap allocations after warm-up (per frame) | bullets peak_active | "
            "shots / hits | tunnelled | dropped / recycled / grown | tick ms p50 / p99 | "
            "draw calls per frame | frame ms p50 / p99 / first shot (llvmpipe) | watch |")
    lines = [head, "|" + "---|" * 11]
    for name, h, w, watch in rows:
        window = (f"{w['render']['draw_calls_per_frame']} | "
                  f"{w['frame_ms']['median']:.1f} / {w['frame_ms']['p99']:.1f} / "
                  f"{w['frame_ms']['first_shot']:.1f}") if w else "- | -"
        lines.append(
            f"| {name} | {h['allocs_total']} | "
            f"{h['allocs_after_warmup']} ({h['allocs_per_frame']:.2f}) | {h['peak']} | "
            f"{h['shots']} / {h['hits']} | {h['tunnelled']} | "
            f"{h['dropped']} / {h['recycled']} / {h['grown']} | "
            f"{h['tick_p50']:.3f} / {h['tick_p99']:.3f} | {window} | {watch} |")
    return "\n".join(lines)


def parse_table(text):
    """The checked columns of each row of the A/B table, by switch name."""
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 11 or not re.match(r"^\d+ \(", cells[2]):
            continue
        shots, hits = cells[4].split(" / ")
        dropped, recycled, grown = cells[6].split(" / ")
        out[cells[0]] = {"allocs_after_warmup": int(cells[2].split(" ")[0]),
                         "peak": int(cells[3]), "shots": int(shots), "hits": int(hits),
                         "tunnelled": int(cells[5]), "dropped": int(dropped),
                         "recycled": int(recycled), "grown": int(grown)}
    return out


def check(flatline):
    doc, _, m = readme_block.locate("ab")
    expected = parse_table(m.group(2))
    failures = 0
    for name, flags, _ in ROWS:
        got = headless_columns(run(flatline, flags, windowed=False))
        want = expected.get(name)
        if want is None:
            print(f"ab.py: the table in {doc} has no row '{name}'")
            failures += 1
            continue
        for key in CHECKED:
            # Growth's own bookkeeping allocations differ by build type (debug builds
            # also grow the poison flags): its allocation count is not compared.
            if key == "allocs_after_warmup" and "--overflow" in flags and "grow" in flags:
                continue
            if got[key] != want[key]:
                print(f"ab.py: '{name}' {key}: {doc} says {want[key]}, a fresh run gives {got[key]}")
                failures += 1
    print(f"ab.py: {len(ROWS)} rows checked against {doc}, {failures} differences")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flatline", required=True)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-window-runs", action="store_true")
    a = parser.parse_args()
    if a.check:
        return check(a.flatline)
    readme_block.locate("ab")  # before the runs: fail now if the table has nowhere to go
    windowed = not a.no_window_runs and shutil.which("xvfb-run") is not None
    rows = []
    for name, flags, watch in ROWS:
        h = headless_columns(run(a.flatline, flags, windowed=False))
        w = run(a.flatline, flags, windowed=True) if windowed else None
        rows.append((name, h, w, watch))
        print(f"ab.py: {name} done", file=sys.stderr)
    command = "scripts/ab.sh"
    cpu = subprocess.run(["sh", "-c", "lscpu | sed -n 's/^Model name: *//p'"],
                         capture_output=True, text=True).stdout.strip()
    md = (f"Seed {SEED}, autofire; headless {TICKS} ticks, windowed {FRAMES} frames under Xvfb "
          f"(Mesa llvmpipe, --fixed-dt); warm-up {WARMUP} frames. Made by `{command}` on "
          f"{cpu or 'this machine'}, {os.cpu_count()} cores.\n\n" + table(rows) + "\n")
    os.makedirs(os.path.join(ROOT, "docs", "ab"), exist_ok=True)
    doc, text, _ = readme_block.locate("ab")
    with open(os.path.join(ROOT, doc), "w") as f:
        f.write(readme_block.replace_block(text, "ab", md))
    print(f"ab.py: table written into {doc}", file=sys.stderr)
    if windowed:
        for png, flags in PICTURES:
            out = os.path.join(ROOT, "docs", "ab", png)
            subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", a.flatline, "--seed",
                            SEED, "--autofire", "--hidden", "--fixed-dt", "--frames", "280",
                            "--screenshot", out] + flags, check=True, stdout=subprocess.DEVNULL)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
