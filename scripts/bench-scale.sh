#!/usr/bin/env bash
# Builds brewlog and brewlog-bench in release mode from this checkout and times every command at
# 10,000, 100,000 and 1,000,000 brews beside the release build in BEFORE (a folder holding another
# checkout's release `brewlog`). Usage: scripts/bench-scale.sh BEFORE [N ...]
# Environment: RUNS (rounds, default 5), WORK (where the journals are kept between runs).
set -euo pipefail
before=${1:?usage: scripts/bench-scale.sh BEFORE [N ...]}
shift
cd "$(dirname "$0")/.."
swift build -c release --product brewlog >/dev/null
swift build -c release --product brewlog-bench >/dev/null
exec python3 scripts/bench-scale.py --before "$before" --after "$(swift build -c release --show-bin-path)" \
    --runs "${RUNS:-5}" --work "${WORK:-/tmp/brewlog-bench-scale}" "$@"
