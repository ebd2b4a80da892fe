/// One step of a recipe's timing: what to do (`pour 150g`) and when, in seconds from the start.
public struct BrewStep: Equatable, Hashable, Sendable {
    /// What to do, as the recipe words it.
    public let label: String
    /// When to do it, in whole seconds after the timer starts.
    public let seconds: Int

    /// A step `label` at `seconds`.
    public init(label: String, seconds: Int) {
        self.label = label
        self.seconds = seconds
    }
}

/// Why a recipe's steps could not be read: words a user can act on.
public struct BrewStepsProblem: Error, Equatable, Sendable {
    /// What is wrong, e.g. "the step 'pour 1:15' comes before the step before it".
    public let message: String
}

/// A recipe's steps as written in the config file (`recipe.NAME.steps`): a comma list of
/// `LABEL TIME`, e.g. `bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00`.
public enum BrewSteps {
    /// The most steps a recipe may have, so the timer's screen can list them all.
    public static let maximumCount = 20

    /// The steps in `text`, in order, or why they cannot be read.
    ///
    /// Each item is a label and a time, separated by the last run of spaces: the time is a brew
    /// time as `--time` takes it (`45`, `0:45`, `1m15s`), from 1 second to 24 hours, and each
    /// step's time is later than the one before. A label is not empty and has no control
    /// characters.
    public static func parse(_ text: String) -> Result<[BrewStep], BrewStepsProblem> {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard items.contains(where: { !$0.isEmpty }) else {
            return problem("give at least one step, e.g. bloom 0:45, pour 150g 1:15, done 3:00")
        }
        guard items.count <= maximumCount else { return problem("at most \(maximumCount) steps") }
        var steps: [BrewStep] = []
        for item in items {
            guard !item.isEmpty else { return problem("a step is empty (two commas in a row, or one at an end)") }
            guard let space = item.lastIndex(where: { $0 == " " || $0 == "\t" }) else {
                return problem("the step '\(item)' needs a label and a time, e.g. bloom 0:45")
            }
            let label = item[..<space].trimmingWhitespace()
            let timeText = String(item[item.index(after: space)...])
            if let bad = label.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                return problem("the step '\(label)' contains the control character U+\(String(bad.value, radix: 16, uppercase: true))")
            }
            guard let seconds = BrewTime.parse(timeText), (1...86_400).contains(seconds) else {
                return problem("the step '\(item)' has no time BrewLog reads: give 45, 0:45 or 1m15s, at most 24h")
            }
            if let previous = steps.last, seconds <= previous.seconds {
                return problem("the step '\(item)' is not later than '\(previous.label) \(BrewTime.format(previous.seconds))'; list steps in order")
            }
            steps.append(BrewStep(label: label, seconds: seconds))
        }
        return .success(steps)
    }

    /// `steps` written back as ``parse(_:)`` reads them (`bloom 0:45, pour 150g 1:15`).
    public static func text(_ steps: [BrewStep]) -> String {
        steps.map { "\($0.label) \(BrewTime.format($0.seconds))" }.joined(separator: ", ")
    }

    private static func problem(_ message: String) -> Result<[BrewStep], BrewStepsProblem> {
        .failure(BrewStepsProblem(message: message))
    }
}
