#!/usr/bin/env python3
"""Times brewlog's commands from 1,000 to 1,000,000 brews, with jrnl and Taskwarrior beside it.

Usage: scripts/bench-cli.sh [N ...]   (builds first; see BENCHMARKS.md)
       scripts/bench-cli.py --bin DIR [--runs R] [--jrnl PATH] [--task PATH] [N ...]

For each size N it generates a journal (brewlog-bench generate), then runs each job R times and
reports the median wall time, the median peak RSS of the process (from wait4), and the ratio of
the time to brewlog's own start-up floor (`brewlog --version`) measured in the same run.
Standard library only.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time


def run_once(argv, env, cwd):
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {err.strip()[:300]}")
    return elapsed, usage.ru_maxrss  # seconds, KiB on Linux


def measure(argv, env, cwd, runs, setup=None):
    times, rss = [], []
    for i in range(runs):
        if setup:
            setup(i)
        t, m = run_once(argv(i) if callable(argv) else argv, env, cwd)
        times.append(t)
        rss.append(m)
    return statistics.median(times), statistics.median(rss)


def human_size(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} kB"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder with release builds of brewlog and brewlog-bench")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--jrnl", help="jrnl executable (skipped when absent)")
    parser.add_argument("--task", help="task executable (skipped when absent)")
    parser.add_argument("--jrnl-max", type=int, default=100_000, help="largest N to give jrnl")
    parser.add_argument("--task-max", type=int, default=10_000, help="largest N to give Taskwarrior")
    parser.add_argument("sizes", nargs="*", type=int, default=[1_000, 10_000, 100_000, 1_000_000])
    args = parser.parse_args()

    brewlog = os.path.join(args.bin, "brewlog")
    generator = os.path.join(args.bin, "brewlog-bench")
    work = tempfile.mkdtemp(prefix="brewlog-bench-")
    base_env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": work, "TZ": "Europe/Berlin", "LANG": "C.UTF-8",
                "BREWLOG_NOW": "2026-11-29T09:15:00+01:00", "NO_COLOR": "1"}
    rows = []
    try:
        for n in args.sizes:
            journal = os.path.join(work, f"journal-{n}.jsonl")
            subprocess.run([generator, "generate", str(n), journal, "brewlog", "2026-11-28"], check=True)
            size = os.path.getsize(journal)
            env = dict(base_env, BREWLOG_FILE=journal)
            floor, floor_rss = measure([brewlog, "--version"], env, work, args.runs)
            jobs = [
                ("streak", [brewlog, "streak"]),
                ("list --limit 10", [brewlog, "list", "--limit", "10"]),
                ("add", [brewlog, "add", "-q", "--method", "V60", "--rating", "4"]),
                ("edit last", lambda i: [brewlog, "edit", "last", "--notes", f"edited {i}"]),
            ]
            rows.append((n, size, "brewlog", "--version (floor)", floor, floor_rss, floor))
            for name, argv in jobs:
                t, m = measure(argv, env, work, args.runs)
                rows.append((n, size, "brewlog", name, t, m, floor))

            if args.jrnl and n <= args.jrnl_max:
                rows += bench_jrnl(args, generator, work, base_env, n, floor)
            if args.task and n <= args.task_max:
                rows += bench_task(args, generator, work, base_env, n, floor)
            os.remove(journal)
            print_rows([r for r in rows if r[0] == n], file=sys.stderr)
        print_rows(rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench_jrnl(args, generator, work, base_env, n, floor):
    text = os.path.join(work, f"jrnl-{n}.txt")
    subprocess.run([generator, "generate", str(n), text, "jrnl", "2026-11-28"], check=True)
    config = os.path.join(work, f"jrnl-config-{n}")
    os.makedirs(os.path.join(config, "jrnl"), exist_ok=True)
    with open(os.path.join(config, "jrnl", "jrnl.yaml"), "w") as f:
        f.write(f"""colors: {{body: none, date: none, tags: none, title: none}}
default_hour: 9
default_minute: 0
editor: ''
encrypt: false
highlight: false
indent_character: '|'
journals:
  default:
    journal: {text}
linewrap: 79
tagsymbols: '#@'
template: false
timeformat: '%Y-%m-%d %H:%M'
version: v4.6
""")
    env = dict(base_env, XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(work, "jrnl-data"))
    size = os.path.getsize(text)
    rows = []
    t, m = measure([args.jrnl, "--version"], env, work, args.runs)
    rows.append((n, size, "jrnl", "--version (floor)", t, m, floor))
    t, m = measure([args.jrnl, "-n", "10"], env, work, args.runs)
    rows.append((n, size, "jrnl", "list --limit 10 (jrnl -n 10)", t, m, floor))
    t, m = measure([args.jrnl, "V60 with House blend. lovely"], env, work, args.runs)
    rows.append((n, size, "jrnl", "add (jrnl TEXT)", t, m, floor))
    os.remove(text)
    return rows


def bench_task(args, generator, work, base_env, n, floor):
    data = os.path.join(work, f"task-{n}")
    os.makedirs(data, exist_ok=True)
    rc = os.path.join(work, f"taskrc-{n}")
    with open(rc, "w") as f:
        f.write(f"data.location={data}\nconfirmation=off\nverbose=nothing\ngc=on\nhooks=off\n")
    env = dict(base_env, TASKRC=rc, TASKDATA=data)
    tasks = os.path.join(work, f"tasks-{n}.json")
    subprocess.run([generator, "generate", str(n), tasks, "task", "2026-11-28"], check=True)
    subprocess.run([args.task, "import", tasks], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    size = sum(os.path.getsize(os.path.join(data, f)) for f in os.listdir(data))
    rows = []
    t, m = measure([args.task, "--version"], env, work, args.runs)
    rows.append((n, size, "task", "--version (floor)", t, m, floor))
    t, m = measure([args.task, "count"], env, work, args.runs)
    rows.append((n, size, "task", "streak ~ full read (task count)", t, m, floor))
    t, m = measure([args.task, "limit:10", "list"], env, work, args.runs)
    rows.append((n, size, "task", "list --limit 10 (task limit:10 list)", t, m, floor))
    t, m = measure([args.task, "add", "V60 with House blend"], env, work, args.runs)
    rows.append((n, size, "task", "add (task add)", t, m, floor))
    t, m = measure(lambda i: [args.task, "1", "modify", f"edited {i}"], env, work, args.runs)
    rows.append((n, size, "task", "edit (task 1 modify)", t, m, floor))
    return rows


def print_rows(rows, file=sys.stdout):
    print("| brews | data | tool | job | median wall | × brewlog floor | peak RSS |", file=file)
    print("| ---: | ---: | --- | --- | ---: | ---: | ---: |", file=file)
    for n, size, tool, job, t, rss, floor in rows:
        print(f"| {n:,} | {human_size(size)} | {tool} | {job} | {t * 1000:.1f} ms | {t / floor:.1f} | {rss / 1024:.1f} MB |", file=file)
    print(file=file)


if __name__ == "__main__":
    main()
