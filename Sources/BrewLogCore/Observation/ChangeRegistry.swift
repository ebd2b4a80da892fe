import Synchronization

/// Records who read which property of one object and tells them, once, when it is about to change.
///
/// Every observable object (a `Brew`, a `BrewLogStore`) owns one registry. Its getters call
/// ``access(_:)``; its setters call ``willSet(_:)`` before storing a value that differs from the
/// old one and ``didSet(_:)`` after, or wrap the store in ``withMutation(of:keyPath:_:)``. A
/// ``withTracking(_:onChange:)`` scope collects the accesses made on its thread and, when it ends,
/// installs one-shot observers here for exactly those properties.
///
/// A model property, written by hand as the Observation macro would write it, its storage's key
/// path the key every accessor reports; the setter compares first, so an equal write notifies
/// nobody, and `_modify` lets `pantry.items.append(x)` change the array in place instead of
/// copying it (and always counts as a change):
///
/// ```swift
/// final class Pantry {
///     let registry = ChangeRegistry()
///     private var storedItems: [String] = []
///
///     var items: [String] {
///         get { registry.access(\Pantry.storedItems); return storedItems }
///         set {
///             guard newValue != storedItems else { return }
///             registry.withMutation(of: self, keyPath: \Pantry.storedItems) { $0 = newValue }
///         }
///         _modify {
///             registry.access(\Pantry.storedItems)
///             registry.willSet(\Pantry.storedItems)
///             defer { registry.didSet(\Pantry.storedItems) }
///             yield &storedItems
///         }
///     }
/// }
/// ```
///
/// Timing is *willSet*, as in Swift's Observation: a scope's `onChange` runs before the new value
/// is stored, so it still reads the old one, and a scope that wants the new value re-reads later
/// (a view marks itself dirty and redraws after the mutation). Observers are collected under the
/// lock and called outside it, and each is removed before it runs, so an `onChange` that writes
/// to the model does not recurse into itself (the change that fired it is stored after its write). ``Observations`` waits for the
/// store instead (its scopes fire at ``didSet(_:)``), so it never re-reads a value still to come.
///
/// A registry is owned by its subject and holds no reference back to it; observers point at the
/// registry weakly, so a registration whose subject is gone is dropped with it. When the registry
/// goes (its subject is deinitialised), every scope still installed here fires, so a waiting
/// ``Observations`` iterator wakes and can finish.
public final class ChangeRegistry: Sendable {
    private struct Observer {
        let keyPaths: Set<PropertyKey>
        let moment: TrackingMoment
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

    deinit {
        let registrations = state.withLock { state in
            defer { state = State() }
            return state.observers.values.map(\.registration)
        }
        for registration in registrations {
            registration.fire()
        }
    }

    // `access`, `willSet` and `didSet` are inlinable so that a model in another module pays, in
    // the common case (no scope running, no observer), for one atomic load and no call: the key
    // path, an autoclosure, costs a runtime call to make and is made only when it is needed.

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

    /// Reports that the property at `keyPath` is about to change: the ``withTracking(_:onChange:)``
    /// scopes that read it fire now, while it still holds the old value.
    ///
    /// Call it right before the store, and only when the value will differ: equal writes notify nobody.
    @inlinable
    public func willSet(_ keyPath: @autoclosure () -> AnyKeyPath) {
        // With no observer at all (the common case) nothing is hashed and no lock is taken. An
        // observer being installed on another thread meanwhile sees the value written already.
        guard hasObservers else { return }
        notifyObservers(of: keyPath(), at: .willSet)
    }

    /// Reports that the property at `keyPath` now holds its new value (after ``willSet(_:)``).
    @inlinable
    public func didSet(_ keyPath: @autoclosure () -> AnyKeyPath) {
        guard hasObservers else { return }
        notifyObservers(of: keyPath(), at: .didSet)
    }

    /// Changes, in place, the stored property of `subject` at `keyPath`: ``willSet(_:)``, then
    /// `mutation` on the storage itself (a copy-on-write buffer is not copied), then ``didSet(_:)``.
    ///
    /// `keyPath` names the storage, and is the key every accessor of the property reports (its
    /// getter's ``access(_:)``, its `_modify`). The storage is reached only once the scopes that
    /// read it have been told, so an `onChange` may read the old value: an `inout` argument would
    /// begin its exclusive access before them, and such a read would trap.
    ///
    /// - Parameters:
    ///   - subject: The object that owns the storage (and this registry).
    ///   - keyPath: The storage.
    ///   - mutation: The change; it may throw, and the scopes that fired at `willSet` stay fired.
    /// - Returns: What `mutation` returns.
    @inlinable
    public func withMutation<Subject: AnyObject, Value, T, E: Error>(
        of subject: Subject, keyPath: ReferenceWritableKeyPath<Subject, Value>, _ mutation: (inout Value) throws(E) -> T
    ) throws(E) -> T {
        willSet(keyPath)
        defer { didSet(keyPath) }
        return try mutation(&subject[keyPath: keyPath])
    }

    /// Whether any one-shot observer is installed: when not, ``willSet(_:)`` and ``didSet(_:)``
    /// have nothing to do, and a setter need not even make the key path it would pass.
    @inlinable
    var hasObservers: Bool {
        installed.load(ordering: .acquiring) > 0
    }

    /// Removes the observers of `keyPath` that wait for `moment` and calls them, outside the lock.
    @usableFromInline
    func notifyObservers(of keyPath: AnyKeyPath, at moment: TrackingMoment) {
        let keyPath = PropertyKey(keyPath)
        let triggered = state.withLock { state -> [TrackingRegistration] in
            // One hash of the key path in the common case (every observer of it fires now); the
            // observers told at the other moment are put back.
            guard !state.observers.isEmpty, let tokens = state.tokensByKeyPath.removeValue(forKey: keyPath) else { return [] }
            var triggered: [TrackingRegistration] = []
            var waiting: [Int] = []
            for token in tokens {
                guard let observer = state.observers[token] else { continue }
                guard observer.moment == moment else {
                    waiting.append(token)
                    continue
                }
                state.observers[token] = nil
                triggered.append(observer.registration)
                for other in observer.keyPaths where other != keyPath {
                    state.tokensByKeyPath[other]?.removeAll { $0 == token }
                }
            }
            if !waiting.isEmpty { state.tokensByKeyPath[keyPath] = waiting }
            installed.store(state.observers.count, ordering: .releasing)
            return triggered
        }
        for registration in triggered {
            registration.fire()
        }
    }

    /// Installs a one-shot observer of `keyPaths`, told at `moment`, and returns its token.
    func install(_ keyPaths: Set<PropertyKey>, at moment: TrackingMoment, for registration: TrackingRegistration) -> Int {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.observers[token] = Observer(keyPaths: keyPaths, moment: moment, registration: registration)
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

/// When a tracking scope's observers are told of a change: before the store (``withTracking(_:onChange:)``,
/// as Swift's Observation), or after it (``Observations``, which re-reads the value at once).
@usableFromInline
enum TrackingMoment: Sendable {
    case willSet
    case didSet
}
