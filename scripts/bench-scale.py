#!/usr/bin/env python3
"""Times every brewlog command at 10,000, 100,000 and 1,000,000 brews, two binaries side by side.

Usage: scripts/bench-scale.sh [N ...]                      (builds AFTER from this checkout)
       scripts/bench-scale.py --before DIR --after DIR [--runs R] [--work DIR] [N ...]

DIR holds a release `brewlog` (and, for AFTER, `brewlog-bench`, which generates the journals).
For each size N it generates a journal as BrewLog writes it (brewlog-bench generate N), adds two
bags of beans with `brewlog bean add` (so `bean list` and `report` have bags to fill), and writes
the same journal as other tools do: `spaced` (Python's json.dumps: ", " and ": ") and `sorted`
(keys in alphabetical order, no spaces). Then, in each of R rounds, it runs every job once with
each binary, alternating, and reports the median wall time; the peak RSS of one more run of each
under GNU time (`/usr/bin/time -f %M`: a child of Python would also count Python's memory).

Each job has a yardstick measured in the same rounds: `wc -l` of the journal for the commands
that read ids and dates (target: within 8× without an index, 3× with one), AFTER's `streak` for
the commands that read every field (within 3×), AFTER's `--version` at 10,000 brews for streak,
prompt and add (within 1.2× with an index), and the same command on the journal as BrewLog writes
it for the journals other tools wrote (1.5×).

AFTER keeps an index beside the journal (`PATH.index`); BEFORE may not. Every job of AFTER is run
twice a round: warm (the index there and valid, as every run after the first finds it) and cold
(the index deleted just before: what the first run pays, reading every line and writing the
index). Commands that change the journal (add, edit, rm) run on a copy, made before each round
and read once, untimed, so its index is warm; then a pause longer than a clock tick, so the index
is not racy (see docs/file-format.md). One more row, `streak after a rewrite`, times the first
`streak` after another program rewrote the journal in place (same bytes, new times). The index's
size is printed per brew. Standard library only; the journals are kept in --work between runs.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, time

ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "TZ": "Europe/Berlin", "LANG": "C.UTF-8",
       "BREWLOG_NOW": "2026-11-29T09:15:00+01:00", "NO_COLOR": "1"}

# (name, arguments, yardstick, target ratio, changes the journal)
READ_IDS = [("streak", ["streak"]), ("check", ["check"]), ("prompt", ["prompt"]),
            ("list --limit 10", ["list", "--limit", "10"]), ("show last", ["show", "last"])]
READ_ALL = [("list --json", ["list", "--json"]), ("list", ["list"]),
            ("export", ["export"]), ("export --format json", ["export", "--format", "json"]),
            ("export --format csv", ["export", "--format", "csv"]),
            ("export --columns id,date,ratio,bean_name", ["export", "--columns", "id,date,ratio,bean_name"]),
            ("stats", ["stats"]), ("stats --trend", ["stats", "--trend"]), ("dial Kenya", ["dial", "Kenya"]),
            ("bean list", ["bean", "list"]), ("report -o -", ["report", "-o", "-"])]
WRITES = [("add", ["add", "-q", "--method", "V60", "--coffee", "Kenya AA", "--dose", "15"], "wc", 3),
          ("edit last", ["edit", "last", "--notes", "edited"], "streak", 3),
          ("rm last", ["rm", "last"], "streak", 3)]
OTHER_TOOLS = [("streak", ["streak"]), ("check", ["check"]), ("list --limit 10", ["list", "--limit", "10"])]


def run(argv, env, cwd):
    start = time.perf_counter()
    proc = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[:300]}")
    return elapsed


def forget_index(journal):
    """Removes the index beside `journal`, if any: the next run is a cold one."""
    try:
        os.remove(journal + ".index")
    except FileNotFoundError:
        pass


def rewrite_in_place(journal):
    """Writes the journal's own bytes back into it, as an editor or sync tool would: new times, same text."""
    with open(journal, "r+b") as handle:
        data = handle.read()
        handle.seek(0)
        handle.write(data)


def peak_kb(argv, env, cwd):
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    return int(proc.stderr.strip().splitlines()[-1])


