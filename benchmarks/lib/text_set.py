"""Makes the labelled set of benchmarks/text. Prints one line saying what it holds; writes OUT_DIR/*.jpg|png and
OUT_DIR/labels.tsv (file, label, source, what), label `document` or `photo`. Files already made are kept.

- Real photographs without text (label photo): the wallpapers and scikit-image pictures benchmarks/blur uses
  (Debian's mate-backgrounds, plasma-workspace-wallpapers, lomiri-wallpapers; scikit-image's data), and the
  camera samples of ../shared/corpus/exif-samples/jpg when present.
- Real photographs of documents (label document): scikit-image's `page` (a photographed book page) and `text`
  (handwritten notes photographed at an angle).
- Generated documents, photographed-looking (label document): receipts, book pages, letters, slides,
  whiteboards, drawn by ImageMagick, laid on a real photograph at 60-85% of the frame, turned in perspective,
  lit unevenly, blurred and noised, saved as a 4000x3000 JPEG; some turned by 90, 180 or 270 degrees. Phone
  screenshots of text (label document), as PNG at 1170x2532, not photographed.
- Generated photos with a little text (label photo): a real photograph with a sign of one to three words.
Usage: python text_set.py OUT_DIR"""
import glob, os, random, subprocess, sys

sys.path.insert(0, os.path.dirname(__file__))
from blur_set import PHOTOS  # noqa: E402

WORDS = ("the report shows revenue grew in every region costs were held below budget agreed march new warehouse "
         "opened two weeks ahead schedule customer complaints fell third compared with last year board will meet "
         "again november approve plan coming financial please send comments finance office friday meeting minutes "
         "project timeline delivery invoice payment account number reference order total subtotal tax cash change "
         "thank you visit again store street avenue city phone email address service quality team members review "
         "agenda item action owner status complete pending risk mitigation next steps summary introduction results").split()


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def sentence(rng, n):
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize()


def skimage_path(name):
    import skimage
    return os.path.join(os.path.dirname(skimage.__file__), "data", name)


def backgrounds():
    found = []
    for name, where, _, _ in PHOTOS:
        path = skimage_path(where[8:]) if where.startswith("skimage:") else (glob.glob(where) or [None])[0]
        if path and os.path.exists(path):
            found.append((name, path))
    return found


