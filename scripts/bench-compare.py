#!/usr/bin/env python3
"""Times two brewlog binaries side by side over the commands a day of use runs.

Usage: scripts/bench-compare.py BEFORE AFTER RUNS   (in a folder holding j10000.jsonl and
j100000.jsonl, made by `brewlog-bench generate N jN.jsonl`). The two binaries alternate run by
run; each figure is the median of RUNS wall times. `add` works on a fresh copy each run; `config
set` on a config file in the folder. Standard library only.
"""
import os, shutil, statistics, subprocess, sys, time

before, after, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
home = os.path.join(os.getcwd(), "home")
os.makedirs(home, exist_ok=True)
env = dict(os.environ, BREWLOG_NOW="2026-11-29T09:15:00+01:00", TZ="Europe/Berlin", HOME=home,
           BREWLOG_CONFIG=os.path.join(os.getcwd(), "config"))
bins = {"before": before, "after": after}


def once(argv):
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


jobs = [("--version", lambda b, r: [b, "--version"]),
        ("streak at 10,000", lambda b, r: [b, "streak", "--file", "j10000.jsonl"]),
        ("add at 10,000", None),
        ("list --limit 10 at 10,000", lambda b, r: [b, "list", "--limit", "10", "--file", "j10000.jsonl"]),
        ("stats at 100,000", lambda b, r: [b, "stats", "--file", "j100000.jsonl"]),
        ("export at 100,000", lambda b, r: [b, "export", "--file", "j100000.jsonl"]),
        ("list --json at 100,000", lambda b, r: [b, "list", "--json", "--file", "j100000.jsonl"]),
        ("show last --json at 100,000", lambda b, r: [b, "show", "last", "--json", "--file", "j100000.jsonl"]),
        ("config set ui.color", lambda b, r: [b, "config", "set", "ui.color", "never" if r % 2 else "auto"])]
print("| command | before (ms) | after (ms) | after/before |")
print("| --- | --- | --- | --- |")
for name, make in jobs:
    times = {"before": [], "after": []}
    for r in range(runs):
        for side, binary in bins.items():
            if make is None:
                copy = f"add-{side}.jsonl"
                shutil.copy("j10000.jsonl", copy)
                argv = [binary, "add", "-q", "--method", "V60", "--file", copy]
            else:
                argv = make(binary, r)
            times[side].append(once(argv))
    b, a = statistics.median(times["before"]) * 1000, statistics.median(times["after"]) * 1000
    print(f"| `{name}` | {b:.1f} | {a:.1f} | {a / b:.2f} |")
