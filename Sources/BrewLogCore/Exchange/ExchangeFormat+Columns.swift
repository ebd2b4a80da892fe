extension ExchangeFormat {
    /// `records` holding exactly `columns`, in their order, in this format: in JSON Lines and
    /// JSON each brew is an object of those keys (``BrewColumn/key``; `null` where the brew has no
    /// value), in CSV a row under a header of those keys, its cells written as a full export
    /// writes them. Derived columns take their values from `bags`. Brews only: records of other
    /// kinds have none of these keys.
    public func encode(_ records: [BrewRecord], columns: [BrewColumn], bags: BeanMatching) -> String {
        var writer = ExchangeWriter(format: self, columns: columns, bags: bags)
        return writer.opening + records.map { record in writer.brew(record: { record }, line: { "" }) }.joined() + writer.closing
    }

    /// One brew as a JSON object of `columns`, in order.
    static func object(_ record: BrewRecord, columns: [BrewColumn], bags: BeanMatching) -> String {
        var line: [UInt8] = [UInt8(ascii: "{")]
        for column in columns {
            if line.count > 1 { line.append(UInt8(ascii: ",")) }
            BrewLineCodec.appendJSONString(column.key, to: &line)
            line.append(UInt8(ascii: ":"))
            if let value = column.value(of: record, bags: bags) {
                BrewLineCodec.appendJSONValue(value, to: &line)
            } else {
                line.append(contentsOf: "null".utf8)
            }
        }
        line.append(UInt8(ascii: "}"))
        return String(decoding: line, as: UTF8.self)
    }
}
