"""The level's plan: where each shape of tools/level_shapes.py stands (docs/assets.md has the
sketch). North is -z: the range, the glass and the targets; the player spawns at (0, 0, 6)
facing it. x grows to the east.

  - the arena of src/sim/arena.cpp's builtin_arena_layout(): a 60 x 60 m floor, 6 m outer
    walls, four pillars, five 1.2 m covers, a 0.8 m platform, the 5 cm glass pane at z = -18;
  - west: a balcony 3 m up along the wall (z -14..14) on five columns, a railing on its
    open side, walked under; a stair climbs to its north end, a ramp to its south end;
  - east: a mound with four slopes (22 to 34 degrees) and a crate on its flat top;
  - cover of four heights: bevelled 0.6 m walls, 1 m crates (a stack of two), the 1.2 m
    boxes, 1.8 m walls; two steps up to the platform.
Nothing new stands in the line of fire from the spawn's line to the targets (RANGE).
"""
import math

from level_shapes import Part, box, cylinder, frustum, prism, stair, wedge

TILE = {"floor": 2.0, "wall": 2.0, "cover": 1.0, "glass": 4.0}

# The range kept clear: x, z and up to y, from the spawn's line to the back targets.
RANGE = ((-9.0, 9.0), (-24.0, 6.0), 2.5)

BALCONY_X = (-30.0, -26.0)  # against the west wall
BALCONY_Z = (-14.0, 14.0)
BALCONY_TOP, BALCONY_SLAB = 3.0, 0.3
STAIR_STEPS, STAIR_TREAD = 12, 0.4  # 12 rises of 0.25 m up to the deck
RAMP_RUN = 6.0  # 3 m up over 6 m: 26.6 degrees


def part(name, material):
    return Part(name, material, TILE[material])


def kept_arena(boxes):
    """The built-in arena's boxes as meshes (floor: its top, in tiles)."""
    out = []
    for name, material, _, _, _, lo, hi in boxes:
        p = part(name, material)
        if name == "floor":
            (x0, _, z0), (x1, y1, z1) = lo, hi
            p.face((x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1), (0, 1, 0), 62.0 / 20)
        elif name == "glass":
            box(p, lo, hi, cell=100.0, bottom=True)  # one pane: the sim's glass, 12 triangles
        else:
            box(p, lo, hi, cell=4.0 if material == "wall" else 2.0)
        out.append(p)
    return out


def balcony():
    (x0, x1), (z0, z1) = BALCONY_X, BALCONY_Z
    top, slab = BALCONY_TOP, BALCONY_TOP - BALCONY_SLAB
    deck = part("balcony", "wall")
    box(deck, (x0, slab, z0), (x1, top, z1), bottom=True)
    columns = part("balcony_columns", "wall")
    for z in (-12.0, -6.0, 0.0, 6.0, 12.0):
        cylinder(columns, (x1 - 0.5, z), 0.3, 0.0, slab)
    rail = part("balcony_railing", "cover")
    post, rail_x = 0.12, (x1 - 0.14, x1)
    for i in range(15):
        z = z0 + 0.1 + (z1 - z0 - 0.2) * i / 14
        box(rail, (rail_x[0] + 0.01, top, z - post / 2), (rail_x[1] - 0.01, top + 0.95, z + post / 2))
    for y in (top + 0.45, top + 0.95):  # a mid rail and a hand rail
        box(rail, (rail_x[0], y, z0), (rail_x[1], y + 0.08, z1), cell=4.0, bottom=True)
    steps = part("balcony_stair", "wall")
    rise = top / STAIR_STEPS
    stair(steps, x0, x1, z0 - STAIR_STEPS * STAIR_TREAD, 1, STAIR_STEPS, rise, STAIR_TREAD, back=True)
    ramp = part("balcony_ramp", "wall")
    wedge(ramp, x0, x1, z1 + RAMP_RUN, z1, top, cell=1.5)
    return [deck, columns, rail, steps, ramp]


