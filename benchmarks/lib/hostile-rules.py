#!/usr/bin/env python3
"""Writes the hostile rule files of the bounded-work suite into DIR (one .yaml each).

The same shapes as Tests/cullTests/Commands/HostileRuleTests.swift: alias bombs, 10,000-deep YAML,
10,000 unknown keys on one line, 40,000 protect entries, huge `in:` lists, `**/` x 40,000 (and the
longest accepted run of them), `*a` x 100,000, and three regexes that are slow, huge or exponential.
Usage: hostile-rules.py DIR
"""
import os
import sys


def rule(match, protect=None):
    head = "version: 1\n"
    if protect is not None:
        head += "protect:\n" + protect + "\n"
    return head + "rules:\n  - name: hostile\n    match: " + match + "\n"


def alias_bomb():
    lines = ["version: 1", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    return "\n".join(lines) + "\nrules:\n  - name: r\n    match: {kind: video}\n"


FILES = {
    "alias-bomb": alias_bomb,
    "deep-yaml": lambda: rule("{not: " * 10_000 + "{kind: video}" + "}" * 10_000),
    "deep-sequence": lambda: "version: 1\nrules: " + "[" * 10_000 + "]" * 10_000 + "\n",
    "unknown-keys": lambda: "version: 1\nrules:\n  - {name: r, match: {kind: video}, "
    + ", ".join(f"k{i}: 1" for i in range(10_000)) + "}\n",
    "protect-40000": lambda: rule("{kind: video}", "\n".join(f'  - {{name: "p{i}.jpg"}}' for i in range(40_000))),
    "protect-500": lambda: rule("{kind: video}", "\n".join(f'  - {{name: "p{i}*.jpg"}}' for i in range(500))),
    "in-900000": lambda: rule("{extension: {in: [" + ", ".join(f"x{i}" for i in range(900_000)) + "]}}"),
    "in-10000": lambda: rule("{name: {in: [" + ", ".join(f'"n{i}.jpg"' for i in range(10_000)) + "]}}"),
    # None of them is true, so every row tests all 10,000 (SQLite's OR stops at the first true).
    "any-10000": lambda: rule("{any: [" + ", ".join(f"{{size: {i}B}}" for i in range(10_000)) + "]}"),
    "globstar-40000": lambda: rule('{path: "' + "**/" * 40_000 + 'x.jpg"}'),
    "globstar-20000": lambda: rule('{path: "' + "**/" * 20_000 + '*a*.jpg"}'),
    "globstar-330": lambda: rule('{path: "' + "**/" * 330 + '*a*b*.jpg"}'),
    "star-a-100000": lambda: rule('{name: "' + "*a" * 100_000 + '"}'),
    "star-a-499": lambda: rule('{name: "' + "*a" * 499 + '"}'),
    "regex-backreference": lambda: rule('{path: {matches: "^(([a-z/]+)+)+\\\\1[0-9]$"}}'),
    # The same shape on the synthetic index's paths (letters, digits, spaces): every row explodes.
    "regex-exponential": lambda: rule('{path: {matches: "^(([\\\\w/. ]+)+)+\\\\1[0-9]$"}}'),
    "regex-nested-counts": lambda: rule('{path: {matches: "(((a{1,100}){1,100}){1,100})"}}'),
    "regex-alternation": lambda: rule('{path: {matches: "' + "|".join(f"a{i}" for i in range(20_000)) + '"}}'),
    "many-rules": lambda: "version: 1\nrules:\n" + "\n".join(
        f'  - name: r{i}\n    match: {{name: "n{i}"}}\n    action: keep' for i in range(3_000)) + "\n",
}

if __name__ == "__main__":
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    for name, make in FILES.items():
        with open(os.path.join(directory, name + ".yaml"), "w", encoding="utf-8") as out:
            out.write(make())
    print("\n".join(FILES))
