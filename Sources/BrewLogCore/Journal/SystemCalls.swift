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
    /// `unlink(2)`.
    func unlink(_ path: String) throws(SystemCallError)
    /// `fstat(2)`: the file's size and permission bits.
    func fstat(_ fd: Int32) throws(SystemCallError) -> (size: Int, mode: mode_t)
    /// `fchmod(2)`.
    func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError)
    /// `ftruncate(2)`.
    func ftruncate(_ fd: Int32, _ length: Int) throws(SystemCallError)
    /// `pread(2)`: reads at `offset` without moving the file position; returns the count read.
    func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int
    /// `pwrite(2)`: writes at `offset` without moving the file position; returns the count written.
    func pwrite(_ fd: Int32, from buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int
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

    /// Calls `mkdir(2)`.
    public func mkdir(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        _ = try retrying("mkdir") { posix_mkdir(path, mode) }
    }

    /// Calls `unlink(2)`.
    public func unlink(_ path: String) throws(SystemCallError) {
        _ = try retrying("unlink") { posix_unlink(path) }
    }

    /// Calls `fstat(2)`.
    public func fstat(_ fd: Int32) throws(SystemCallError) -> (size: Int, mode: mode_t) {
        var info = stat()
        _ = try retrying("fstat") { posix_fstat(fd, &info) }
        return (Int(info.st_size), info.st_mode & 0o7777)
    }

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
private func posix_unlink(_ path: String) -> Int32 { unlink(path) }
private func posix_fstat(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }
private func posix_fchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func posix_ftruncate(_ fd: Int32, _ length: off_t) -> Int32 { ftruncate(fd, length) }
private func posix_pread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int { pread(fd, buffer, count, offset) }
private func posix_pwrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: off_t) -> Int { pwrite(fd, buffer, count, offset) }
