import BrewLogCore

/// `bean list` and `bean show`: the bags as tables, rows and JSON.
extension BeanCommand {
    static func list(_ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let all = context.arguments.has(Option.all)
        let usage = ordered(store.beanUsage.filter { all || $0.bag.isOpen })
        try store.ensureReadWhole()
        let today = try today(context)
        if context.arguments.has(Option.json) {
            context.out.line("[" + usage.map { json($0, today: today) }.joined(separator: ",") + "]")
            return
        }
        if context.quiet {
            // As `list -q` prints brews' ids: the bags' ids, one per line.
            for entry in usage { context.out.line(entry.bag.id.rawValue) }
            return
        }
        guard !usage.isEmpty else {
            context.out.line(all ? "No bean bags yet: add one with 'brewlog bean add NAME --roasted DAY --weight G'."
                                 : "No open bean bags ('brewlog bean list --all' shows finished ones too).")
            return
        }
        var titles = ["ID", "NAME", "ROASTER", "OFF ROAST", "USED", "LEFT", "BREWS", "RATING"]
        // The cost per cup only when a bag has a price: most journals have none.
        let priced = usage.contains { $0.bag.price != nil }
        if priced { titles.append("PER CUP") }
        if all { titles.append("FINISHED") }
        let rightAligned: Set<Int> = priced ? [3, 4, 5, 6, 7, 8] : [3, 4, 5, 6, 7]
        let currency = context.configuration.currency
        var rows: [[String]] = []
        for item in usage {
            var row = [item.bag.id.rawValue.terminalSafe, item.bag.name.terminalSafe, (item.bag.roaster ?? "-").terminalSafe,
                       days(item.bag.daysOffRoast(asOf: today)), grams(item.gramsUsed), gramsLeft(item), String(item.brews.count),
                       item.averageRating.map(BrewFormatting.oneDecimal) ?? "-"]
            if priced { row.append(BrewFormatting.money(item.costPerCup, currency: currency)) }
            if all { row.append(item.bag.finished.map(\.description) ?? "-") }
            rows.append(row)
        }
        printTable(titles, rows, rightAligned: rightAligned, context)
        if usage.contains(where: { ($0.gramsLeft ?? 0) < 0 }) {
            context.out.line("! its brews used more than the bag held")
        }
    }

