extension ExchangeFormat {
    /// `records` holding exactly `columns`, in their order, in this format: in JSON Lines and
    /// JSON each brew is an object of those keys (``BrewColumn/key``; `null` where the brew has no
    /// value), in CSV a row under a header of those keys, its cells written as a full export
    /// writes them. Derived columns take their values from `bags`. Brews only: records of other
    /// kinds have none of these keys.
    public func encode(_ records: [BrewRecord], columns: [BrewColumn], bags: BeanMatching) -> String {
        var writer = ExchangeWriter(format: self, columns: columns, bags: bags)
        var text: [UInt8] = []
        for record in records {
            writer.appendBrew(record: { record }, line: { "" }, to: &text)
        }
        return writer.opening + String(decoding: text, as: UTF8.self) + writer.closing
    }
}
