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
