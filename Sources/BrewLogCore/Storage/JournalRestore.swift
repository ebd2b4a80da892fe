#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Undo's side of the engine: reading records' lines by id, whatever their kind, and putting
/// lines back exactly as the history kept them.
extension LockedJournal {
    /// The lines of the records `ids` now, by id; a record not in the journal is absent. Reads
    /// the file a piece at a time.
    public func currentLines(of ids: Set<BrewID>) throws(JournalError) -> [BrewID: String] {
        try requireOpen("read")
        guard !ids.isEmpty, let fd = try openForReading() else { return [:] }
        let source = FileLineSource(fd: fd, system: system)
        var found: [BrewID: String] = [:]
        do throws(SystemCallError) {
            let size = min(try system.fstat(fd).size, readLimit ?? Int.max)
            try eachLine(ofFirst: size, reading: { range throws(SystemCallError) in try source.text(in: range) }) { line, _ in
                if let id = recordID(line), ids.contains(id) { found[id] = String(decoding: line, as: UTF8.self) }
            }
        } catch {
            throw .io(path: path, operation: "read", reason: "\(error.call): \(error)")
        }
        return found
    }

    /// Carries out `plan` (each record's line replaced by its `after`, removed where that is
    /// `nil`, appended where the record is gone) in one atomic rewrite, with its history entry
    /// made by `recording` in the same step, and returns that entry. The journal must have been
    /// loaded (so a journal that does not read is never rewritten); it must be loaded again
    /// before another save. Every line put back is checked first: a damaged history cannot put a
    /// bad line in the journal.
    @discardableResult
    public func restore(_ plan: UndoPlan, recording: HistoryRecording) throws(JournalError) -> HistoryEntry? {
        try requireOpen("undo a change to", writing: true)
        guard let loaded else { throw .notHeld(path: path, operation: "undo before loading") }
        guard !plan.isRefused, let entry = recording.entry(touching: plan.restorations, undoes: plan.target.id) else { return nil }
        var pending: [BrewID: String?] = [:]
        for change in plan.restorations {
            if let line = change.after { try checkRestored(line, id: change.id) }
            pending[change.id] = change.after
        }
        try verifyUnchanged(since: loaded.file)
        guard let size = loaded.file?.size, let fd = try openForReading() else {
            throw .changedByAnotherProgram(path: path, what: "another program removed the journal")
        }
        let source = FileLineSource(fd: fd, system: system)
        let read = { (range: Range<Int>) throws(SystemCallError) -> [UInt8] in try source.text(in: range) }
        let result = try replaceContents(replacing: loaded.file) { (output: inout ChunkedWriter) throws(SystemCallError) in
            try eachLine(ofFirst: size, reading: read) { line, _ throws(SystemCallError) in
                if let id = recordID(line), let replacement = pending.removeValue(forKey: id) {
                    guard let replacement else { return }
                    try output.write(replacement)
                } else {
                    try output.write(line)
                }
                try output.write("\n")
            }
            for change in plan.restorations {
                guard case let replacement?? = pending[change.id] else { continue }
                try output.write(replacement)
                try output.write("\n")
            }
        } history: {
            appendHistory(entry, journal: loaded.file, bounds: recording.bounds)
        }
        self.loaded = nil
        if let trim = result.history?.trim { trimHistory(to: trim) }
        return entry
    }

    /// Throws unless `line` is one whole journal line of the record `id`.
    private func checkRestored(_ line: String, id: BrewID) throws(JournalError) {
        var text = line
        let readID: BrewID?? = text.withUTF8 { bytes in
            guard !bytes.contains(0x0A), !bytes.contains(0x0D) else { return nil }
            return .some(recordID(bytes))
        }
        guard case let found?? = readID, found == id else {
            throw .unwritable(path: path, record: "record \(id.rawValue)",
                              reason: "the history's line for it is not a journal line of that record (the history is damaged)")
        }
    }

    /// The id of the record `line` holds, of any kind; `nil` for a blank or bad line.
    private func recordID(_ line: UnsafeBufferPointer<UInt8>) -> BrewID? {
        switch checkLine(line, terminated: true, first: false) {
        case let .success(.brew(id, _)?): id
        case let .success(.entry(entry)?): entry.id
        case let .success(.unknownKind(id)?): id
        case .success(nil), .failure: nil
        }
    }
}
