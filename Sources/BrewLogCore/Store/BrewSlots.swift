/// One brew of the store: still only in the snapshot (by its index there), or an object. Eight
/// bytes: the index fits in 32 bits, since a journal of four billion brews would need more than
/// 128 GB for its entries before it got here.
enum BrewSlot {
    case stored(UInt32)
    case live(Brew)
}

/// The store's brews in journal order, each a ``BrewSlot``.
///
/// Right after a load, slot `i` is the snapshot's brew `i`, so nothing is held for it: the slots
/// are a count, the few brews made into objects since (by position) and the brews added after
/// them. A streak, an add or an `edit last` over a million brews then holds no slot at all. A
/// removal, or objects made of more than an eighth of the brews, writes every slot out (an
/// array, eight bytes a brew), which is what the slots were before.
struct BrewSlots: RandomAccessCollection, MutableCollection {
    /// Positions below it are the snapshot's brews of the same index, unless an object in
    /// ``objects`` (when ``explicit`` is `nil`).
    private var loaded: Int
    private var objects: [Int: Brew] = [:]
    private var appended: [Brew] = []
    /// Every slot, once the slots no longer follow the snapshot.
    private var explicit: [BrewSlot]?

    /// The slots of a snapshot of `count` brews, none an object yet.
    init(loaded count: Int) {
        loaded = count
    }

    /// These slots, in this order.
    init(_ slots: [BrewSlot]) {
        loaded = 0
        explicit = slots
    }

    var startIndex: Int { 0 }
    var endIndex: Int { explicit?.count ?? loaded + appended.count }

    subscript(position: Int) -> BrewSlot {
        get {
            if let explicit { return explicit[position] }
            if position >= loaded { return .live(appended[position - loaded]) }
            if !objects.isEmpty, let brew = objects[position] { return .live(brew) }
            return .stored(UInt32(truncatingIfNeeded: position))
        }
        set {
            if explicit == nil, position < loaded, case let .live(brew) = newValue, objects.count < Swift.max(1_024, loaded / 8) {
                objects[position] = brew
            } else if explicit == nil, position >= loaded, case let .live(brew) = newValue {
                appended[position - loaded] = brew
            } else {
                writeOut()
                explicit?[position] = newValue
            }
        }
    }

    /// Adds an object after the last brew.
    mutating func append(_ brew: Brew) {
        if explicit == nil {
            appended.append(brew)
        } else {
            explicit?.append(.live(brew))
        }
    }

    /// Removes the slot at `position`; the later ones move up.
    mutating func remove(at position: Int) {
        writeOut()
        explicit?.remove(at: position)
    }

    /// Removes every slot `isRemoved` picks, in one pass; the others keep their order.
    mutating func removeAll(where isRemoved: (BrewSlot) -> Bool) {
        writeOut()
        explicit?.removeAll(where: isRemoved)
    }

    /// The brews that are objects, in no promised order.
    var objectsMade: [Brew] {
        if let explicit {
            return explicit.compactMap { slot in
                if case let .live(brew) = slot { return brew }
                return nil
            }
        }
        return Array(objects.values) + appended
    }

    /// Holds every slot in an array from now on.
    private mutating func writeOut() {
        guard explicit == nil else { return }
        var slots = (0..<loaded).map { BrewSlot.stored(UInt32(truncatingIfNeeded: $0)) }
        for (position, brew) in objects { slots[position] = .live(brew) }
        slots += appended.map(BrewSlot.live)
        explicit = slots
        objects = [:]
        appended = []
        loaded = 0
    }
}
