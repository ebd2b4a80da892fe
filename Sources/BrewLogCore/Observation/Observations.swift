/// An asynchronous sequence of the values of an expression over tracked properties: the value at
/// once, then again after each transaction of changes to what the expression read.
///
/// ```swift
/// for await streak in Observations({ store.streak }) { print(streak) }
/// ```
///
/// **Isolation.** The expression runs on the main actor, always. The store is not `Sendable`: it
/// is used from one thread, and in a program that observes it that thread is the main actor (a
/// `main.swift` runs there). Running the expression there is also what makes a *transaction*: a
/// change resumes the iterator, which must then wait for the main actor to re-evaluate the
/// expression, and the main actor is busy until the writer's synchronous work ends (its next
/// `await`, or its return). So every change a writer on the main actor makes between two
/// suspensions arrives as one value. A writer on another thread (a `Brew`, which is `Sendable`,
/// edited elsewhere) is coalesced the same way, up to the moment the main actor runs the
/// expression. The iterator itself may be used from any isolation; the values it hands over are
/// `Sendable`.
///
/// **Coalescing.** Changes made while the consumer has not asked for the next value are not
/// queued: the next value is the expression's value when it is asked for, once. A value is
/// produced only after a change, so equal values can follow each other (a change back and forth).
///
/// **Iterators** are independent: each runs the expression and tracks its own reads, and what
/// one consumes says nothing to another.
///
/// **The end.** The sequence ends (`nil`) when the iterating task is cancelled, at once if it is
/// waiting for a change, and after the expression throws: that `next()` throws the error, and
/// every later one returns `nil`.
///
/// A dropped iterator leaves one-shot observers behind on the properties it last read; the next
/// change of one of them removes them all and tells nobody.
public struct Observations<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    private let expression: @MainActor @Sendable () throws(Failure) -> Element

    /// A sequence of `expression`'s values, re-evaluated on the main actor after every change to
    /// a tracked property it read.
    public init(_ expression: @escaping @MainActor @Sendable () throws(Failure) -> Element) {
        self.expression = expression
    }

    /// An iterator with its own tracking: its first `next()` gives the current value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(expression: expression)
    }

    /// Produces the expression's values, one per transaction of changes, until cancelled or thrown.
    public struct Iterator: AsyncIteratorProtocol {
        private let expression: @MainActor @Sendable () throws(Failure) -> Element
        private let signal = ChangeSignal()
        private var started = false
        private var finished = false

        fileprivate init(expression: @escaping @MainActor @Sendable () throws(Failure) -> Element) {
            self.expression = expression
        }

        /// The next value: the current one on the first call, then the value after the next
        /// transaction of changes; `nil` once the task is cancelled or the expression has thrown.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Element? {
            guard !finished else { return nil }
            if started {
                await signal.waitForChange(isolation: actor)
            }
            started = true
            guard !Task.isCancelled else {
                finished = true
                return nil
            }
            switch await Iterator.evaluate(expression, signal: signal) {
            case let .success(value):
                return value
            case let .failure(error):
                finished = true
                throw error
            }
        }

        /// Runs the expression in a tracking scope on the main actor; the scope's first later
        /// change raises `signal`. The flag is lowered first, so a change made after the
        /// expression read a property is one the next wait sees.
        @MainActor
        private static func evaluate(
            _ expression: @MainActor @Sendable () throws(Failure) -> Element, signal: ChangeSignal
        ) -> Result<Element, Failure> {
            signal.lower()
            return withTracking {
                Result { () throws(Failure) -> Element in try expression() }
            } onChange: {
                signal.raise()
            }
        }
    }
}
