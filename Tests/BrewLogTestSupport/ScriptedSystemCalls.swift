import BrewLogCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one test double of the storage engine's system calls: the real calls, except what a test
/// scripts. It can make the n-th call of a name fail, cut every write in half (a full disk), let
/// "another program" act just before the n-th call after ``arm()``, return fewer bytes per read
/// (and run an action after the first), or fail a call on paths with a given ending.
public final class ScriptedSystemCalls: SystemCalls {
    private let real = PosixSystemCalls()

    /// The n-th call named `call` fails with `code`.
    private struct Failure {
        let call: String
        let occurrence: Int
        let code: Int32
    }

    private struct State {
        var counts: [String: Int] = [:]
        var failed = false
        var armed = false
        var calls: [String] = []
        var largestRead = 0
        var afterFirstRead: (@Sendable () -> Void)?
    }

    private let failure: Failure?
    private let shortWrites: Bool
    private let interferenceStep: Int?
    private let interfere: (@Sendable () -> Void)?
    private let readLimit: Int
    private let hidden: (suffix: String, call: String, code: Int32)?
    private let frozen: (times: Int64, clock: Int64, tick: Int64)?
    private let state: Mutex<State>

    private init(failure: Failure?, shortWrites: Bool, interferenceStep: Int?, interfere: (@Sendable () -> Void)?,
                 readLimit: Int, afterFirstRead: (@Sendable () -> Void)?, hidden: (suffix: String, call: String, code: Int32)?,
                 frozen: (times: Int64, clock: Int64, tick: Int64)? = nil) {
        self.frozen = frozen
        self.failure = failure
        self.shortWrites = shortWrites
        self.interferenceStep = interferenceStep
        self.interfere = interfere
        self.readLimit = readLimit
        self.hidden = hidden
        state = Mutex(State(afterFirstRead: afterFirstRead))
    }

    /// The `occurrence`-th call named `call` fails with `code` (EIO by default); with
    /// `shortWrites`, every write writes at most half of what it is given, so a failing write
    /// leaves part of a line on disk, as a full disk would.
    public convenience init(failing call: String, occurrence: Int, code: Int32 = EIO, shortWrites: Bool = false) {
        self.init(failure: Failure(call: call, occurrence: occurrence, code: code), shortWrites: shortWrites, interferenceStep: nil,
                  interfere: nil, readLimit: .max, afterFirstRead: nil, hidden: nil)
    }

    /// Once ``arm()``ed, runs `interfere` just before the `step`-th call: what a sync tool or a
    /// user tidying up does while a writer holds the lock.
    public convenience init(step: Int, interfere: @escaping @Sendable () -> Void) {
        self.init(failure: nil, shortWrites: false, interferenceStep: step, interfere: interfere, readLimit: .max, afterFirstRead: nil, hidden: nil)
    }

    /// Every `read` returns at most `readLimit` bytes; `afterFirstRead` runs once, after the first.
    public convenience init(readLimit: Int, afterFirstRead: (@Sendable () -> Void)? = nil) {
        self.init(failure: nil, shortWrites: false, interferenceStep: nil, interfere: nil, readLimit: readLimit, afterFirstRead: afterFirstRead,
                  hidden: nil)
    }

    /// `call` on any path ending in `suffix` fails with `code` (a lock file that keeps vanishing).
    public convenience init(hiding suffix: String, from call: String, as code: Int32) {
        self.init(failure: nil, shortWrites: false, interferenceStep: nil, interfere: nil, readLimit: .max, afterFirstRead: nil,
                  hidden: (suffix, call, code))
    }

    /// Every file's modification and change times read as `times`, the realtime clock as `clock`
    /// and the file time tick as `tick`: a coarse clock under which writes leave `stat` as it was.
    public convenience init(frozenTimes times: Int64, clock: Int64, tick: Int64) {
        self.init(failure: nil, shortWrites: false, interferenceStep: nil, interfere: nil, readLimit: .max, afterFirstRead: nil,
                  hidden: nil, frozen: (times, clock, tick))
    }

    /// Whether the scripted failure happened.
    public var failed: Bool { state.withLock { $0.failed } }

    /// Starts counting calls for the interference (after the journal is loaded).
    public func arm() { state.withLock { $0.armed = true } }

    /// The calls made since ``arm()``, in order.
    public var calls: [String] { state.withLock { $0.calls } }

    /// The largest buffer any `read` was given: how much memory a load held at once.
    public var largestReadBuffer: Int { state.withLock { $0.largestRead } }

