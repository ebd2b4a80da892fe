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
        BeanUsage.of(beanBags, brews: brewsByDate.map(\.record))
    }
}

extension BrewLogStore {
    /// How `bag` is used: the store's brews that belong to it, with every other bag considered
    /// (a brew of its coffee may belong to a newer bag of the same name).
    public func beanUsage(of bag: BeanBag) -> BeanUsage {
        let matching = BeanMatching(bags: beanBags)
        return BeanUsage(bag: bag, brews: brewsByDate.map(\.record).filter { matching.bag(of: $0)?.id == bag.id })
    }
}
