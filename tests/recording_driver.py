#!/usr/bin/env python3
"""Drives a long flatline recording run for the CMake checks, waiting on the recording file
(never on the clock) before acting on the run:

  kill           once the file holds --blocks complete blocks, SIGKILL the run (no handler
                 runs, nothing is finished); prints the file's size after the kill.
  second-writer  once the run has started writing, start a second run recording to the same
                 file: it must be refused (exit 2, one line) while the first runs on; then
                 SIGTERM the first, which finishes its recording.

The file's layout (--header, --block bytes) comes from the caller, which owns the arithmetic.
Each wait has a generous ceiling (--ceiling seconds) for a loaded machine; past it, or if the
run ends by itself, the driver fails saying so.
"""
import argparse
import os
import signal
import subprocess
import sys
import time


def fail(message):
    print(f"recording_driver: {message}", file=sys.stderr)
    sys.exit(1)


def start(flatline, record):
    if os.path.exists(record):
        os.remove(record)
    return subprocess.Popen(
        [flatline, "--no-window", "--frames", "100000000", "--autofire", "--record", record],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for_size(run, record, size, ceiling):
    deadline = time.monotonic() + ceiling
    while time.monotonic() < deadline:
        if run.poll() is not None:
            fail(f"the recording run ended by itself (exit {run.returncode}): "
                 f"{run.stderr.read().decode(errors='replace')}")
        if os.path.exists(record) and os.path.getsize(record) >= size:
            return
        time.sleep(0.01)
    run.kill()
    run.wait()
    fail(f"{record} did not reach {size} bytes within {ceiling} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=["kill", "second-writer"])
    parser.add_argument("--flatline", required=True)
    parser.add_argument("--record", required=True)
    parser.add_argument("--header", type=int, required=True)
    parser.add_argument("--block", type=int, required=True)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--ceiling", type=float, default=120.0)
    args = parser.parse_args()

    run = start(args.flatline, args.record)
    wait_for_size(run, args.record, args.header + args.blocks * args.block, args.ceiling)
    if args.action == "kill":
        run.send_signal(signal.SIGKILL)
        run.wait()
        print(os.path.getsize(args.record))
        return
    second = subprocess.run(
        [args.flatline, "--no-window", "--frames", "10", "--record", args.record],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=args.ceiling)
    err = second.stderr.decode(errors="replace")
    still_running = run.poll() is None
    run.send_signal(signal.SIGTERM)
    try:
        first_rc = run.wait(timeout=args.ceiling)
    except subprocess.TimeoutExpired:
        run.kill()
        run.wait()
        fail("the first run did not stop after SIGTERM")
    if second.returncode != 2 or err.count("\n") != 1 or "another run is recording" not in err:
        fail(f"the second writer: expected exit 2 and one line, got {second.returncode}: {err!r}")
    if not still_running:
        fail("the first run had ended before the second was refused")
    if first_rc != 130:
        fail(f"the first run exited {first_rc} after SIGTERM, expected 130")
    print(err.strip())


if __name__ == "__main__":
    main()
