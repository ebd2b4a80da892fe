#!/usr/bin/env python3
"""Writes a journal as another tool would, for timing how BrewLog loads it.

Usage: scripts/reformat-journal.py STYLE IN OUT
  spaced   json.dumps's default separators, ", " and ": " (keys in BrewLog's order)
  sorted   keys sorted, no whitespace (json.dumps(sort_keys=True, separators=(",", ":")))
  padded   a space between every two tokens: { "id" : "…" , "tags" : [ "a" , "b" ] }
(`jq -c . IN > OUT` is the jq form: it keeps the order and strips every space.)

Values are written back as json.dumps writes them, non-ASCII text unescaped (ensure_ascii=False),
so only the spelling of the line changes, never a brew. Standard library only.
"""
import json, sys


def padded(value):
    """`value` as JSON with a space between every two tokens."""
    if isinstance(value, dict):
        return "{ " + " , ".join(json.dumps(k, ensure_ascii=False) + " : " + padded(v) for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[ " + " , ".join(padded(v) for v in value) + " ]" if value else "[ ]"
    return json.dumps(value, ensure_ascii=False)


STYLES = {
    "spaced": lambda brew: json.dumps(brew, ensure_ascii=False),
    "sorted": lambda brew: json.dumps(brew, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
    "padded": padded,
}

if len(sys.argv) != 4 or sys.argv[1] not in STYLES:
    sys.exit(__doc__)
write = STYLES[sys.argv[1]]
with open(sys.argv[2], encoding="utf-8") as source, open(sys.argv[3], "w", encoding="utf-8") as target:
    for line in source:
        target.write(write(json.loads(line)) + "\n" if line.strip() else line)
