#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs `apply`, records every tracked property it reads on this thread, and calls `onChange`
/// once, on the first later change of any of them; then the registration is gone.
///
/// Reads made inside a nested `withTracking` are dependencies of this scope too. Reads on other
/// threads (a `Task`, a completion handler) are not. `onChange` runs on the thread that makes the
/// change, before the new value is stored (willSet timing, as Swift's Observation): it reads the
/// old value, so code that needs the new one notes the change and re-reads after the mutation.
/// It also runs when an object the scope read is deinitialised.
public func withTracking<T>(_ apply: () throws -> T, onChange: @escaping @Sendable () -> Void) rethrows -> T {
    try track(apply, at: .willSet, onChange: onChange)
}

/// ``withTracking(_:onChange:)`` with its observers told at `moment`.
func track<T, E: Error>(_ apply: () throws(E) -> T, at moment: TrackingMoment, onChange: @escaping @Sendable () -> Void) throws(E) -> T {
    let list = AccessList()
    let outer = AccessList.current
    AccessList.current = list
    activeScopes.add(1, ordering: .relaxed)
    defer {
        activeScopes.subtract(1, ordering: .relaxed)
        AccessList.current = outer
    }
    let result = try apply()
    outer?.merge(list)
    TrackingRegistration.install(list, at: moment, onChange: onChange)
    return result
}

extension ChangeRegistry {
    /// Whether a ``withTracking(_:onChange:)`` scope is running on this thread. When it is not
    /// (almost always), an observable object need not report its reads at all.
    @inlinable
    public static var isTracking: Bool {
        activeScopes.load(ordering: .relaxed) > 0 && isTrackingOnThisThread
    }

    /// Whether this thread's scope slot holds a scope (the slow half of ``isTracking``).
    @usableFromInline
    static var isTrackingOnThisThread: Bool {
        pthread_getspecific(accessListKey) != nil
    }
}

/// How many tracking scopes are running in the process, on any thread. While it is zero (almost
/// always, in the command-line tool) a read skips the thread-local lookup altogether.
@usableFromInline
let activeScopes = Atomic<Int>(0)

/// The reads one tracking scope has made so far, per registry. Confined to one thread.
final class AccessList {
    /// The properties read on one registry; a class, so recording a read mutates it in place.
    final class Entry {
        let registry: ChangeRegistry
        private(set) var keyPaths: Set<PropertyKey> = []
        /// The identities of up to 16 key path objects held in `keyPaths`: a getter's key path
        /// literal is one object, so a property read again is found by pointer, without hashing.
        /// Only objects the set keeps are listed, so an identity cannot be reused while listed.
        private var identities: [ObjectIdentifier] = []

        init(_ registry: ChangeRegistry) {
            self.registry = registry
        }

        func insert(_ keyPath: AnyKeyPath) {
            let identity = ObjectIdentifier(keyPath)
            if identities.contains(identity) { return }
            if keyPaths.insert(PropertyKey(keyPath)).inserted, identities.count < 16 {
                identities.append(identity)
            }
        }

        func formUnion(_ other: Set<PropertyKey>) {
            for key in other { insert(key.keyPath) }
        }
    }

    private(set) var entries: [ObjectIdentifier: Entry] = [:]
    /// The last read recorded: a loop reading one property again and again is recorded once,
    /// without hashing. (Key path literals are uniqued per call site, so identity is a fair test.)
    private var lastRegistry: ObjectIdentifier?
    private var lastKeyPath: AnyKeyPath?

    func record(_ keyPath: AnyKeyPath, in registry: ChangeRegistry) {
        let key = ObjectIdentifier(registry)
        if key == lastRegistry, keyPath === lastKeyPath { return }
        lastRegistry = key
        lastKeyPath = keyPath
        if let entry = entries[key] {
            entry.insert(keyPath)
        } else {
            let entry = Entry(registry)
            entry.insert(keyPath)
            entries[key] = entry
        }
    }

    func merge(_ other: AccessList) {
        for (key, entry) in other.entries {
            let mine = entries[key] ?? Entry(entry.registry)
            mine.formUnion(entry.keyPaths)
            entries[key] = mine
        }
    }

    /// The innermost scope running on this thread, kept in a pthread key like Observation's TLS slot.
    static var current: AccessList? {
        get {
            guard activeScopes.load(ordering: .relaxed) > 0, let raw = pthread_getspecific(accessListKey) else { return nil }
            return Unmanaged<AccessList>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            // The scope's own frame keeps the list alive; the slot only borrows it.
            pthread_setspecific(accessListKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    /// Runs `body` with the innermost scope on this thread, if any, without retaining it (the
    /// read path of every tracked property, so it stays free of reference counting).
    @inline(__always)
    static func withCurrent(_ body: (AccessList) -> Void) {
        guard activeScopes.load(ordering: .relaxed) > 0, let raw = pthread_getspecific(accessListKey) else { return }
        Unmanaged<AccessList>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }
}

private let accessListKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// One `withTracking` call's observers across every registry it read, fired at most once.
final class TrackingRegistration: Sendable {
    private struct State {
        var fired = false
        var installed: [(registry: WeakRegistry, token: Int)] = []
    }

    private let onChange: @Sendable () -> Void
    private let state = Mutex(State())

    private init(onChange: @escaping @Sendable () -> Void) {
        self.onChange = onChange
    }

    static func install(_ list: AccessList, at moment: TrackingMoment, onChange: @escaping @Sendable () -> Void) {
        guard !list.entries.isEmpty else { return }
        let registration = TrackingRegistration(onChange: onChange)
        for (_, entry) in list.entries {
            let token = entry.registry.install(entry.keyPaths, at: moment, for: registration)
            let alreadyFired = registration.state.withLock { state -> Bool in
                if !state.fired { state.installed.append((WeakRegistry(entry.registry), token)) }
                return state.fired
            }
            if alreadyFired {
                entry.registry.cancel(token)
                return
            }
        }
    }

    /// Called by a registry that saw a change (or is going away): the first call cancels the rest
    /// and runs `onChange`.
    func fire() {
        let installed = state.withLock { state -> [(registry: WeakRegistry, token: Int)]? in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.installed = [] }
            return state.installed
        }
        guard let installed else { return }
        for (registry, token) in installed {
            registry.value?.cancel(token)
        }
        onChange()
    }
}

/// A weak reference to a registry, so a registration never keeps its subject's registry alive.
struct WeakRegistry: Sendable {
    weak var value: ChangeRegistry?

    init(_ value: ChangeRegistry) {
        self.value = value
    }
}
