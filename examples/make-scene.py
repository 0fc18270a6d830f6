#!/usr/bin/env python3
"""make-scene.py SEED OUT [W H]: a small picture for examples/library: a landscape, a city, a beach
or a forest, different for every seed (drawn by ImageMagick), so the example library looks like
photos and its perceptual hashes behave like photos' (different seeds are different pictures)."""
import random, subprocess, sys
def scene(seed, out, w=384, h=288, convert="convert"):
    """Draws picture `seed` into `out` (w×h pixels, JPEG quality 82 unless `out` says otherwise)."""
    rnd = random.Random(seed)
    kind = seed % 4
    horizon = h // 2 + rnd.randrange(60) - 20
    sky = 190 + rnd.randrange(40); ground = 38 if kind == 2 else 50 + rnd.randrange(80)
    draw = []
    if kind == 0:  # mountains
        pts = [(0, h), (0, horizon - rnd.randrange(40))]
        x = 0
        while x < w:
            x += 15 + rnd.randrange(60); pts.append((x, horizon - 5 - rnd.randrange(h // 3)))
        pts.append((w, h))
        draw += [f"fill hsl({200 + rnd.randrange(40)},15%,{28 + rnd.randrange(20)}%)", "polygon " + " ".join(f"{a},{b}" for a, b in pts)]
        snow = 95 - rnd.randrange(5)
    elif kind == 1:  # city
        x = 0
        while x < w:
            bw = 14 + rnd.randrange(30); top = horizon - 10 - rnd.randrange(h // 2)
            draw += [f"fill hsl({200 + rnd.randrange(60)},10%,{20 + rnd.randrange(35)}%)", f"rectangle {x},{top} {x + bw},{h}"]
            y = top + 6
            while y < horizon - 4:
                for wx in range(x + 3, x + bw - 4, 7):
                    if rnd.random() < 0.6: draw += ["fill rgba(255,230,150,0.75)", f"rectangle {wx},{y} {wx + 3},{y + 3}"]
                y += 9 + rnd.randrange(4)
            x += bw + rnd.randrange(6)
    elif kind == 2:  # sea and a boat
        draw += [f"fill hsl({195 + rnd.randrange(25)},55%,{30 + rnd.randrange(15)}%)", f"rectangle 0,{horizon} {w},{horizon + h // 5}"]
        bx = rnd.randrange(w - 60); by = horizon + rnd.randrange(h // 8)
        draw += ["fill white", f"polygon {bx},{by} {bx + 20},{by - 30} {bx + 22},{by}", "fill hsl(20,50%,30%)", f"rectangle {bx - 5},{by} {bx + 30},{by + 6}"]
    else:  # forest
        x = -10
        while x < w:
            tw = 10 + rnd.randrange(22); th = 25 + rnd.randrange(80)
            draw += [f"fill hsl({90 + rnd.randrange(50)},45%,{12 + rnd.randrange(18)}%)",
                     f"polygon {x},{horizon + 10} {x + tw // 2},{horizon - th} {x + tw},{horizon + 10}"]
            x += tw // 2 + rnd.randrange(14)
    ground_top = horizon + h // 5 if kind == 2 else horizon
    sx, sy = 20 + rnd.randrange(w - 40), 15 + rnd.randrange(h // 4)
    args = [convert, "(", "-size", f"{w}x{h}", f"gradient:hsl({sky},55%,80%)-hsl({sky},45%,55%)", ")",
            "(", "-size", f"{w}x{h}", "-seed", str(seed), "plasma:fractal", "-colorspace", "gray", "-blur", "0x5", "-level", "45%,100%", ")",
            "-compose", "screen", "-composite", "-compose", "over",
            "-fill", "rgba(255,244,214,0.95)", "-draw", f"circle {sx},{sy} {sx + 9 + rnd.randrange(8)},{sy}"]
    for i in range(0, len(draw), 2):
        args += ["-fill", draw[i][5:], "-draw", draw[i + 1]]
    args += ["(", "-size", f"{w}x{h - ground_top}", "-seed", str(seed + 1), "plasma:fractal", "-colorspace", "gray", "-blur", "0x0.7",
             "+level-colors", f"hsl({ground},50%,18%),hsl({ground + 15},45%,62%)", ")", "-geometry", f"+0+{ground_top}", "-composite",
             # A phone sensor's grain: flat skies have some texture, as real ones do.
             "-attenuate", "0.5", "+noise", "Gaussian", "-quality", "82", out]
    subprocess.run(args, check=True)
if __name__ == "__main__":
    a = sys.argv[1:]
    scene(int(a[0]), a[1], *(int(v) for v in a[2:4]))
