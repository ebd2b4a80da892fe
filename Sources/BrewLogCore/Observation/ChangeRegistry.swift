import Synchronization

/// Records who read which property of one object and tells them, once, when it changes.
///
/// Every observable object (a `Brew`, a `BrewLogStore`) owns one registry. Its getters call
/// ``access(_:)`` and its setters call ``didChange(_:)`` after storing a value that differs
/// from the old one. A ``withTracking(_:onChange:)`` scope collects the accesses made on its
/// thread and, when it ends, installs one-shot observers here for exactly those properties.
///
/// Timing is *didSet*: observers run after the new value is stored, so an `onChange` that reads
/// the model sees the new value. Observers are collected under the lock and called outside it,
/// and each is removed before it runs, so an `onChange` that writes to the model neither recurses
/// into itself nor loses its write.
///
/// A registry is owned by its subject and holds no reference back to it; observers point at the
/// registry weakly, so a registration whose subject is gone is dropped with it.
public final class ChangeRegistry: Sendable {
    private struct Observer {
        let keyPaths: Set<PropertyKey>
        let registration: TrackingRegistration
    }

    private struct State {
        var nextToken = 0
        var observers: [Int: Observer] = [:]
        var tokensByKeyPath: [PropertyKey: [Int]] = [:]
    }

    private let state = Mutex(State())
    /// How many observers are installed, kept beside the lock so a write that nobody observes
    /// (the common case) returns without taking it.
    @usableFromInline let installed = Atomic<Int>(0)

    /// An empty registry.
    public init() {}

    // `access` and `didChange` are inlinable so that a model in another module pays, in the
    // common case (no scope running, no observer), for one atomic load and no call: the key path,
    // an autoclosure, costs a runtime call to make and is made only when it is needed.

    /// Reports a read of the property at `keyPath`; a no-op unless a tracking scope runs on this thread.
    @inlinable
    public func access(_ keyPath: @autoclosure () -> AnyKeyPath) {
        guard ChangeRegistry.isTracking else { return }
        record(keyPath())
    }

    /// Records a read in the innermost scope running on this thread.
    @usableFromInline
    func record(_ keyPath: AnyKeyPath) {
        AccessList.withCurrent { $0.record(keyPath, in: self) }
    }

    /// Reports that the property at `keyPath` now holds a different value.
    ///
    /// Call it after the store, and only when the value changed: equal writes notify nobody.
    @inlinable
    public func didChange(_ keyPath: @autoclosure () -> AnyKeyPath) {
        // With no observer at all (the common case) nothing is hashed and no lock is taken. An
        // observer being installed on another thread meanwhile sees the value written already.
        guard hasObservers else { return }
        notifyObservers(of: keyPath())
    }

    /// Whether any one-shot observer is installed: when not, ``didChange(_:)`` has nothing to do,
    /// and a setter need not even make the key path it would pass.
    @inlinable
    var hasObservers: Bool {
        installed.load(ordering: .acquiring) > 0
    }

    /// Removes the observers of `keyPath` and calls them, outside the lock.
    @usableFromInline
    func notifyObservers(of keyPath: AnyKeyPath) {
        let keyPath = PropertyKey(keyPath)
        let triggered = state.withLock { state -> [TrackingRegistration] in
            defer { installed.store(state.observers.count, ordering: .releasing) }
            guard !state.observers.isEmpty, let tokens = state.tokensByKeyPath.removeValue(forKey: keyPath) else { return [] }
            var triggered: [TrackingRegistration] = []
            for token in tokens {
                guard let observer = state.observers.removeValue(forKey: token) else { continue }
                triggered.append(observer.registration)
                for other in observer.keyPaths where other != keyPath {
                    state.tokensByKeyPath[other]?.removeAll { $0 == token }
                }
            }
            return triggered
        }
        for registration in triggered {
            registration.fire()
        }
    }

    /// Runs `mutation`, then reports a change of `keyPath`.
    ///
    /// For setters that cannot compare values; prefer storing, comparing and calling ``didChange(_:)``.
    public func withMutation<T, E: Error>(of keyPath: AnyKeyPath, _ mutation: () throws(E) -> T) throws(E) -> T {
        let result = try mutation()
        didChange(keyPath)
        return result
    }

    /// Installs a one-shot observer of `keyPaths` and returns its token.
    func install(_ keyPaths: Set<PropertyKey>, for registration: TrackingRegistration) -> Int {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.observers[token] = Observer(keyPaths: keyPaths, registration: registration)
            for keyPath in keyPaths {
                state.tokensByKeyPath[keyPath, default: []].append(token)
            }
            installed.store(state.observers.count, ordering: .releasing)
            return token
        }
    }

    /// Removes the one-shot observer `token` (after another registry fired it first).
    func cancel(_ token: Int) {
        state.withLock { state in
            guard let observer = state.observers.removeValue(forKey: token) else { return }
            installed.store(state.observers.count, ordering: .releasing)
            for keyPath in observer.keyPaths {
                state.tokensByKeyPath[keyPath]?.removeAll { $0 == token }
                if state.tokensByKeyPath[keyPath]?.isEmpty == true {
                    state.tokensByKeyPath[keyPath] = nil
                }
            }
        }
    }

    /// The number of one-shot observers installed here (for tests of clean-up).
    var observerCount: Int {
        state.withLock { $0.observers.count }
    }
}
