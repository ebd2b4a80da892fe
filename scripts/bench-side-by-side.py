#!/usr/bin/env python3
"""Times two brewlog binaries side by side, run by run, beside `wc -l` on the same journal.

Usage: scripts/bench-side-by-side.py BEFORE AFTER RUNS N...   (in a folder holding jN.jsonl,
made by `brewlog-bench generate N jN.jsonl`). For each N: `--version`, `streak`,
`list --limit 10` and `add` (on a copy), the two binaries alternating, medians of RUNS wall
times, the ratio to AFTER's `--version` and to `wc -l`, and the median peak RSS of three more
runs under GNU time (`/usr/bin/time -f %M`): a child of this Python process would report at least
Python's own RSS (the kernel counts the memory a process had before `exec`), about 15 MB.
Standard library only.
"""
import os, subprocess, statistics, sys, time, shutil
env = dict(os.environ, BREWLOG_NOW="2026-11-29T09:15:00+01:00", TZ="Europe/Berlin", HOME=os.path.join(os.getcwd(), "home"))
os.makedirs(env["HOME"], exist_ok=True)
def peak_kb(argv):
    """Peak RSS in KB of argv, spawned by GNU time (a small process, so the figure is argv's)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    return int(out.stderr.strip().splitlines()[-1])
def once(argv):
    t = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    _, st, ru = os.wait4(p.pid, 0)
    el = time.perf_counter() - t
    err = p.stderr.read(); p.stderr.close()
    rc = os.waitstatus_to_exitcode(st)
    if rc not in (0, 1): raise SystemExit(f"{argv} exited {rc}: {err[:200]}")
    return el, ru.ru_maxrss
sizes = [int(a) for a in sys.argv[4:]]
runs = int(sys.argv[3])
bins = {"before": sys.argv[1], "after": sys.argv[2]}
for n in sizes:
    j = f"j{n}.jsonl"; a = f"j{n}-add.jsonl"
    shutil.copy(j, a)
    jobs = [("--version", lambda b: [b, "--version"]),
            ("streak", lambda b: [b, "streak", "--file", j]),
            ("list --limit 10", lambda b: [b, "list", "--limit", "10", "--file", j]),
            ("add", lambda b: [b, "add", "-q", "--method", "V60", "--file", a])]
    res = {}
    wc = []
    for r in range(runs):
        wc.append(once(["wc", "-l", j]))
        for name, argv in jobs:
            for label, b in bins.items():
                res.setdefault((name, label), []).append(once(argv(b)))
    wct = statistics.median(t for t, _ in wc)
    size = os.path.getsize(j)
    print(f"\n{n:,} brews, {size/1e6:.1f} MB, median of {runs}; wc -l {wct*1000:.1f} ms")
    print("| job | before | after | after × --version | after × wc -l | peak RSS before | peak RSS after |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    floor = statistics.median(t for t, _ in res[("--version", "after")])
    for name, argv in jobs:
        tb = statistics.median(t for t, _ in res[(name, "before")]); ta = statistics.median(t for t, _ in res[(name, "after")])
        mb = statistics.median(peak_kb(argv(bins["before"])) for _ in range(3))
        ma = statistics.median(peak_kb(argv(bins["after"])) for _ in range(3))
        print(f"| {name} | {tb*1000:.1f} ms | {ta*1000:.1f} ms | {ta/floor:.2f} | {ta/wct:.1f} | {mb/1024:.1f} MB | {ma/1024:.1f} MB |")
    sys.stdout.flush()
    os.remove(a)
