#!/usr/bin/env python3
"""Times two brewlog binaries on one journal in the spellings other tools write.

Usage: scripts/bench-other-tools.py BEFORE AFTER RUNS N...   (in a folder holding jN.jsonl, made
by `brewlog-bench generate N jN.jsonl`, and jN-spaced.jsonl, jN-sorted.jsonl and jN-padded.jsonl,
made from it by scripts/reformat-journal.py). For each N and spelling: `streak`, `check`,
`list --limit 10` and `add` (on a copy, made before each run and not timed), the two binaries
alternating run by run; and `stats` on BrewLog's own spelling and the spaced one. Prints a
Markdown table of the medians of RUNS wall times and of RUNS CPU times (user and system, every
thread: steadier than wall time on a busy machine), each with its ratio to the same binary's on
BrewLog's own spelling, and the load average before and after. Standard library only.
"""
import os, shutil, statistics, subprocess, sys, time

env = dict(os.environ, BREWLOG_NOW="2026-11-29T09:15:00+01:00", TZ="Europe/Berlin",
           HOME=os.path.join(os.getcwd(), "home"))
os.makedirs(env["HOME"], exist_ok=True)
SPELLINGS = ["", "-spaced", "-sorted", "-padded"]
COMMANDS = [["streak"], ["check"], ["list", "--limit", "10"], ["add", "-q", "--method", "V60"]]


def once(argv):
    """Wall and CPU seconds of argv; refuses an exit other than 0."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{argv} exited {code}")
    return elapsed, usage.ru_utime + usage.ru_stime


def timed(binaries, command, journal, runs):
    """The median wall and CPU times of each binary running command on journal, the binaries alternating."""
    times = {name: [] for name in binaries}
    for _ in range(runs):
        for name, binary in binaries.items():
            target = journal
            if command[0] == "add":
                target = f"{journal}.{name}-add"
                shutil.copy(journal, target)
            times[name].append(once([binary] + command + ["--file", target]))
            if target != journal:
                os.remove(target)
    return {name: tuple(statistics.median(kind) for kind in zip(*values)) for name, values in times.items()}


binaries = {"before": sys.argv[1], "after": sys.argv[2]}
runs = int(sys.argv[3])
print(f"load average before: {os.getloadavg()}")
print("| journal | command | wall before (s) | wall after (s) | before / own | after / own "
      "| CPU before (s) | CPU after (s) | before / own | after / own |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for n in [int(arg) for arg in sys.argv[4:]]:
    jobs = [(command, spelling) for command in COMMANDS for spelling in SPELLINGS]
    jobs += [(["stats"], spelling) for spelling in ["", "-spaced"]]
    own = {}
    for command, spelling in jobs:
        medians = timed(binaries, command, f"j{n}{spelling}.jsonl", runs)
        if spelling == "":
            own[command[0]] = medians
        name = " ".join(command[:3] if command[0] == "list" else command[:1])
        cells = []
        for kind in (0, 1):
            cells += [f"{medians[b][kind]:.3f}" for b in binaries]
            cells += [f"{medians[b][kind] / own[command[0]][b][kind]:.2f}" for b in binaries]
        print(f"| j{n}{spelling} | `{name}` | " + " | ".join(cells) + " |", flush=True)
print(f"load average after: {os.getloadavg()}")
