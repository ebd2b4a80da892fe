/// An asynchronous sequence of the values of an expression over tracked properties: the value at
/// once, then again after each transaction of changes to what the expression read.
///
/// ```swift
/// for await streak in Observations({ store.streak }) { print(streak) }
///
/// // Ends by itself once the brew is gone:
/// let notes = Observations<String, Never>.untilFinished { [weak brew] in
///     guard let brew else { return .finish }
///     return .next(brew.notes)
/// }
/// ```
///
/// **Isolation.** The expression runs on the isolation of the code that made the sequence
/// (`isolation`, `#isolation` by default): made on the main actor it runs there, made inside an
/// actor it runs on that actor and may read its state. Because it never leaves that isolation the
/// expression need not be `Sendable`; made outside any actor, it is called from whichever task
/// iterates, so it must then be safe to call from any of them. Running the expression there is
/// also what makes a *transaction*: a change resumes the iterator, which must then wait for that
/// isolation to re-evaluate the expression, and it is busy until the writer's synchronous work
/// there ends (its next `await`, or its return). So every change a writer on the same isolation
/// makes between two suspensions arrives as one value. A writer elsewhere (a `Brew`, which is
/// `Sendable`, edited on another thread) is coalesced up to the moment the expression runs. The
/// iterator itself may be used from any isolation; the values it hands over are `Sendable`.
///
/// **Coalescing.** Changes made while the consumer has not asked for the next value are not
/// queued: the next value is the expression's value when it is asked for, once. A value is
/// produced only after a change, so equal values can follow each other (a change back and forth).
/// An iterator wakes once the changed value is stored, so it never reads a value still to come.
///
/// **Iterators** are independent: each runs the expression and tracks its own reads, and what
/// one consumes says nothing to another; each sees every transaction.
///
/// **The end.** The sequence ends (`nil`) when the iterating task is cancelled, at once if it is
/// waiting for a change; when an ``untilFinished(isolation:_:)`` expression returns
/// ``Iteration/finish``; and after the expression throws: that `next()` throws the error, and
/// every later one returns `nil`. When an object the expression read is deinitialised, a waiting
/// iterator wakes and runs the expression again, so one that holds the object weakly can finish.
///
/// A dropped iterator leaves one-shot observers behind on the properties it last read; the next
/// change of one of them removes them all and tells nobody.
public struct Observations<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// What an ``untilFinished(isolation:_:)`` expression gives: a value, or the end of the sequence.
    public enum Iteration: Sendable {
        /// The next value of the sequence.
        case next(Element)
        /// The end of the sequence: `next()` returns `nil` from now on.
        case finish
    }

    private let emission: Emission

    /// A sequence of `expression`'s values, re-evaluated on `isolation` after every change to a
    /// tracked property it read.
    ///
    /// - Parameters:
    ///   - isolation: Where `expression` runs: the caller's isolation unless given.
    ///   - expression: Reads tracked properties and returns the value; it may throw, which ends the sequence.
    public init(
        isolation: isolated (any Actor)? = #isolation, _ expression: @escaping () throws(Failure) -> Element
    ) {
        emission = Emission(isolation: isolation) { () throws(Failure) -> Iteration in .next(try expression()) }
    }

    /// A sequence of the values `expression` gives until it returns ``Iteration/finish``,
    /// re-evaluated on `isolation` after every change to a tracked property it read.
    ///
    /// - Parameters:
    ///   - isolation: Where `expression` runs: the caller's isolation unless given.
    ///   - expression: Returns `.next(value)`, or `.finish` to end the sequence (a weakly held
    ///     object that is gone, a condition met); it may throw, which ends the sequence too.
    public static func untilFinished(
        isolation: isolated (any Actor)? = #isolation, _ expression: @escaping () throws(Failure) -> Iteration
    ) -> Observations {
        Observations(emission: Emission(isolation: isolation, expression))
    }

    private init(emission: Emission) {
        self.emission = emission
    }

    /// An iterator with its own tracking: its first `next()` gives the current value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(emission: emission)
    }

    /// The expression and the isolation it was made on.
    ///
    /// Sendable although the expression is not: it is only ever called on `isolation`, the
    /// isolation it was made on (the iterator hops there to evaluate it), as a value of
    /// that isolation would be.
    fileprivate final class Emission: @unchecked Sendable {
        let isolation: (any Actor)?
        let expression: () throws(Failure) -> Iteration

        init(isolation: (any Actor)?, _ expression: @escaping () throws(Failure) -> Iteration) {
            self.isolation = isolation
            self.expression = expression
        }
    }

    /// Produces the expression's values, one per transaction of changes, until cancelled,
    /// finished or thrown.
    public struct Iterator: AsyncIteratorProtocol {
        private let emission: Emission
        private let signal = ChangeSignal()
        private var started = false
        private var finished = false

        fileprivate init(emission: Emission) {
            self.emission = emission
        }

        /// The next value: the current one on the first call, then the value after the next
        /// transaction of changes; `nil` once the task is cancelled, the expression has finished
        /// or it has thrown.
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
            switch await Iterator.evaluate(isolation: emission.isolation, emission, signal: signal) {
            case let .success(.next(value)):
                return value
            case .success(.finish):
                finished = true
                return nil
            case let .failure(error):
                finished = true
                throw error
            }
        }

        /// Runs the expression in a tracking scope on `isolation`, the isolation it was made on;
        /// the scope's first later change, once stored (or the deinitialisation of an object it
        /// read), raises `signal`. The flag is lowered first, so a change made after the
        /// expression read a property is one the next wait sees.
        private static func evaluate(
            isolation: isolated (any Actor)?, _ emission: Emission, signal: ChangeSignal
        ) -> Result<Iteration, Failure> {
            signal.lower()
            return track({ Result { () throws(Failure) -> Iteration in try emission.expression() } }, at: .didSet) {
                signal.raise()
            }
        }
    }
}
