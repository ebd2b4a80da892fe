/// A journal record of a known kind other than a brew: a line with a `"kind"` key.
///
/// Brews stay apart (they are most of a journal and have their own fast path); every other kind
/// is a case here, so adding one (a bag of beans, say) means a case, its codec in
/// ``RecordLineCodec`` and the switches the compiler then points at.
public enum JournalEntry: Hashable, Sendable {
    /// A day that bridges the streak.
    case skip(SkipDay)
    /// A bag of coffee beans.
    case bean(BeanBag)
    /// A tombstone: the record with this id was removed. Readers pass over it.
    case removed(Tombstone)

    /// The kinds BrewLog knows besides brews, by the word in their `"kind"` key.
    public enum Kind: String, CaseIterable, Sendable {
        case skip
        case bean
        case removed

        /// What a message calls a record of this kind: "skip day", "bean bag".
        public var noun: String {
            switch self {
            case .skip: "skip day"
            case .bean: "bean bag"
            case .removed: "removed record"
            }
        }
    }

    /// The record's id, unique across every kind in a journal.
    public var id: BrewID {
        switch self {
        case let .skip(skip): skip.id
        case let .bean(bag): bag.id
        case let .removed(tombstone): tombstone.id
        }
    }

    /// The record's kind.
    public var kind: Kind {
        switch self {
        case .skip: .skip
        case .bean: .bean
        case .removed: .removed
        }
    }

    /// The tombstone, when this is one.
    public var tombstone: Tombstone? {
        if case let .removed(tombstone) = self { return tombstone }
        return nil
    }
}
