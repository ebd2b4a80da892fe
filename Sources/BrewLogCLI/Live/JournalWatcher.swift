#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells a live view when the journal file may have changed.
///
/// It watches the journal's folder with inotify (`inotify_init1`, `inotify_add_watch`), not the
/// file: a rewrite replaces the file by renaming a new one into place, which a watch on the old
/// file would never see. Events for other names in the folder (the lock file, temporary files)
/// are ignored. Where inotify is missing or the folder cannot be watched (it does not exist
/// yet), ``descriptor`` is `nil` and the caller polls: ``pollInterval`` later it asks
/// ``changedSincePoll()``, which compares the file's inode, size and modification time.
final class JournalWatcher {
    /// How often to ask ``changedSincePoll()`` when there is no descriptor, in milliseconds.
    static let pollInterval: Int32 = 1000

    /// The inotify descriptor to poll for input, when inotify works here.
    let descriptor: Int32?
    private let path: String
    private let name: String
    private var lastStatus: [Int]

    /// Starts watching the folder of the journal at `path`.
    init(path: String) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        lastStatus = Self.status(of: path)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        if fd >= 0, inotify_add_watch(fd, folder, mask) >= 0 {
            descriptor = fd
        } else {
            if fd >= 0 { close(fd) }
            descriptor = nil
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Reads every waiting inotify event and says whether one named the journal.
    func journalEventsArrived() -> Bool {
        guard let descriptor else { return false }
        var named = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return named }
            named = named || Self.names(in: buffer[0..<count]).contains(name)
        }
    }

    /// Whether the journal's inode, size or modification time differs from the last poll.
    func changedSincePoll() -> Bool {
        let now = Self.status(of: path)
        defer { lastStatus = now }
        return now != lastStatus
    }

    /// The file names in a buffer of `struct inotify_event`s: a 16-byte header (wd, mask,
    /// cookie, len) then `len` bytes of a NUL-padded name.
    private static func names(in events: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = events.startIndex
        while offset + 16 <= events.endIndex {
            let length = events[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 16
            let end = min(start + length, events.endIndex)
            let bytes = events[start..<end].prefix { $0 != 0 }
            names.append(String(decoding: bytes, as: UTF8.self))
            offset = start + length
        }
        return names
    }

    /// Inode, size and modification time of `path` (empty when it cannot be read).
    private static func status(of path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        return [Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
}
