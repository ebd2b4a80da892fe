import Foundation
import Observation

/// The field types of `Brew` on a model made observable by Apple's Observation macro: the
/// yardstick a `Brew` write is compared with.
@Observable
final class ObservedBrew {
    var rating: Int? = 3
    var doseGrams: Double? = 18
    var notes = ""
    var tags: [String] = []
    var date = Date(timeIntervalSinceReferenceDate: 0)
}
