"""The level's textures: procedural PNGs (fixed seeds, Python stdlib only), each with the
material tools/make_assets.py names it for."""
import random
import struct
import zlib

SIZE = 256  # texture edge, pixels


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
    """A dark hole in a ring of freshly chipped, lighter material, in a faint ring of dust:
    the light ring reads against dark and light walls alike, the dark core from far off."""
    rough = value_noise(61, 16)

    def shade(x, y):
        r = ((x - 127.5) ** 2 + (y - 127.5) ** 2) ** 0.5 / 128.0 + 0.06 * rough(x, y)
        if r < 0.30:  # the hole
            return (14, 12, 10, 255)
        if r < 0.36:  # its edge, dark into light
            k = (r - 0.30) / 0.06
            return (14 + 186 * k, 12 + 180 * k, 10 + 166 * k, 255)
        if r < 0.56:  # chipped material, lighter than the surface round it
            return (200, 192, 176, 235)
        if r < 0.80:  # dust, fading out
            k = (r - 0.56) / 0.24
            return (200 - 60 * k, 192 - 58 * k, 176 - 56 * k, 235 * (1 - k) ** 2)
        return (140, 134, 120, 0)
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
