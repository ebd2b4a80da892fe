#!/usr/bin/env python3
"""Times `brewlog report -o FILE` against `brewlog stats` on one journal and prints the medians
and the report's size. Usage: bench-report.py BREWLOG JOURNAL [RUNS]  (two warm-up runs each;
BREWLOG_NOW and TZ fixed, so every run draws the same page)."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

brewlog, journal = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
folder = tempfile.mkdtemp()
report = os.path.join(folder, "report.html")
env = {"HOME": folder, "TZ": "Europe/Berlin", "BREWLOG_NOW": "2026-11-29T09:15:00+01:00", "PATH": "/usr/bin:/bin"}


def timed(arguments):
    start = time.perf_counter()
    subprocess.run([brewlog, "--file", journal] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - start


jobs = {"stats": ["stats"], "report -o": ["report", "-o", report]}
for arguments in jobs.values():
    timed(arguments)
    timed(arguments)
medians = {name: statistics.median(timed(arguments) for _ in range(runs)) for name, arguments in jobs.items()}
for name, median in medians.items():
    print(f"{name:10} median {median * 1000:.1f} ms over {runs} runs")
print(f"report / stats: {medians['report -o'] / medians['stats']:.2f}x; report size {os.path.getsize(report)} bytes")
