#!/usr/bin/env bash
# The million-bullet proof in one command: the whole game with a million live bullets on the
# lab's fast kernel and 2 threads, the goal being pools.bullets.active >= 900,000 with
# tick_ms.median <= 16.7 and no heap allocation after warm-up; then the same run on 1 thread
# and (fewer frames) the game's scalar tick, whose state hashes must equal the 2-thread run's
# at every tick all three print. Prints one line per run: the figures, the CPU time per tick
# (user + system of every thread, less a 1-frame run's start-up: the work, which a busy
# machine does not inflate as it does the wall time) and the load average around it.
#   scripts/proof_million.sh                 # builds build/release's flatline if missing
#   FRAMES=240 SCALAR_FRAMES=60 EXE=build/release/flatline scripts/proof_million.sh
# Exit status 1 if a hash differs or the 2-thread run misses the goal.
set -euo pipefail
cd "$(dirname "$0")/.."
EXE=${EXE:-build/release/flatline}
FRAMES=${FRAMES:-240}
SCALAR_FRAMES=${SCALAR_FRAMES:-60}
OUT=${OUT:-build/proof_million}
[[ -x $EXE ]] || { cmake --preset release >/dev/null && cmake --build build/release -j2 --target flatline >/dev/null; }
mkdir -p "$OUT"
python3 - "$EXE" "$FRAMES" "$SCALAR_FRAMES" "$OUT" <<'PY'
import json, os, resource, subprocess, sys

exe, frames, scalar_frames, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
common = ["--no-window", "--pool-size", "1000000", "--fire-rate", "1200000", "--bullet-speed",
          "25", "--autofire", "--hash-every", str(max(1, scalar_frames // 3))]

def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])

def cpu_seconds(cmd):  # user + system time of the child and its threads
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout

def run(name, kernel_flags, n):
    stats = f"{out}/{name}.json"
    cmd = [exe] + kernel_flags + common + ["--frames", str(n), "--stats", stats]
    start, _ = cpu_seconds([exe] + kernel_flags + common + ["--frames", "1", "--stats", f"{out}/{name}_1.json"])
    before = load()
    cpu, printed = cpu_seconds(cmd)
    after = load()
    s = json.load(open(stats))
    hashes = {int(l.split()[1]): l.split()[3] for l in printed.splitlines() if l.startswith("tick ")}
    b, t = s["pools"]["bullets"], s["tick_ms"]
    per_tick = (cpu - start) * 1000 / (n - 1)
    rows.append(f"| `{' '.join(kernel_flags)} --frames {n}` | {b['active']:,} | {t['median']:.2f} | "
                f"{t['p99']:.2f} | {per_tick:.1f} | {s['heap']['allocations_after_warmup']} | "
                f"{before.split()[0]} / {after.split()[0]} | {s['state_hash']} |")
    print(f"{name}: {' '.join(cmd)}")
    print(f"  bullets active {b['active']:,} of {b['capacity']:,}; tick_ms median {t['median']:.2f} "
          f"p99 {t['p99']:.2f}; CPU {per_tick:.1f} ms/tick (all threads); heap allocations after "
          f"warm-up {s['heap']['allocations_after_warmup']}; state_hash {s['state_hash']}; "
          f"load {before} -> {after}")
    return s, hashes

rows = []
two, h2 = run("fast2", ["--kernel", "fast", "--threads", "2"], frames)
one, h1 = run("fast1", ["--kernel", "fast", "--threads", "1"], frames)
scalar, hs = run("scalar", ["--kernel", "scalar"], scalar_frames)
common_ticks = sorted(set(h2) & set(h1) & set(hs))
same = bool(common_ticks) and all(h2[k] == h1[k] == hs[k] for k in common_ticks)
print("hashes at ticks " + ", ".join(f"{k}: {h2[k]}" for k in common_ticks) +
      (": the same in all three" if same else ": THEY DIFFER"))
when = subprocess.run(["date", "-u", "+%Y-%m-%d %H:%M UTC"], capture_output=True, text=True).stdout.strip()
with open(f"{out}/table.md", "w") as f:  # for docs/lab/scaling.md
    f.write(f"`scripts/proof_million.sh`, {when}; common flags `{' '.join(common)}`\n\n"
            "| kernel | live at the end | tick_ms median | p99 | CPU ms per tick, all threads | "
            "allocations after warm-up | load before / after | state_hash at exit |\n"
            "|---|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n" +
            "Hashes printed by `--hash-every` at the ticks all three reached: " +
            ", ".join(f"tick {k}: {h2[k]}" for k in common_ticks) +
            (" (the same in all three).\n" if same else " (THEY DIFFER).\n"))
met = (two["pools"]["bullets"]["active"] >= 900000 and two["tick_ms"]["median"] <= 16.7 and
       two["heap"]["allocations_after_warmup"] == 0)
print("goal (2 threads: active >= 900,000, median <= 16.7 ms, 0 allocations): " +
      ("met" if met else "MISSED"))
sys.exit(0 if same and met else 1)
PY
