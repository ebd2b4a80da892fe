#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Without making a brew into an object, reading only the lines of the brews of the days the
    /// bag was in use and of those a load saw name a bag, and decoding only the lines that could
    /// belong to it (``BeanUsage/mayBelong(to:)``): `add` and `prompt` ask it of a million-brew
    /// journal.
    public func beanUsage(of bag: BeanBag) -> BeanUsage {
        let matching = BeanMatching(bags: beanBags)
        var brews: [BrewRecord] = []
        forEachRecordByDate(reading: { timestamp, namesBag in namesBag || bag.isInUse(on: timestamp.day) },
                            ifLine: BeanUsage.mayBelong(to: bag)) { brew in
            if matching.bag(of: brew)?.id == bag.id { brews.append(brew) }
        }
        return BeanUsage(bag: bag, brews: brews)
    }
}

extension BeanUsage {
    /// A test that every brew of `bag` passes, given its date and its journal line, and few
    /// others: a brew of a day the bag was in use (a brew joins a bag by name only then), or a
    /// line that names a bag at all (`"bean"`), or one with an escape (a tool may write a key or
    /// an id with `\u` escapes). Cheap enough to run on every line of a million.
    static func mayBelong(to bag: BeanBag) -> @Sendable (Timestamp, UnsafeBufferPointer<UInt8>) -> Bool {
        { timestamp, line in
            bag.isInUse(on: timestamp.day) || line.contains(byte: 0x5C) || line.contains(bytes: BeanUsage.beanKey)
        }
    }

    /// The journal key of a brew's bag, quoted, as it appears in a line.
    private static let beanKey = Array(#""bean""#.utf8)
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `bytes` appear in this buffer: each place of their first byte found with
    /// `memchr`, then compared (a million lines are tested).
    func contains(bytes: [UInt8]) -> Bool {
        guard let base = baseAddress, let first = bytes.first else { return false }
        var start = 0
        while count - start >= bytes.count, let found = memchr(base + start, Int32(first), count - start - bytes.count + 1) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes.withUnsafeBytes({ needle in needle.baseAddress.map { memcmp(base + index, $0, bytes.count) } }) == 0 { return true }
            start = index + 1
        }
        return false
    }

    /// Whether `byte` appears in this buffer (`memchr`).
    func contains(byte: UInt8) -> Bool {
        guard let base = baseAddress else { return false }
        return memchr(base, Int32(byte), count) != nil
    }
}

extension BrewLogStore {
    /// The open bag opened most recently (its opened day, else its roast day; a bag with neither
    /// counts as the oldest; the later in the journal when two tie), if any.
    public var newestOpenBag: BeanBag? {
        var newest: BeanBag?
        for bag in beanBags where bag.isOpen {
            if let current = newest, let currentDay = current.firstDay {
                guard let day = bag.firstDay, day >= currentDay else { continue }
            }
            newest = bag
        }
        return newest
    }
}
