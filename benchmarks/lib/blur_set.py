"""Makes the labelled set of benchmarks/blur from real photographs that Debian and PyPI packages ship:
each sharp photograph (re-encoded as a JPEG at quality 92, as every copy is, so compression is no cue)
and copies blurred at full size by defocus (Gaussian, sigma 3, 5 and 10 px) and by motion (a straight
line kernel of 15, 25 and 40 px, at an angle of its own per photo and length). Prints nothing; writes
OUT_DIR/<split>/<kind>/<photo>--<variant>.jpg and OUT_DIR/labels.tsv (file, photo, kind, split,
blur, strength, source). Files already made are kept.

Kinds: `textured` (detail everywhere), `low` (low texture: fog, sky, still water, a smooth drop, a
storm over a speed-blurred road), `shallow` (shallow depth of field: a sharp subject on a smooth
background). About a third of each kind is held out (`holdout`): thresholds were chosen on `dev` only.
Usage: python blur_set.py OUT_DIR"""
import glob, os, subprocess, sys
import numpy as np
from PIL import Image
from scipy.signal import fftconvolve
from scipy.ndimage import gaussian_filter

# (name, where, kind, split). `where` is a package file path (a glob) or skimage:NAME.
PHOTOS = [
    # Detail everywhere.
    ("dune", "/usr/share/backgrounds/mate/nature/Dune.jpg", "textured", "dev"),
    ("raindrops", "/usr/share/backgrounds/mate/nature/RainDrops.jpg", "textured", "dev"),
    ("blinds", "/usr/share/backgrounds/mate/nature/Blinds.jpg", "textured", "dev"),
    ("cups", "/usr/share/wallpapers/ColorfulCups/contents/images/2560x1600.jpg", "textured", "dev"),
    ("boats", "/usr/share/wallpapers/EveningGlow/contents/images/2560x1600.jpg", "textured", "dev"),
    ("moss", "/usr/share/wallpapers/OneStandsOut/contents/images/2560x1600.jpg", "textured", "dev"),
    ("forest", "/usr/share/wallpapers/Path/contents/images/2560x1600.jpg", "textured", "dev"),
    ("mountains", "/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg", "textured", "dev"),
    ("hills", "/usr/share/backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg", "textured", "dev"),
    ("brushes", "/usr/share/backgrounds/Picture_1A_by_freespace.jpg", "textured", "dev"),
    ("dog", "/usr/share/backgrounds/Wine_by_Jakkub_Mede.jpg", "textured", "dev"),
    ("pattern", "/usr/share/backgrounds/analogpattern_by_Peter_Nerlich.jpg", "textured", "dev"),
    ("astronaut", "skimage:astronaut.png", "textured", "dev"),
    ("camera", "skimage:camera.png", "textured", "dev"),
    ("chelsea", "skimage:chelsea.png", "textured", "dev"),
    ("motorcycle", "skimage:motorcycle_left.png", "textured", "dev"),
    ("meadow", "/usr/share/backgrounds/mate/nature/GreenMeadow.jpg", "textured", "holdout"),
    ("architecture", "/usr/share/wallpapers/Grey/contents/images/2560x1600.jpg", "textured", "holdout"),
    ("stream", "/usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg", "textured", "holdout"),
    ("sunset", "/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg", "textured", "holdout"),
    ("friends", "/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg", "textured", "holdout"),
    ("dragonfly", "/usr/share/backgrounds/Dragonfly_by_Bolly.jpg", "textured", "holdout"),
    ("coffee", "skimage:coffee.png", "textured", "holdout"),
    ("rocket", "skimage:rocket.jpg", "textured", "holdout"),
    # Low texture.
    ("fog-pier", "/usr/share/wallpapers/ColdRipple/contents/images/2560x1600.jpg", "low", "dev"),
    ("twilight-lake", "/usr/share/wallpapers/summer_1am/contents/images/2560x1600.jpg", "low", "dev"),
    ("kite-sky", "/usr/share/wallpapers/Kite/contents/images/2560x1600.jpg", "low", "dev"),
    ("dock", "/usr/share/wallpapers/BytheWater/contents/images/2560x1600.jpg", "low", "dev"),
    ("storm-road", "/usr/share/backgrounds/mate/nature/Storm.jpg", "low", "dev"),
    ("moon", "skimage:moon.png", "low", "dev"),
    ("fog-lake", "/usr/share/wallpapers/DarkestHour/contents/images/2560x1600.jpg", "low", "holdout"),
    ("bridge-sky", "/usr/share/backgrounds/Bridge_by_Sander_Klootwijk.jpg", "low", "holdout"),
    ("drop", "/usr/share/backgrounds/mate/nature/Aqua.jpg", "low", "holdout"),
    # Shallow depth of field.
    ("flower", "/usr/share/backgrounds/mate/nature/FreshFlower.jpg", "shallow", "dev"),
    ("garden", "/usr/share/backgrounds/mate/nature/Garden.jpg", "shallow", "dev"),
    ("ladybird", "/usr/share/backgrounds/mate/nature/LadyBird.jpg", "shallow", "dev"),
    ("dandelion", "/usr/share/backgrounds/mate/nature/TwoWings.jpg", "shallow", "dev"),
    ("wood", "/usr/share/backgrounds/mate/nature/Wood.jpg", "shallow", "dev"),
    ("bird", "/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg", "shallow", "dev"),
    ("lamps", "/usr/share/backgrounds/free_by_Peter_Nerlich.jpg", "shallow", "dev"),
    ("fig", "/usr/share/backgrounds/Picture_0B_by_freespace.jpg", "shallow", "dev"),
    ("yellow-flower", "/usr/share/backgrounds/mate/nature/YellowFlower.jpg", "shallow", "holdout"),
    ("leaf", "/usr/share/wallpapers/FallenLeaf/contents/images/2560x1600.jpg", "shallow", "holdout"),
    ("seeds", "/usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg", "shallow", "holdout"),
    ("clock", "/usr/share/backgrounds/greentock_by_Peter_Nerlich.jpg", "shallow", "holdout"),
]