def journals(after, work, n):
    """The journal of n brews as BrewLog writes it, with two bags, and the spaced and sorted copies."""
    path = os.path.join(work, f"j{n}.jsonl")
    if not os.path.exists(path):
        subprocess.run([os.path.join(after, "brewlog-bench"), "generate", str(n), path + ".tmp", "brewlog", "2026-11-28"], check=True)
        env = dict(ENV, HOME=work)
        for bag in (["Kenya AA", "--weight", "1000", "--roasted", "2026-10-20", "--opened", "2026-10-25"],
                    ["Brazil Cerrado", "--weight", "250", "--roasted", "2026-11-10", "--opened", "2026-11-14"]):
            subprocess.run([os.path.join(after, "brewlog"), "--file", path + ".tmp", "bean", "add"] + bag, env=env, check=True,
                           stdout=subprocess.DEVNULL)
        os.replace(path + ".tmp", path)
    variants = {"canonical": path}
    for name, dump in (("spaced", lambda o: json.dumps(o, ensure_ascii=False)),
                       ("sorted", lambda o: json.dumps(o, ensure_ascii=False, sort_keys=True, separators=(",", ":")))):
        other = os.path.join(work, f"j{n}-{name}.jsonl")
        if not os.path.exists(other):
            with open(path, encoding="utf-8") as source, open(other + ".tmp", "w", encoding="utf-8") as target:
                for line in source:
                    target.write(dump(json.loads(line)) + "\n")
            os.replace(other + ".tmp", other)
        variants[name] = other
    return variants


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/tmp/brewlog-bench-scale")
    parser.add_argument("sizes", nargs="*", type=int, default=[10_000, 100_000, 1_000_000])
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    home = os.path.join(args.work, "home")
    os.makedirs(home, exist_ok=True)
    env = dict(ENV, HOME=home)
    binaries = {"before": os.path.join(args.before, "brewlog"), "after": os.path.join(args.after, "brewlog")}
    print(f"load average at start: {os.getloadavg()[0]:.2f}; {args.runs} rounds; medians\n")
    for n in args.sizes:
        files = journals(args.after, args.work, n)
        canonical = files["canonical"]
        size = os.path.getsize(canonical)
        copies = {label: os.path.join(args.work, f"copy-{label}-{n}.jsonl") for label in binaries}
        jobs = [("--version", ["--version"], None, None, False)]
        # With an index, streak, prompt and list --limit answer within 3× `wc -l`; check reads every line.
        jobs += [(name, a + ["--file", canonical], "wc", 8 if name in ("check", "show last") else 3, False) for name, a in READ_IDS]
        jobs += [(name, a + ["--file", canonical], "streak", 3, False) for name, a in READ_ALL]
        jobs += [(name, a, yard, target, True) for name, a, yard, target in WRITES]
        jobs += [(f"{name} ({variant})", a + ["--file", files[variant]], f"canonical:{name}", 1.5, False)
                 for variant in ("spaced", "sorted") for name, a in OTHER_TOOLS]
        times = {}
        yard = {"wc": []}
        for _ in range(args.runs):
            for label, binary in binaries.items():
                shutil.copyfile(canonical, copies[label])
                forget_index(copies[label])
                run([binary, "streak", "--file", copies[label]], env, args.work)
            time.sleep(0.05)
            yard["wc"].append(run(["wc", "-l", canonical], env, args.work))
            for name, argv, _, _, writes in jobs:
                for label, binary in binaries.items():
                    arguments = argv + ["--file", copies[label]] if writes else argv
                    journal = copies[label] if writes else (arguments[arguments.index("--file") + 1] if "--file" in arguments else None)
                    if label == "after" and journal and not writes:
                        forget_index(journal)
                        times.setdefault((name, "cold"), []).append(run([binary] + arguments, env, args.work))
                    if journal:
                        time.sleep(0.02)
                    times.setdefault((name, label), []).append(run([binary] + arguments, env, args.work))
            rewrite_in_place(canonical)
            times.setdefault(("streak after a rewrite", "after"), []).append(run([binaries["after"], "streak", "--file", canonical], env, args.work))
            times.setdefault(("streak after a rewrite", "before"), []).append(run([binaries["before"], "streak", "--file", canonical], env, args.work))
        median = {key: statistics.median(value) for key, value in times.items()}
        wc = statistics.median(yard["wc"])
        index_size = os.path.getsize(canonical + ".index") if os.path.exists(canonical + ".index") else 0
        print(f"### {n:,} brews ({size / 1e6:.1f} MB; `wc -l` {wc * 1000:.1f} ms; index {index_size / 1e6:.1f} MB, "
              f"{index_size / n:.1f} bytes a brew)\n")
        print("| command | before | after, no index | after | after ÷ yardstick | target | peak before | peak after, no index | after peak ÷ file |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, argv, yardstick, target, writes in jobs + [("streak after a rewrite", [], "wc", None, False)]:
            peaks = {}
            for label, binary in binaries.items():
                if name == "streak after a rewrite":
                    peaks[label] = 0
                    continue
                if writes:
                    shutil.copyfile(canonical, copies[label])
                arguments = argv + ["--file", copies[label]] if writes else argv
                if "--file" in arguments:
                    # The peak of a cold run, which reads every line and writes the index: the larger.
                    forget_index(arguments[arguments.index("--file") + 1])
                peaks[label] = peak_kb([binary] + arguments, env, args.work) * 1024
            after = median[(name, "after")]
            if yardstick == "wc":
                reference, label = wc, "`wc -l`"
            elif yardstick == "streak":
                reference, label = median[("streak", "after")], "`streak`"
            elif yardstick and yardstick.startswith("canonical:"):
                reference, label = median[(yardstick.split(":", 1)[1], "after")], "canonical"
            else:
                reference, label = None, ""
            if n <= 10_000 and name in ("streak", "prompt", "add"):
                reference, label, target = median[("--version", "after")], "`--version`", 1.2
            ratio = f"{after / reference:.2f}× {label}" if reference else ""
            goal = f"{target}×" if target else ""
            cold = fmt(median[(name, "cold")]) if (name, "cold") in median else ""
            peak = (f"{peaks['before'] / 1e6:.1f} MB | {peaks['after'] / 1e6:.1f} MB | {peaks['after'] / size:.2f}"
                    if peaks["after"] else " | | ")
            print(f"| `{name}` | {fmt(median[(name, 'before')])} | {cold} | {fmt(after)} | {ratio} | {goal} | {peak} |")
        print()
        sys.stdout.flush()
        for copy in copies.values():
            os.remove(copy)
            forget_index(copy)


def fmt(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    main()
