"""Pairwise agreement of similar groups: cull's (plan JSON) and imagehash's (its hashes, grouped
with the same complete linkage at DISTANCE), each against the planted groups (a photo and its
edited copies). Usage: python similar_agreement.py PLAN_JSON IMAGEHASH_FILE DISTANCE"""
import json, sys, itertools

plan, hashes, distance = sys.argv[1], sys.argv[2], int(sys.argv[3])

def pairs(groups):
    return {tuple(sorted(p)) for g in groups for p in itertools.combinations(g, 2)}

cull_groups = [[m.split("/")[-1] for m in g["members"]] for r in json.load(open(plan))["rules"] for g in r.get("groups", [])]
values = {}
for line in open(hashes):
    name, hexhash = line.split()
    values[name] = int(hexhash, 16)
names = sorted(values)
def gap(a, b): return bin(values[a] ^ values[b]).count("1")
near = {n: [m for m in names if m != n and gap(n, m) <= distance] for n in names}
grouped, ih_groups = set(), []
for seed in sorted((n for n in names if near[n]), key=lambda n: (-len(near[n]), names.index(n))):
    if seed in grouped: continue
    members = [seed]
    for c in sorted((c for c in near[seed] if c not in grouped), key=lambda c: (gap(seed, c), names.index(c))):
        if all(gap(m, c) <= distance for m in members): members.append(c)
    if len(members) > 1:
        grouped.update(members); ih_groups.append(members)
truth = {}
for n in names: truth.setdefault(n.split("-")[0].split(".")[0], []).append(n)
planted = pairs(g for g in truth.values() if len(g) > 1)
def score(label, found):
    hit = len(found & planted)
    print(f"  {label:<28} {len(found):>4} co-grouped pairs, planted pairs found {hit}/{len(planted)}, false pairs {len(found - planted)}")
score("cull", pairs(cull_groups))
score(f"imagehash (distance {distance})", pairs(ih_groups))
a, b = pairs(cull_groups), pairs(ih_groups)
print(f"  agreement (same pairs / all pairs grouped by either): {len(a & b)}/{len(a | b)}")
