/// The bags of beans the store holds, among its records of other kinds.
extension BrewLogStore {
    /// The bags, in journal order.
    public var beanBags: [BeanBag] {
        entries.compactMap { entry in
            if case let .bean(bag) = entry { return bag }
            return nil
        }
    }

    /// Adds `bag` with a fresh id (the one it has is replaced) and returns it. Never throws:
    /// the caller validates the fields (``BeanBag/validate()``).
    @discardableResult
    public func recordBean(_ bag: BeanBag) -> BeanBag {
        var bag = bag
        bag.id = freshID()
        insert(.bean(bag))
        return bag
    }

    /// How every bag is used by the store's brews, in journal order.
    public var beanUsage: [BeanUsage] {
        var tally = BeanUsage.Tally(bags: beanBags)
        if !tally.isEmpty { forEachRecordByDate { tally.add($0) } }
        return tally.usage
    }
}

extension BrewLogStore {
    /// How `bag` is used: the store's brews that belong to it, with every other bag considered
    /// (a brew of its coffee may belong to a newer bag of the same name).
    ///
    /// Without making a brew into an object, and reading only the lines of the brews of the days
    /// the bag was in use and of those a load saw name a bag: `add` and `prompt` ask it of a
    /// million-brew journal.
    public func beanUsage(of bag: BeanBag) -> BeanUsage {
        let matching = BeanMatching(bags: beanBags)
        var brews: [BrewRecord] = []
        forEachRecordByDate(reading: { timestamp, namesBag in namesBag || bag.isInUse(on: timestamp.day) }) { brew in
            if matching.bag(of: brew)?.id == bag.id { brews.append(brew) }
        }
        return BeanUsage(bag: bag, brews: brews)
    }
}

extension BrewLogStore {
    /// The open bag opened most recently, by the rule that decides which of several bags of one
    /// name a brew belongs to (``BeanMatching/opensAfter(_:_:)``), if any.
    public var newestOpenBag: BeanBag? {
        let open = beanBags.enumerated().filter { $0.element.isOpen }.map { (position: $0.offset, bag: $0.element) }
        return open.max { BeanMatching.opensAfter($1, $0) }?.bag
    }
}
