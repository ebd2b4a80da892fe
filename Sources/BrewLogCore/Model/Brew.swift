#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// One brew: a shared, observable reference, so every holder sees the same edits.
///
/// Each stored property reports reads and writes to the brew's ``registry``: the scopes that read
/// it are told before the new value is stored (willSet timing); a write of an equal value notifies
/// nobody. Setters never throw: they store what they are given. Validate first with
/// ``update(validating:)`` (or `BrewRecord.validate()`) where a value comes from a user.
///
/// Every field but the moment (``timestamp`` and its views ``date`` and ``utcOffsetSeconds``) has
/// a `_modify` accessor, so `brew.tags.append(tag)` or `brew.notes += text` changes the value in
/// place: it is moved out of the record under the lock, changed, and moved back, and its buffer
/// is never copied. Such a change always counts as one (it is not compared), and another thread
/// that reads the same field meanwhile sees it empty (`nil`, `""`, `[]`).
public final class Brew: Sendable, Identifiable, CustomStringConvertible {
    /// The brew's id; it never changes.
    public let id: BrewID
    private let storage: Mutex<Storage>

    /// The fields; the change log of the store that holds the brew (told of every change, so the
    /// journal writes exactly what changed); and the registry, made on first use so the million
    /// brews a command reads without observing them cost no registry each. One lock guards all.
    private struct Storage {
        var record: BrewRecord
        /// Held strongly: the change log holds ids, never brews, so there is no cycle, and a
        /// strong load costs a write less than a weak one.
        var owner: ChangeLog?
        var registry: ChangeRegistry?
        /// The journal line the brew was read from, until a field changes.
        var origin: JournalLineOrigin?
        /// The fields `owner` already holds as changed: writing one again skips the change log.
        var noted = NotedFields()

        /// After `field` of the record changed: the journal line no longer holds it, and the
        /// store's change log hears of it (once a generation, see ``NotedFields``).
        @inline(__always)
        mutating func noteChanged(_ field: BrewField, of id: BrewID) {
            origin = nil
            owner?.noteChanged(id, field, noted: &noted)
        }
    }

    /// Where reads and writes of this brew's properties are reported.
    public var registry: ChangeRegistry {
        storage.withLock { storage in
            if let registry = storage.registry { return registry }
            let registry = ChangeRegistry()
            storage.registry = registry
            return registry
        }
    }

    /// A brew with the given fields; without `utcOffsetSeconds`, the offset of the system time zone at `date`.
    public convenience init(
        id: BrewID = .random(), rating: Int? = nil, notes: String = "", date: Date = .now,
        utcOffsetSeconds: Int? = nil, method: String? = nil, coffee: String? = nil,
        doseGrams: Double? = nil, waterGrams: Double? = nil, yieldGrams: Double? = nil, grind: String? = nil,
        temperatureCelsius: Double? = nil, brewTimeSeconds: Int? = nil, tags: [String] = []
    ) {
        let offset = utcOffsetSeconds ?? TimeZone.current.secondsFromGMT(for: date)
        self.init(record: BrewRecord(
            id: id, timestamp: Timestamp(date: date, utcOffsetSeconds: offset), rating: rating, notes: notes,
            method: method, coffee: coffee, doseGrams: doseGrams, waterGrams: waterGrams, yieldGrams: yieldGrams, grind: grind,
            temperatureCelsius: temperatureCelsius, brewTimeSeconds: brewTimeSeconds, tags: tags))
    }

    /// A brew holding `record` (not validated).
    public init(record: BrewRecord) {
        self.id = record.id
        self.storage = Mutex(Storage(record: record))
    }

    /// Every field as a value. Reading it is a read of every property.
    public var record: BrewRecord {
        if ChangeRegistry.isTracking {
            let registry = self.registry
            for keyPath in Brew.trackedKeyPaths {
                registry.access(keyPath)
            }
        }
        return storage.withLock { $0.record }
    }

    /// The moment and UTC offset the brew was recorded with.
    public var timestamp: Timestamp {
        get { read(\.timestamp) { $0.timestamp } }
        set { write(\.timestamp, .date, newValue, get: { $0.timestamp }, set: { $0.timestamp = $1 }) }
    }

