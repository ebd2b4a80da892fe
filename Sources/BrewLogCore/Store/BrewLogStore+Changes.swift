#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Changing the store: new brews (drafted with a fresh id), inserted and removed brews.
extension BrewLogStore {
    /// Records a brew, never throwing: use ``recordValidatedBrew(at:_:)`` for typed values.
    /// - Parameters:
    ///   - timestamp: When it was brewed; now, in the store's time zone, when `nil`.
    ///   - configure: Fills in the fields (it cannot change the fresh id).
    /// - Returns: The new brew, already in the store and a pending change.
    @discardableResult
    public func recordBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void = { _ in }) -> Brew {
        let brew = Brew(record: draft(at: timestamp, configure))
        append(brew)
        return brew
    }

    /// Records a brew like ``recordBrew(at:_:)`` after validating every field; on an error nothing is recorded.
    @discardableResult
    public func recordValidatedBrew(at timestamp: Timestamp? = nil, _ configure: (inout BrewRecord) -> Void) throws(InvalidFieldError) -> Brew {
        let record = draft(at: timestamp, configure)
        try record.validate()
        let brew = Brew(record: record)
        append(brew)
        return brew
    }

    /// Adds `brew` (whose id must not be in the store yet; a duplicate is ignored and `false` returned).
    @discardableResult
    public func insert(_ brew: Brew) -> Bool {
        guard index[brew.id] == nil, !isTakenByAnotherKind(brew.id) else { return false }
        append(brew)
        return true
    }

    func append(_ brew: Brew) {
        registry.willSet(\BrewLogStore.brews)
        slots.append(brew)
        positionByID?[brew.id] = slots.count - 1
        brew.attach(to: changeLog)
        changeLog.noteInserted(brew.id)
        registry.didSet(\BrewLogStore.brews)
    }

    var index: [BrewID: Int] {
        if let positionByID { return positionByID }
        var index = [BrewID: Int](minimumCapacity: slots.count)
        for position in slots.indices {
            index[id(at: position)] = index[id(at: position)] ?? position
        }
        positionByID = index
        return index
    }

    /// Removes `brew` from the store, leaving its tombstone; a brew not in it is ignored.
    public func remove(_ brew: Brew) {
        remove([brew])
    }

    /// Removes `brews` (those still in the store) in one pass over the brews, however many, and
    /// leaves a tombstone (a `removed` record dated now, with the brew's line hash) in the place
    /// of each, so an import or a conflict copy does not bring one back: what `rm` does, where
    /// one pass per brew would cost the square of their number.
    public func remove(_ brews: [Brew]) {
        let at = nowTimestamp
        // A brew taken out keeps its fields: its record is what was removed.
        for brew in discard(brews) {
            appendEntry(.removed(Tombstone(id: brew.id, at: at, was: Tombstone.lineHash(of: brew.record))))
        }
    }

    /// Removes `brews` (those still in the store) without a trace, in one pass over the brews.
    /// - Returns: The brews removed, in the order given.
    @discardableResult
    func discard(_ brews: [Brew]) -> [Brew] {
        let doomed = Set(brews.map(ObjectIdentifier.init))
        let isDoomed = { (slot: BrewSlot) -> Bool in
            if case let .live(live) = slot { doomed.contains(ObjectIdentifier(live)) } else { false }
        }
        guard slots.contains(where: isDoomed) else { return [] }
        registry.willSet(\BrewLogStore.brews)
        var removed: Set<ObjectIdentifier> = []
        slots.removeAll { slot in
            guard isDoomed(slot), case let .live(live) = slot else { return false }
            removed.insert(ObjectIdentifier(live))
            return true
        }
        positionByID = nil
        // In the order given, as one removal after another would note them.
        var gone: [Brew] = []
        for brew in brews where removed.remove(ObjectIdentifier(brew)) != nil {
            brew.detach()
            changeLog.noteRemoved(brew.id)
            gone.append(brew)
        }
        registry.didSet(\BrewLogStore.brews)
        return gone
    }

    /// A new brew's fields: a fresh id that `configure` cannot change, at `timestamp` or now.
    func draft(at timestamp: Timestamp?, _ configure: (inout BrewRecord) -> Void) -> BrewRecord {
        let id = freshID()
        var record = BrewRecord(id: id, timestamp: timestamp ?? nowTimestamp)
        configure(&record)
        record.id = id
        return record
    }

    /// An id no record of any kind in the store has.
    func freshID() -> BrewID {
        var id = BrewID.random()
        while !positions(where: { $0 == id }).isEmpty || isTakenByAnotherKind(id) {
            id = BrewID.random()
        }
        return id
    }

}
