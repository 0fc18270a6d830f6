"""Makes the benchmarks/similar photo set: N distinct 4000x3000 JPEGs (smooth random scenes with
camera-like sensor noise, quality 90) and, for every 10th, three edited copies (half size,
recompressed at quality 60, brightened 15 %) in the same folder: the planted similar groups.
Usage: python similar_corpus.py OUT_DIR N"""
import os, sys
import numpy as np
from PIL import Image, ImageEnhance

out, count = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
for i in range(count):
    path = os.path.join(out, f"p{i:04d}.jpg")
    if os.path.exists(path):
        continue
    rng = np.random.default_rng(i)
    scene = Image.fromarray(rng.integers(0, 256, (24, 32, 3), dtype=np.uint8)).resize((4000, 3000), Image.BICUBIC)
    pixels = np.asarray(scene, dtype=np.int16) + rng.normal(0, 6, (3000, 4000, 1)).astype(np.int16)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    image.save(path, quality=90)
    if i % 10 == 0:
        image.resize((2000, 1500), Image.LANCZOS).save(os.path.join(out, f"p{i:04d}-half.jpg"), quality=90)
        image.save(os.path.join(out, f"p{i:04d}-q60.jpg"), quality=60)
        ImageEnhance.Brightness(image).enhance(1.15).save(os.path.join(out, f"p{i:04d}-bright.jpg"), quality=90)
