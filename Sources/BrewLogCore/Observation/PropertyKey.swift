/// A tracked property's key path, as a key the registry can keep under its lock.
///
/// Key paths are immutable objects, safe to share between threads, but the standard library does
/// not declare `AnyKeyPath` `Sendable`; this wrapper states that fact in one place.
struct PropertyKey: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath

    init(_ keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }
}
