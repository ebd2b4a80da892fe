#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, and the `errno` it set.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call's name (`open`, `fsync`, ...).
    public let call: String
    /// The `errno` value.
    public let code: Int32

    /// An error of `call` with `errno` `code`.
    public init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    /// `strerror(3)` of the code.
    public var description: String { String(cString: strerror(code)) }
}

/// The system calls the file journal makes, behind one seam so tests can make any of them fail.
///
/// Each method wraps the POSIX call of the same name; ``PosixSystemCalls`` is the real thing.
/// Modelled on swift-system: typed errors carrying `errno`, `EINTR` retried in one place.
public protocol SystemCalls: Sendable {
    /// `open(2)`; returns the descriptor.
    func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(SystemCallError) -> Int32
    /// `close(2)`; errors are ignored, as nothing useful can be done about them.
    func close(_ fd: Int32)
    /// `read(2)` into `buffer`; returns the count read, 0 at end of file.
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int
    /// `write(2)` from `buffer`; returns the count written (possibly fewer than asked).
    func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
    /// `fsync(2)`.
    func fsync(_ fd: Int32) throws(SystemCallError)
    /// `rename(2)`.
    func rename(_ from: String, _ to: String) throws(SystemCallError)
    /// `flock(2)` with `operation` (`LOCK_EX | LOCK_NB`, ...).
    func flock(_ fd: Int32, _ operation: Int32) throws(SystemCallError)
    /// `mkdir(2)`.
    func mkdir(_ path: String, _ mode: mode_t) throws(SystemCallError)
    /// `chmod(2)`.
    func chmod(_ path: String, _ mode: mode_t) throws(SystemCallError)
    /// `unlink(2)`.
    func unlink(_ path: String) throws(SystemCallError)
    /// `fstat(2)`: what the open file is.
    func fstat(_ fd: Int32) throws(SystemCallError) -> FileStatus
    /// `lstat(2)`: what is at `path`, without following a final symbolic link.
    func lstat(_ path: String) throws(SystemCallError) -> FileStatus
    /// `readlink(2)`: the target a symbolic link names, as its bytes.
    func readlink(_ path: String) throws(SystemCallError) -> [UInt8]
    /// `fchown(2)`.
    func fchown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) throws(SystemCallError)
    /// Swaps two paths atomically: `renameat2(2)` with `RENAME_EXCHANGE` on Linux, `renamex_np(2)`
    /// with `RENAME_SWAP` on Darwin. Fails with `ENOSYS` or `EINVAL` where that is not supported.
    func exchange(_ first: String, _ second: String) throws(SystemCallError)
    /// `fchmod(2)`.
    func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError)
    /// `ftruncate(2)`.
    func ftruncate(_ fd: Int32, _ length: Int) throws(SystemCallError)
    /// `pread(2)`: reads at `offset` without moving the file position; returns the count read.
    func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int
    /// `pwrite(2)`: writes at `offset` without moving the file position; returns the count written.
    func pwrite(_ fd: Int32, from buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int
    /// `opendir(3)`/`readdir(3)`: the names in the folder at `path` (without `.` and `..`).
    func directoryEntries(_ path: String) throws(SystemCallError) -> [String]
    /// `rmdir(2)`.
    func rmdir(_ path: String) throws(SystemCallError)
    /// `mkdtemp(3)`: a new folder, mode 0700, named `prefix` followed by six random characters;
    /// returns its path.
    func makeTemporaryFolder(_ prefix: String) throws(SystemCallError) -> String
    /// `kill(2)` with signal 0: whether the process `pid` exists (`EPERM`: it does, but is
    /// someone else's).
    func processExists(_ pid: Int32) -> Bool
    /// `clock_gettime(2)` of `CLOCK_REALTIME`, in nanoseconds since the epoch: the clock file
    /// times are taken from.
    func realtimeNanoseconds() -> Int64
    /// `clock_getres(2)` of `CLOCK_REALTIME_COARSE`, in nanoseconds: how far a file's time may
    /// lag behind the realtime clock (the kernel's tick).
    func fileTimeTick() -> Int64
    /// `lseek(2)` to `offset` from the start.
    func seek(_ fd: Int32, to offset: Int) throws(SystemCallError)
}

extension SystemCalls {
    // The calls added after the first ones, real by default: a scripted double overrides only
    // what it scripts.

