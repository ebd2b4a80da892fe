#!/usr/bin/env bash
# Builds Benchmarks/client (a package that depends on this one by path, so BrewLogCore is measured
# across the module boundary, as another package links it) in release mode and runs it: ns per
# untracked write and read, tracked read and observed write of each field type of Brew, and an
# in-place append to its text and list, against an @Observable class, median of
# RUNS runs. Usage: scripts/bench-registry-client.sh [RUNS]   (default 21)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks/client >/dev/null
bin=$(swift build -c release --package-path Benchmarks/client --show-bin-path)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin/brewlog-client-bench" "${1:-21}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
