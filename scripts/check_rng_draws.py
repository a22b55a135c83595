#!/usr/bin/env python3
"""One random draw per statement in src/sim: C++ leaves the order in which the operands of
`f(rng.uniform(), rng.uniform())` or `a * rng.uniform() + b * rng.uniform()` are evaluated
unspecified (GCC goes right to left, Clang left to right), so two draws in one statement give
each compiler its own simulation and its own replay hashes. A draw is a call on the world's
generator (rng.uniform, rng.next_u32, rng.reseed) or the generator passed to a function
(random_unit(world.rng)). Statements are split at ; { and }, after removing comments and
string literals. --self-test checks the checker on statements it must and must not reject."""
import glob
import os
import re
import sys

DRAW = re.compile(r"\brng\s*\.\s*(?:uniform|next_u32|reseed)\s*\(|[(,]\s*(?:[\w.]+\.)?rng\s*[,)]")
COMMENT_OR_STRING = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\])*\"", re.S)


def statements(text):
    """(line number, statement) for each piece of code between ; { and }."""
    text = COMMENT_OR_STRING.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    line, start = 1, 0
    for i, ch in enumerate(text + ";"):
        if ch in ";{}":
            piece = text[start:i]
            yield line + piece[: len(piece) - len(piece.lstrip())].count("\n"), piece.strip()
            line += piece.count("\n")
            start = i + 1


def offending(text):
    """(line, statement) for every statement that draws more than once."""
    return [(n, s) for n, s in statements(text) if len(DRAW.findall(s)) > 1]


def self_test():
    must_reject = [
        "spawn(world, a.right * world.rng.uniform(1.5f, 2.5f) + a.up * world.rng.uniform(1.5f, 2.5f));",
        "const glm::vec3 v{rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f)};",
        "s.vel = random_unit(world.rng) *\n    world.rng.uniform(3.0f, 9.0f);",
        "const auto x = f(rng.next_u32(), g(rng));",
    ]
    must_accept = [
        "const float u = world.rng.uniform(-1.0f, 1.0f) * spread;",
        "const glm::vec3 d = random_unit(world.rng); // not rng.uniform() twice: a comment",
        "h.u(world.rng.state()); x = world.rng.uniform();",
        'log("rng.uniform() rng.uniform()"); rng.next_u32();',
    ]
    wrong = [s for s in must_reject if not offending(s)]
    wrong += [s for s in must_accept if offending(s)]
    for s in wrong:
        print(f"check_rng_draws self-test: misjudged: {s}")
    return 1 if wrong else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src", "sim")
    files = sorted(glob.glob(os.path.join(root, "**", "*.[ch]pp"), recursive=True))
    bad = 0
    for path in files:
        with open(path) as f:
            for line, statement in offending(f.read()):
                bad += 1
                print(f"{path}:{line}: two random draws in one statement (their order is "
                      f"unspecified in C++; give each draw its own statement, in the order "
                      f"the replays expect): {' '.join(statement.split())}")
    if not files:
        print(f"check_rng_draws: no sources under {root}")
        return 1
    if bad == 0:
        print(f"{len(files)} files under {root}: one random draw per statement")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
