/// A day marked in the journal as bridging the streak (travel, illness): a record of kind `skip`.
///
/// A journal holds at most one per day. Like a brew it has an id, unique across every kind of
/// record in the journal, so `rm` can remove it.
public struct SkipDay: Hashable, Sendable {
    /// The record's id.
    public var id: BrewID
    /// The calendar day it skips.
    public var day: CalendarDay
    /// Why the day is skipped, if said.
    public var notes: String?
    /// Keys BrewLog does not know, with their raw JSON values, kept through every rewrite.
    public var unknownFields: [UnknownField]

    /// A skip day with the given fields.
    public init(id: BrewID, day: CalendarDay, notes: String? = nil, unknownFields: [UnknownField] = []) {
        self.id = id
        self.day = day
        self.notes = notes
        self.unknownFields = unknownFields
    }
}
