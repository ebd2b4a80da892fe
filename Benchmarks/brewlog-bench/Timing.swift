import Dispatch

/// Keeps benchmark results observable so the optimiser cannot delete the work.
nonisolated(unsafe) var blackHole = 0

/// Nanoseconds per operation: `body` runs `operations` operations; the median of `runs` timings.
func nanosecondsPerOperation(runs: Int, operations: Int, _ body: () -> Void) -> Double {
    body()  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(operations))
    }
    return median(samples)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// `12.3` with one decimal.
func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
}

/// Pads `text` on the left to `width`.
func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// Pads `text` on the right to `width`.
func left(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}