    /// When the brew was made. Setting it keeps the recorded UTC offset.
    ///
    /// A view of ``timestamp``: it is tracked, and its changes reported, as `timestamp`. Setting it
    /// reads and replaces the moment under one lock, so an offset another thread writes meanwhile
    /// is kept (a read of `timestamp` followed by a write of the whole would put the old offset
    /// back); inside a tracking scope it counts as a read of `timestamp`, as `timestamp.date = x` does.
    public var date: Date {
        get { timestamp.date }
        set {
            reportRead(\.timestamp)
            write(\.timestamp, .date, newValue, get: { $0.timestamp.date }, set: { $0.timestamp.date = $1 })
        }
    }

    /// Seconds east of UTC of the clock the brew was recorded on.
    ///
    /// A view of ``timestamp``, set under one lock as ``date`` is, so a moment another thread
    /// writes meanwhile is kept.
    public var utcOffsetSeconds: Int {
        get { timestamp.utcOffsetSeconds }
        set {
            reportRead(\.timestamp)
            write(\.timestamp, .date, newValue, get: { $0.timestamp.utcOffsetSeconds }, set: { $0.timestamp.utcOffsetSeconds = $1 })
        }
    }

    /// The calendar day the brew counts for: its date in its own UTC offset.
    public var day: CalendarDay { timestamp.day }

