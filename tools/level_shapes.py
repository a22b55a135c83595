"""The level's shapes as triangle meshes: what tools/make_assets.py writes into arena.gltf.

A Part is one mesh of one material, its positions in world metres (its node has no
transform). Every shape is built from planar faces tiled into a grid of cells no wider than
a given size (a ramp or a floor in tiles, as modelled levels are: three.js games_fps's
collision-world), each face wound counter-clockwise seen from outside (glTF 2.0 front
faces) with its outward normal, and UVs in world metres over the material's tile size,
measured in the face's own plane so a slope's texture does not stretch.
The same triangles are drawn and collided (docs/assets.md).
"""
import math

UP = (0.0, 1.0, 0.0)


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def mul(a, k):
    return tuple(x * k for x in a)


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def unit(a):
    return mul(a, 1.0 / math.sqrt(dot(a, a)))


def lerp(a, b, t):
    return add(a, mul(sub(b, a), t))


def cells(length, cell):
    """How many cells of at most `cell` metres cover `length`."""
    return max(1, math.ceil(length / cell - 1e-9))


class Part:
    """One mesh: vertices (position, normal, uv) and triangle indices."""

    def __init__(self, name, material, tile):
        self.name, self.material, self.tile = name, material, tile
        self.verts, self.idx = [], []

    def uv(self, p, n):
        """World metres in the face's plane: u along its horizontal, v up its slope."""
        u_axis = (1.0, 0.0, 0.0) if abs(n[1]) > 0.999 else unit(cross(UP, n))
        v_axis = cross(n, u_axis)
        return (dot(p, u_axis) / self.tile, -dot(p, v_axis) / self.tile)

    def face(self, a, b, c, d, outward, cell=2.0):
        """The planar quad a b c d (in order round its edge), tiled into a grid of cells of
        at most `cell` metres, its front towards `outward` (the corners reversed if needed)."""
        n = cross(sub(b, a), sub(d, a))
        if dot(n, outward) < 0:
            a, b, c, d = a, d, c, b
            n = mul(n, -1.0)
        n = unit(n)
        if abs(dot(sub(c, a), n)) > 1e-6:
            raise ValueError(f"{self.name}: a face that is not planar: {a} {b} {c} {d}")
        nu = cells(max(math.dist(a, b), math.dist(d, c)), cell)
        nv = cells(max(math.dist(a, d), math.dist(b, c)), cell)
        base = len(self.verts)
        for j in range(nv + 1):
            for i in range(nu + 1):
                p = lerp(lerp(a, b, i / nu), lerp(d, c, i / nu), j / nv)
                self.verts.append((p, n, self.uv(p, n)))
        for j in range(nv):
            for i in range(nu):
                k = base + j * (nu + 1) + i
                # Counter-clockwise about n, as a -> b -> c is.
                self.idx.extend((k, k + 1, k + nu + 2, k, k + nu + 2, k + nu + 1))

    def triangle(self, a, b, c, outward):
        n = cross(sub(b, a), sub(c, a))
        if dot(n, outward) < 0:
            b, c = c, b
            n = mul(n, -1.0)
        n = unit(n)
        base = len(self.verts)
        self.verts.extend((p, n, self.uv(p, n)) for p in (a, b, c))
        self.idx.extend((base, base + 1, base + 2))

    def triangle_count(self):
        return len(self.idx) // 3


