/// The character that separates the cells of a CSV file. Spreadsheets write the one their locale
/// lists with: a `,`, a `;` where the comma is the decimal sign (German, French, Dutch...), or a
/// tab when saving "text, tab-separated".
public enum CSVDelimiter: String, CaseIterable, Sendable {
    case comma = ","
    case semicolon = ";"
    case tab = "\t"

    /// The delimiter as a message names it: `','`, `';'` or `a tab`.
    var name: String {
        self == .tab ? "a tab" : "'\(rawValue)'"
    }

    /// The delimiter's one byte.
    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: 0x09
        }
    }

    /// The delimiter a CSV header line (without its newline) is written with: the one that splits
    /// it, outside double quotes, into cells one of which names the `date` column. When several
    /// do (a header of `date` alone), the one that makes the most cells, then `,` before `;`
    /// before a tab; `nil` when none does.
    public init?(sniffing header: some Collection<UInt8>) {
        let line = Array(header)
        var best: (delimiter: CSVDelimiter, cells: Int)?
        line.withUnsafeBufferPointer { buffer in
            for delimiter in CSVDelimiter.allCases {
                let cells = CSVCells.split(buffer, delimiter: delimiter)
                if cells.count > best?.cells ?? 0, cells.contains(where: { CSVDelimiter.columnName($0) == "date" }) {
                    best = (delimiter, cells.count)
                }
            }
        }
        guard let best else { return nil }
        self = best.delimiter
    }

    /// A header cell as the column name it stands for: without a byte order mark, blanks around
    /// it (tabs, a CR, Unicode spaces), or case (`Date` is `date`).
    static func columnName(_ cell: String) -> String {
        (cell.hasPrefix("\u{FEFF}") ? String(cell.dropFirst()) : cell).trimmingWhitespace().lowercased()
    }
}

/// The first line Excel reads (and some programs write) to say a CSV file's delimiter: `sep=;`.
struct SeparatorLine {
    /// What follows `sep=`: one character, a delimiter BrewLog reads or not.
    let named: String

    /// The delimiter named, or `nil` when it is not one BrewLog reads.
    var delimiter: CSVDelimiter? { CSVDelimiter(rawValue: named) }

    /// Reads `line` (without its newline; a byte order mark before it and a CR after it are
    /// allowed): `sep=` in any case, then one character; `nil` when it is not such a line.
    init?(_ line: some Collection<UInt8>) {
        var bytes = Array(line)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard bytes.count > 4, String(decoding: bytes.prefix(4), as: UTF8.self).lowercased() == "sep=",
              let text = String(validating: bytes.dropFirst(4), as: UTF8.self), text.count == 1 else { return nil }
        named = text
    }

    /// Why a `sep=` line naming another delimiter is refused.
    var refusal: String {
        "the first line 'sep=\(named)' names a delimiter BrewLog does not read (',', ';' or a tab)"
    }
}

/// How an import reads a CSV file beyond RFC 4180's commas: the dialect spreadsheets write.
///
/// - The delimiter: given, else named by a first line `sep=X` (Excel's), else sniffed from the
///   header line (``CSVDelimiter/init(sniffing:)``).
/// - Number cells: in a file separated by `;`, a decimal comma (`15,5`) is read as 15.5; a
///   thousands separator is never read, and a cell that may hold one (`1.000`, `1.000,5`) is
///   refused as ambiguous rather than guessed.
/// - The `date` cell: RFC 3339 with an offset, or any moment written out in full with or
///   without one (``WrittenMoment``: `2026-11-17 19:00`); a moment without an offset is read on
///   the local clock of `localTimeZone`.
public struct CSVDialect: Sendable {
    /// The delimiter given, or `nil` to take it from the file.
    public var delimiter: CSVDelimiter?
    /// The local clock a `date` cell without an offset is read on.
    public var localTimeZone: any UTCOffsetSource

    /// A dialect that reads dates without an offset in `localTimeZone`, with `delimiter` or the file's own.
    public init(delimiter: CSVDelimiter? = nil, localTimeZone: any UTCOffsetSource) {
        self.delimiter = delimiter
        self.localTimeZone = localTimeZone
    }
}
