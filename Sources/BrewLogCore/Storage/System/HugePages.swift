#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the kernel to back the 2 MiB-aligned middle of `buffer` with huge pages (`madvise(2)`,
/// `MADV_HUGEPAGE`) before it is first written: a large buffer (a journal read whole, the
/// duplicate filter's table) then takes a few hundred page faults instead of tens of thousands,
/// and random reads in it miss the TLB far less. Advice only; where it is not available nothing changes.
func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
    let huge = 2 << 20
    guard buffer.count >= 2 * huge, let base = buffer.baseAddress else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
}
