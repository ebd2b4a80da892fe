/// A running brew timer: the whole seconds elapsed and how many of the recipe's steps are
/// reached, as tracked properties, so a view that read them redraws when, and only where, they
/// change.
///
/// The timer reads no clock of its own: it is given one (`clock`, a monotonic reading such as
/// `ContinuousClock`'s time since some origin) and counts from its first reading. ``tick()``
/// reads the clock again and writes the two properties; a second that has not turned yet
/// changes nothing and notifies nobody. Used from one thread, like the store.
public final class BrewTimer {
    /// The recipe's steps, in order; empty when it has none.
    public let steps: [BrewStep]
    /// Where reads and writes of ``elapsedSeconds`` and ``reachedStepCount`` are reported.
    public let registry = ChangeRegistry()
    private let clock: () -> Duration
    private let start: Duration
    private var storedElapsed: Duration = .zero
    private var storedElapsedSeconds = 0
    private var storedReachedStepCount = 0

    /// A timer over `steps`, started now by `clock`.
    public init(steps: [BrewStep], clock: @escaping () -> Duration) {
        self.steps = steps
        self.clock = clock
        start = clock()
    }

    /// Whole seconds since the start, as of the last ``tick()``.
    public var elapsedSeconds: Int {
        registry.access(\BrewTimer.storedElapsedSeconds)
        return storedElapsedSeconds
    }

    /// How many steps' times have been reached, as of the last ``tick()``: the steps before
    /// this index are done, the one at it (if any) is next.
    public var reachedStepCount: Int {
        registry.access(\BrewTimer.storedReachedStepCount)
        return storedReachedStepCount
    }

    /// The next step to reach, or `nil` when every step is reached.
    public var nextStep: BrewStep? {
        let reached = reachedStepCount
        return reached < steps.count ? steps[reached] : nil
    }

    /// Reads the clock and brings the tracked properties up to date.
    ///
    /// - Returns: the steps reached since the last tick, in order (one bell each).
    @discardableResult
    public func tick() -> [BrewStep] {
        storedElapsed = max(.zero, clock() - start)
        let seconds = Int(storedElapsed.components.seconds)
        if seconds != storedElapsedSeconds {
            registry.withMutation(of: self, keyPath: \BrewTimer.storedElapsedSeconds) { $0 = seconds }
        }
        // A step once reached stays reached, should the clock ever step back.
        let reached = steps.prefix { $0.seconds <= seconds }.count
        guard reached > storedReachedStepCount else { return [] }
        let newlyReached = Array(steps[storedReachedStepCount..<reached])
        registry.withMutation(of: self, keyPath: \BrewTimer.storedReachedStepCount) { $0 = reached }
        return newlyReached
    }

    /// How long until the next whole second, as of the last ``tick()``: when to tick again.
    public var untilNextSecond: Duration {
        .seconds(storedElapsedSeconds + 1) - storedElapsed
    }

    /// The brew time to record for a timer stopped at the last ``tick()``: the whole seconds
    /// measured, and at least 1 (a brew time is never 0 seconds).
    public var measuredSeconds: Int {
        max(1, storedElapsedSeconds)
    }
}
