#!/usr/bin/env bash
# Times `import --from beanconqueror|jrnl|loop --dry-run` on large exports, for two builds side by
# side (each run alternates them), and prints wall and CPU seconds and peak memory per run.
#
#   scripts/bench-import.sh BEFORE_BREWLOG AFTER_BREWLOG [RUNS]
#
# The exports are generated into a scratch folder: a Beanconqueror.json of 50 bags and 50,000
# brews (one line, about 25 MB), a jrnl export of 100,000 entries (indented, about 19 MB) and a
# Loop Checkmarks.csv of 20,000 days.
set -euo pipefail
before=$1
after=$2
runs=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import datetime, json, random, sys
random.seed(1)
folder = sys.argv[1]
beans = [{"name": f"Bean {i}", "roastingDate": "2024-01-01T00:00:00.000Z", "roaster": "R",
          "config": {"uuid": f"b{i}", "unix_timestamp": 1700000000}, "weight": 250, "finished": False, "cost": 10}
         for i in range(50)]
brews = [{"grind_size": "22", "grind_weight": 15 + random.random(), "method_of_preparation": "p1", "mill": "",
          "bean": f"b{i % 50}", "brew_temperature": 94, "brew_time": 165, "brew_quantity": 250,
          "brew_quantity_type": "GR", "note": "sweet", "rating": random.randint(0, 10), "coffee_blooming_time": 35,
          "attachments": [], "config": {"uuid": f"u{i}", "unix_timestamp": 1700000000 + i * 600}, "tds": 1.38,
          "brew_beverage_quantity": 0, "brew_beverage_quantity_type": "GR",
          "coordinates": {"accuracy": None, "latitude": None}, "cupping": {"body": 0, "notes": ""},
          "method_of_preparation_tools": []} for i in range(50000)]
document = {"BEANS": beans, "BREWS": brews, "MILL": [], "SETTINGS": [{"brew_rating": 10}], "VERSION": [],
            "PREPARATION": [{"name": "V60", "config": {"uuid": "p1", "unix_timestamp": 1700000000}}]}
open(f"{folder}/Beanconqueror.json", "w").write(json.dumps(document, separators=(",", ":")))
start = datetime.datetime(2000, 1, 1)
entries = [{"title": f"Brew {i}", "body": "notes here\n", "date": (start + datetime.timedelta(minutes=30 * i)).strftime("%Y-%m-%d"),
            "time": (start + datetime.timedelta(minutes=30 * i)).strftime("%H:%M"), "tags": ["@v60"], "starred": False}
           for i in range(100000)]
open(f"{folder}/jrnl.json", "w").write(json.dumps({"tags": {"@v60": 100000}, "entries": entries}, indent=2))
day = datetime.date(2026, 11, 30)
rows = ["Date,Coffee,Walk,"] + [f"{day - datetime.timedelta(days=i)},{random.choice(['YES_MANUAL', 'NO', 'SKIP', 'YES_AUTO'])},NO,"
                                 for i in range(20000)]
open(f"{folder}/Checkmarks.csv", "w").write("\n".join(rows) + "\n")
PY
export HOME="$work" TZ=UTC BREWLOG_NOW=2026-12-01T10:00:00Z
printf '%-14s %-6s %6s %6s %6s %8s\n' tool build wall user sys peak_kb
for source in "beanconqueror Beanconqueror.json" "jrnl jrnl.json" "loop Checkmarks.csv --habit Coffee"; do
    read -r tool file habit <<<"$source"
    for _ in $(seq "$runs"); do
        for build in before after; do
            binary=$before
            [ "$build" = after ] && binary=$after
            /usr/bin/time -f "$tool $build %e %U %S %M" "$binary" --file "$work/j.jsonl" import --from "$tool" "$work/$file" $habit --dry-run \
                >/dev/null 2>>"$work/times"
        done
    done
done
awk '{ printf "%-14s %-6s %6s %6s %6s %8s\n", $1, $2, $3, $4, $5, $6 }' "$work/times"
