/// The brews' journal lines as bytes, for output that copies them (`export` in JSON Lines and
/// JSON): the bytes a pass read, handed on without a string made of each line.
extension BrewLogStore {
    /// Calls `visit` with each brew whose timestamp passes `filter`, oldest first (brews at the
    /// same moment in journal order), and its journal line's UTF-8 bytes: exactly the text
    /// ``visitBrewsByDate(where:decoding:_:)`` gives as `line`. For a brew unchanged since it was
    /// read that is its line as the journal holds it (a CR before the newline left out), which the
    /// pass checked still holds the brew validated there; for a brew changed since (or a line
    /// that is not UTF-8 any more), the line BrewLog writes for it. With `decoding` the fields are
    /// decoded ahead on every core (for a filter that reads them); without it a line is only
    /// checked, and `record` decodes it when called.
    public func visitJournalLinesByDate(where filter: (Timestamp) -> Bool, decoding: Bool,
                                        _ visit: (_ record: () -> BrewRecord, _ line: UnsafeBufferPointer<UInt8>) -> Void) {
        registry.access(\BrewLogStore.brews)
        withPositionsByDate(where: filter) { positions in
            forEachLine(of: positions, decoding: decoding ? .all : .none) { position, line in
                guard let line else {
                    var text = journalLine(at: position)
                    text.withUTF8 { visit({ self.record(at: position) }, $0) }
                    return
                }
                let record = { self.snapshot.record(of: line) }
                let bytes = line.bytes.last == 0x0D ? line.bytes.dropLast() : line.bytes
                bytes.withUnsafeBufferPointer { bytes in
                    // As the line's text is made (``JournalSnapshot/text(of:)``): the bytes when
                    // they are UTF-8, else the line BrewLog writes.
                    if isValidUTF8(bytes) {
                        visit(record, bytes)
                    } else {
                        var text = BrewLineCodec.encode(record())
                        text.withUTF8 { visit(record, $0) }
                    }
                }
            }
        }
    }
}
