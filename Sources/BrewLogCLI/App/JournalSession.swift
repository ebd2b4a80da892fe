import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The run's journal and how its one store tells time. Every use takes the lock through the
/// core (shared to read, exclusive to write) and releases it on every path.
final class JournalSession {
    let journal: FileJournal
    private let clock: BrewClock
    private let timeZone: any UTCOffsetSource
    private let lockTimeout: Double
    /// The streak rules the store counts by (from the configuration).
    let rules: StreakRules
    /// The run's store, kept until the process exits, so a large journal's memory is handed back
    /// at once rather than brew by brew.
    private(set) var store: BrewLogStore?
    /// Whether a write saved changes to the journal (so a later failure can say they are kept).
    private(set) var savedChanges = false
    /// The command, for the history entry each write appends; `nil` records nothing.
    let recording: HistoryRecording?
    /// What went wrong with the history (never an error for the journal), for warnings.
    private(set) var historyWarnings: [String] = []

    init(journal: FileJournal, clock: BrewClock, timeZone: any UTCOffsetSource, lockTimeout: Double, rules: StreakRules = .standard,
         recording: HistoryRecording? = nil) {
        self.journal = journal
        self.recording = recording
        self.rules = rules
        self.clock = clock
        self.timeZone = timeZone
        self.lockTimeout = lockTimeout
    }

    /// Loads the journal under a shared lock and releases it at once: what reading commands do.
    /// The store keeps what it read; changes made to it are never saved. A journal that does not
    /// exist loads empty, unless `requiringJournal` (then it is an error, 66).
    func read(requiringJournal: Bool = false) throws(CLIError) -> BrewLogStore {
        try journal.reading(timeout: lockTimeout) { locked throws(CLIError) in
            if requiringJournal, locked.wasMissing { throw CLIError.inputMissing("no journal at '\(journal.path)'") }
            return try loadedStore(locked)
        }
    }

    /// Loads the journal under the exclusive lock, lets `change` edit the store, saves exactly
    /// what changed, and releases the lock. Unless `creating`, a missing journal is not made
    /// (`rm` and `edit` can only fail on one).
    func write<T>(creating: Bool = true, _ change: (BrewLogStore) throws(CLIError) -> T) throws(CLIError) -> T {
        try journal.writing(timeout: lockTimeout, creating: creating) { locked throws(CLIError) in
            let store = try loadedStore(locked)
            let result = try change(store)
            try save(store, locked)
            return result
        }
    }

    /// Like ``write(creating:_:)``, with the locked journal given to `change` too, and `afterSaving`
    /// run once the changes are saved, the lock still held (a sync moves the conflict copies it
    /// merged only once their records are in the journal).
    func write<T>(_ change: (LockedJournal, BrewLogStore) throws(CLIError) -> T,
                  afterSaving: (LockedJournal, T) throws(CLIError) -> Void) throws(CLIError) -> T {
        try journal.writing(timeout: lockTimeout, creating: true) { locked throws(CLIError) in
            let store = try loadedStore(locked)
            let result = try change(locked, store)
            try save(store, locked)
            try afterSaving(locked, result)
            return result
        }
    }

    /// Runs `body` with the journal itself open (for `check`, which reads the file line by line,
    /// and for `history` and `undo`, which read the history beside it).
    func withJournal<T>(_ access: JournalAccess, _ body: (LockedJournal) throws(CLIError) -> T) throws(CLIError) -> T {
        let run = { (locked: LockedJournal) throws(CLIError) -> T in
            defer { self.historyWarnings += locked.historyWarnings }
            return try body(locked)
        }
        switch access {
        case .reading: return try journal.reading(timeout: lockTimeout, run)
        case .writing: return try journal.writing(timeout: lockTimeout, creating: false, run)
        }
    }

    /// Saves what changed in `store` through `locked`, with the session's history recording,
    /// noting whether anything changed and what the history warned of.
    private func save(_ store: BrewLogStore, _ locked: LockedJournal) throws(CLIError) {
        locked.recording = recording
        defer { historyWarnings += locked.historyWarnings }
        do throws(JournalError) {
            let pending = !store.pendingChanges.isEmpty
            try store.save()
            savedChanges = savedChanges || pending
        } catch {
            throw CLIError(error)
        }
    }

    private func loadedStore(_ locked: LockedJournal) throws(CLIError) -> BrewLogStore {
        let store = BrewLogStore(journal: locked, clock: clock, timeZone: timeZone, rules: rules)
        do throws(JournalError) {
            try store.load()
        } catch {
            throw CLIError(error)
        }
        self.store = store
        return store
    }
}

extension CLIError: JournalErrorConvertible {}
