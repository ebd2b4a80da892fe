import Foundation

/// Stops the run with `message` when `condition` does not hold: libFuzzer reports the stop as a
/// crash and keeps the input that caused it, so a broken invariant is a finding like any trap.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    fatalError("invariant broken: \(message())")
}

/// The fuzzer's input as a buffer, for entry points that read bytes in place.
func inputBuffer(_ data: UnsafePointer<UInt8>, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
}

/// Whether a difference fuzzing found and reported (docs/fuzzing.md) is to be let pass: `known`
/// says the input shows it. A run lets it pass to go on to find others, unless `FUZZ_STRICT` is
/// set, to check whether a fix holds or to minimise an input that shows it.
func excused(_ known: @autoclosure () -> Bool) -> Bool {
    strict ? false : known()
}

/// Whether `FUZZ_STRICT` is set: no known difference is let pass.
private let strict = getenv("FUZZ_STRICT") != nil
