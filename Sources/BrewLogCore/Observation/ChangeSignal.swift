import Synchronization

/// One iterator's flag "a change happened since the expression last ran", and the one waiter for
/// it: the meeting point of a tracking scope's `onChange` (on the writer's thread) and an
/// ``Observations`` iterator (in its task).
///
/// A flag, not a count: changes made while nobody waits are coalesced into one.
final class ChangeSignal: Sendable {
    private struct State {
        var raised = false
        var cancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Notes a change: wakes the waiter, or leaves the flag raised for the next wait.
    func raise() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.raised = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }

    /// Forgets the changes seen so far (right before the expression runs again).
    func lower() {
        state.withLock { $0.raised = false }
    }

    /// Returns when a change has been raised since the last ``lower()``, or at once when the
    /// task is cancelled (the caller checks which).
    func waitForChange(isolation actor: isolated (any Actor)?) async {
        await withTaskCancellationHandler(operation: {
            await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.raised || state.cancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }, onCancel: {
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }, isolation: actor)
    }
}
