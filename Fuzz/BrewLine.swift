@testable import BrewLogCore

/// One journal line through every reader of it. The fast path may only answer what the general
/// decoder answers (accept or refuse, then every field alike); validation must refuse exactly
/// what decoding refuses, with the same reason; a line the decoder takes must encode to a line
/// that decodes to the same record; and the journal's line check must take it too. A record of
/// another kind (a skip day, a bag, a tombstone) must likewise come back unchanged from its
/// encoding, and a tombstone's `was` must be a SHA-256 in hexadecimal. A brew's line hash must
/// survive an encode and decode (it is compared across machines), and its tombstone must win a
/// merge against the very line it removed.
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
        if let tombstone = entry.tombstone {
            invariant(Tombstone.isLineHash(tombstone.was), "a tombstone was read with a was that is no SHA-256: \(tombstone.was)")
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
    checkTombstone(of: record, line: line, encoded: encoded)
    return 0
}

/// A brew's line hash is the SHA-256 of the line BrewLog writes for it, and the same after the
/// line is read back; its tombstone reads back as written, and wins the merge driver's merge
/// against the line it removed (both added since a common ancestor that had neither).
private func checkTombstone(of record: BrewRecord, line: UnsafeBufferPointer<UInt8>, encoded: String) {
    let hash = Tombstone.lineHash(of: record)
    invariant(hash == SHA256.hexDigest(of: Array(encoded.utf8)), "the line hash is not the SHA-256 of the encoded line")
    if let again = try? BrewLineCodec.decode(encoded) {
        invariant(Tombstone.lineHash(of: again) == hash, "the line hash changed in an encode and decode")
    }
    let tombstone = JournalEntry.removed(Tombstone(id: record.id, at: record.timestamp, was: hash))
    let tombstoneLine = RecordLineCodec.encode(tombstone)
    invariant((try? RecordLineCodec.decode(tombstoneLine)) == .entry(tombstone), "a tombstone does not read back as written: \(tombstoneLine)")
    // The merge driver splits at line breaks, which JSON allows between tokens: only a one-line brew.
    guard !line.contains(0x0A) else { return }
    let merged = ThreeWayMerge.merge(base: [], ours: Array(tombstoneLine.utf8) + [0x0A], theirs: Array(line) + [0x0A])
    invariant(merged.isClean && merged.bytes == Array(tombstoneLine.utf8) + [0x0A],
              "the tombstone lost a merge against the line it removed: \(String(decoding: merged.bytes, as: UTF8.self))")
}

/// Whether the journal's line check takes `line` as a line a journal could hold.
private func lineCheckTakes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if case .success = checkLine(line, terminated: true, first: false) { return true }
    return false
}
