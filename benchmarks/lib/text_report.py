"""Prints benchmarks/text's tables: `document` against the labels (cull, and the same decision made from
`tesseract` run on every file), the words cull read against the words `tesseract` read, and the time.
Usage: python text_report.py LABELS.tsv TESS_DIR CULL.json TESS_SECONDS CULL_SECONDS RECOGNIZED AGAIN_SECONDS
       [TESS_DOCUMENTS_SECONDS CULL_DOCUMENTS_SECONDS] (the floor: the labelled documents alone)"""
import json, os, re, sys

labels_path, tess_dir, cull_json, tess_s, cull_s, recognized, again_s = sys.argv[1:8]
floor = [float(v) for v in sys.argv[8:10]]
tess_s, cull_s, again_s, recognized = float(tess_s), float(cull_s), float(again_s), int(recognized)
# cull's own thresholds (Sources/CullKit/Features/Text/TextReading.swift), applied to tesseract's words.
CONFIDENCE, WORDS, LINES, COVERAGE = 60, 12, 3, 0.02

labels = {}
with open(labels_path) as f:
    next(f)
    for line in f:
        file, label, source, what = line.rstrip("\n").split("\t")
        labels[file] = (label, source, what)


def counted(word):
    return sum(1 for c in word if c.isalnum()) >= 2


def tokens(text):
    return {w.lower() for w in re.split(r"\s+", text or "") if counted(w)}


def tesseract(file):
    """Words (confident, counted), and the document decision on them, from tesseract's TSV."""
    path = os.path.join(tess_dir, file + ".tsv")
    words, boxes, lines, size = set(), [], set(), (1, 1)
    if not os.path.exists(path):
        return words, False
    with open(path, errors="replace") as f:
        next(f, None)
        for row in f:
            cols = row.rstrip("\n").split("\t")
            if len(cols) < 12:
                continue
            level, block, par, line, left, top, width, height, conf, text = int(cols[0]), cols[2], cols[3], cols[4], *map(int, cols[6:10]), float(cols[10]), cols[11]
            if level == 1:
                size = (width, height)
            if level == 5 and conf >= CONFIDENCE and counted(text):
                words.add(text.lower())
                boxes.append((left, top, left + width, top + height))
                lines.add((block, par, line))
    if not boxes:
        return words, False
    cut = len(boxes) // 20
    pick = lambda i, low: sorted(b[i] for b in boxes)[cut if low else len(boxes) - 1 - cut]  # noqa: E731
    area = max(0, pick(2, False) - pick(0, True)) * max(0, pick(3, False) - pick(1, True))
    coverage = min(1, area / (size[0] * size[1]))
    return words, len(boxes) >= WORDS and len(lines) >= LINES and coverage >= COVERAGE


cull = {item["path"]: item for item in json.load(open(cull_json))}
rows = []
for file, (label, source, what) in sorted(labels.items()):
    item = cull.get(file, {})
    tess_words, tess_doc = tesseract(file)
    rows.append(dict(file=file, label=label, source=source, what=what, cull_doc=bool(item.get("document")),
                     cull_words=tokens(item.get("text")), tess_words=tess_words, tess_doc=tess_doc))


def pr(key, subset):
    tp = sum(1 for r in subset if r[key] and r["label"] == "document")
    fp = sum(1 for r in subset if r[key] and r["label"] != "document")
    fn = sum(1 for r in subset if not r[key] and r["label"] == "document")
    p = tp / (tp + fp) if tp + fp else 1.0
    rc = tp / (tp + fn) if tp + fn else 1.0
    return tp, fp, fn, p, rc


docs = sum(1 for r in rows if r["label"] == "document")
print("\n%d files: %d documents, %d photos" % (len(rows), docs, len(rows) - docs))
print("\n| document field | set | found | false | missed | precision | recall |")
print("|---|---|---|---|---|---|---|")
for name, key in (("cull", "cull_doc"), ("tesseract on every file, same decision", "tess_doc")):
    for set_name, subset in (("all", rows), ("real files only", [r for r in rows if r["source"] == "real"])):
        tp, fp, fn, p, rc = pr(key, subset)
        print("| %s | %s | %d | %d | %d | %.1f%% | %.1f%% |" % (name, set_name, tp, fp, fn, 100 * p, 100 * rc))
tess_docs = [r for r in rows if r["tess_doc"]]
both = sum(1 for r in tess_docs if r["cull_doc"])
print("\ndocuments tesseract-on-every-file finds that cull finds: %d of %d (%.1f%%; goal >= 95%%)" % (
    both, len(tess_docs), 100 * both / max(1, len(tess_docs))))
for r in rows:
    if r["cull_doc"] != (r["label"] == "document"):
        print("  %s: %s, labelled %s (%s), cull %s, tesseract decision %s, words cull %d / tesseract %d" % (
            "false" if r["cull_doc"] else "missed", r["file"], r["label"], r["what"], r["cull_doc"], r["tess_doc"],
            len(r["cull_words"]), len(r["tess_words"])))

print("\n| words (confident, 2+ letters or digits, distinct per file) | tesseract | cull | of tesseract's, cull also read |")
print("|---|---|---|---|")
for name, subset in (("documents", [r for r in rows if r["label"] == "document"]), ("photos", [r for r in rows if r["label"] != "document"])):
    t = sum(len(r["tess_words"]) for r in subset)
    c = sum(len(r["cull_words"]) for r in subset)
    shared = sum(len(r["tess_words"] & r["cull_words"]) for r in subset)
    print("| %s | %d | %d | %.1f%% |" % (name, t, c, 100 * shared / max(1, t)))

print("\n| time, whole set | seconds | ratio to tesseract (goal <= 25%) |")
print("|---|---|---|")
print("| tesseract on every file (TSV, one process per file, %d at once, one OpenMP thread each) | %.1f | 100%% |" % (os.cpu_count(), tess_s))
print("| cull find 'document: true' on a fresh scan (presence test, OCR of %d of %d files) | %.1f | %.1f%% |" % (recognized, len(rows), cull_s, 100 * cull_s / tess_s))
print("| the same find again (everything cached: no photo read twice) | %.2f | %.1f%% |" % (again_s, 100 * again_s / tess_s))
if floor:
    tess_docs_s, cull_docs_s = floor
    print("| floor: tesseract on the %d labelled documents alone | %.1f | %.1f%% |" % (docs, tess_docs_s, 100 * tess_docs_s / tess_s))
    print("| floor: cull reading the %d labelled documents alone (a library of them) | %.1f | %.1f%% |" % (docs, cull_docs_s, 100 * cull_docs_s / tess_s))
    print("| cull's time beyond that floor (the photos: presence test, and the OCR of those that pass it) | %.1f | %.1f%% |" % (
        cull_s - cull_docs_s, 100 * (cull_s - cull_docs_s) / tess_s))