    /// 1...5, or `nil` when unrated.
    public var rating: Int? {
        get { read(\.rating) { $0.rating } }
        set { write(\.rating, .rating, newValue, get: { $0.rating }, set: { $0.rating = $1 }) }
        _modify { var edit = beginEdit(\.rating, .rating, nil) { swap(&$0.rating, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Tasting notes.
    public var notes: String {
        get { read(\.notes) { $0.notes } }
        set { write(\.notes, .notes, newValue, get: { $0.notes }, set: { $0.notes = $1 }) }
        _modify { var edit = beginEdit(\.notes, .notes, "") { swap(&$0.notes, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Brew method.
    public var method: String? {
        get { read(\.method) { $0.method } }
        set { write(\.method, .method, newValue, get: { $0.method }, set: { $0.method = $1 }) }
        _modify { var edit = beginEdit(\.method, .method, nil) { swap(&$0.method, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// The beans or blend.
    public var coffee: String? {
        get { read(\.coffee) { $0.coffee } }
        set { write(\.coffee, .coffee, newValue, get: { $0.coffee }, set: { $0.coffee = $1 }) }
        _modify { var edit = beginEdit(\.coffee, .coffee, nil) { swap(&$0.coffee, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// The id of the bean bag it was made from, when named.
    public var bean: String? {
        get { read(\.bean) { $0.bean } }
        set { write(\.bean, .bean, newValue, get: { $0.bean }, set: { $0.bean = $1 }) }
        _modify { var edit = beginEdit(\.bean, .bean, nil) { swap(&$0.bean, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Dose in grams.
    public var doseGrams: Double? {
        get { read(\.doseGrams) { $0.doseGrams } }
        set { write(\.doseGrams, .dose, newValue, get: { $0.doseGrams }, set: { $0.doseGrams = $1 }) }
        _modify { var edit = beginEdit(\.doseGrams, .dose, nil) { swap(&$0.doseGrams, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Water in grams.
    public var waterGrams: Double? {
        get { read(\.waterGrams) { $0.waterGrams } }
        set { write(\.waterGrams, .water, newValue, get: { $0.waterGrams }, set: { $0.waterGrams = $1 }) }
        _modify { var edit = beginEdit(\.waterGrams, .water, nil) { swap(&$0.waterGrams, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// The beverage's weight in grams (espresso's "out").
    public var yieldGrams: Double? {
        get { read(\.yieldGrams) { $0.yieldGrams } }
        set { write(\.yieldGrams, .yield, newValue, get: { $0.yieldGrams }, set: { $0.yieldGrams = $1 }) }
        _modify { var edit = beginEdit(\.yieldGrams, .yield, nil) { swap(&$0.yieldGrams, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Grind setting.
    public var grind: String? {
        get { read(\.grind) { $0.grind } }
        set { write(\.grind, .grind, newValue, get: { $0.grind }, set: { $0.grind = $1 }) }
        _modify { var edit = beginEdit(\.grind, .grind, nil) { swap(&$0.grind, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// The grinder ("Kinu m47").
    public var grinder: String? {
        get { read(\.grinder) { $0.grinder } }
        set { write(\.grinder, .grinder, newValue, get: { $0.grinder }, set: { $0.grinder = $1 }) }
        _modify { var edit = beginEdit(\.grinder, .grinder, nil) { swap(&$0.grinder, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Water temperature in °C.
    public var temperatureCelsius: Double? {
        get { read(\.temperatureCelsius) { $0.temperatureCelsius } }
        set { write(\.temperatureCelsius, .temperature, newValue, get: { $0.temperatureCelsius }, set: { $0.temperatureCelsius = $1 }) }
        _modify { var edit = beginEdit(\.temperatureCelsius, .temperature, nil) { swap(&$0.temperatureCelsius, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Brew time in seconds.
    public var brewTimeSeconds: Int? {
        get { read(\.brewTimeSeconds) { $0.brewTimeSeconds } }
        set { write(\.brewTimeSeconds, .brewTime, newValue, get: { $0.brewTimeSeconds }, set: { $0.brewTimeSeconds = $1 }) }
        _modify { var edit = beginEdit(\.brewTimeSeconds, .brewTime, nil) { swap(&$0.brewTimeSeconds, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Total dissolved solids in percent.
    public var tdsPercent: Double? {
        get { read(\.tdsPercent) { $0.tdsPercent } }
        set { write(\.tdsPercent, .tds, newValue, get: { $0.tdsPercent }, set: { $0.tdsPercent = $1 }) }
        _modify { var edit = beginEdit(\.tdsPercent, .tds, nil) { swap(&$0.tdsPercent, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// Tags, in the order they were added.
    public var tags: [String] {
        get { read(\.tags) { $0.tags } }
        set { write(\.tags, .tags, newValue, get: { $0.tags }, set: { $0.tags = $1 }) }
        _modify { var edit = beginEdit(\.tags, .tags, []) { swap(&$0.tags, &$1) }; defer { endEdit(&edit) }; yield &edit.value }
    }

    /// The brew ratio, a derived value: yield ÷ dose when the yield is known, else water ÷ dose,
    /// as ``BrewRecord/ratio``. It reads (and so tracks) the dose, then the yield, and the water
    /// only when there is no yield.
    public var ratio: Double? {
        let dose = doseGrams
        if let yield = yieldGrams { return brewRatio(dose: dose, water: nil, yield: yield) }
        return brewRatio(dose: dose, water: waterGrams, yield: nil)
    }

    /// Applies `change` to a copy of the record, validates the result, then writes each field
    /// `change` altered through its tracked setter. On a validation error nothing is written.
    ///
    /// Only the fields `change` altered are written, so a write another thread makes to any
    /// other field meanwhile is kept rather than overwritten with the copy's older value.
    public func update(validating change: (inout BrewRecord) -> Void) throws(InvalidFieldError) {
        let original = storage.withLock { $0.record }
        var edited = original
        change(&edited)
        edited.id = id
        try edited.validate()
        assign(edited, alteredSince: original)
    }

    /// Writes every field of `record` (but the id) through its tracked setter, so only the fields
    /// that differ are reported as changed. Not validated: use ``update(validating:)`` for user input.
    public func assign(_ record: BrewRecord) {
        assign(record, alteredSince: nil)
    }

    /// Writes the fields of `record` that differ from `original` (all of them without one).
    private func assign(_ record: BrewRecord, alteredSince original: BrewRecord?) {
        for field in BrewField.allCases where original.map({ $0[field] != record[field] }) ?? true {
            copy(field, from: record)
        }
    }

    /// `Brew(id, date)` for debugging.
    public var description: String { "Brew(\(id), \(timestamp))" }

    /// The brew's line exactly as the journal holds it (key order, spacing, empty texts and a `Z`
    /// offset as written), while no field has changed since it was read; `nil` for a brew made in
    /// memory or changed since. Output that promises the journal's own lines prints this, and
    /// falls back to the canonical encoding of ``record``.
    public var journalLine: String? {
        storage.withLock { $0.origin }?.text
    }

    /// Remembers the journal line the brew was read from (the store, when it makes the brew).
    func remember(origin: JournalLineOrigin?) {
        storage.withLock { $0.origin = origin }
    }

    /// Starts telling `changeLog` about every change (the store calls it when the brew joins it).
    func attach(to changeLog: ChangeLog) {
        storage.withLock { storage in
            storage.owner = changeLog
            storage.noted = NotedFields()
        }
    }

    /// Stops telling the store's change log (when the brew leaves the store).
    func detach() {
        storage.withLock { storage in
            storage.owner = nil
            storage.noted = NotedFields()
        }
    }

    // The storage is reached through closures, not key paths: a key path applied to the record
    // inside the lock costs several times the lock itself, and every read and write goes here.
    // The key path of the property is only what the registry files reads and changes under.

    /// Reports the read when a tracking scope runs on this thread, then reads under the lock.
    @inline(__always)
    private func read<Value>(_ property: @autoclosure () -> KeyPath<Brew, Value>, _ get: (borrowing BrewRecord) -> Value) -> Value {
        reportRead(property())
        return storage.withLock { get($0.record) }
    }

    /// Reports a read of `property` when a tracking scope runs on this thread. The key path is an
    /// autoclosure: outside a scope (almost always) it is never made.
    @inline(__always)
    private func reportRead(_ property: @autoclosure () -> PartialKeyPath<Brew>) {
        if ChangeRegistry.isTracking {
            registry.access(property())
        }
    }

    /// Stores `newValue` when it differs and tells the store's change log, and, when someone
    /// observes this brew, tells the registry, as a change of `property` (the tracked property that
    /// holds the value, or part of it): before the store and after it.
    ///
    /// The write that nobody observes is the common one, so it takes the lock once and retains
    /// nothing: the change log is told inside the lock (it never calls back into a brew, so the
    /// lock order brew → change log cannot deadlock), and only the first time a field changes
    /// since the store last loaded or saved (``NotedFields``); the key path, which costs a
    /// runtime call to materialise, is made only when there are observers. Observers are told
    /// outside the lock, since their `onChange` may read or write this brew; they run before the
    /// value is stored, so they read the old one.
    @inline(__always)
    private func write<Value: Equatable & Sendable>(
        _ property: @autoclosure () -> PartialKeyPath<Brew>, _ field: BrewField, _ newValue: Value,
        get: (borrowing BrewRecord) -> Value, set: (inout BrewRecord, Value) -> Void
    ) {
        let observed = storage.withLock { storage -> ChangeRegistry? in
            guard get(storage.record) != newValue else { return nil }
            // Someone to tell first: the value is stored once they have been told. (Asked
            // without binding the registry: it is weakly referenced, so a retain of it is slow.)
            if storage.registry?.hasObservers == true { return storage.registry }
            set(&storage.record, newValue)
            storage.noteChanged(field, of: id)
            return nil
        }
        guard let observed else { return }
        let keyPath = property()
        observed.willSet(keyPath)
        storage.withLock { storage in
            set(&storage.record, newValue)
            storage.noteChanged(field, of: id)
        }
        observed.didSet(keyPath)
    }

    /// A field moved out of the record while a `_modify` accessor changes it in place.
    private struct InPlaceEdit<Value: Sendable> {
        var value: Value
        let field: BrewField
        /// Swaps the record's field with a value: out at the start, back at the end.
        let exchange: (inout BrewRecord, inout Value) -> Void
        /// The registry to tell at the end, and the property's key path, when someone observes the brew.
        let observed: (registry: ChangeRegistry, keyPath: PartialKeyPath<Brew>)?
    }

    /// Starts an in-place change of `field`: reports the read (as Observation's `_modify` does),
    /// tells the observers the field is about to change, and moves its value out of the record
    /// (leaving `placeholder`), so the caller holds the only reference to its buffer.
    @inline(__always)
    private func beginEdit<Value: Sendable>(
        _ property: @autoclosure () -> PartialKeyPath<Brew>, _ field: BrewField, _ placeholder: Value,
        _ exchange: @escaping (inout BrewRecord, inout Value) -> Void
    ) -> InPlaceEdit<Value> {
        reportRead(property())
        let registry = storage.withLock { storage in storage.registry?.hasObservers == true ? storage.registry : nil }
        let observed = registry.map { (registry: $0, keyPath: property()) }
        if let observed { observed.registry.willSet(observed.keyPath) }
        var value = placeholder
        storage.withLock { exchange(&$0.record, &value) }
        return InPlaceEdit(value: value, field: field, exchange: exchange, observed: observed)
    }

    /// Ends an in-place change: moves the value back into the record, tells the change log, and
    /// tells the observers it is stored.
    @inline(__always)
    private func endEdit<Value: Sendable>(_ edit: inout InPlaceEdit<Value>) {
        storage.withLock { storage in
            edit.exchange(&storage.record, &edit.value)
            storage.noteChanged(edit.field, of: id)
        }
        if let observed = edit.observed { observed.registry.didSet(observed.keyPath) }
    }
}
