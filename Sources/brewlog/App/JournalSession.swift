import BrewLogCore

/// The one store of a run, over the one journal file, with the lock a writing command holds
/// from before it reads until after it writes.
final class JournalSession {
    let store: BrewLogStore
    let journal: FileJournal
    private let lockTimeout: Double
    private var lock: JournalLock?

    init(store: BrewLogStore, journal: FileJournal, lockTimeout: Double) {
        self.store = store
        self.journal = journal
        self.lockTimeout = lockTimeout
    }

    /// Takes the lock (exclusive when `writing`, else shared) and loads the journal into the store.
    func open(writing: Bool) throws(CLIError) {
        do throws(JournalError) {
            lock = try journal.lock(exclusive: writing, timeout: lockTimeout)
            try store.load()
        } catch {
            close()
            throw CLIError(error)
        }
    }

    /// Loads the journal under a shared lock and releases it at once: what reading commands do.
    /// The store keeps what it read (the journal's text and its validated lines).
    func read() throws(CLIError) -> BrewLogStore {
        try open(writing: false)
        close()
        return store
    }

    /// Takes the lock without loading (for `check`, which reads the file itself).
    func lock(writing: Bool) throws(CLIError) {
        do throws(JournalError) {
            lock = try journal.lock(exclusive: writing, timeout: lockTimeout)
        } catch {
            throw CLIError(error)
        }
    }

    /// Writes the store's pending changes.
    func save() throws(CLIError) {
        do throws(JournalError) {
            try store.save()
        } catch {
            throw CLIError(error)
        }
    }

    /// Releases the lock (before running an editor, and at the end).
    func close() {
        lock?.release()
        lock = nil
    }
}
