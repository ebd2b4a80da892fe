import Synchronization
import Testing
@testable import BrewLogCore

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
    private let now = Mutex<Duration>(.seconds(1000))

    func advance(_ duration: Duration) {
        now.withLock { $0 += duration }
    }

    var reading: Duration { now.withLock { $0 } }
}

/// A flag an `onChange` raises.
private final class Flag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}

@Suite("Brew steps")
struct BrewStepsTests {
    @Test("a recipe's steps read as labels and times, in order")
    func parsesSteps() throws {
        let steps = try BrewSteps.parse("bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00").get()
        #expect(steps == [BrewStep(label: "bloom", seconds: 45), BrewStep(label: "pour 150g", seconds: 75),
                          BrewStep(label: "pour 250g", seconds: 105), BrewStep(label: "done", seconds: 180)])
        #expect(BrewSteps.text(steps) == "bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00")
        #expect(try BrewSteps.parse("swirl 30, press 1m15s").get() == [BrewStep(label: "swirl", seconds: 30), BrewStep(label: "press", seconds: 75)])
    }

    @Test("refused steps say what is wrong", arguments: [
        ("", "at least one step"),
        ("bloom 0:45,, done 3:00", "a step is empty"),
        ("bloom", "needs a label and a time"),
        ("bloom soon", "has no time BrewLog reads"),
        ("bloom 0:00", "has no time BrewLog reads"),
        ("pour 1:15, bloom 0:45", "is not later than 'pour 1:15'"),
        ("bloom 0:45, again 0:45", "is not later than"),
        ("be\u{7}ll 0:45", "control character"),
    ])
    func refusesSteps(text: String, message: String) {
        guard case .failure(let problem) = BrewSteps.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(problem.message.contains(message), "\(problem.message)")
    }
}

@Suite("Brew timer")
struct BrewTimerTests {
    private let steps = [BrewStep(label: "bloom", seconds: 45), BrewStep(label: "pour", seconds: 75), BrewStep(label: "done", seconds: 180)]

    @Test("elapsed whole seconds and the steps reached follow the injected clock")
    func followsClock() {
        let clock = ManualClock()
        let timer = BrewTimer(steps: steps, clock: { clock.reading })
        #expect(timer.elapsedSeconds == 0 && timer.reachedStepCount == 0 && timer.nextStep == steps[0])
        clock.advance(.milliseconds(44_900))
        #expect(timer.tick().isEmpty)
        #expect(timer.elapsedSeconds == 44)
        #expect(timer.untilNextSecond == .milliseconds(100))
        clock.advance(.milliseconds(100))
        #expect(timer.tick() == [steps[0]])
        #expect(timer.reachedStepCount == 1 && timer.nextStep == steps[1])
        clock.advance(.seconds(200))
        #expect(timer.tick() == [steps[1], steps[2]], "steps passed between two ticks ring once each")
        #expect(timer.nextStep == nil)
        #expect(timer.measuredSeconds == 245)
    }

    @Test("a timer stopped within its first second measures one second")
    func measuresAtLeastOneSecond() {
        let clock = ManualClock()
        let timer = BrewTimer(steps: [], clock: { clock.reading })
        clock.advance(.milliseconds(300))
        timer.tick()
        #expect(timer.measuredSeconds == 1)
    }

    @Test("a tick within the same second notifies nobody; a new second fires the clock's scope but not the steps'")
    func notifiesOnlyWhatChanged() {
        let clock = ManualClock()
        let timer = BrewTimer(steps: steps, clock: { clock.reading })
        let secondFired = Flag(), stepsFired = Flag()
        _ = withTracking({ timer.elapsedSeconds }, onChange: { secondFired.raise() })
        _ = withTracking({ timer.reachedStepCount }, onChange: { stepsFired.raise() })
        clock.advance(.milliseconds(500))
        timer.tick()
        #expect(!secondFired.isRaised && !stepsFired.isRaised)
        clock.advance(.milliseconds(600))
        timer.tick()
        #expect(secondFired.isRaised)
        #expect(!stepsFired.isRaised)
        clock.advance(.seconds(44))
        timer.tick()
        #expect(stepsFired.isRaised)
    }
}