    /// The real `directoryEntries`.
    public func directoryEntries(_ path: String) throws(SystemCallError) -> [String] { try PosixSystemCalls().directoryEntries(path) }
    /// The real `rmdir`.
    public func rmdir(_ path: String) throws(SystemCallError) { try PosixSystemCalls().rmdir(path) }
    /// The real `makeTemporaryFolder`.
    public func makeTemporaryFolder(_ prefix: String) throws(SystemCallError) -> String { try PosixSystemCalls().makeTemporaryFolder(prefix) }
    /// The real `processExists`.
    public func processExists(_ pid: Int32) -> Bool { PosixSystemCalls().processExists(pid) }
    /// The real `realtimeNanoseconds`.
    public func realtimeNanoseconds() -> Int64 { PosixSystemCalls().realtimeNanoseconds() }
    /// The real `fileTimeTick`.
    public func fileTimeTick() -> Int64 { PosixSystemCalls().fileTimeTick() }
    /// The real `seek`.
    public func seek(_ fd: Int32, to offset: Int) throws(SystemCallError) { try PosixSystemCalls().seek(fd, to: offset) }

    /// Writes all of `bytes` to `fd`, `write` after `write` until done: the one loop every writer
    /// of the engine uses (a short write is not an error; `EINTR` is retried inside `write`).
    public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
        var written = 0
        while written < bytes.count {
            written += try write(fd, from: UnsafeRawBufferPointer(rebasing: bytes[written...]))
        }
    }

    /// ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)`` for an array.
    public func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try writeAll(fd, raw) } }.get()
    }
}

/// The real system calls.
public struct PosixSystemCalls: SystemCalls {
    /// The real system calls.
    public init() {}

    /// Calls `open(2)` (with `O_CLOEXEC`).
    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(SystemCallError) -> Int32 {
        try retrying("open") { posix_open(path, flags | O_CLOEXEC, mode) }
    }

    /// Calls `close(2)`.
    public func close(_ fd: Int32) {
        _ = posix_close(fd)
    }

    /// Calls `read(2)`.
    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retrying("read") { posix_read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Calls `write(2)`.
    public func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try retrying("write") { posix_write(fd, buffer.baseAddress, buffer.count) }
    }

    /// Calls `fsync(2)`.
    public func fsync(_ fd: Int32) throws(SystemCallError) {
        _ = try retrying("fsync") { posix_fsync(fd) }
    }

    /// Calls `rename(2)`.
    public func rename(_ from: String, _ to: String) throws(SystemCallError) {
        _ = try retrying("rename") { posix_rename(from, to) }
    }

    /// Calls `flock(2)`.
    public func flock(_ fd: Int32, _ operation: Int32) throws(SystemCallError) {
        _ = try retrying("flock") { posix_flock(fd, operation) }
    }

    /// Calls `chmod(2)`.
    public func chmod(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        _ = try retrying("chmod") { posix_chmod(path, mode) }
    }

    /// Calls `mkdir(2)`.
    public func mkdir(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        _ = try retrying("mkdir") { posix_mkdir(path, mode) }
    }

    /// Calls `unlink(2)`.
    public func unlink(_ path: String) throws(SystemCallError) {
        _ = try retrying("unlink") { posix_unlink(path) }
    }

    /// Calls `fstat(2)`.
    public func fstat(_ fd: Int32) throws(SystemCallError) -> FileStatus {
        var info = stat()
        _ = try retrying("fstat") { posix_fstat(fd, &info) }
        return FileStatus(info)
    }

    /// Calls `lstat(2)`.
    public func lstat(_ path: String) throws(SystemCallError) -> FileStatus {
        var info = stat()
        _ = try retrying("lstat") { posix_lstat(path, &info) }
        return FileStatus(info)
    }

