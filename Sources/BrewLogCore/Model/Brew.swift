import Foundation
import Synchronization

/// One brew: a shared, observable reference, so every holder sees the same edits.
///
/// Each stored property reports reads and writes to the brew's ``registry``; a write of an equal
/// value notifies nobody. Setters never throw: they store what they are given. Validate first with
/// ``update(validating:)`` (or `BrewRecord.validate()`) where a value comes from a user.
public final class Brew: Sendable, Identifiable, CustomStringConvertible {
    /// The brew's id; it never changes.
    public let id: BrewID
    /// Where reads and writes of this brew's properties are reported.
    public let registry = ChangeRegistry()
    private let storage: Mutex<BrewRecord>

    /// A brew with the given fields; without `utcOffsetSeconds`, the offset of the system time zone at `date`.
    public convenience init(
        id: BrewID = .random(), rating: Int? = nil, notes: String = "", date: Date = .now,
        utcOffsetSeconds: Int? = nil, method: String? = nil, coffee: String? = nil,
        doseGrams: Double? = nil, waterGrams: Double? = nil, grind: String? = nil,
        temperatureCelsius: Double? = nil, brewTimeSeconds: Int? = nil, tags: [String] = []
    ) {
        let offset = utcOffsetSeconds ?? TimeZone.current.secondsFromGMT(for: date)
        self.init(record: BrewRecord(
            id: id, timestamp: Timestamp(date: date, utcOffsetSeconds: offset), rating: rating, notes: notes,
            method: method, coffee: coffee, doseGrams: doseGrams, waterGrams: waterGrams, grind: grind,
            temperatureCelsius: temperatureCelsius, brewTimeSeconds: brewTimeSeconds, tags: tags))
    }

    /// A brew holding `record` (not validated).
    public init(record: BrewRecord) {
        self.id = record.id
        self.storage = Mutex(record)
    }

    /// Every field as a value. Reading it is a read of every property.
    public var record: BrewRecord {
        for keyPath in Brew.fieldsByKeyPath.keys {
            registry.access(keyPath)
        }
        return storage.withLock { $0 }
    }

    /// The moment and UTC offset the brew was recorded with.
    public var timestamp: Timestamp {
        get { read(\.timestamp, \.timestamp) }
        set { write(\.timestamp, \.timestamp, newValue) }
    }

    /// When the brew was made. Setting it keeps the recorded UTC offset.
    public var date: Date {
        get { timestamp.date }
        set { timestamp.date = newValue }
    }

    /// Seconds east of UTC of the clock the brew was recorded on.
    public var utcOffsetSeconds: Int {
        get { timestamp.utcOffsetSeconds }
        set { timestamp.utcOffsetSeconds = newValue }
    }

    /// The calendar day the brew counts for: its date in its own UTC offset.
    public var day: CalendarDay { timestamp.day }

    /// 1...5, or `nil` when unrated.
    public var rating: Int? {
        get { read(\.rating, \.rating) }
        set { write(\.rating, \.rating, newValue) }
    }

    /// Tasting notes.
    public var notes: String {
        get { read(\.notes, \.notes) }
        set { write(\.notes, \.notes, newValue) }
    }

    /// Brew method.
    public var method: String? {
        get { read(\.method, \.method) }
        set { write(\.method, \.method, newValue) }
    }

    /// The beans or blend.
    public var coffee: String? {
        get { read(\.coffee, \.coffee) }
        set { write(\.coffee, \.coffee, newValue) }
    }

    /// Dose in grams.
    public var doseGrams: Double? {
        get { read(\.doseGrams, \.doseGrams) }
        set { write(\.doseGrams, \.doseGrams, newValue) }
    }

    /// Water in grams.
    public var waterGrams: Double? {
        get { read(\.waterGrams, \.waterGrams) }
        set { write(\.waterGrams, \.waterGrams, newValue) }
    }

    /// Grind setting.
    public var grind: String? {
        get { read(\.grind, \.grind) }
        set { write(\.grind, \.grind, newValue) }
    }

    /// Water temperature in °C.
    public var temperatureCelsius: Double? {
        get { read(\.temperatureCelsius, \.temperatureCelsius) }
        set { write(\.temperatureCelsius, \.temperatureCelsius, newValue) }
    }

    /// Brew time in seconds.
    public var brewTimeSeconds: Int? {
        get { read(\.brewTimeSeconds, \.brewTimeSeconds) }
        set { write(\.brewTimeSeconds, \.brewTimeSeconds, newValue) }
    }

    /// Tags, in the order they were added.
    public var tags: [String] {
        get { read(\.tags, \.tags) }
        set { write(\.tags, \.tags, newValue) }
    }

    /// Water per gram of coffee (a derived value: it tracks `doseGrams` and `waterGrams`).
    public var ratio: Double? {
        guard let dose = doseGrams, let water = waterGrams, dose > 0 else { return nil }
        return water / dose
    }

    /// Applies `change` to a copy of the record, validates the result, then writes each field
    /// that differs through its tracked setter. On a validation error nothing is written.
    public func update(validating change: (inout BrewRecord) -> Void) throws(InvalidFieldError) {
        var edited = storage.withLock { $0 }
        change(&edited)
        edited.id = id
        try edited.validate()
        assign(edited)
    }

    /// Writes every field of `record` (but the id) through its tracked setter, so only the fields
    /// that differ are reported as changed. Not validated: use ``update(validating:)`` for user input.
    public func assign(_ record: BrewRecord) {
        timestamp = record.timestamp
        rating = record.rating
        notes = record.notes
        method = record.method
        coffee = record.coffee
        doseGrams = record.doseGrams
        waterGrams = record.waterGrams
        grind = record.grind
        temperatureCelsius = record.temperatureCelsius
        brewTimeSeconds = record.brewTimeSeconds
        tags = record.tags
    }

    /// `Brew(id, date)` for debugging.
    public var description: String { "Brew(\(id), \(timestamp))" }

    /// The field each tracked stored property holds, so the store can tell the journal what changed.
    /// (Key paths are immutable, so sharing this constant across threads is safe.)
    nonisolated(unsafe) static let fieldsByKeyPath: [AnyKeyPath: BrewField] = [
        \Brew.timestamp: .date, \Brew.rating: .rating, \Brew.notes: .notes, \Brew.method: .method,
        \Brew.coffee: .coffee, \Brew.doseGrams: .dose, \Brew.waterGrams: .water, \Brew.grind: .grind,
        \Brew.temperatureCelsius: .temperature, \Brew.brewTimeSeconds: .brewTime, \Brew.tags: .tags,
    ]

    @inline(__always)
    private func read<Value>(_ property: KeyPath<Brew, Value>, _ field: KeyPath<BrewRecord, Value>) -> Value {
        registry.access(property)
        // Key paths are immutable; the compiler cannot see that `KeyPath` is safe to send.
        nonisolated(unsafe) let field = field
        return storage.withLock { $0[keyPath: field] }
    }

    private func write<Value: Equatable & Sendable>(
        _ property: KeyPath<Brew, Value>, _ field: WritableKeyPath<BrewRecord, Value>, _ newValue: Value
    ) {
        let changed = storage.withLock { record -> Bool in
            guard record[keyPath: field] != newValue else { return false }
            record[keyPath: field] = newValue
            return true
        }
        if changed {
            registry.didChange(property)
        }
    }
}
