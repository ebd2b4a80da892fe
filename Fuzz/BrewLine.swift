@testable import BrewLogCore

/// One journal line through every reader of it. The fast path may only answer what the general
/// decoder answers (accept or refuse, then every field alike); validation must refuse exactly
/// what decoding refuses, with the same reason; a line the decoder takes must encode to a line
/// that decodes to the same record; and the journal's line check must take it too. A record of
/// another kind (a skip day, a bag) must likewise come back unchanged from its encoding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = inputBuffer(data, size)
    let fast = BrewLineFastPath.decode(line)
    let recognised = BrewLineFastPath.recognise(line)
    let naming = BrewLineFastPath.recogniseNamingBag(line)
    invariant((fast == nil) == (recognised == nil), "fast decode and recognise disagree on accepting")
    invariant(naming?.id == recognised?.id && naming?.timestamp == recognised?.timestamp, "recogniseNamingBag and recognise disagree")
    if let fast, let naming { invariant(fast.bean == nil || naming.namesBag, "a line with a bag is not noted as naming one") }
    if let recognised, let fast { invariant(fast.id == recognised.id && fast.timestamp == recognised.timestamp, "fast decode and recognise read another id or date") }

    let general = Result { () throws(LineProblem) in try BrewLineCodec.decodeInGeneral(line) }
    let validated = Result { () throws(LineProblem) in try BrewLineCodec.validate(line) }
    switch (general, validated) {
    case let (.success(record), .success(brew)):
        invariant(record.id == brew.id && record.timestamp == brew.timestamp, "validate read another id or date than decode")
    case let (.failure(decodeProblem), .failure(validateProblem)):
        invariant(decodeProblem == validateProblem,
                  "validate and decode refuse for other reasons: \(decodeProblem.reason) / \(validateProblem.reason)")
    case let (.success, .failure(problem)):
        invariant(false, "decode accepts what validate refuses: \(problem.reason)")
    case let (.failure(problem), .success):
        invariant(false, "validate accepts what decode refuses: \(problem.reason)")
    }
    if let fast {
        guard case let .success(record) = general else { fatalError("invariant broken: the fast path accepts a line the decoder refuses") }
        invariant(fast == record, "the fast path read other fields than the decoder:\n  fast    \(fast)\n  general \(record)")
    }
    if case let .entry(entry)? = try? RecordLineCodec.decode(line) {
        invariant(lineCheckTakes(line), "the line check refuses a record the record codec takes")
        let encoded = RecordLineCodec.encode(entry)
        switch Result(catching: { () throws(LineProblem) in try RecordLineCodec.decode(encoded) }) {
        case let .success(again):
            invariant(again == .entry(entry), "the record changed in an encode and decode:\n  before \(entry)\n  after  \(String(describing: again))")
        case let .failure(problem):
            invariant(false, "the record codec refuses the line it wrote (\(problem.reason)): \(encoded)")
        }
    }
    guard case let .success(record) = general else { return 0 }
    invariant(lineCheckTakes(line), "the line check refuses a line the decoder takes")
    let encoded = BrewLineCodec.encode(record)
    switch Result(catching: { () throws(LineProblem) in try BrewLineCodec.decode(encoded) }) {
    case let .success(again):
        invariant(again == record, "the record changed in an encode and decode:\n  before \(record)\n  after  \(again)\n  line   \(encoded)")
        invariant(BrewLineCodec.encode(again) == encoded, "encoding the decoded record again gives another line")
    case let .failure(problem):
        invariant(false, "the decoder refuses the line the encoder wrote (\(problem.reason)): \(encoded)")
    }
    return 0
}

/// Whether the journal's line check takes `line` as a line a journal could hold.
private func lineCheckTakes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if case .success = checkLine(line, terminated: true, first: false) { return true }
    return false
}