# The Debian packages the photographs come from.
PACKAGES = ["mate-backgrounds", "plasma-workspace-wallpapers", "lomiri-wallpapers-16.04", "lomiri-wallpapers-20.04"]

DEFOCUS = [3, 5, 10]     # Gaussian sigma, px at full size
MOTION = [15, 25, 40]    # line length, px at full size


def source_path(where):
    if where.startswith("skimage:"):
        import skimage
        return os.path.join(os.path.dirname(skimage.__file__), "data", where.split(":", 1)[1])
    found = sorted(glob.glob(where))
    return found[0] if found else None


def line_kernel(length, degrees):
    """A straight motion path of `length` px at `degrees` (0 = horizontal), anti-aliased, summing to 1."""
    size = int(np.ceil(length)) | 1
    size += 2
    kernel = np.zeros((size, size), np.float64)
    centre = (size - 1) / 2
    angle = np.deg2rad(degrees)
    steps = int(length * 8) + 1
    for t in np.linspace(-(length - 1) / 2, (length - 1) / 2, steps):
        x, y = centre + t * np.cos(angle), centre - t * np.sin(angle)
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        fx, fy = x - x0, y - y0
        kernel[y0, x0] += (1 - fx) * (1 - fy)
        kernel[y0, x0 + 1] += fx * (1 - fy)
        kernel[y0 + 1, x0] += (1 - fx) * fy
        kernel[y0 + 1, x0 + 1] += fx * fy
    return kernel / kernel.sum()


def blurred(pixels, blur, strength, degrees):
    out = np.empty_like(pixels)
    for c in range(pixels.shape[2]):
        channel = pixels[:, :, c]
        if blur == "defocus":
            out[:, :, c] = gaussian_filter(channel, strength, mode="reflect", truncate=3.0)
        else:
            kernel = line_kernel(strength, degrees)
            pad = kernel.shape[0]
            padded = np.pad(channel, pad, mode="reflect")
            out[:, :, c] = fftconvolve(padded, kernel, mode="same")[pad:-pad, pad:-pad]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rows = []
    for index, (name, where, kind, split) in enumerate(PHOTOS):
        source = source_path(where)
        if source is None:
            print(f"blur_set: {name}: {where} not installed, left out", file=sys.stderr)
            continue
        folder = os.path.join(out, split, kind)
        os.makedirs(folder, exist_ok=True)
        variants = [("sharp", 0, 0)] + [("defocus", s, 0) for s in DEFOCUS]
        # Each photo's motion at angles of its own: spread over the half turn, never only the axes.
        variants += [("motion", length, (index * 47 + k * 61) % 180) for k, length in enumerate(MOTION)]
        pixels = None
        for blur, strength, degrees in variants:
            label = "sharp" if blur == "sharp" else f"{blur}-{strength}" + (f"-{degrees}deg" if blur == "motion" else "")
            path = os.path.join(folder, f"{name}--{label}.jpg")
            rows.append((os.path.relpath(path, out), name, kind, split, blur, strength, source))
            if os.path.exists(path):
                continue
            if pixels is None:
                pixels = np.asarray(Image.open(source).convert("RGB"), dtype=np.float32)
            image = pixels if blur == "sharp" else blurred(pixels, blur, strength, degrees)
            Image.fromarray(np.clip(image + 0.5, 0, 255).astype(np.uint8) if image.dtype != np.uint8 else image).save(
                path + ".part", "JPEG", quality=92)
            os.replace(path + ".part", path)
    with open(os.path.join(out, "labels.tsv"), "w") as labels:
        labels.write("file\tphoto\tkind\tsplit\tblur\tstrength\tsource\n")
        for row in rows:
            labels.write("\t".join(str(v) for v in row) + "\n")


if __name__ == "__main__":
    main()
