"""imagehash.phash over every JPEG of a folder, plain or with PIL's draft() DCT scaling; prints
images/s and writes 'path hexhash' lines. Usage: python similar_imagehash.py DIR plain|draft OUT"""
import os, sys, time
import imagehash
from PIL import Image

folder, mode, out = sys.argv[1], sys.argv[2], sys.argv[3]
files = sorted(f for f in os.listdir(folder) if f.endswith(".jpg"))
start = time.perf_counter()
lines = []
for name in files:
    with Image.open(os.path.join(folder, name)) as image:
        if mode == "draft":
            image.draft("L", (32, 32))
        lines.append(f"{name} {imagehash.phash(image)}")
elapsed = time.perf_counter() - start
open(out, "w").write("\n".join(lines) + "\n")
print(f"{len(files) / elapsed:.1f}")
