"""Prints benchmarks/blur's tables: false positives on the sharp photographs and recall per blur kind and
strength, of today's measure (the variance of the Laplacian at 384 pixels, blurry below 50, read from the
baseline's index) beside the new one (blurry, featureless), from the labels of blur_set.py.
Usage: python blur_report.py SET_DIR OLD_TSV NEW_TSV
  OLD_TSV: path<TAB>sharpness (baseline);  NEW_TSV: path<TAB>sharpness<TAB>edges<TAB>blurry (new cull)"""
import csv, os, sys
from collections import defaultdict

set_dir, old_tsv, new_tsv = sys.argv[1:4]
labels = list(csv.DictReader(open(os.path.join(set_dir, "labels.tsv")), delimiter="\t"))


def read(path):
    rows = {}
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        rows[parts[0]] = parts[1:]
    return rows


old, new = read(old_tsv), read(new_tsv)
OLD_THRESHOLD = 50.0


def old_blurry(file):
    value = old.get(file, [""])[0]
    return value != "" and float(value) < OLD_THRESHOLD


def new_state(file):
    row = new.get(file)
    if row is None:
        return "missing"
    return "blurry" if row[2] == "1" else ("featureless" if row[0] == "" else "sharp")


def pct(hit, total):
    return f"{hit}/{total} ({100 * hit / total:.0f}%)" if total else "-"


sharp = [r for r in labels if r["blur"] == "sharp"]
kinds = ["textured", "low", "shallow"]
print("\nFalse positives: sharp photographs read as blurry (goal: 0)")
print(f"  {'kind':22s} {'photos':>6s}   {'today (Laplacian < 50)':>24s}   {'new (blurry)':>14s}   new featureless")
for kind in kinds + ["all"]:
    for split in ["dev", "holdout", "both"]:
        rows = [r for r in sharp if (kind == "all" or r["kind"] == kind) and (split == "both" or r["split"] == split)]
        if split != "both" and kind != "all":
            continue
        label = kind if split == "both" else f"all, {'held out' if split == 'holdout' else 'dev'}"
        old_fp = [r["photo"] for r in rows if old_blurry(r["file"])]
        new_fp = [r["photo"] for r in rows if new_state(r["file"]) == "blurry"]
        flat = [r["photo"] for r in rows if new_state(r["file"]) == "featureless"]
        print(f"  {label:22s} {len(rows):6d}   {len(old_fp):24d}   {len(new_fp):14d}   {len(flat)}"
              + (f"   new FP: {', '.join(new_fp)}" if new_fp else ""))
    if kind == "all":
        print(f"  today's false positives: {', '.join(r['photo'] for r in sharp if old_blurry(r['file'])) or 'none'}")
        print(f"  new featureless (not blurry): {', '.join(r['photo'] for r in sharp if new_state(r['file']) == 'featureless') or 'none'}")

print("\nRecall: blurred copies read as blurry (goal: >= 80% for defocus sigma 10 px and for motion 25 px of textured photos)")
print(f"  {'blur (px at full size)':26s} {'textured: today':>16s} {'new':>14s}   {'low+shallow: today':>18s} {'new':>14s}   {'all: today':>14s} {'new':>14s}   new held out")
groups = defaultdict(list)
for r in labels:
    if r["blur"] != "sharp":
        groups[(r["blur"], int(r["strength"]))].append(r)
misses = []
for (blur, strength) in sorted(groups):
    rows = groups[(blur, strength)]
    name = f"defocus sigma {strength}" if blur == "defocus" else f"motion {strength} (line)"
    goal = (blur == "defocus" and strength == 10) or (blur == "motion" and strength == 25)
    cells = []
    for subset in (lambda r: r["kind"] == "textured", lambda r: r["kind"] != "textured", lambda r: True):
        part = [r for r in rows if subset(r)]
        cells.append(pct(sum(old_blurry(r["file"]) for r in part), len(part)))
        cells.append(pct(sum(new_state(r["file"]) == "blurry" for r in part), len(part)))
    held = [r for r in rows if r["split"] == "holdout" and (blur == "defocus" or r["kind"] == "textured")]
    held_cell = pct(sum(new_state(r["file"]) == "blurry" for r in held), len(held))
    print(f"  {name + (' *' if goal else ''):26s} {cells[0]:>16s} {cells[1]:>14s}   {cells[2]:>18s} {cells[3]:>14s}   {cells[4]:>14s} {cells[5]:>14s}   {held_cell}")
    if goal:
        scope = rows if blur == "defocus" else [r for r in rows if r["kind"] == "textured"]
        misses += [f"{r['photo']} ({blur} {strength}: {new_state(r['file'])})" for r in scope if new_state(r["file"]) != "blurry"]
print("  * a goal strength; 'new held out' counts the held-out photos of the goal's scope (all kinds for defocus, textured for motion)")
print(f"  new misses at the goal strengths: {', '.join(misses) or 'none'}")
