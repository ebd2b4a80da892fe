#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LockedJournal {
    /// The largest conflict copy a sync reads (each is read whole, like a journal git merges).
    public static let largestConflictCopy = 1 << 30

    /// The folder merged conflict copies are moved into: `JOURNAL.merged`, beside the file the
    /// journal's path resolves to.
    public var mergedCopiesFolder: String { target + ".merged" }

    /// The path of `copy`, in the folder of the file the journal's path resolves to.
    public func path(of copy: ConflictCopy) -> String { directory + "/" + copy.name }

    /// The bytes of `copy` (`nil` when it is gone), read as the engine reads a small file: no
    /// link followed past the folder, a regular file only, at most ``largestConflictCopy``.
    public func read(_ copy: ConflictCopy) throws(JournalError) -> [UInt8]? {
        try requireOpen("read a conflict copy of")
        return try StoredFile(path: path(of: copy), subject: "conflict copy", system: system).read(limit: Self.largestConflictCopy)
    }

    /// Moves `copy`, once merged, into ``mergedCopiesFolder`` (made 0700 when missing), under a
    /// name no file there holds yet (`NAME`, else `NAME.1`, `NAME.2`...), and syncs both
    /// folders. Returns its new path. Refuses a `JOURNAL.merged` that is not a folder of its own
    /// (a link, a file).
    public func setAside(_ copy: ConflictCopy) throws(JournalError) -> String {
        try requireOpen("move a conflict copy of", writing: true)
        let folder = mergedCopiesFolder
        do throws(SystemCallError) {
            try system.mkdir(folder, 0o700)
        } catch {
            guard error.code == EEXIST else { throw .io(path: folder, operation: "create", reason: error.description) }
        }
        guard let status = try? system.lstat(folder), status.kind == .directory else {
            throw .unsafeSibling(path: folder, reason: "is not a folder (a link or a file stands there)")
        }
        var destination = folder + "/" + copy.name
        var suffix = 0
        while (try? system.lstat(destination)) != nil {
            suffix += 1
            destination = folder + "/" + copy.name + ".\(suffix)"
        }
        do throws(SystemCallError) {
            try system.rename(path(of: copy), destination)
            let fd = try system.open(folder, O_RDONLY | O_DIRECTORY, 0)
            defer { system.close(fd) }
            try system.fsync(fd)
        } catch {
            throw .io(path: path(of: copy), operation: "move", reason: "\(error.call): \(error)")
        }
        try syncDirectory()
        return destination
    }

    /// The journal file's permission bits, or `nil` when there is no file.
    public func permissions() throws(JournalError) -> mode_t? {
        try requireOpen("look at")
        guard let status = try? system.lstat(target), status.kind == .regular else { return nil }
        return status.permissions
    }

    /// Gives the journal file the permission bits `mode` back after another program (git, which
    /// makes a merged file as its umask says) replaced it while this lock was held.
    public func restorePermissions(_ mode: mode_t) throws(JournalError) {
        try requireOpen("change the mode of", writing: true)
        guard let status = try? system.lstat(target), status.kind == .regular, status.permissions != mode else { return }
        do throws(SystemCallError) {
            try system.chmod(target, mode)
        } catch {
            throw .io(path: path, operation: "restore the mode of", reason: error.description)
        }
    }
}
