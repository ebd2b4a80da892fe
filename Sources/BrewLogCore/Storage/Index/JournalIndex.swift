/// What a full read of a journal found, kept beside it (`PATH.index`) so the next command can
/// skip reading it again: each brew's id, date and place, the places of the other records, the
/// brews whose line may name a bag, the ids of kinds BrewLog does not know, and the journal's
/// identity when it was read: its `stat`, the moment just before that `stat`, and the hashes of
/// its 64 KiB blocks.
///
/// An index is a cache and nothing more: it is used only while it matches the journal
/// (``IndexedJournal``), and whatever is wrong with it (missing, damaged, foreign, out of date)
/// only means the journal is read in full again.
struct JournalIndex {
    /// The journal as it was when it was read: the `stat` fields that change when it is written.
    var journal: IndexedJournal
    /// Whether the journal's last byte was a newline (a journal that grew from one that did not
    /// changed its last line, so it is read in full).
    var endsWithNewline: Bool
    /// The brews, in file order.
    var entries: [JournalSnapshot.Entry]
    /// More brews, after ``entries`` (kept apart by the writer, as a save keeps them, so writing
    /// an index never copies a million entries; always empty in an index read).
    var appended: [JournalSnapshot.Entry] = []
    /// Where each record of another kind BrewLog knows is (its line's bytes), in file order.
    var others: [Range<Int>]
    /// The indices in ``entries`` of the brews whose line may name a bag, ascending.
    var linked: [Int]
    /// How many lines hold a kind BrewLog does not know.
    var unknownKindCount: Int
    /// The ids of those lines.
    var unknownKindIDs: [BrewID]
    /// The hashes of the journal's 64 KiB blocks (``BlockHasher``), the last, shorter one included.
    var blocks: [UInt64]
}

/// The journal's identity as an index saw it: what `stat` said, and when it said it.
struct IndexedJournal {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Int64
    var changed: Int64
    /// The realtime clock, in nanoseconds since the epoch, read just before the `stat`.
    var statedAt: Int64

    /// `status` as seen at `statedAt`.
    init(_ status: FileStatus, statedAt: Int64) {
        device = status.device
        inode = status.inode
        size = status.size
        modified = status.modified
        changed = status.changed
        self.statedAt = statedAt
    }

    /// Whether `status` is the file this identity describes, unchanged (by its `stat`).
    func matches(_ status: FileStatus) -> Bool {
        device == status.device && inode == status.inode && size == status.size
            && modified == status.modified && changed == status.changed
    }

    /// Whether `status` is this file, grown: the same file, only longer.
    func isGrown(into status: FileStatus) -> Bool {
        device == status.device && inode == status.inode && size < status.size
    }

    /// git's racy-timestamp rule: when the journal was written less than one tick of the clock
    /// file times come from before it was `stat`ed, a write by another program in that same tick
    /// could leave every `stat` field as it was. Such an identity proves nothing by itself; the
    /// journal's every block must be hashed again to trust it.
    func isRacy(tick: Int64) -> Bool {
        max(modified, changed) > statedAt - tick
    }
}