    static func show(_ reference: String, _ context: CommandContext) throws(CLIError) {
        let store = try context.session().read()
        let bag = try resolve(reference, in: store, context)
        let usage = store.beanUsage(of: bag)
        try store.ensureReadWhole()
        let today = try today(context)
        if context.arguments.has(Option.json) {
            context.out.line(json(usage, today: today))
            return
        }
        guard !context.quiet else { return }
        let off = bag.daysOffRoast(asOf: today).map { " (\(days($0)) off roast " + (bag.isOpen ? "today)" : "when finished)") } ?? ""
        var rows: [(String, String)] = [
            ("id", bag.id.rawValue), ("name", bag.name), ("roaster", bag.roaster ?? "-"), ("origin", bag.origin ?? "-"),
            ("process", bag.process ?? "-"), ("roasted", bag.roasted.map { "\($0)" + off } ?? "-"),
            ("weight", bag.weightGrams.map(grams) ?? "-"), ("opened", bag.opened.map(\.description) ?? "-"),
            ("finished", bag.finished.map(\.description) ?? "-"),
            ("tags", bag.tags.isEmpty ? "-" : bag.tags.joined(separator: ", ")),
            ("used", grams(usage.gramsUsed)), ("left", gramsLeft(usage)), ("brews", String(usage.brews.count)),
            ("rating", usage.averageRating.map { BrewFormatting.oneDecimal($0) + " on average" } ?? "-"),
        ]
        if let price = bag.price {
            // Only for a bag with a price: most have none.
            let currency = context.configuration.currency
            rows += [("price", BrewFormatting.money(price, currency: currency)), ("per cup", BrewFormatting.money(usage.costPerCup, currency: currency))]
        }
        rows += bag.unknownFields.map { ($0.key, $0.rawJSON) }
        for (label, value) in rows {
            context.out.line(context.style.bold(BrewFormatting.padded(label.terminalSafe, to: 8)) + "  " + value.terminalSafe)
        }
        if let notes = bag.notes {
            context.out.line(context.style.bold("notes"))
            for line in notes.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                context.out.line("  " + String(line).terminalSafe)
            }
        }
        if (usage.gramsLeft ?? 0) < 0 { context.out.line("! its brews used more than the bag held") }
        guard !usage.brews.isEmpty else { return }
        context.out.line("")
        let brewRows = usage.brews.map { brew in
            [BrewFormatting.dateTime(brew.timestamp), brew.id.rawValue.terminalSafe,
             bag.daysOffRoast(on: brew.timestamp.day).map { "brewed at \(days($0)) off roast" } ?? "-",
             BrewFormatting.stars(brew.rating), brew.doseGrams.map(grams) ?? "-"]
        }
        printTable(["DATE", "BREW", "FRESHNESS", "RATING", "DOSE"], brewRows, rightAligned: [4], context)
    }

    /// A bag's journal object plus what its brews add up to (and its days off roast today).
    static func json(_ usage: BeanUsage, today: CalendarDay) -> String {
        var bag = usage.bag
        let extra: [(key: String, value: JSONText)] = [
            ("days_off_roast", bag.daysOffRoast(asOf: today).map(JSONText.int) ?? .null),
            ("grams_used", .number(rounded(usage.gramsUsed))),
            ("grams_left", usage.gramsLeft.map { .number(rounded(Swift.max(0, $0))) } ?? .null),
            ("low", .bool(usage.isLow)),
            ("brews", .int(usage.brews.count)),
            ("average_rating", usage.averageRating.map { .number(rounded($0)) } ?? .null),
            ("cost_per_cup", usage.costPerCup.map { .number(rounded($0)) } ?? .null),
        ]
        let names = Set(extra.map(\.key))
        bag.unknownFields.removeAll { names.contains($0.key) }
        var text = RecordLineCodec.encode(.bean(bag))
        text.removeLast()
        for member in extra {
            text += ","
            BrewLineCodec.appendJSONString(member.key, to: &text)
            text += ":" + member.value.text
        }
        return text + "}"
    }

    /// Bags oldest first: by the day they were opened (else roasted; neither first), then journal order.
    static func ordered(_ usage: [BeanUsage]) -> [BeanUsage] {
        usage.enumerated().sorted { a, b in
            switch (a.element.bag.firstDay, b.element.bag.firstDay) {
            case let (x?, y?) where x != y: x < y
            case (nil, _?): true
            case (_?, nil): false
            default: a.offset < b.offset
            }
        }.map(\.element)
    }

    private static func printTable(_ titles: [String], _ rows: [[String]], rightAligned: Set<Int>, _ context: CommandContext) {
        let table = [titles] + rows
        let widths = titles.indices.map { column in table.map { BrewFormatting.displayWidth($0[column]) }.max() ?? 0 }
        for (index, row) in table.enumerated() {
            let cells = row.indices.map { BrewFormatting.padded(row[$0], to: widths[$0], alignedRight: rightAligned.contains($0)) }
            let line = cells.joined(separator: "  ").trimmingTrailingSpaces()
            context.out.line(index == 0 ? context.style.bold(line) : line)
        }
    }

    /// `1 day`, `12 days`, `-` when unknown.
    static func days(_ count: Int?) -> String {
        guard let count else { return "-" }
        return "\(count) day\(count == 1 || count == -1 ? "" : "s")"
    }

    static func grams(_ value: Double) -> String {
        let text = BrewFormatting.oneDecimal(value)
        return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " g"
    }

    /// Grams left, `25 g low` when the bag is running low, `0 g!` when the brews used more than
    /// the weight, `-` without a weight.
    private static func gramsLeft(_ usage: BeanUsage) -> String {
        guard let left = usage.gramsLeft else { return "-" }
        return left < 0 ? "0 g!" : grams(left) + (usage.isLow ? " low" : "")
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