    /// Counts `name`, fails it when scripted, and runs the interference when it is due.
    private func step(_ name: String, path: String? = nil) throws(SystemCallError) {
        if let hidden, name == hidden.call, let path, path.hasSuffix(hidden.suffix) { throw SystemCallError(name, hidden.code) }
        let (fail, due) = state.withLock { state -> (Bool, Bool) in
            state.counts[name, default: 0] += 1
            var fail = false
            if let failure, failure.call == name, state.counts[name] == failure.occurrence {
                state.failed = true
                fail = true
            }
            var due = false
            if state.armed, let step = interferenceStep {
                state.calls.append(name)
                due = state.calls.count == step
            }
            return (fail, due)
        }
        if due { interfere?() }
        if fail, let failure { throw SystemCallError(name, failure.code) }
    }

    public func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(SystemCallError) -> Int32 {
        try step("open", path: path); return try real.open(path, flags, mode)
    }
    public func close(_ fd: Int32) {
        try? step("close")
        real.close(fd)
    }
    public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try step("read")
        state.withLock { $0.largestRead = max($0.largestRead, buffer.count) }
        let count = try real.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(readLimit)))
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state.afterFirstRead = nil }
            return state.afterFirstRead
        }
        action?()
        return count
    }
    public func write(_ fd: Int32, from buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try step("write")
        let count = shortWrites && buffer.count > 1 ? buffer.count / 2 : buffer.count
        return try real.write(fd, from: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
    public func fsync(_ fd: Int32) throws(SystemCallError) { try step("fsync"); try real.fsync(fd) }
    public func rename(_ from: String, _ to: String) throws(SystemCallError) { try step("rename", path: to); try real.rename(from, to) }
    public func exchange(_ first: String, _ second: String) throws(SystemCallError) { try step("exchange", path: second); try real.exchange(first, second) }
    public func flock(_ fd: Int32, _ operation: Int32) throws(SystemCallError) { try step("flock"); try real.flock(fd, operation) }
    public func mkdir(_ path: String, _ mode: mode_t) throws(SystemCallError) { try step("mkdir", path: path); try real.mkdir(path, mode) }
    public func chmod(_ path: String, _ mode: mode_t) throws(SystemCallError) { try step("chmod", path: path); try real.chmod(path, mode) }
    public func unlink(_ path: String) throws(SystemCallError) { try step("unlink", path: path); try real.unlink(path) }
    public func fstat(_ fd: Int32) throws(SystemCallError) -> FileStatus { try step("fstat"); return frozen(try real.fstat(fd)) }
    public func lstat(_ path: String) throws(SystemCallError) -> FileStatus { try step("lstat", path: path); return frozen(try real.lstat(path)) }
    public func realtimeNanoseconds() -> Int64 { frozen?.clock ?? real.realtimeNanoseconds() }
    public func fileTimeTick() -> Int64 { frozen?.tick ?? real.fileTimeTick() }

    private func frozen(_ status: FileStatus) -> FileStatus {
        guard let frozen else { return status }
        var status = status
        status.modified = frozen.times
        status.changed = frozen.times
        return status
    }
    public func readlink(_ path: String) throws(SystemCallError) -> [UInt8] { try step("readlink", path: path); return try real.readlink(path) }
    public func fchmod(_ fd: Int32, _ mode: mode_t) throws(SystemCallError) { try step("fchmod"); try real.fchmod(fd, mode) }
    public func fchown(_ fd: Int32, _ owner: uid_t, _ group: gid_t) throws(SystemCallError) { try step("fchown"); try real.fchown(fd, owner, group) }
    public func ftruncate(_ fd: Int32, _ length: Int) throws(SystemCallError) { try step("ftruncate"); try real.ftruncate(fd, length) }
    public func pread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try step("pread"); return try real.pread(fd, into: buffer, at: offset)
    }
    public func pwrite(_ fd: Int32, from buffer: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try step("pwrite"); return try real.pwrite(fd, from: buffer, at: offset)
    }
    public func directoryEntries(_ path: String) throws(SystemCallError) -> [String] {
        try step("opendir", path: path); return try real.directoryEntries(path)
    }
    public func rmdir(_ path: String) throws(SystemCallError) { try step("rmdir", path: path); try real.rmdir(path) }
    public func makeTemporaryFolder(_ prefix: String) throws(SystemCallError) -> String {
        try step("mkdtemp", path: prefix); return try real.makeTemporaryFolder(prefix)
    }
    public func processExists(_ pid: Int32) -> Bool { real.processExists(pid) }
}
