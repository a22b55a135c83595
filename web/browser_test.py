#!/usr/bin/env python3
"""Plays the browser build in headless Chromium and checks what the page reports.

  python3 web/browser_test.py <page URL with ?...frames=N> <results folder>

The page is served by web/server.py, which writes what the page posts at the end of its
run into the results folder: stats.json (last), screenshot.png, console.txt. This waits for
stats.json (polling, with a generous ceiling: a software-rendered WebGL 2 on a busy machine
is slow, and no figure here depends on time), then checks the run's claims:
  heap.allocations_after_warmup == 0   the frame loop allocates nothing in the browser either
  render.bullet_draw_calls_per_frame == 1   every bullet in one instanced draw
  world.targets_broken >= 1            the scripted player played the game
and that the page wrote the stats to its console (Chromium's log holds console lines).
Exit 0 when all hold; 1 with one line per failure."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

CEILING_S = 1200  # 300 frames took 200 s here on SwiftShader at a load average of 16


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    return None


def check(stats, frames):
    failures = []

    def expect(ok, what):
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            failures.append(what)

    heap, render, world = stats.get("heap", {}), stats.get("render", {}), stats.get("world", {})
    expect(stats.get("frames") == frames, f"frames {stats.get('frames')} (asked {frames})")
    expect(heap.get("allocations_after_warmup") == 0,
           f"heap.allocations_after_warmup {heap.get('allocations_after_warmup')} (want 0)")
    expect(render.get("bullet_draw_calls_per_frame") == 1,
           f"render.bullet_draw_calls_per_frame {render.get('bullet_draw_calls_per_frame')} (want 1)")
    expect((world.get("targets_broken") or 0) >= 1,
           f"world.targets_broken {world.get('targets_broken')} (want >= 1)")
    return failures


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    url, results = sys.argv[1], sys.argv[2]
    frames = int(url.split("frames=")[1].split("&")[0])
    browser = chromium()
    if browser is None:
        print("browser test: no chromium on PATH", file=sys.stderr)
        return 1
    profile = tempfile.mkdtemp(prefix="flatline-chromium-")
    log = open(os.path.join(results, "chromium.log"), "w")
    # SwiftShader gives WebGL 2 with no GPU; the throttling switches keep animation frames
    # coming at full rate in a headless, never-focused window.
    command = [browser, "--headless=new", "--no-sandbox", "--use-angle=swiftshader",
               "--enable-unsafe-swiftshader", "--mute-audio", "--no-first-run",
               "--autoplay-policy=no-user-gesture-required", "--window-size=1400,1000",
               "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows", "--enable-logging=stderr", "--v=0",
               f"--user-data-dir={profile}", "--remote-debugging-port=0", url]
    start = time.monotonic()
    browser_process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    stats_path = os.path.join(results, "stats.json")
    try:
        while not os.path.exists(stats_path):
            if browser_process.poll() is not None:
                print(f"browser test: chromium exited ({browser_process.returncode}) before the "
                      f"page reported; see {results}/chromium.log", file=sys.stderr)
                return 1
            if os.path.exists(os.path.join(results, "error.txt")):
                print("browser test: the page failed: " +
                      open(os.path.join(results, "error.txt")).read(), file=sys.stderr)
                return 1
            if time.monotonic() - start > CEILING_S:
                print(f"browser test: no stats after {CEILING_S} s; see {results}/chromium.log",
                      file=sys.stderr)
                return 1
            time.sleep(0.2)
    finally:
        browser_process.terminate()
        try:
            browser_process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser_process.kill()
        shutil.rmtree(profile, ignore_errors=True)
    with open(stats_path) as f:
        stats = json.load(f)
    print(f"browser test: {url} in {time.monotonic() - start:.0f} s, "
          f"GL: {stats.get('render', {}).get('gl_renderer')}")
    failures = check(stats, frames)
    with open(os.path.join(results, "chromium.log"), errors="replace") as f:  # console.log lines
        console = any("flatline stats: {" in line for line in f)
    print(("  ok    " if console else "  FAIL  ") + "the stats JSON on the page's console")
    if not console:
        failures.append("console")
    shot = os.path.join(results, "screenshot.png")
    print(f"browser test: screenshot {shot}" if os.path.exists(shot) else
          "browser test: no screenshot came back")
    if not os.path.exists(shot):
        failures.append("screenshot")
    if failures:
        print(f"browser test: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("browser test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
