#!/usr/bin/env python3
"""Writes Flatline's level: assets/arena.gltf, arena.bin and the PNG textures it names.

One glTF 2.0 file says both what is drawn and what is solid (docs/assets.md):
  - a node and mesh per part of the sculpted level (tools/level_plan.py: the built-in
    arena's boxes, a balcony with its stair and ramp, a mound, cover), positions in world
    metres: every one of their triangles is drawn and collided;
  - a "target" node: the target model, unit size, centred on the origin;
  - two collider nodes named UBX_* (Unreal's convention for box collision), no mesh: the unit
    cube [-0.5, 0.5]^3 under translation = box centre, scale = box size, with extras
    {"role": "floor", "half_extent": 30} and {"role": "glass"}: the floor and the glass pane
    the sim names, bit-identical to builtin_arena_layout()'s (src/sim/arena.cpp).
Those two colliders must load bit-identical to the sim's boxes: every number is computed in
float32 the way box_at() does, written as the shortest decimal that reads back to the same
float32, and checked here before anything is written.

Reproducible: fixed seeds, no timestamps, so every run writes the same bytes (a test
compares them). Python stdlib only.

    python3 tools/make_assets.py [--out assets]
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the tool
import argparse
import json
import os
import struct

import level_plan
from level_textures import MATERIALS, SIZE, png

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


# --- The target: a box of 24 vertices (4 per face, flat normals), UV 0..1 per face. -------

FACES = [  # normal axis, sign, the face's (u, v) axes
    (0, 1, (2, 1)), (0, -1, (2, 1)), (1, 1, (0, 2)), (1, -1, (0, 2)), (2, 1, (0, 1)), (2, -1, (0, 1))]
CROSS = {(2, 1): -1, (0, 2): -1, (0, 1): 1}  # the sign of u x v along the normal axis


def target_mesh():
    """The target: a board in [-0.5, 0.5]^3, the bullseye on its front and back faces."""
    verts, idx = [], []
    for axis, sign, (ua, va) in FACES:
        base = len(verts)
        for cu, cv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            p = [0.0, 0.0, 0.0]
            p[axis] = sign * 0.5
            p[ua], p[va] = cu * 0.5, cv * 0.5
            n = [0.0, 0.0, 0.0]
            n[axis] = float(sign)
            verts.append((p, n, ((cu + 1) * 0.5, (1 - cv) * 0.5)))
        # Counter-clockwise seen from outside (glTF 2.0 front faces): the corners go round
        # u x v, so they are reversed where u x v points into the box.
        order = (0, 1, 2, 0, 2, 3) if CROSS[(ua, va)] * sign > 0 else (0, 2, 1, 0, 3, 2)
        idx.extend(base + i for i in order)
    return verts, idx


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


def check_parts(parts):
    """Every triangle wound counter-clockwise about its vertices' normals (its front
    outwards), with an area; the level as big as the game's proofs ask (>= 2,000)."""
    total = 0
    for p in parts:
        for k in range(0, len(p.idx), 3):
            a, b, c = (p.verts[i] for i in p.idx[k:k + 3])
            n = level_plan.cross_of(a[0], b[0], c[0])
            if sum(x * x for x in n) < 1e-12 or sum(x * y for x, y in zip(n, a[1])) <= 0:
                raise SystemExit(f"make_assets: {p.name} triangle {k // 3} is degenerate or "
                                 "wound against its normal")
        total += p.triangle_count()
    if total < 2000:
        raise SystemExit(f"make_assets: {total} triangles, fewer than 2,000")
    return total


def level():
    boxes = arena_boxes()
    ubx = [b for b in boxes if b[2] is not None]  # the floor and the glass
    check_round_trip(ubx)
    parts = level_plan.parts(boxes)
    triangles = check_parts(parts)
    names = [m[0] for m in MATERIALS]
    buf, meshes, nodes = Buffer(), [], []
    for p in parts:
        verts = [([f32(x) for x in q], list(n), uv) for q, n, uv in p.verts]
        meshes.append(buf.mesh(p.name, names.index(p.material), verts, p.idx))
        nodes.append({"name": p.name, "mesh": len(meshes) - 1})
    verts, idx = target_mesh()
    meshes.append(buf.mesh("target", names.index("target"), verts, idx))
    nodes.append({"name": "target", "mesh": len(meshes) - 1})
    for name, _, role, t, s, _, _ in ubx:
        node = {"name": "UBX_" + name, "translation": [f32_text(v) for v in t],
                "scale": [f32_text(v) for v in s]}
        node["extras"] = {"role": "floor", "half_extent": 30.0} if role == "floor" else {"role": "glass"}
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
    return gltf, bytes(buf.data), triangles, parts


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "assets"))
    out = parser.parse_args().out
    os.makedirs(os.path.join(out, "textures"), exist_ok=True)
    gltf, data, triangles, parts = level()
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
          f"{total} bytes in all; {len(parts)} parts, {triangles} triangles, "
          f"{level_plan.slope_census(parts)} of them slopes of 20 to 35 degrees")


if __name__ == "__main__":
    main()
