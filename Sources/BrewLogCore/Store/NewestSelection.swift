#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `capacity` greatest elements offered: a min-heap of at most `capacity` elements, so one
/// pass over a million finds them holding only those. It is how `list --limit 10` picks the
/// newest brews without sorting them all (which took 48 MB of sort keys and buffer at a million
/// brews). The order must be total (ties broken by position, say), so ``sorted()`` is exactly the
/// last `capacity` elements of the full sort.
struct GreatestElements<Element: Comparable> {
    let capacity: Int
    private var heap: [Element] = []

    /// Keeps at most `capacity` elements, the greatest.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
        // A limit can be far larger than what is offered (`--limit 1000000000`): reserve little.
        heap.reserveCapacity(min(self.capacity, 1024))
    }

    /// Offers `element`: kept if fewer than `capacity` are kept, or if it is greater than the
    /// least of them (which then goes).
    mutating func offer(_ element: Element) {
        if heap.count < capacity {
            heap.append(element)
            heap.siftUp(from: heap.count - 1, by: <)
        } else if capacity > 0, heap[0] < element {
            heap[0] = element
            heap.siftDown(from: 0, by: <)
        }
    }

    /// The elements kept, in increasing order.
    func sorted() -> [Element] {
        heap.sorted()
    }
}

extension Array {
    /// Moves `self[index]` up a min-heap ordered by `less` while it is less than its parent (the
    /// least stays at the root).
    mutating func siftUp(from index: Int, by less: (Element, Element) -> Bool) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(self[child], self[parent]) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    /// Moves `self[index]` down a min-heap ordered by `less` while a child is less than it.
    mutating func siftDown(from index: Int, by less: (Element, Element) -> Bool) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var least = parent
            if left < count, less(self[left], self[least]) { least = left }
            if right < count, less(self[right], self[least]) { least = right }
            guard least != parent else { return }
            swapAt(parent, least)
            parent = least
        }
    }
}

/// Where a brew stands in date order: by its moment, then (brews at the same moment) by its
/// position in the journal. A pass over a store gives it with each brew, so a caller can rank
/// brews in any order they come and read the chosen ones again
/// (``BrewLogStore/visitBrews(at:decoding:_:)``) from the same loaded store.
public struct DateOrder: Comparable, Sendable {
    /// The brew's moment.
    public let date: Date
    /// The brew's position in the store.
    let position: Int

    public static func < (lhs: DateOrder, rhs: DateOrder) -> Bool {
        (lhs.date, lhs.position) < (rhs.date, rhs.position)
    }
}