def mound():
    hill = part("mound", "wall")
    # West slope 2 m over 5 (21.8 degrees), north over 4 (26.6), east and south over 3 (33.7).
    frustum(hill, (16.0, 8.0), (29.0, 21.0), (21.0, 12.0), (26.0, 18.0), 2.0, cell=1.5)
    crate = part("mound_crate", "cover")
    box(crate, (22.2, 2.0, 14.5), (23.2, 3.0, 15.5), cell=1.0)
    return [hill, crate]


def bevelled_wall(p, centre, length, along, height=0.6, thick=0.6, bevel=0.15):
    """A low wall whose top edges are bevelled: a six-sided profile extruded."""
    s, t = centre if along == "z" else (centre[1], centre[0])
    h = thick / 2
    profile = [(s - h, 0.0), (s + h, 0.0), (s + h, height - bevel), (s + h - bevel, height),
               (s - h + bevel, height), (s - h, height - bevel)]
    prism(p, profile, along, t - length / 2, t + length / 2, cell=1.0)


def cover():
    low = part("low_walls", "wall")  # 0.6 m, to crouch behind
    bevelled_wall(low, (-16.0, 6.0), 4.0, "z")
    bevelled_wall(low, (17.0, -14.0), 4.0, "x")
    bevelled_wall(low, (-6.0, 20.0), 3.0, "x")
    tall = part("tall_walls", "wall")  # 1.8 m: hides a standing player
    box(tall, (-19.0, 0.0, -20.2), (-16.0, 1.8, -19.8), cell=1.0)
    box(tall, (20.5, 0.0, -20.2), (23.5, 1.8, -19.8), cell=1.0)
    crates = part("crates", "cover")  # 1 m, and a stack of two
    box(crates, (-14.5, 0.0, 17.5), (-13.5, 1.0, 18.5), cell=1.0)
    box(crates, (-14.5, 1.0, 17.5), (-13.5, 2.0, 18.5), cell=1.0, bottom=True)
    box(crates, (-13.3, 0.0, 17.8), (-12.3, 1.0, 18.8), cell=1.0)
    box(crates, (10.0, 0.0, 21.0), (11.0, 1.0, 22.0), cell=1.0)
    steps = part("platform_steps", "cover")  # two rises of 0.27 m, then the 0.8 m platform
    stair(steps, -2.0, 2.0, 22.0 - 2 * 0.35, 1, 2, 0.8 / 3, 0.35, cell=1.0)
    return [low, tall, crates, steps]


def in_range(p):
    """Whether any of the part's triangles reaches into RANGE (its bounds do)."""
    (x0, x1), (z0, z1), y1 = RANGE
    for k in range(0, len(p.idx), 3):
        corners = [p.verts[i][0] for i in p.idx[k:k + 3]]
        lo = [min(c[a] for c in corners) for a in range(3)]
        hi = [max(c[a] for c in corners) for a in range(3)]
        if lo[0] < x1 and hi[0] > x0 and lo[2] < z1 and hi[2] > z0 and lo[1] < y1:
            return True
    return False


def parts(boxes):
    """Every drawn part, the built-in arena's first; refuses a new part in the range."""
    new = balcony() + mound() + cover()
    for p in new:
        if in_range(p):
            raise SystemExit(f"make_assets: {p.name} stands in the range's line of fire")
    return kept_arena(boxes) + new


def cross_of(a, b, c):
    """(b - a) x (c - a): a triangle's normal as wound, its length twice the area."""
    e1 = [q - p for p, q in zip(a, b)]
    e2 = [q - p for p, q in zip(a, c)]
    return (e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0])


def slope_census(parts):
    """How many triangles face up at a walkable slope (20 to 35 degrees from level)."""
    count = 0
    for p in parts:
        for k in range(0, len(p.idx), 3):
            n = cross_of(*(p.verts[i][0] for i in p.idx[k:k + 3]))
            up = math.degrees(math.acos(n[1] / math.sqrt(sum(x * x for x in n))))
            count += 20.0 <= up <= 35.0
    return count
