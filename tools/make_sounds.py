#!/usr/bin/env python3
"""Synthesises Flatline's sound effects into assets/sounds/ as 16-bit mono 48 kHz WAV files.

Reproducible: a fixed seed per sound and integer rounding, so every run writes the same
bytes (tests compare them). Change a recipe below and run it again:

    python3 tools/make_sounds.py [--out assets/sounds]
"""
import argparse
import math
import os
import random
import struct
import wave

RATE = 48000


def envelope(t, attack, decay):
    """A fast attack and an exponential decay: the shape of a hit."""
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    return rise * math.exp(-t / decay)


def noise_burst(rng, seconds, decay, lowpass):
    """White noise through a one-pole low-pass, decaying: shots and thuds."""
    out, y = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        y += lowpass * (rng.uniform(-1.0, 1.0) - y)
        out.append(y * envelope(t, 0.002, decay))
    return out


def partials(seconds, freqs, decay, attack=0.001):
    """A sum of decaying sines: rings, pings and tinks."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        s = sum(a * math.sin(2 * math.pi * f * t) * math.exp(-t / (decay * d)) for f, a, d in freqs)
        out.append(s * envelope(t, attack, 10.0))
    return out


def mix(*layers):
    n = max(len(layer) for layer in layers)
    return [sum(layer[i] if i < len(layer) else 0.0 for layer in layers) for i in range(n)]


def thump(seconds, freq, decay):
    return [math.sin(2 * math.pi * freq * (i / RATE) * (1.0 - 0.3 * i / (seconds * RATE)))
            * envelope(i / RATE, 0.001, decay) for i in range(int(seconds * RATE))]


def sweep(seconds, f0, f1, decay):
    out, phase = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        phase += 2 * math.pi * (f0 + (f1 - f0) * t / seconds) / RATE
        out.append(math.sin(phase) * envelope(t, 0.002, decay))
    return out


def sounds():
    r = random.Random
    return {
        "rifle": mix(noise_burst(r(1), 0.30, 0.045, 0.55), thump(0.30, 95.0, 0.06)),
        "scatter": mix(noise_burst(r(2), 0.45, 0.08, 0.35), thump(0.45, 70.0, 0.09)),
        "impact_wall": noise_burst(r(3), 0.12, 0.02, 0.25),
        "impact_glass": mix(partials(0.40, [(3150, 0.4, 1.0), (4730, 0.3, 0.8), (6020, 0.25, 0.6)],
                                     0.09),
                            noise_burst(r(4), 0.05, 0.008, 0.9)),
        "impact_target": partials(0.30, [(820, 0.6, 1.0), (1640, 0.25, 0.7), (2470, 0.15, 0.5)],
                                  0.07),
        "casing": partials(0.12, [(4400, 0.4, 1.0), (6650, 0.3, 0.7)], 0.025),
        "target_break": mix(sweep(0.70, 900.0, 180.0, 0.22), noise_burst(r(5), 0.50, 0.12, 0.4)),
    }


def write(path, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.89 * 32767 / peak  # normalised to about -1 dBFS
    frames = b"".join(struct.pack("<h", int(round(s * scale))) for s in samples)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "assets", "sounds"))
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    for name, samples in sounds().items():
        write(os.path.join(out, name + ".wav"), samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
