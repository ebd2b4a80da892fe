#!/usr/bin/env bash
# Builds BrewLog's libFuzzer targets (Fuzz/) and runs one or all of them, one at a time, niced.
#
#   scripts/fuzz.sh [all] [SECONDS]  every target, SECONDS each (600 unless given), one after another
#   scripts/fuzz.sh TARGET [SECONDS] one target
#   scripts/fuzz.sh build [TARGET…]  build the targets named (or every one), run none
#   scripts/fuzz.sh list             the targets' names
#
# The targets are not SwiftPM targets (CI runs `swift build` and `swift test`, which must not
# need the fuzzer runtime): the module sources are compiled here with swiftc, instrumented for
# coverage and AddressSanitizer, into .build/fuzz (git-ignored). Starting inputs come from
# Fuzz/corpus/TARGET (committed, small); what the fuzzer adds goes to .build/fuzz/corpus/TARGET,
# crashes, timeouts and out-of-memory inputs to .build/fuzz/artifacts/TARGET, the run's output to
# .build/fuzz/logs/TARGET.log.
#
# FUZZ_FLAGS adds libFuzzer flags; to go on past a finding and keep every one:
#   FUZZ_FLAGS="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1" scripts/fuzz.sh csv 600
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/fuzz"
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}

# name | source in Fuzz/ | modules it needs | -max_len | dictionary in Fuzz/dictionaries/ (or -)
targets="
brew-line|BrewLine.swift|core|4096|json.dict
json-scanner|JSONScanner.swift|core|4096|json.dict
config|ConfigParser.swift|cli|4096|config.dict
when|When.swift|cli|64|when.dict
csv|CSVImport.swift|core|4096|csv.dict
beanconqueror|BeanconquerorExport.swift|core|16384|beanconqueror.dict
jrnl|JrnlExport.swift|core|8192|jrnl.dict
loop|LoopExport.swift|core|4096|loop.dict
journal-index|JournalIndex.swift|core|8192|-
"

field() { echo "$targets" | awk -F'|' -v name="$1" -v column="$2" '$1 == name { print $column }'; }
names() { echo "$targets" | awk -F'|' 'NF > 1 { print $1 }'; }

# Compiles the sources of module `$1` (Sources/$1) into one object and module, unless they are
# older than what was built. -enable-testing lets a target reach the module's internal API.
build_module() {
    local module=$1 object="$out/modules/$1.o"
    mkdir -p "$out/modules"
    if [[ -f $object ]] && [[ -z $(find "$root/Sources/$module" -name '*.swift' -newer "$object" -print -quit) ]] \
        && [[ $module != BrewLogCLI || "$object" -nt "$out/modules/BrewLogCore.o" ]]; then
        return
    fi
    echo "fuzz.sh: building $module" >&2
    nice -n 10 "$swiftc" -module-name "$module" -parse-as-library -enable-testing -swift-version 6 \
        -sanitize=fuzzer,address -O -g -wmo -I "$out/modules" \
        -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
        -c $(find "$root/Sources/$module" -name '*.swift' | sort) -o "$object"
}

# Builds target `$1` into .build/fuzz/bin/$1.
build_target() {
    local name=$1 source modules objects
    source=$(field "$name" 2)
    modules=$(field "$name" 3)
    build_module BrewLogCore
    objects=("$out/modules/BrewLogCore.o")
    if [[ $modules == cli ]]; then
        build_module BrewLogCLI
        objects+=("$out/modules/BrewLogCLI.o")
    fi
    mkdir -p "$out/bin"
    local binary="$out/bin/$name"
    if [[ -f $binary ]] && [[ $binary -nt "$root/Fuzz/$source" ]] && [[ -z $(find "$root/Fuzz/Support" -newer "$binary" -print -quit) ]] \
        && [[ $binary -nt "${objects[-1]}" ]]; then
        return
    fi
    echo "fuzz.sh: building target $name" >&2
    nice -n 10 "$swiftc" -module-name "Fuzz$(echo "$name" | tr -d '-')" -parse-as-library -swift-version 6 \
        -sanitize=fuzzer,address -O -g -use-ld=lld -I "$out/modules" \
        "$root/Fuzz/$source" "$root"/Fuzz/Support/*.swift "${objects[@]}" -o "$binary"
}

# Runs target `$1` for `$2` seconds, niced, on its starting inputs and its working corpus.
run_target() {
    local name=$1 seconds=$2 dictionary flags
    build_target "$name"
    mkdir -p "$out/corpus/$name" "$out/artifacts/$name" "$out/logs"
    dictionary=$(field "$name" 5)
    flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(field "$name" 4)"
           -artifact_prefix="$out/artifacts/$name/" -print_final_stats=1 -use_value_profile=1)
    [[ $dictionary != - && -f "$root/Fuzz/dictionaries/$dictionary" ]] && flags+=(-dict="$root/Fuzz/dictionaries/$dictionary")
    echo "fuzz.sh: running $name for ${seconds}s (log: $out/logs/$name.log)" >&2
    local before status=0
    before=$(find "$out/artifacts/$name" -type f | wc -l)
    # The Swift runtime's backtracer and AddressSanitizer both catch the trap; libFuzzer's own report is enough.
    # shellcheck disable=SC2086
    SWIFT_BACKTRACE=enable=no nice -n 10 "$out/bin/$name" "${flags[@]}" ${FUZZ_FLAGS:-} "$out/corpus/$name" "$root/Fuzz/corpus/$name" \
        >"$out/logs/$name.log" 2>&1 || status=$?
    # A finding makes libFuzzer exit non-zero, or in fork mode leaves an artifact: report it and go on.
    if [[ $status -ne 0 || $(find "$out/artifacts/$name" -type f | wc -l) -gt $before ]]; then
        echo "fuzz.sh: $name: FINDING, see $out/logs/$name.log and $out/artifacts/$name/" >&2
        return 1
    fi
    echo "fuzz.sh: $name: nothing found; $(grep -E '^#[0-9]+.* cov: ' "$out/logs/$name.log" | tail -1)" >&2
}

if [[ ${1:-} =~ ^[0-9]+$ ]]; then set -- all "$1"; fi
case "${1:-all}" in
    list) names ;;
    build)
        shift
        for name in ${@:-$(names)}; do build_target "$name"; done ;;
    all)
        status=0
        for name in $(names); do run_target "$name" "${2:-600}" || status=1; done
        exit $status ;;
    *)
        [[ -n $(field "$1" 2) ]] || { echo "fuzz.sh: no target '$1' (targets: $(names | tr '\n' ' '))" >&2; exit 64; }
        run_target "$1" "${2:-600}" ;;
esac
