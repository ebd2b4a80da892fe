import BrewLogCore

/// `bean add`, `bean edit` and `bean finish`: the actions that write.
extension BeanCommand {
    static func add(_ name: String, _ context: CommandContext) throws(CLIError) {
        var bag = BeanBag(id: .random(), name: try validName(name, context), opened: try today(context))
        try applyFields(context, to: &bag)
        try checkDays(bag, context)
        let prepared = bag
        let added = try context.session().write { store in store.recordBean(prepared) }
        if context.quiet {
            context.out.line(added.id.rawValue)
            return
        }
        var line = "Added bag \(added.id.rawValue.terminalSafe): \(added.name.terminalSafe)"
        if let roasted = added.roasted { line += ", roasted \(roasted)" }
        if let weight = added.weightGrams { line += ", \(formatNumber(weight)) g" }
        if let opened = added.opened { line += ", opened \(opened)" }
        context.out.line(line + ".")
    }

    static func edit(_ reference: String, _ context: CommandContext) throws(CLIError) {
        // Setting and clearing one field at once says two things: refused, as `edit` refuses it.
        let setOptions = ["roaster": Option.roaster, "origin": Option.origin, "process": Option.process, "roasted": Option.roasted,
                          "weight": Option.weight, "price": Option.price, "opened": Option.opened, "notes": Option.notes, "tags": Option.tag]
        for field in context.arguments.all(Option.unset) {
            if let option = setOptions[field], context.arguments.value(option) != nil {
                throw context.usage("'--\(option.long)' and '--unset \(field)' contradict each other", hint: "give one of them")
            }
        }
        let (edited, changed) = try context.session().write(creating: false) { store throws(CLIError) -> (BeanBag, Bool) in
            var bag = try resolve(reference, in: store, context)
            let before = bag
            for field in context.arguments.all(Option.unset) {
                try unset(field, on: &bag, context)
            }
            if let name = context.arguments.value(Option.name) { bag.name = try validName(name, context) }
            try applyFields(context, to: &bag)
            try checkDays(bag, context)
            guard bag != before else { return (bag, false) }
            store.update(.bean(bag))
            return (bag, true)
        }
        if context.quiet {
            context.out.line(edited.id.rawValue)
        } else if changed {
            context.out.line("Edited bag \(edited.id.rawValue.terminalSafe) (\(edited.name.terminalSafe)).")
        } else {
            context.out.line("No changes to bag \(edited.id.rawValue.terminalSafe) (\(edited.name.terminalSafe)).")
        }
    }

    static func finish(_ reference: String, day text: String?, _ context: CommandContext) throws(CLIError) {
        let day: CalendarDay
        if let text {
            day = try self.day(text, what: "<day>", context)
        } else {
            day = try today(context)
        }
        let (finished, before) = try context.session().write(creating: false) { store throws(CLIError) -> (BeanBag, CalendarDay?) in
            var bag = try resolve(reference, in: store, context)
            let before = bag.finished
            // A bag finished already keeps its day unless another is typed.
            if before != nil && text == nil { return (bag, before) }
            bag.finished = day
            try checkDays(bag, context)
            store.update(.bean(bag))
            return (bag, before)
        }
        if context.quiet {
            context.out.line(finished.id.rawValue)
        } else if let before, text == nil {
            context.out.line("Bag \(finished.id.rawValue.terminalSafe) (\(finished.name.terminalSafe)) was finished on \(before) already; nothing changed.")
        } else if let before, before != day {
            context.out.line("Finished bag \(finished.id.rawValue.terminalSafe) (\(finished.name.terminalSafe)) on \(day) (it was finished on \(before)).")
        } else {
            context.out.line("Finished bag \(finished.id.rawValue.terminalSafe) (\(finished.name.terminalSafe)) on \(day).")
        }
    }

    /// `bean rm BAG`: removes the bag. Brews that name it keep their `bean` key, which then
    /// names no bag (they do not fall back to the name rule: they were linked on purpose).
    static func remove(_ reference: String, _ context: CommandContext) throws(CLIError) {
        let removed = try context.session().write(creating: false) { store throws(CLIError) -> BeanBag in
            let bag = try resolve(reference, in: store, context)
            store.remove(.bean(bag))
            return bag
        }
        if context.quiet {
            context.out.line(removed.id.rawValue)
        } else {
            context.out.line("Removed bag \(removed.id.rawValue.terminalSafe) (\(removed.name.terminalSafe)).")
        }
    }

