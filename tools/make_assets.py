#!/usr/bin/env python3
"""Writes Flatline's level: assets/arena.gltf, arena.bin and the PNG textures it names.

One glTF 2.0 file says both what is drawn and what is solid (docs/assets.md):
  - a node and mesh per box of builtin_arena_layout() (src/sim/arena.cpp), same order;
  - a "target" node: the target model, unit size, centred on the origin;
  - collider nodes named UBX_* (Unreal's convention for box collision), no mesh: the unit
    cube [-0.5, 0.5]^3 under translation = box centre, scale = box size, with
    extras {"role": "floor"} / {"role": "glass"} on those two.
The colliders must load bit-identical to the sim's boxes: every number is computed in
float32 the way box_at() does, written as the shortest decimal that reads back to the same
float32, and checked here before anything is written.

Reproducible: fixed seeds, no timestamps, so every run writes the same bytes (a test
compares them). Python stdlib only.

    python3 tools/make_assets.py [--out assets]
"""
import argparse
import json
import os
import random
import struct
import zlib

SIZE = 256  # texture edge, pixels


def f32(x):
    """x rounded to float32, as a Python float: the C++ side computes in float."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_text(x):
    """The shortest decimal that a strtod + cast to float reads back as float32 x."""
    for digits in range(1, 18):
        text = "%.*g" % (digits, x)
        if f32(float(text)) == x:
            return float(text)
    raise ValueError(x)


# --- The arena's boxes, as src/sim/arena.cpp makes them (centre, size), in float32. ------

def box(cx, cz, sx, sy, sz, base=0.0):
    """box_at(): x and z around a centre, y up from a base. Returns (t, s, lo, hi)."""
    cx, cz, sx, sy, sz, base = map(f32, (cx, cz, sx, sy, sz, base))
    lo = (f32(cx - f32(sx * 0.5)), base, f32(cz - f32(sz * 0.5)))
    hi = (f32(cx + f32(sx * 0.5)), f32(base + sy), f32(cz + f32(sz * 0.5)))
    t = (cx, f32(base + f32(sy * 0.5)), cz)
    return t, (sx, sy, sz), lo, hi


def arena_boxes():
    """(name, material, role, t, s, lo, hi), in builtin_arena_layout()'s order."""
    half, height, thick, thin = 30.0, 6.0, 1.0, f32(0.05)
    wall_len = f32(2 * half + 2 * thick)
    out = []
    floor_lo = (-half - thick, -1.0, -half - thick)
    floor_hi = (half + thick, 0.0, half + thick)
    size = tuple(f32(h - l) for l, h in zip(floor_lo, floor_hi))
    centre = tuple(f32(l + f32(s * 0.5)) for l, s in zip(floor_lo, size))
    out.append(("floor", "floor", "floor", centre, size, floor_lo, floor_hi))
    out.append(("wall_north", "wall", None) + box(0.0, -half - thick * 0.5, wall_len, height, thick))
    out.append(("wall_south", "wall", None) + box(0.0, half + thick * 0.5, wall_len, height, thick))
    out.append(("wall_west", "wall", None) + box(-half - thick * 0.5, 0.0, thick, height, 2 * half))
    out.append(("wall_east", "wall", None) + box(half + thick * 0.5, 0.0, thick, height, 2 * half))
    for x in (-12.0, 12.0):
        for z in (-12.0, 12.0):
            out.append((f"pillar_{x:+.0f}_{z:+.0f}", "wall", None) + box(x, z, 2.0, height, 2.0))
    for i, (cx, cz, sx, sy, sz) in enumerate([(-6.0, 4.0, 4.0, 1.2, 1.0), (6.0, 4.0, 4.0, 1.2, 1.0),
                                              (0.0, 14.0, 1.0, 1.2, 5.0),
                                              (-20.0, -4.0, 1.0, 1.2, 6.0),
                                              (20.0, -4.0, 1.0, 1.2, 6.0)]):
        out.append((f"cover_{i}", "cover", None) + box(cx, cz, sx, sy, sz))
    out.append(("platform", "cover", None) + box(0.0, 24.0, 10.0, 0.8, 4.0))
    out.append(("glass", "glass", "glass") + box(0.0, -18.0, 12.0, 4.0, thin))
    return out


