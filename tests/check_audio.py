#!/usr/bin/env python3
"""The sound, as a player and a tester meet it: --audio-out renders a run to a WAV that is
loud while firing, byte-identical for the same seed, and silent with --mute; the voices are
a pool in the stats; a missing or broken sound file is one line naming it; no audio device
means a silent run, exit 0; a full disk fails the run.

Usage: check_audio.py --flatline PATH [--xvfb-run PATH] [--work DIR]
"""
import argparse
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import wave

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")


def run(args, env=None):
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)


def samples(path):
    with wave.open(path) as w:
        assert w.getsampwidth() == 2, path
        raw = w.readframes(w.getnframes())
        return w.getnchannels(), w.getframerate(), struct.unpack("<%dh" % (len(raw) // 2), raw)


def rms(values):
    return math.sqrt(sum(v * v for v in values) / max(1, len(values)))


def expect(ok, what):
    if not ok:
        sys.exit("check_audio: " + what)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--flatline", required=True)
    p.add_argument("--xvfb-run")
    p.add_argument("--work", default="audio_check")
    a = p.parse_args()
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    base = [a.flatline, "--no-window", "--frames", "600", "--autofire", "--seed", "7"]

    r = run(base + ["--audio-out", f"{work}/a.wav", "--stats", f"{work}/s.json"])
    expect(r.returncode == 0, f"the --audio-out run exited {r.returncode}: {r.stderr}")
    channels, rate, a_samples = samples(f"{work}/a.wav")
    seconds = len(a_samples) / channels / rate
    expect(channels == 2 and rate == 48000 and abs(seconds - 10.0) < 0.01,
           f"{channels} channels at {rate} Hz for {seconds:.3f} s, expected stereo 48 kHz 10 s")
    loud = rms(a_samples)
    expect(loud > 1000, f"RMS {loud:.0f} while firing: hardly above silence")
    stats = json.load(open(f"{work}/s.json"))
    v = stats["pools"]["voices"]
    expect(v["allocations"] == v["capacity"] == 32 and v["acquired"] >= 20,
           f"voices: {v['allocations']} made for {v['capacity']}, {v['acquired']} acquired")
    expect(stats["heap"]["allocations_after_warmup"] == 0, f"heap: {stats['heap']}")

    r = run(base + ["--audio-out", f"{work}/b.wav"])
    expect(r.returncode == 0 and open(f"{work}/a.wav", "rb").read() == open(f"{work}/b.wav", "rb").read(),
           "two runs of one seed gave different WAVs")
    r = run(base + ["--record", f"{work}/r.flrp"])
    r2 = run([a.flatline, "--no-window", "--replay", f"{work}/r.flrp", "--audio-out", f"{work}/r.wav"])
    expect(r.returncode == 0 and r2.returncode == 0 and
           open(f"{work}/a.wav", "rb").read() == open(f"{work}/r.wav", "rb").read(),
           "a replay of the run does not sound the same")
    r = run(base + ["--audio-out", f"{work}/m.wav", "--mute"])
    expect(r.returncode == 0 and not any(samples(f"{work}/m.wav")[2]), "--mute is not silent")

    # The level without its sounds: the level loads, the first sound is missing.
    shutil.copytree(ASSETS, f"{work}/none", ignore=shutil.ignore_patterns("sounds"))
    r = run(base + ["--audio-out", f"{work}/x.wav", "--assets", f"{work}/none"])
    expect(r.returncode == 1 and r.stderr.count("\n") == 1 and f"{work}/none/sounds/rifle.wav" in r.stderr,
           f"a missing sound: exit {r.returncode}, {r.stderr!r}")
    broken = f"{work}/broken"
    shutil.copytree(ASSETS, broken)
    open(f"{broken}/sounds/casing.wav", "wb").write(b"RIFF\x10\x00\x00\x00WAVEjunk")
    r = run(base + ["--audio-out", f"{work}/x.wav", "--assets", broken])
    expect(r.returncode == 1 and r.stderr.count("\n") == 1 and "casing.wav" in r.stderr,
           f"a broken sound: exit {r.returncode}, {r.stderr!r}")
    r = run(base + ["--audio-out", "/dev/full"])
    expect(r.returncode == 1 and "/dev/full" in r.stderr, f"--audio-out /dev/full: exit {r.returncode}")

    if a.xvfb_run:  # a window, and no sound card at all: silent, one line, exit 0
        env = dict(os.environ, ALSOFT_DRIVERS="none", ASAN_OPTIONS="detect_leaks=0")
        r = run([a.xvfb_run, "-a", "-s", "-screen 0 320x240x24", a.flatline, "--hidden",
                 "--frames", "30", "--fixed-dt"], env=env)
        expect(r.returncode == 0 and r.stderr == "flatline: no audio device: the game runs silent\n",
               f"no device: exit {r.returncode}, {r.stderr!r}")
    print(f"check_audio: 10 s WAV, RMS {loud:.0f}, {v['acquired']} voices acquired, "
          f"{v['stolen']} stolen, {v['merged_events']} events merged; identical twice and replayed; muted silent")


if __name__ == "__main__":
    main()
