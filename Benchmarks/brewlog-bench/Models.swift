import BrewLogCore
import Observation

/// Ten integer properties observed by BrewLog's hand-written ChangeRegistry, written the way
/// `Brew` is (access on read; compare, then willSet, store and didSet on write; the key path made only when a
/// scope or an observer needs it), minus `Brew`'s lock.
final class RegistryModel {
    let registry = ChangeRegistry()
    private var storage = [Int](repeating: 0, count: 10)

    var p0: Int { get { read(\.p0, 0) } set { write(\.p0, 0, newValue) } }
    var p1: Int { get { read(\.p1, 1) } set { write(\.p1, 1, newValue) } }
    var p2: Int { get { read(\.p2, 2) } set { write(\.p2, 2, newValue) } }
    var p3: Int { get { read(\.p3, 3) } set { write(\.p3, 3, newValue) } }
    var p4: Int { get { read(\.p4, 4) } set { write(\.p4, 4, newValue) } }
    var p5: Int { get { read(\.p5, 5) } set { write(\.p5, 5, newValue) } }
    var p6: Int { get { read(\.p6, 6) } set { write(\.p6, 6, newValue) } }
    var p7: Int { get { read(\.p7, 7) } set { write(\.p7, 7, newValue) } }
    var p8: Int { get { read(\.p8, 8) } set { write(\.p8, 8, newValue) } }
    var p9: Int { get { read(\.p9, 9) } set { write(\.p9, 9, newValue) } }

    @inline(__always)
    private func read(_ keyPath: @autoclosure () -> KeyPath<RegistryModel, Int>, _ slot: Int) -> Int {
        registry.access(keyPath())
        return storage[slot]
    }

    @inline(__always)
    private func write(_ keyPath: @autoclosure () -> KeyPath<RegistryModel, Int>, _ slot: Int, _ value: Int) {
        guard storage[slot] != value else { return }
        registry.willSet(keyPath())
        storage[slot] = value
        registry.didSet(keyPath())
    }

    func readAll() -> Int { p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 }
}

/// The same ten properties under Apple's Observation (the macro's registrar).
@Observable
final class ObservedModel {
    var p0 = 0
    var p1 = 0
    var p2 = 0
    var p3 = 0
    var p4 = 0
    var p5 = 0
    var p6 = 0
    var p7 = 0
    var p8 = 0
    var p9 = 0

    func readAll() -> Int { p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 }
}