def document(rng, kind, path):
    """Draws one flat document of `kind` at `path` (PNG); returns its size."""
    font = rng.choice(["DejaVu-Sans", "DejaVu-Serif", "Liberation-Sans", "Liberation-Serif", "Liberation-Mono"])
    if kind == "receipt":
        w, h, point, lines = 900, 2000, 30, []
        lines = ["STORE %d" % rng.randint(10, 99), "%d Main Street" % rng.randint(1, 999), ""]
        total = 0.0
        for _ in range(rng.randint(10, 18)):
            price = rng.randint(50, 2500) / 100
            total += price
            lines.append("%-22s %7.2f" % (" ".join(rng.choice(WORDS) for _ in range(2)).upper(), price))
        lines += ["", "TOTAL %22.2f" % total, "THANK YOU FOR YOUR VISIT"]
        font, background, ink = "Liberation-Mono", "white", "black"
    elif kind == "slide":
        w, h, point = 1920, 1080, 44
        lines = [sentence(rng, 4).upper(), ""] + ["- " + sentence(rng, rng.randint(4, 7)) for _ in range(rng.randint(4, 6))]
        background, ink = rng.choice([("white", "black"), ("#1d3557", "white"), ("#f1faee", "#1d3557")])
    elif kind == "whiteboard":
        w, h, point = 2400, 1600, 56
        lines = [sentence(rng, rng.randint(3, 6)) for _ in range(rng.randint(5, 8))]
        font, background, ink = "DejaVu-Sans-Oblique", "#f4f4f0", rng.choice(["#1a237e", "black", "#b71c1c"])
    else:  # page, letter
        w, h, point = 1700, 2200, 30
        lines = [sentence(rng, rng.randint(8, 11)) for _ in range(rng.randint(18, 30))]
        if kind == "letter":
            lines = ["Dear customer,", ""] + lines[:12] + ["", "Yours sincerely,", "The finance office"]
        background, ink = "white", "black"
    args = ["convert", "-size", "%dx%d" % (w, h), "xc:" + background, "-font", font, "-pointsize", str(point), "-fill", ink]
    for i, line in enumerate(lines):
        if line:
            args += ["-annotate", "+%d+%d" % (w // 14, point * 3 + i * int(point * 1.6)), line]
    run(*args, path)
    return w, h


def photographed(rng, flat, size, background, out, turn):
    """`flat` laid on `background` at 4000x3000 (or 3000x4000 for a tall document), in perspective, lit, blurred, noised."""
    w, h = size
    tall = h > w
    W, H = (3000, 4000) if tall else (4000, 3000)
    scale = rng.uniform(0.6, 0.85) * min(W / w, H / h)
    dw, dh = int(w * scale), int(h * scale)
    x, y = (W - dw) // 2 + rng.randint(-150, 150), (H - dh) // 2 + rng.randint(-150, 150)
    j = lambda: rng.randint(-int(0.06 * min(dw, dh)), int(0.06 * min(dw, dh)))  # noqa: E731
    corners = [(0, 0, x + j(), y + j()), (w, 0, x + dw + j(), y + j()), (w, h, x + dw + j(), y + dh + j()), (0, h, x + j(), y + dh + j())]
    persp = " ".join("%d,%d %d,%d" % c for c in corners)
    run("convert", background, "-resize", "%dx%d^" % (W, H), "-gravity", "center", "-extent", "%dx%d" % (W, H),
        "(", flat, "-alpha", "set", "-virtual-pixel", "transparent", "+distort", "Perspective", persp, ")",
        "-gravity", "northwest", "-geometry", "+0+0", "-composite",
        "(", "-size", "%dx%d" % (W, H), "gradient:gray%d-gray%d" % (rng.randint(55, 75), 100), ")", "-compose", "multiply", "-composite",
        "-blur", "0x%.1f" % rng.uniform(0.6, 2.0), "-attenuate", "0.4", "+noise", "Gaussian",
        "-rotate", str(turn), "-quality", "88", out)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(40)
    rows = []
    photos = backgrounds()
    for name, path in photos:
        target = os.path.join(out, "photo-%s.jpg" % name)
        if not os.path.exists(target):
            run("convert", path, "-quality", "92", target)
        rows.append((os.path.basename(target), "photo", "real", "photograph (%s)" % os.path.basename(path)))
    for path in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "../../../shared/corpus/exif-samples/jpg/*.jpg"))):
        name = os.path.basename(path)
        if name in ("corrupted.jpg", "PaintTool_sample.jpg", "long_description.jpg"):
            continue
        target = os.path.join(out, "camera-" + name)
        if not os.path.exists(target):
            run("cp", path, target)
        rows.append((os.path.basename(target), "photo", "real", "camera sample"))
    for name, what in (("page.png", "a photographed book page"), ("text.png", "handwritten notes photographed at an angle")):
        target = os.path.join(out, "real-" + name)
        if not os.path.exists(target):
            run("cp", skimage_path(name), target)
        rows.append((os.path.basename(target), "document", "real", what))
    kinds = ["receipt"] * 8 + ["page"] * 8 + ["letter"] * 4 + ["slide"] * 6 + ["whiteboard"] * 4
    turns = [0] * 22 + [90, 270, 180, 90, 180, 270, 90, 0]
    for i, (kind, turn) in enumerate(zip(kinds, turns)):
        target = os.path.join(out, "doc-%02d-%s%s.jpg" % (i, kind, "-turned%d" % turn if turn else ""))
        flat = os.path.join(out, ".flat-%02d.png" % i)
        size = document(rng, kind, flat)
        if not os.path.exists(target):
            photographed(rng, flat, size, photos[i % len(photos)][1], target, turn)
        rows.append((os.path.basename(target), "document", "generated", "%s photographed%s" % (kind, ", turned %d" % turn if turn else "")))
    for i in range(6):
        target = os.path.join(out, "screenshot-%02d.png" % i)
        if not os.path.exists(target):
            args = ["convert", "-size", "1170x2532", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "40", "-fill", "black"]
            for k in range(rng.randint(14, 24)):
                args += ["-annotate", "+60+%d" % (200 + k * 90), sentence(rng, rng.randint(3, 6))]
            run(*args, target)
        rows.append((os.path.basename(target), "document", "generated", "phone screenshot of text"))
    for i in range(10):
        name, path = photos[(i * 7 + 3) % len(photos)]
        target = os.path.join(out, "sign-%02d-%s.jpg" % (i, name))
        words = " ".join(rng.choice(WORDS).upper() for _ in range(rng.randint(1, 3)))
        if not os.path.exists(target):
            run("convert", path, "-resize", "4000x3000^", "-gravity", "center", "-extent", "4000x3000", "-gravity", "northwest",
                "-fill", "white", "-stroke", "black", "-strokewidth", "6", "-draw", "rectangle 1200,900 %d,1300" % (1300 + 110 * len(words)),
                "-stroke", "none", "-fill", "#b00000", "-font", "DejaVu-Sans-Bold", "-pointsize", "170", "-annotate", "+1260+1180", words,
                "-blur", "0x1", "-quality", "90", target)
        rows.append((os.path.basename(target), "photo", "generated", "photograph with a sign: %s" % words))
    for flat in glob.glob(os.path.join(out, ".flat-*.png")):
        os.remove(flat)
    with open(os.path.join(out, "labels.tsv"), "w") as f:
        f.write("file\tlabel\tsource\twhat\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    count = lambda label, source: sum(1 for r in rows if r[1] == label and r[2] == source)  # noqa: E731
    print("set: %d files: documents %d real + %d generated, photos %d real + %d generated with a sign" % (
        len(rows), count("document", "real"), count("document", "generated"), count("photo", "real"), count("photo", "generated")))


if __name__ == "__main__":
    main()