    /// Calls `readlink(2)`, growing the buffer until the whole target fits.
    public func readlink(_ path: String) throws(SystemCallError) -> [UInt8] {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = try retrying("readlink") {
                buffer.withUnsafeMutableBytes { posix_readlink(path, $0.baseAddress, capacity) }
            }
            if count < capacity { return Array(buffer[0..<count]) }
            capacity *= 2
        }
    }

    /// Calls `fchown(2)`.
    public func fchown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) throws(SystemCallError) {
        _ = try retrying("fchown") { posix_fchown(fd, owner, group) }
    }

    /// Calls `renameat2(2)` with `RENAME_EXCHANGE` (looked up at run time: the C library's
    /// headers do not declare it to Swift), or `renamex_np(2)` with `RENAME_SWAP` on Darwin.
    public func exchange(_ first: String, _ second: String) throws(SystemCallError) {
        #if canImport(Darwin)
        _ = try retrying("renamex_np") { renamex_np(first, second, UInt32(RENAME_SWAP)) }
        #else
        guard let renameat2 = PosixSystemCalls.renameat2 else { throw SystemCallError("renameat2", ENOSYS) }
        _ = try retrying("renameat2") { renameat2(AT_FDCWD, first, AT_FDCWD, second, 2) }
        #endif
    }

    #if !canImport(Darwin)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc's `renameat2`, when this C library has it.
    private static let renameat2: RenameAt2? = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif

    /// Calls `fchmod(2)`.
    public func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError) {
        _ = try retrying("fchmod") { posix_fchmod(fd, mode) }
    }

    /// Calls `ftruncate(2)`.
    public func ftruncate(_ fd: Int32, _ length: Int) throws(SystemCallError) {
        _ = try retrying("ftruncate") { posix_ftruncate(fd, off_t(length)) }
    }

    /// Calls `pread(2)`.
    public func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try retrying("pread") { posix_pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Calls `pwrite(2)`.
    public func pwrite(_ fd: Int32, from buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try retrying("pwrite") { posix_pwrite(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Calls `opendir(3)` and `readdir(3)` until the end, then `closedir(3)`.
    public func directoryEntries(_ path: String) throws(SystemCallError) -> [String] {
        guard let folder = opendir(path) else { throw SystemCallError("opendir", errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Calls `rmdir(2)`.
    public func rmdir(_ path: String) throws(SystemCallError) {
        _ = try retrying("rmdir") { posix_rmdir(path) }
    }

    /// Calls `mkdtemp(3)`.
    public func makeTemporaryFolder(_ prefix: String) throws(SystemCallError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }
        guard let made else { throw SystemCallError("mkdtemp", errno) }
        return made
    }

    /// Calls `kill(2)` with signal 0.
    public func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Calls `lseek(2)` with `SEEK_SET`.
    public func seek(_ fd: Int32, to offset: Int) throws(SystemCallError) {
        _ = try retrying("lseek") { lseek(fd, off_t(offset), SEEK_SET) }
    }

    /// Reads `CLOCK_REALTIME`.
    public func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    /// The resolution of `CLOCK_REALTIME_COARSE` (where the system has one; else ten
    /// milliseconds, longer than any kernel's tick), at least a millisecond.
    public func fileTimeTick() -> Int64 {
        #if os(Linux)
        var resolution = timespec()
        if clock_getres(CLOCK_REALTIME_COARSE, &resolution) == 0 {
            return max(1_000_000, Int64(resolution.tv_sec) &* 1_000_000_000 &+ Int64(resolution.tv_nsec))
        }
        #endif
        return 10_000_000
    }

    /// Runs `call` until it does not fail with `EINTR`; a negative result becomes an error.
    private func retrying<T: BinaryInteger>(_ name: String, _ call: () -> T) throws(SystemCallError) -> T {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno != EINTR { throw SystemCallError(name, errno) }
        }
    }
}

// The C functions under names the methods above do not shadow (and that work on Glibc and Darwin alike).
private func posix_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posix_close(_ fd: Int32) -> Int32 { close(fd) }
private func posix_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posix_write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func posix_fsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func posix_rename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func posix_flock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
private func posix_mkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
private func posix_chmod(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
private func posix_unlink(_ path: String) -> Int32 { unlink(path) }
private func posix_rmdir(_ path: String) -> Int32 { rmdir(path) }
private func posix_fstat(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }
private func posix_lstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func posix_readlink(_ path: String, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    guard let buffer else { return -1 }
    return readlink(path, buffer.assumingMemoryBound(to: CChar.self), count)
}
private func posix_fchown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) -> Int32 { fchown(fd, owner, group) }
private func posix_fchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func posix_ftruncate(_ fd: Int32, _ length: off_t) -> Int32 { ftruncate(fd, length) }
private func posix_pread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int { pread(fd, buffer, count, offset) }
private func posix_pwrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: off_t) -> Int { pwrite(fd, buffer, count, offset) }
