/// Whether `bytes` begins with the UTF-8 byte order mark, EF BB BF (some editors on Windows
/// write one at the start of a file; JSON Lines has none, so it makes the first line unreadable).
func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

/// Why the first line of a journal that starts with a byte order mark is bad, said by name
/// rather than as malformed JSON.
let byteOrderMarkProblem = LineProblem("the file starts with a UTF-8 byte order mark (BOM); 'brewlog check --repair' removes it")

/// The longest line a journal may hold: far beyond any brew (a brew with a novel for notes is a
/// few hundred kilobytes), so a longer one is garbage, reported rather than parsed.
let longestLine = 16 << 20

/// Why a line of `length` bytes, past ``longestLine``, is bad.
func overlongLineProblem(length: Int) -> LineProblem {
    LineProblem("the line is \(length) bytes long, more than the 16 MiB a journal line may be")
}

/// What one line holds, judged on its own: nothing (blank), a brew's id and date, a record of
/// another kind, or a problem.
/// `first` says the line is the first of the file, where a byte order mark is reported by name,
/// together with whatever is wrong with the rest of the line. (Duplicate ids need the lines
/// before it; ``JournalReader`` adds that check.)
func checkLine(_ text: UnsafeBufferPointer<UInt8>, terminated: Bool, first: Bool) -> Result<LineContent?, LineProblem> {
    if first, startsWithByteOrderMark(text) {
        if case let .failure(problem) = checkLine(UnsafeBufferPointer(rebasing: text.dropFirst(3)), terminated: terminated, first: false) {
            return .failure(LineProblem(byteOrderMarkProblem.reason + "; and after it: " + problem.reason))
        }
        return .failure(byteOrderMarkProblem)
    }
    if text.count > longestLine {
        return .failure(overlongLineProblem(length: text.count))
    }
    if isBlank(text) { return .success(nil) }
    if let brew = BrewLineFastPath.recognise(text) { return .success(.brew(id: brew.id, timestamp: brew.timestamp)) }
    if let marker = MergeConflictMarker(text) { return .failure(marker.problem) }
    let problem: LineProblem
    do throws(LineProblem) {
        let brew = try BrewLineCodec.validate(text)
        return .success(.brew(id: brew.id, timestamp: brew.timestamp))
    } catch {
        problem = error
    }
    // Not a brew: a record of another kind (the brew codec stops at a "kind" key, or fails on a
    // key it knows before reaching it), else the brew's problem. Only bad lines and the few
    // records of other kinds come here, so brews keep the fast path.
    do throws(LineProblem) {
        switch try RecordLineCodec.decode(text) {
        case let .entry(entry)?: return .success(.entry(entry))
        case let .unknownKind(_, id)?: return .success(.unknownKind(id: id))
        case nil: return .failure(incomplete(problem, terminated: terminated))
        }
    } catch {
        // A syntax error is the brew codec's to report (it found it first); a bad value of a
        // record with a "kind" key is the record's.
        let syntax = error.reason.hasPrefix("malformed JSON")
        return .failure(incomplete(problem == .notABrew || !syntax ? error : problem, terminated: terminated))
    }
}

/// `problem`, or for a last line without its newline, the same said as an interrupted write.
private func incomplete(_ problem: LineProblem, terminated: Bool) -> LineProblem {
    terminated ? problem : LineProblem("incomplete last line (no newline at the end; an interrupted write?): \(problem.reason)")
}

/// What a valid, non-blank journal line holds.
enum LineContent {
    /// A brew: its id and date (its other fields are decoded when asked for).
    case brew(id: BrewID, timestamp: Timestamp)
    /// A record of another kind BrewLog knows.
    case entry(JournalEntry)
    /// A record of a kind BrewLog does not know, kept byte for byte; its id, when readable,
    /// still takes part in the check that ids are unique.
    case unknownKind(id: BrewID?)
}
