#!/bin/bash
# Times a bulk edit and a bulk rm of every brew of an N-brew journal, three runs each; prints
# each run and the median. Usage: scripts/bench-bulk.sh BREWLOG BREWLOG_BENCH N
set -u
B=$1; G=$2; N=$3; D=${TMPDIR:-/tmp}/brewlog-bench-bulk/$N; mkdir -p $D
export BREWLOG_NOW=2026-11-29T09:15:00+01:00 TZ=Europe/Berlin BREWLOG_LOCK_TIMEOUT=600
[ -f $D/gen.jsonl ] || "$G" generate "$N" $D/gen.jsonl > /dev/null
edit=(); rm=()
for r in 1 2 3; do
  cp $D/gen.jsonl $D/j.jsonl
  s=$(date +%s.%N); "$B" --file $D/j.jsonl list -q | "$B" --file $D/j.jsonl edit - -r 3 -q > /dev/null || echo EDIT-FAIL; e=$(date +%s.%N)
  edit+=($(echo "$e - $s" | bc))
  cp $D/gen.jsonl $D/j.jsonl
  s=$(date +%s.%N); "$B" --file $D/j.jsonl list -q | "$B" --file $D/j.jsonl rm - -q > /dev/null || echo RM-FAIL; e=$(date +%s.%N)
  rm+=($(echo "$e - $s" | bc))
done
med() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
echo "N=$N edit: ${edit[*]} median $(med "${edit[@]}")  rm: ${rm[*]} median $(med "${rm[@]}")"