def box(part, lo, hi, cell=2.0, bottom=False):
    """An axis-aligned box: its six faces (the bottom only if asked: a box standing on the
    floor never shows it, nor can anything reach it)."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    part.face((x1, y0, z0), (x1, y0, z1), (x1, y1, z1), (x1, y1, z0), (1, 0, 0), cell)
    part.face((x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0), (-1, 0, 0), cell)
    part.face((x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1), (0, 1, 0), cell)
    if bottom:
        part.face((x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1), (0, -1, 0), cell)
    part.face((x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1), (0, 0, 1), cell)
    part.face((x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0), (0, 0, -1), cell)


def prism(part, profile, along, t0, t1, cell=2.0):
    """A convex cross-section `profile` [(s, y), ...] (s: x when along z, z when along x)
    extruded from t0 to t1: a wall with a bevelled top, a rail. Its end caps are fans."""
    def at(s, y, t):
        return (s, y, t) if along == "z" else (t, y, s)
    cs = sum(s for s, _ in profile) / len(profile)
    cy = sum(y for _, y in profile) / len(profile)
    for (s0, y0), (s1, y1) in zip(profile, profile[1:] + profile[:1]):
        out = at((s0 + s1) * 0.5 - cs, (y0 + y1) * 0.5 - cy, 0.0)
        part.face(at(s0, y0, t0), at(s1, y1, t0), at(s1, y1, t1), at(s0, y0, t1), out, cell)
    for t, sign in ((t0, -1.0), (t1, 1.0)):
        axis = at(0.0, 0.0, sign)
        for (s0, y0), (s1, y1) in zip(profile[1:-1], profile[2:]):
            part.triangle(at(*profile[0], t), at(s0, y0, t), at(s1, y1, t), axis)


def wedge(part, x0, x1, z_low, z_high, height, cell=2.0):
    """A ramp from the floor at z_low up to `height` at z_high, x0..x1 wide, solid beneath."""
    part.face((x0, 0.0, z_low), (x1, 0.0, z_low), (x1, height, z_high), (x0, height, z_high),
              (0.0, 1.0, z_low - z_high), cell)
    part.face((x0, 0.0, z_high), (x1, 0.0, z_high), (x1, height, z_high), (x0, height, z_high),
              (0.0, 0.0, math.copysign(1.0, z_high - z_low)), cell)
    n = cells(abs(z_high - z_low), cell)
    for x, out in ((x0, (-1.0, 0.0, 0.0)), (x1, (1.0, 0.0, 0.0))):
        for i in range(n):  # the side in strips: a triangle at the low end, then trapezoids
            za, zb = lerp((z_low,), (z_high,), i / n)[0], lerp((z_low,), (z_high,), (i + 1) / n)[0]
            ha, hb = height * i / n, height * (i + 1) / n
            if i == 0:
                part.triangle((x, 0.0, za), (x, 0.0, zb), (x, hb, zb), out)
            else:
                part.face((x, 0.0, za), (x, 0.0, zb), (x, hb, zb), (x, ha, za), out, cell)


def stair(part, x0, x1, z_front, direction, steps, rise, tread, back=False, cell=2.0):
    """Solid steps across x0..x1: the lowest step's nosing at z_front, climbing towards
    `direction` (+1: +z, -1: -z), each `rise` up and `tread` deep. The back, behind the top
    step, only if asked: a stair against a platform meets it there."""
    def at(x, y, s):
        return (x, y, z_front + direction * s)
    fwd = (0.0, 0.0, float(direction))
    for k in range(steps):
        s0, s1, y0, y1 = k * tread, (k + 1) * tread, k * rise, (k + 1) * rise
        part.face(at(x0, y0, s0), at(x1, y0, s0), at(x1, y1, s0), at(x0, y1, s0), mul(fwd, -1), cell)
        part.face(at(x0, y1, s0), at(x1, y1, s0), at(x1, y1, s1), at(x0, y1, s1), UP, cell)
        for x, out in ((x0, (-1.0, 0.0, 0.0)), (x1, (1.0, 0.0, 0.0))):
            part.face(at(x, 0.0, s0), at(x, 0.0, s1), at(x, y1, s1), at(x, y1, s0), out, cell)
    if back:
        s, y = steps * tread, steps * rise
        part.face(at(x0, 0.0, s), at(x1, 0.0, s), at(x1, y, s), at(x0, y, s), fwd, cell)


def frustum(part, lo, hi, top_lo, top_hi, height, cell=2.0):
    """A mound: the rectangle lo..hi (x, z) on the floor, top_lo..top_hi flat at `height`,
    four sloped sides between (each side's two edges parallel, so each side is planar)."""
    b = [(lo[0], 0.0, lo[1]), (hi[0], 0.0, lo[1]), (hi[0], 0.0, hi[1]), (lo[0], 0.0, hi[1])]
    t = [(top_lo[0], height, top_lo[1]), (top_hi[0], height, top_lo[1]),
         (top_hi[0], height, top_hi[1]), (top_lo[0], height, top_hi[1])]
    part.face(t[0], t[1], t[2], t[3], UP, cell)
    centre = mul(add(add(t[0], t[2]), add(b[0], b[2])), 0.25)
    for i in range(4):
        j = (i + 1) % 4
        mid = mul(add(add(b[i], b[j]), add(t[i], t[j])), 0.25)
        part.face(b[i], b[j], t[j], t[i], sub(mid, centre), cell)


def cylinder(part, centre, radius, y0, y1, sides=16, rows=3, cap=False):
    """A column: `sides` flat strips with smooth normals, `rows` high; the top cap if asked."""
    cx, cz = centre
    base = len(part.verts)
    for j in range(rows + 1):
        y = y0 + (y1 - y0) * j / rows
        for i in range(sides + 1):  # the seam's vertices twice: its UVs differ
            a = 2.0 * math.pi * (i % sides) / sides
            n = (math.sin(a), 0.0, math.cos(a))
            p = (cx + radius * n[0], y, cz + radius * n[2])
            arc = radius * 2.0 * math.pi * i / sides
            part.verts.append((p, n, (arc / part.tile, -y / part.tile)))
    for j in range(rows):
        for i in range(sides):
            k = base + j * (sides + 1) + i
            # Angle grows from +z towards +x: seen from outside, k -> k+1 runs to the right.
            part.idx.extend((k, k + 1, k + sides + 2, k, k + sides + 2, k + sides + 1))
    if cap:
        ring = [(cx + radius * math.sin(2 * math.pi * i / sides), y1,
                 cz + radius * math.cos(2 * math.pi * i / sides)) for i in range(sides)]
        for i in range(1, sides - 1):
            part.triangle(ring[0], ring[i], ring[i + 1], UP)