def check_round_trip(boxes):
    """What the loader computes (t - s*0.5f, t + s*0.5f in float) must be the sim's box."""
    for name, _, _, t, s, lo, hi in boxes:
        tt, ss = [f32(f32_text(v)) for v in t], [f32(f32_text(v)) for v in s]
        got_lo = tuple(f32(a - f32(b * 0.5)) for a, b in zip(tt, ss))
        got_hi = tuple(f32(a + f32(b * 0.5)) for a, b in zip(tt, ss))
        if got_lo != tuple(lo) or got_hi != tuple(hi):
            raise SystemExit(f"make_assets: collider {name} does not round-trip: "
                             f"{got_lo}..{got_hi} != {lo}..{hi}")


# --- Box meshes: 24 vertices (4 per face, flat normals), UVs in world metres / tile. -----

FACES = [  # normal axis, sign, the face's (u, v) axes
    (0, 1, (2, 1)), (0, -1, (2, 1)), (1, 1, (0, 2)), (1, -1, (0, 2)), (2, 1, (0, 1)), (2, -1, (0, 1))]
CROSS = {(2, 1): -1, (0, 2): -1, (0, 1): 1}  # the sign of u x v along the normal axis
TILE = {"floor": 2.0, "wall": 2.0, "cover": 1.0, "glass": 4.0, "target": None}


def box_mesh(centre, size, tile):
    """Positions relative to `centre` (the node's translation). tile None: UV 0..1 per face."""
    verts, idx = [], []
    for axis, sign, (ua, va) in FACES:
        base = len(verts)
        for cu, cv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            p = [0.0, 0.0, 0.0]
            p[axis] = sign * size[axis] * 0.5
            p[ua] = cu * size[ua] * 0.5
            p[va] = cv * size[va] * 0.5
            n = [0.0, 0.0, 0.0]
            n[axis] = float(sign)
            if tile is None:
                uv = ((cu + 1) * 0.5, (1 - cv) * 0.5)
            else:
                uv = ((centre[ua] + p[ua]) / tile, -(centre[va] + p[va]) / tile)
            verts.append((p, n, uv))
        # Counter-clockwise seen from outside (glTF 2.0 front faces): the corners go round
        # u x v, so they are reversed where u x v points into the box.
        order = (0, 1, 2, 0, 2, 3) if CROSS[(ua, va)] * sign > 0 else (0, 2, 1, 0, 3, 2)
        idx.extend(base + i for i in order)
    return verts, idx


def target_mesh():
    """The target: a board in [-0.5, 0.5]^3, the bullseye on its front and back faces."""
    return box_mesh((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), None)


# --- Textures: procedural, fixed seeds. ----------------------------------------------------

