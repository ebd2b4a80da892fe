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

/// What one line holds, judged on its own: nothing (blank), a brew's id and date, or a problem.
/// `first` says the line is the first of the file, where a byte order mark is reported by name,
/// together with whatever is wrong with the rest of the line. (Duplicate ids need the lines
/// before it; ``JournalReader`` adds that check.)
func checkLine(_ text: UnsafeBufferPointer<UInt8>, terminated: Bool, first: Bool) -> Result<(id: BrewID, timestamp: Timestamp)?, LineProblem> {
    if first, startsWithByteOrderMark(text) {
        if case let .failure(problem) = checkLine(UnsafeBufferPointer(rebasing: text.dropFirst(3)), terminated: terminated, first: false) {
            return .failure(LineProblem(byteOrderMarkProblem.reason + "; and after it: " + problem.reason))
        }
        return .failure(byteOrderMarkProblem)
    }
    if text.count > longestLine {
        return .failure(LineProblem("the line is \(text.count) bytes long, more than the 16 MiB a journal line may be"))
    }
    if isBlank(text) { return .success(nil) }
    do throws(LineProblem) {
        return .success(try BrewLineCodec.validate(text))
    } catch {
        return .failure(terminated ? error : LineProblem("incomplete last line (no newline at the end; an interrupted write?): \(error.reason)"))
    }
}
