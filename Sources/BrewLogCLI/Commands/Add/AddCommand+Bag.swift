import BrewLogCore

/// How `add` links a new brew to its bag, and what it says about the bag afterwards.
extension AddCommand {
    /// Replaces the bag reference the layers gave (`--bean kenya`, `add.bean`) with the bag's id,
    /// found as every command finds a bag (``BeanCommand/resolve(_:in:_:)``: two open bags of
    /// one name are refused, not guessed), and gives the brew the bag's name as its coffee unless
    /// the layer that named the bag, or a higher one, names a coffee too.
    ///
    /// A bag a lower layer names is not linked when a higher layer names another coffee (the
    /// brew follows its coffee's bag instead, and a note says so). A typed bag is linked even
    /// when finished (with a warning). A bag a lower layer names (the
    /// defaults, a recipe, `--like`) that was finished before the brew's day has been used up
    /// since the layer was written: the brew takes the one open bag of that name instead and a
    /// note says so; with none, or several, it is linked to none and a warning says why.
    /// - Returns: what to say about the link, given the id the brew is recorded with.
    static func linkBag(_ record: inout BrewRecord, _ layers: BrewLayers.Resolution, typed: Bool, _ store: BrewLogStore,
                        _ context: CommandContext) throws(CLIError) -> ((BrewID) -> String)? {
        guard let reference = record.bean else { return nil }
        let source = layers.source(of: .bean)
        var bag: BeanBag
        do throws(CLIError) {
            bag = try BeanCommand.resolve(reference, in: store, context)
        } catch {
            switch source {
            case .brew?:
                // The liked brew's bag was removed: the new brew goes without a link.
                record.bean = nil
                return nil
            case .commandLine?, nil: throw error
            case let source?:
                throw error.replacingHint(with: "the bag comes from \(origin(source)); name one with --bean BAG, or leave it out with --unset bean")
            }
        }
        if !typed, let source, let coffee = record.coffee, layers.set(.coffee, atOrAbove: .bean), layers.source(of: .coffee) != source,
           coffee.lowercased() != bag.name.lowercased() {
            // A higher layer (the command line, a recipe) named another coffee: a default bag of
            // some other coffee would count this brew's grams against the wrong bag.
            record.bean = nil
            let named = "\(origin(source)) names the bag \(bag.id.rawValue) (\(bag.name.terminalSafe))"
            return { _ in "note: \(named), but the brew's coffee is '\(coffee.terminalSafe)'; the brew belongs to the bag its coffee names, if any" }
        }
        var notice: ((BrewID) -> String)?
        if !typed, let source, let finished = bag.finished, finished < record.timestamp.day {
            let named = "\(origin(source)) names the bag \(bag.id.rawValue) (\(bag.name.terminalSafe)), finished on \(finished)"
            let open = store.beanBags.filter { $0.isOpen && $0.name.lowercased() == bag.name.lowercased() }
            guard open.count == 1 else {
                if !layers.set(.coffee, atOrAbove: .bean) { record.coffee = bag.name }
                record.bean = nil
                let others = open.isEmpty ? "no open bag has its name"
                    : "\(open.count) open bags have its name (" + open.map(\.id.rawValue).joined(separator: ", ") + ")"
                return { id in "warning: \(named), and \(others); the brew is linked to no bag: link one with 'brewlog edit \(id.rawValue) --bean BAG'" }
            }
            bag = open[0]
            let replacement = bag.id.rawValue
            notice = { _ in "note: \(named); the brew is linked to the open bag of that name, \(replacement)" }
        } else if typed, let finished = bag.finished {
            let named = "\(bag.id.rawValue) (\(bag.name.terminalSafe))"
            notice = { _ in "warning: the bag \(named) was finished on \(finished); the brew counts for it anyway" }
        }
        if !layers.set(.coffee, atOrAbove: .bean) { record.coffee = bag.name }
        record.bean = bag.id.rawValue
        return notice
    }

    /// Where a bag that was not typed came from, as messages name it.
    private static func origin(_ source: BrewLayers.Source) -> String {
        switch source {
        case .sticky(let method, let brew): "the last \(method.terminalSafe) (\(brew.rawValue.terminalSafe), add.sticky)"
        case .defaults: "add.bean in the config"
        case .methodDefaults(let method): "add.\(method.terminalSafe).bean in the config"
        case .recipe(let name): "the recipe \(name.terminalSafe)"
        case .brew(let id): "--like \(id.rawValue)"
        case .commandLine: "the command line"
        }
    }

    /// What a brew taking its bag from `before` to `after` says: once when the bag runs low, once
    /// when its brews use more than it held.
    static func bagNotices(before: BeanUsage, after: BeanUsage) -> [String] {
        let name = after.bag.name.terminalSafe
        if let left = after.gramsLeft, left < 0, (before.gramsLeft ?? 0) >= 0 {
            return ["\(name) has run out: its brews used \(BeanCommand.grams(-left)) more than the bag held."]
        }
        if after.isLow, !before.isLow {
            return ["\(name) is running low: \(BeanCommand.grams(max(0, after.gramsLeft ?? 0))) left."]
        }
        return []
    }
}
