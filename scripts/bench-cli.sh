#!/usr/bin/env bash
# Builds brewlog in release mode and times its commands from 1,000 to 1,000,000 brews, with jrnl
# (from PyPI, in a throwaway venv) and Taskwarrior (Debian's taskwarrior) beside it where they
# are installable. Usage: scripts/bench-cli.sh [N ...]   Environment: RUNS (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product brewlog >/dev/null
swift build -c release --product brewlog-bench >/dev/null
bin=$(swift build -c release --show-bin-path)

extra=()
venv=${BREWLOG_BENCH_VENV:-/tmp/brewlog-bench-jrnl}
if [ ! -x "$venv/bin/jrnl" ]; then
    python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/pip" install -q jrnl >/dev/null 2>&1 || true
fi
[ -x "$venv/bin/jrnl" ] && extra+=(--jrnl "$venv/bin/jrnl") || echo "bench: jrnl unavailable; skipped" >&2
if ! command -v task >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    { apt-get install -y -qq taskwarrior || { apt-get update -qq && apt-get install -y -qq taskwarrior; }; } >/dev/null 2>&1 || true
fi
command -v task >/dev/null 2>&1 && extra+=(--task "$(command -v task)") || echo "bench: taskwarrior unavailable; skipped" >&2

exec python3 scripts/bench-cli.py --bin "$bin" --runs "${RUNS:-7}" "${extra[@]}" "$@"
