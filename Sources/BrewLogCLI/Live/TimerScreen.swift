import BrewLogCore

/// The brew timer's screen: the clock and the steps, each drawn inside its own tracking scope
/// over the ``BrewTimer``, and the bytes that bring the terminal up to date after a tick.
///
/// The clock (large digits, then a line with the time and the next step) reads the elapsed
/// seconds and the steps reached; the step list reads only the steps reached. So a tick that
/// turns a second rewrites the clock's lines alone, and the list is written again only when a
/// step is reached, by cursor addressing, never clearing the screen.
final class TimerScreen {
    /// The parts of the screen that redraw on their own.
    enum Region: Hashable, Sendable {
        case clock
        case steps
    }

    private let timer: BrewTimer
    private let title: String
    private let fired = FiredRegions()
    private var width = 80

    /// A screen for `timer`, headed `title` (shown as given: make it terminal-safe first).
    init(timer: BrewTimer, title: String) {
        self.timer = timer
        self.title = title
    }

    /// Everything drawn afresh on a cleared screen `columns` wide.
    func fullRedraw(columns: Int) -> String {
        width = columns
        _ = fired.take()
        let footer = "Enter stops and logs the brew · q cancels"
        return Escape.clearScreen + Escape.moveToRow(0) + title + Escape.eraseToLineEnd
            + tracked(.clock, draw: clock) + tracked(.steps, draw: stepList)
            + Escape.moveToRow(Self.stepsTop + timer.steps.count + 1) + footer + Escape.eraseToLineEnd
    }

    /// The bytes for the regions whose scopes fired since the last drawing; empty when none did.
    func update() -> String {
        let regions = fired.take()
        var output = ""
        if regions.contains(.clock) { output += tracked(.clock, draw: clock) }
        if regions.contains(.steps) { output += tracked(.steps, draw: stepList) }
        return output
    }

    private static let digitsTop = 2
    private static let clockLine = digitsTop + BigDigits.height + 1
    private static let stepsTop = clockLine + 2

    /// `draw`'s bytes, drawn in a tracking scope that marks `region` fired on the next change.
    private func tracked(_ region: Region, draw: () -> String) -> String {
        let fired = fired
        return withTracking(draw, onChange: { fired.fire(region) })
    }

    /// The large digits (when they fit) and the line under them.
    private func clock() -> String {
        let time = BrewTime.format(timer.elapsedSeconds)
        var output = ""
        if BigDigits.width(time) + 2 <= width {
            for (offset, line) in BigDigits.lines(time).enumerated() {
                output += Escape.moveToRow(Self.digitsTop + offset) + "  " + line + Escape.eraseToLineEnd
            }
        }
        var status = "  Elapsed \(time)"
        if let next = timer.nextStep {
            status += " · next: \(next.label.terminalSafe) at \(BrewTime.format(next.seconds))"
        } else if !timer.steps.isEmpty {
            status += " · every step done"
        }
        return output + Escape.moveToRow(Self.clockLine) + status + Escape.eraseToLineEnd
    }

    /// The steps: those reached ticked, the next in reverse video, the rest plain.
    private func stepList() -> String {
        let reached = timer.reachedStepCount
        var output = ""
        for (index, step) in timer.steps.enumerated() {
            let text = "\(BrewTime.format(step.seconds))  \(step.label.terminalSafe)"
            let line = switch index {
            case ..<reached: "  ✓ " + text
            case reached: "  ▶ " + Escape.reverseVideo + text + Escape.resetAttributes
            default: "    " + text
            }
            output += Escape.moveToRow(Self.stepsTop + index) + line + Escape.eraseToLineEnd
        }
        return output
    }
}