def png(width, height, channels, pixels):
    """A PNG (8-bit RGB or RGBA) of `pixels` (rows of flat channel bytes), Sub-filtered."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = bytearray()
    for row in pixels:
        raw.append(1)  # Sub: each byte minus the one a pixel to its left
        raw.extend((row[i] - (row[i - channels] if i >= channels else 0)) & 0xFF
                   for i in range(len(row)))
    colour_type = {3: 2, 4: 6}[channels]
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def value_noise(seed, cells):
    """Smooth noise in [0, 1] that tiles: random values on a cells x cells grid, bilinear."""
    rng = random.Random(seed)
    grid = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    step = SIZE / cells

    def at(x, y):
        gx, gy = x / step, y / step
        x0, y0 = int(gx), int(gy)
        fx, fy = gx - x0, gy - y0
        x1, y1 = (x0 + 1) % cells, (y0 + 1) % cells
        top = grid[y0][x0] * (1 - fx) + grid[y0][x1] * fx
        bottom = grid[y1][x0] * (1 - fx) + grid[y1][x1] * fx
        return top * (1 - fy) + bottom * fy
    return at


def clamp8(v):
    return max(0, min(255, int(round(v))))


def image(channels, shade):
    """Rows of bytes from shade(x, y) -> (r, g, b[, a])."""
    return [bytes(clamp8(c) for x in range(SIZE) for c in shade(x, y)[:channels])
            for y in range(SIZE)]


def floor_tiles():
    coarse, fine = value_noise(11, 8), value_noise(12, 64)
    tone = random.Random(13)
    tiles = [[0.85 + 0.15 * tone.random() for _ in range(2)] for _ in range(2)]

    def shade(x, y):
        if x % 128 < 3 or y % 128 < 3:  # grout
            return (70, 68, 64)
        k = tiles[y // 128][x // 128] * (0.9 + 0.1 * coarse(x, y)) * (0.94 + 0.06 * fine(x, y))
        return (150 * k, 146 * k, 138 * k)
    return image(3, shade)


def concrete():
    coarse, fine, pits = value_noise(21, 8), value_noise(22, 32), value_noise(23, 128)

    def shade(x, y):
        k = 0.75 + 0.15 * coarse(x, y) + 0.1 * fine(x, y) - (0.25 if pits(x, y) > 0.93 else 0.0)
        return (140 * k, 140 * k, 136 * k)
    return image(3, shade)


def crate():
    grain, knots = value_noise(31, 16), value_noise(32, 8)

    def shade(x, y):
        if x < 12 or x >= SIZE - 12 or y < 12 or y >= SIZE - 12:  # the frame
            return (96, 62, 32)
        if (y - 12) % 58 < 2:  # gaps between planks
            return (60, 38, 20)
        ring = 0.5 + 0.5 * ((x * 0.05 + 6 * grain(x, y) + 3 * knots(x, y)) % 1.0)
        k = 0.8 + 0.2 * ring
        return (168 * k, 118 * k, 68 * k)
    return image(3, shade)


def glass():
    streak = value_noise(41, 4)

    def shade(x, y):
        edge = x < 4 or y < 4 or x >= SIZE - 4 or y >= SIZE - 4
        s = streak((x + y) % SIZE, (x - y) % SIZE)
        return (150 + 60 * s, 205 + 40 * s, 215 + 40 * s, 200 if edge else 70 + 50 * s)
    return image(4, shade)


def bullseye():
    def shade(x, y):
        r = ((x - 127.5) ** 2 + (y - 127.5) ** 2) ** 0.5
        if r > 124:
            return (235, 235, 230)
        return (205, 30, 30) if int(r // 20) % 2 == 0 else (240, 240, 235)
    return image(3, shade)


def bullet_hole():
    rough = value_noise(61, 16)

    def shade(x, y):
        r = ((x - 127.5) ** 2 + (y - 127.5) ** 2) ** 0.5 / 128.0 + 0.08 * rough(x, y)
        if r < 0.22:
            return (12, 10, 8, 255)
        if r < 0.5:
            k = (r - 0.22) / 0.28
            return (40 + 50 * k, 36 + 46 * k, 30 + 40 * k, 255 * (1 - k) ** 1.5)
        return (90, 82, 70, 0)
    return image(4, shade)


# Material name -> (texture file, channels, pixel maker, base colour factor, roughness).
MATERIALS = [
    ("floor", "floor.png", 3, floor_tiles, (1.0, 1.0, 1.0, 1.0), 0.9),
    ("wall", "concrete.png", 3, concrete, (1.0, 1.0, 1.0, 1.0), 0.95),
    ("cover", "crate.png", 3, crate, (1.0, 1.0, 1.0, 1.0), 0.8),
    ("glass", "glass.png", 4, glass, (0.8, 0.95, 1.0, 0.6), 0.1),
    ("target", "target.png", 3, bullseye, (1.0, 1.0, 1.0, 1.0), 0.6),
    ("decal", "decal.png", 4, bullet_hole, (1.0, 1.0, 1.0, 1.0), 1.0),
]


# --- The glTF 2.0 file: one buffer, a bufferView and accessor per attribute. --------------

class Buffer:
    def __init__(self):
        self.data, self.views, self.accessors = bytearray(), [], []

    def add(self, fmt, values, gltf_type, component, target, minmax=False):
        while len(self.data) % 4:
            self.data.append(0)
        packed = b"".join(struct.pack("<" + fmt, *v) if isinstance(v, tuple) else
                          struct.pack("<" + fmt, v) for v in values)
        self.views.append({"buffer": 0, "byteOffset": len(self.data),
                           "byteLength": len(packed), "target": target})
        self.data.extend(packed)
        accessor = {"bufferView": len(self.views) - 1, "componentType": component,
                    "count": len(values), "type": gltf_type}
        if minmax:  # required for POSITION by the glTF 2.0 spec
            accessor["min"] = [min(f32(v[i]) for v in values) for i in range(3)]
            accessor["max"] = [max(f32(v[i]) for v in values) for i in range(3)]
        self.accessors.append(accessor)
        return len(self.accessors) - 1

    def mesh(self, name, material, verts, idx):
        attributes = {
            "POSITION": self.add("3f", [tuple(p) for p, _, _ in verts], "VEC3", 5126, 34962, True),
            "NORMAL": self.add("3f", [tuple(n) for _, n, _ in verts], "VEC3", 5126, 34962),
            "TEXCOORD_0": self.add("2f", [tuple(uv) for _, _, uv in verts], "VEC2", 5126, 34962),
        }
        indices = self.add("H", idx, "SCALAR", 5123, 34963)
        return {"name": name, "primitives": [{"attributes": attributes, "indices": indices,
                                              "material": material, "mode": 4}]}


def level():
    boxes = arena_boxes()
    check_round_trip(boxes)
    names = [m[0] for m in MATERIALS]
    buf, meshes, nodes = Buffer(), [], []
    for name, material, _, t, s, _, _ in boxes:
        verts, idx = box_mesh(t, s, TILE[material])
        meshes.append(buf.mesh(name, names.index(material), verts, idx))
        nodes.append({"name": name, "mesh": len(meshes) - 1,
                      "translation": [f32_text(v) for v in t]})
    verts, idx = target_mesh()
    meshes.append(buf.mesh("target", names.index("target"), verts, idx))
    nodes.append({"name": "target", "mesh": len(meshes) - 1})
    for name, _, role, t, s, _, _ in boxes:
        node = {"name": "UBX_" + name, "translation": [f32_text(v) for v in t],
                "scale": [f32_text(v) for v in s]}
        if role == "floor":
            node["extras"] = {"role": "floor", "half_extent": 30.0}
        elif role == "glass":
            node["extras"] = {"role": "glass"}
        nodes.append(node)
    gltf = {
        "asset": {"version": "2.0", "generator": "Flatline tools/make_assets.py"},
        "scene": 0,
        "scenes": [{"name": "arena", "nodes": list(range(len(nodes)))}],
        "nodes": nodes,
        "meshes": meshes,
        "materials": [{"name": name, "alphaMode": "BLEND" if name == "glass" else "OPAQUE",
                       "pbrMetallicRoughness": {"baseColorFactor": list(colour),
                                                "baseColorTexture": {"index": i},
                                                "metallicFactor": 0.0,
                                                "roughnessFactor": rough}}
                      for i, (name, _, _, _, colour, rough) in enumerate(MATERIALS)],
        "textures": [{"sampler": 0, "source": i} for i in range(len(MATERIALS))],
        "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 10497}],
        "images": [{"name": m[0], "uri": "textures/" + m[1]} for m in MATERIALS],
        "buffers": [{"uri": "arena.bin", "byteLength": len(buf.data)}],
        "bufferViews": buf.views,
        "accessors": buf.accessors,
    }
    return gltf, bytes(buf.data)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "assets"))
    out = parser.parse_args().out
    os.makedirs(os.path.join(out, "textures"), exist_ok=True)
    gltf, data = level()
    with open(os.path.join(out, "arena.gltf"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(gltf, f, indent=1)
        f.write("\n")
    with open(os.path.join(out, "arena.bin"), "wb") as f:
        f.write(data)
    total = len(data) + os.path.getsize(os.path.join(out, "arena.gltf"))
    for _, file, channels, make, _, _ in MATERIALS:
        blob = png(SIZE, SIZE, channels, make())
        with open(os.path.join(out, "textures", file), "wb") as f:
            f.write(blob)
        total += len(blob)
    print(f"make_assets: arena.gltf, arena.bin ({len(data)} bytes), {len(MATERIALS)} textures; "
          f"{total} bytes in all")


if __name__ == "__main__":
    main()