    /// Applies the typed field options to `bag`: text fields replace, `--tag` adds.
    private static func applyFields(_ context: CommandContext, to bag: inout BeanBag) throws(CLIError) {
        let arguments = context.arguments
        for (option, path) in [(Option.roaster, \BeanBag.roaster), (Option.origin, \.origin), (Option.process, \.process)] {
            if let text = arguments.value(option) { bag[keyPath: path] = try nonEmpty(text, option, context) }
        }
        if let text = arguments.value(Option.notes) { bag.notes = try FieldOptions.notes(text, context).nilIfEmpty }
        if arguments.value(Option.roasted) != nil { bag.roasted = try day(Option.roasted, context) }
        if arguments.value(Option.opened) != nil { bag.opened = try day(Option.opened, context) }
        if let text = arguments.value(Option.weight) {
            let digits = text.hasSuffix("g") ? String(text.dropLast()) : text
            guard let grams = parseDecimal(digits) else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--weight'", hint: "give a decimal number of grams, e.g. --weight 250 or --weight 250g")
            }
            guard grams > 0, grams <= BeanBag.maximumWeightGrams else {
                throw context.usage("weight must be more than 0 and at most 100000 grams (got \(cappedForMessage(digits)))")
            }
            bag.weightGrams = grams
        }
        if let text = arguments.value(Option.price) {
            guard let price = parseDecimal(text), price >= 0, price <= BeanBag.maximumPrice else {
                throw context.usage("invalid value '\(cappedForMessage(text))' for '--price'",
                                    hint: "give what the bag cost as a decimal number, 0 or more and at most 1000000000, e.g. --price 14.50 (the currency is ui.currency)")
            }
            bag.price = price
        }
        for text in arguments.all(Option.tag) where !bag.tags.contains(text) {
            // A bag's tags follow a brew's rule, checked by the same parser.
            switch BrewField.tags.parseTag(text) {
            case .success(let tag): bag.tags.append(tag)
            case .failure(let problem): throw FieldOptions.refusal(problem, text, .tags, Option.tag.long, context)
            }
        }
        do throws(BeanProblem) {
            try bag.validate()
        } catch {
            throw context.usage(error.message)
        }
    }

    private static func unset(_ field: String, on bag: inout BeanBag, _ context: CommandContext) throws(CLIError) {
        switch field {
        case "roaster": bag.roaster = nil
        case "origin": bag.origin = nil
        case "process": bag.process = nil
        case "roasted": bag.roasted = nil
        case "weight": bag.weightGrams = nil
        case "price": bag.price = nil
        case "opened": bag.opened = nil
        case "finished": bag.finished = nil
        case "notes": bag.notes = nil
        case "tags": bag.tags = []
        default:
            throw context.usage("cannot unset '\(cappedForMessage(field))'",
                                hint: nearest(to: field, in: unsettable).map { "did you mean '\($0)'?" } ?? "use one of " + unsettable.joined(separator: ", "))
        }
    }

    /// Refuses days to come and days out of order: a bag is roasted, then opened, then finished.
    private static func checkDays(_ bag: BeanBag, _ context: CommandContext) throws(CLIError) {
        let today = try today(context)
        for (word, day) in [("roasted", bag.roasted), ("opened", bag.opened), ("finished", bag.finished)] {
            if let day, day > today { throw context.usage("a bag cannot be \(word) on a day to come (\(day))", hint: "today is \(today)") }
        }
        if let roasted = bag.roasted, let opened = bag.opened, opened < roasted {
            throw context.usage("a bag cannot be opened (\(opened)) before it was roasted (\(roasted))")
        }
        if let finished = bag.finished, let start = bag.firstDay, finished < start {
            throw context.usage("a bag cannot be finished (\(finished)) before it was \(bag.opened == nil ? "roasted" : "opened") (\(start))")
        }
    }

    /// The calendar day the option's WHEN names; a time of day or a moment is refused.
    private static func day(_ option: OptionSpec, _ context: CommandContext) throws(CLIError) -> CalendarDay {
        try day(context.arguments.value(option) ?? "", what: "'--\(option.long)'", context)
    }

    private static func day(_ text: String, what: String, _ context: CommandContext) throws(CLIError) -> CalendarDay {
        let hint = "use today, yesterday, mon, -3d, 2 weeks ago or YYYY-MM-DD"
        let when: When
        let now = try context.now, timeZone = try context.timeZone
        do throws(WhenError) {
            when = try When.parse(text, now: now, timeZone: timeZone)
        } catch {
            throw context.usage("invalid value '\(cappedForMessage(text))' for \(what): \(error.reason)", hint: error.hint ?? hint)
        }
        guard case let .day(day) = when else {
            throw context.usage("\(what) takes a day, not a time ('\(cappedForMessage(text))')", hint: hint)
        }
        return day
    }

    /// Today's calendar date on the local clock.
    static func today(_ context: CommandContext) throws(CLIError) -> CalendarDay {
        Timestamp(date: try context.now, timeZone: try context.timeZone).day
    }

    /// A bag's name is the coffee its brews name, so it follows `--coffee`'s rule (one line, no
    /// control characters), and has no spaces at either end (`" Kenya AA"` would be a coffee of its own).
    private static func validName(_ name: String, _ context: CommandContext) throws(CLIError) -> String {
        guard !name.trimmingWhitespaceForCLI().isEmpty else {
            throw context.usage("a bag's name must not be empty", hint: "give the coffee's name, as brews name it in --coffee")
        }
        if let scalar = name.unicodeScalars.first(where: isControlCharacter) {
            throw context.usage("the bag's name contains the control character \(TerminalText.escaped(String(scalar)))",
                                hint: "type the coffee's name as plain text on one line")
        }
        guard name.trimmingWhitespaceForCLI() == name else {
            throw context.usage("the bag's name '\(cappedForMessage(name))' has spaces at its start or end", hint: "give it without them")
        }
        return name
    }

    private static func nonEmpty(_ text: String, _ option: OptionSpec, _ context: CommandContext) throws(CLIError) -> String {
        guard !text.trimmingWhitespaceForCLI().isEmpty else {
            throw context.usage("'--\(option.long)' must not be empty", hint: "to clear it, use 'brewlog bean edit BAG --unset \(option.long)'")
        }
        return text
    }
}

extension String {
    /// `nil` for the empty string.
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
