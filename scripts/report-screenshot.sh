#!/usr/bin/env bash
# Regenerates docs/report.png, the README's picture of `brewlog report`: the example journal
# (scripts/example-journal.py) read on Sunday 29 November 2026 in Berlin, rendered by headless
# Chromium 1200 px wide, the top of the page only, then quantised by pngquant when it is there.
# Usage: scripts/report-screenshot.sh [BREWLOG]   (default .build/debug/brewlog)
set -euo pipefail
cd "$(dirname "$0")/.."
brewlog=${1:-.build/debug/brewlog}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/example-journal.py "$work/journal.jsonl"
HOME=$work TZ=Europe/Berlin BREWLOG_NOW=2026-11-29T09:15:00+01:00 \
    "$brewlog" --file "$work/journal.jsonl" report -o "$work/report.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/chromium" \
    --window-size=1200,1640 --screenshot="$work/report.png" "file://$work/report.html" 2>/dev/null
if command -v pngquant >/dev/null 2>&1; then
    pngquant --force --quality=60-85 --speed 1 --output docs/report.png "$work/report.png"
else
    echo "pngquant is not installed: docs/report.png is Chromium's PNG as it is" >&2
    cp "$work/report.png" docs/report.png
fi
ls -l docs/report.png
