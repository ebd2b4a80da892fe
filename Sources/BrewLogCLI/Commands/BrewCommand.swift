#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BrewLogCore

/// `brewlog brew`: a brew timer on the terminal's alternate screen, then the brew logged as
/// `add` logs it, with the measured time.
///
/// It waits in one `poll` for a key, a signal (through a ``SignalPipe``) or the next whole
/// second; each wake ticks the ``BrewTimer`` and the ``TimerScreen`` writes only the regions
/// whose tracking scopes fired, with a bell for each step reached. Enter stops the timer; `q`
/// cancels and logs nothing; SIGINT, SIGTERM or SIGHUP give the terminal back, then the process
/// dies of the same signal. After Enter it asks for a rating and notes, unless given, and logs.
enum BrewCommand: BrewLogCommand {
    static let spec = CommandSpec(
        name: "brew",
        abstract: "Time a brew on the terminal, then log it.",
        usage: "brew [<fields>] [--recipe <name> | --like <id>] [--unset <field>]",
        options: FieldOptions.specs + [AddCommand.Option.recipe, AddCommand.Option.like, AddCommand.Option.unset],
        discussion: """
            Shows the time elapsed and the recipe's steps (recipe.NAME.steps), the next step
            highlighted, with a bell at each. Enter stops the timer; q or Ctrl-C cancels without
            logging. Then it asks for a rating and notes (unless -r or -n gave them) and logs the
            brew as 'brewlog add' would, with the FIELDS, the recipe or --like, and --time set to
            the whole seconds measured. Standard input and output must be a terminal.

            EXAMPLES:
              brewlog config set recipe.v60.steps "bloom 0:45, pour 150g 1:15, pour 250g 1:45, done 3:00"
              brewlog brew --recipe v60 -c "Kenya AA"
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        guard context.standardOutputIsTerminal, isatty(STDIN_FILENO) == 1 else {
            throw context.usage("standard input and output are not a terminal", hint: "run 'brewlog brew' in a terminal; for a script, use 'brewlog add --time'")
        }
        if FieldOptions.value(of: .brewTime, in: context.arguments) != nil {
            throw context.usage("'brew' measures the time itself", hint: "leave out --time, or use 'brewlog add --time'")
        }
        var brew = try NewBrew(context, date: nil, recipe: AddCommand.Option.recipe, like: AddCommand.Option.like, unset: AddCommand.Option.unset)
        let steps = brew.recipe.map { context.configuration.recipeSteps($0.name) } ?? []
        let title = brew.recipe.map { "Brewing recipe \($0.name.terminalSafe)" } ?? brew.like.map { "Brewing like \($0.terminalSafe)" } ?? "Brewing"
        guard let signals = SignalPipe() else { throw CLIError.io("cannot watch for signals") }
        let clock = ContinuousClock()
        let origin = clock.now
        let timer = BrewTimer(steps: steps, clock: { clock.now - origin })
        let screen = TimerScreen(timer: timer, title: title)
        let terminal = TerminalMode()
        terminal.enter()
        ScreenOutput.send(screen.fullRedraw(columns: TerminalMode.size().columns))
        let ending = loop(timer: timer, screen: screen, signals: signals)
        terminal.leave()
        signals.uninstall()
        switch ending {
        case .signal(let number):
            raise(number)
            return
        case .cancelled:
            context.notices.line("Cancelled; nothing logged.")
            return
        case .stopped:
            break
        }
        brew.set(.brewTime, to: .integer(timer.measuredSeconds))
        ScreenOutput.send("Brewed for \(BrewTime.format(timer.measuredSeconds)).\n")
        if FieldOptions.value(of: .rating, in: context.arguments) == nil, let rating = ask(.rating, "Rating (1-5, Enter to skip): ") {
            brew.set(.rating, to: rating)
        }
        if FieldOptions.value(of: .notes, in: context.arguments) == nil, let notes = ask(.notes, "Notes (one line, Enter to skip): ") {
            brew.set(.notes, to: notes)
        }
        try AddCommand.log(brew, onceADay: false, asJSON: false, context)
    }

    /// How the timer ended.
    private enum Ending {
        case stopped
        case cancelled
        case signal(Int32)
    }

    /// Ticks the timer every whole second and redraws what changed, until Enter, `q` or a
    /// signal that ends the view (a resize redraws everything).
    private static func loop(timer: BrewTimer, screen: TimerScreen, signals: SignalPipe) -> Ending {
        while true {
            let wait = timer.untilNextSecond.components
            let milliseconds = Int32(clamping: wait.seconds * 1000 + wait.attoseconds / 1_000_000_000_000_000 + 1)
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, nfds_t(fds.count), milliseconds)
            for number in signals.drain() {
                guard number == SIGWINCH else { return .signal(number) }
                ScreenOutput.send(screen.fullRedraw(columns: TerminalMode.size().columns))
            }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 { return .cancelled }
                if count == 1 {
                    switch byte {
                    case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                        timer.tick()
                        return .stopped
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .cancelled
                    default: break
                    }
                }
            }
            let reached = timer.tick()
            ScreenOutput.send(screen.update() + String(repeating: Escape.bell, count: reached.count))
        }
    }

    /// Asks for `field` until the answer is empty (skipped: `nil`), reads as the field's option
    /// would read it, or input ends.
    private static func ask(_ field: BrewField, _ question: String) -> FieldValue? {
        while let answer = LinePrompt.ask(question) {
            let text = answer.trimmingWhitespaceForCLI()
            if text.isEmpty { return nil }
            switch field.parse(text) {
            case .success(let value): return value
            case .failure(let problem): ScreenOutput.send(problem.hint(for: field) + "\n")
            }
        }
        return nil
    }
}
