import Foundation
import Testing
@testable import BrewLogCore

/// Three brews as BrewLog's own CSV export writes them: RFC 3339 with offsets, decimal points,
/// commas between cells, no ids. Every dialect below writes the same brews.
private let plainCSV = "date,method,coffee,dose_g,water_g,rating,notes,tags\r\n"
    + "2026-11-17T19:00:00+01:00,V60,Kenya AA,15.5,250,4,\"hell; süß\",morgen\r\n"
    + "2026-11-18T07:30:00+01:00,Espresso,Kenya AA,18,,5,\"sagte \"\"wow\"\"\",\"a,b\"\r\n"
    + "2026-07-01T08:00:00+02:00,V60,Kenya AA,15,250,3,\"zwei\nZeilen\",\r\n"

@Suite("CSV dialects: the delimiter, decimal commas and dates on the local clock")
struct CSVDialectTests {
    private let berlin = zone("Europe/Berlin")

    private func decode(_ text: String, delimiter: CSVDelimiter? = nil, in timeZone: TimeZone? = nil) -> Result<[BrewRecord], ImportProblems> {
        ExchangeFormat.csv.decodeContents(Array(text.utf8), csv: CSVDialect(delimiter: delimiter, localTimeZone: timeZone ?? berlin)).map(\.records)
    }

    @Test("the delimiter is the one that splits the header line into cells one of which names the date column", arguments: [
        ("date,method,notes", CSVDelimiter.comma),
        ("date;method;notes", .semicolon),
        ("date\tmethod\tnotes", .tab),
        ("\u{FEFF}Date;Method", .semicolon),
        (#""date";"notes, free""#, .semicolon),
        (#""notes; free",DATE"#, .comma),
        ("\"date\"\t\"a;b\"\t\"c,d\"\r", .tab),
        ("notes;x,date", .comma),
        ("date", .comma),
    ])
    func sniffsTheDelimiter(header: String, expected: CSVDelimiter) {
        #expect(CSVDelimiter(sniffing: Array(header.utf8)) == expected)
        #expect(ExchangeFormat(sniffing: Array(header.utf8)) == .csv)
    }

    @Test("a header line with no date column under any delimiter names none", arguments: [
        "method,notes", #"id,"da;te""#, #""date;x",y"#, "dates;x", "",
    ])
    func sniffsNone(header: String) {
        #expect(CSVDelimiter(sniffing: Array(header.utf8)) == nil)
    }

    @Test("Excel's first line sep=X names the delimiter, or one BrewLog does not read", arguments: [
        ("sep=;", ";", CSVDelimiter.semicolon as CSVDelimiter?),
        ("SEP=,\r", ",", .comma),
        ("sep=\t", "\t", .tab),
        ("\u{FEFF}sep=;", ";", .semicolon),
        ("sep=|", "|", nil),
        ("sep=§", "§", nil),
    ])
    func separatorLine(line: String, named: String, delimiter: CSVDelimiter?) {
        let read = SeparatorLine(Array(line.utf8))
        #expect(read?.named == named)
        #expect(read?.delimiter == delimiter)
        #expect(ExchangeFormat(sniffing: Array(line.utf8)) == .csv)
    }

    @Test("a line that is not sep= and one character is no separator line", arguments: ["sep=", "sep=;;", " sep=;", "sep:;", "separator=;"])
    func notASeparatorLine(line: String) {
        #expect(SeparatorLine(Array(line.utf8)) == nil)
    }

    @Test("a number cell is a JSON number; with ';' between cells a decimal comma is read too; anything else is text the field refuses", arguments: [
        ("15", false, "15" as String?), ("15.5", false, "15.5"), ("1.5e1", false, "1.5e1"), ("15,5", false, nil), ("1.000", false, "1.000"),
        ("15", true, "15"), ("15,5", true, "15.5"), ("0,25", true, "0.25"), ("15.5", true, "15.5"), ("0.500", true, "0.500"),
        ("1,000", true, "1.000"), ("1,5e1", true, "1.5e1"), ("-2,5", true, "-2.5"),
        ("15,", true, nil), (",5", true, nil), ("1,2,3", true, nil), ("15 g", true, nil), ("+5", true, nil), ("1 000", true, nil),
        ("1,5 g.", true, nil), ("n.a., sorry", true, nil), ("1\u{301}.000", true, nil), ("١.٠٠٠", true, nil),
    ])
    func numberCells(cell: String, decimalComma: Bool, expected: String?) throws {
        // A column that is no field has no range: only the spelling is read.
        #expect(try CSVCell.number(cell, column: "grams", decimalComma: decimalComma) == expected)
    }

    @Test("a number cell beyond a Double, or outside its field's range, is refused with the range and the cell as written", arguments: [
        ("1e400", false, "dose must be more than 0 and at most 1000 grams (got 1e400)"),
        ("-1e400", false, "dose must be more than 0 and at most 1000 grams (got -1e400)"),
        ("1,5e400", true, "dose must be more than 0 and at most 1000 grams (got 1,5e400)"),
        ("-2,5", true, "dose must be more than 0 and at most 1000 grams (got -2,5)"),
        ("9223372036854775808", false, "dose must be more than 0 and at most 1000 grams (got 9223372036854775808)"),
    ])
    func numberCellsOutOfRange(cell: String, decimalComma: Bool, reason: String) {
        #expect(throws: LineProblem(reason)) { try CSVCell.number(cell, column: "dose_g", decimalComma: decimalComma) }
    }

    @Test("with decimal commas, a cell that may hold a thousands separator is refused, naming what to write", arguments: [
        ("1.000", #""water_g" "1.000" could be 1 or 1000 (a thousands separator is not read): write 1,000 or 1000"#),
        ("12.500", #""water_g" "12.500" could be 12.5 or 12500 (a thousands separator is not read): write 12,500 or 12500"#),
        ("1.250", #""water_g" "1.250" could be 1.25 or 1250 (a thousands separator is not read): write 1,250 or 1250"#),
        ("1.000.000", #""water_g" "1.000.000" has thousands separators, which are not read: write 1000000"#),
        ("1.000,5", #""water_g" "1.000,5" has a thousands separator, which is not read: write 1000,5"#),
        ("1,000.5", #""water_g" "1,000.5" has a thousands separator, which is not read: write 1000.5"#),
    ])
    func ambiguousNumbers(cell: String, reason: String) {
        #expect(throws: LineProblem(reason)) { try CSVCell.number(cell, column: "water_g", decimalComma: true) }
    }

    @Test("a date cell written out without an offset is read on the local clock, one with an offset as written", arguments: [
        ("2026-11-17 19:00", "2026-11-17T19:00:00+01:00"),
        ("2026-07-17 19:00", "2026-07-17T19:00:00+02:00"),
        ("2026-11-17T19:00", "2026-11-17T19:00:00+01:00"),
        ("2026-11-17t7:05:09", "2026-11-17T07:05:09+01:00"),
        ("2026-11-17  19:00:00.25", "2026-11-17T19:00:00.25+01:00"),
        ("2026-11-17\t19:00:00.1234567", "2026-11-17T19:00:00.123456+01:00"),
        ("2026-12-31 23:59:60", "2026-12-31T23:59:59+01:00"),
        // Daylight saving: the gap moved forward by its length, the overlap's first.
        ("2026-03-29 02:30", "2026-03-29T03:30:00+02:00"),
        ("2026-10-25 02:30", "2026-10-25T02:30:00+02:00"),
        ("2026-11-17 19:00Z", "2026-11-17T19:00:00+00:00"),
        ("2026-11-17 19:00-05:30", "2026-11-17T19:00:00-05:30"),
        ("2026-11-17T19:00:00+09:00", "2026-11-17T19:00:00+09:00"),
        ("2026-11-17 19:00:00z", "2026-11-17 19:00:00z"),
    ])
    func dateCells(cell: String, journal: String) throws {
        #expect(try CSVCell.date(cell, localTimeZone: berlin) == journal)
    }

    @Test("a date cell that is no written-out moment is refused, saying what to write", arguments: [
        ("17.11.2026 19:00", #""date" is not a moment BrewLog reads: "17.11.2026 19:00" (write YYYY-MM-DD HH:MM[:SS], read on the local clock, or RFC 3339 with an offset)"#),
        ("2026-11-17", #""date" "2026-11-17" is a day, not a moment: add a time of day, read on the local clock (2026-11-17 12:00)"#),
        ("yesterday 7:30", nil), ("7:30", nil), ("now", nil), ("2026-11-17 7pm", nil), ("2026-11-17 24:00", nil),
        ("2026-11-17 19:0", nil), ("2026-11-17 19:00:00.", nil), ("2026-11-17 19:00 +01:00", nil), ("2026-02-30 10:00", nil),
        ("2026-11-17 19:00+1:00", nil), ("2026-11-1719:00", nil), ("11/17/2026 7:00 PM", nil),
    ])
    func refusedDates(cell: String, reason: String?) {
        let expected = reason ?? #""date" is not a moment BrewLog reads: "\#(cell)" (write YYYY-MM-DD HH:MM[:SS], read on the local clock, or RFC 3339 with an offset)"#
        #expect(throws: LineProblem(expected)) { try CSVCell.date(cell, localTimeZone: berlin) }
    }

    @Test("a spreadsheet's file decodes to the same brews, with the same ids, as BrewLog's own CSV", arguments: [
        // Excel, "CSV UTF-8" in a German locale: a byte order mark, ';', CRLF, decimal commas.
        "\u{FEFF}date;method;coffee;dose_g;water_g;rating;notes;tags\r\n2026-11-17 19:00;V60;Kenya AA;15,5;250;4;\"hell; süß\";morgen\r\n2026-11-18 07:30;Espresso;Kenya AA;18;;5;\"sagte \"\"wow\"\"\";a,b\r\n2026-07-01 08:00;V60;Kenya AA;15;250;3;\"zwei\nZeilen\";\r\n",
        // Excel with its sep= line.
        "sep=;\r\ndate;method;coffee;dose_g;water_g;rating;notes;tags\r\n2026-11-17 19:00;V60;Kenya AA;15,5;250;4;\"hell; süß\";morgen\r\n2026-11-18 07:30;Espresso;Kenya AA;18;;5;\"sagte \"\"wow\"\"\";a,b\r\n2026-07-01 08:00;V60;Kenya AA;15;250;3;\"zwei\nZeilen\";\r\n",
        // LibreOffice, German, text cells quoted, seconds in the dates, LF.
        "\"date\";\"method\";\"coffee\";\"dose_g\";\"water_g\";\"rating\";\"notes\";\"tags\"\n2026-11-17 19:00:00;\"V60\";\"Kenya AA\";15,5;250;4;\"hell; süß\";\"morgen\"\n2026-11-18 07:30:00;\"Espresso\";\"Kenya AA\";18;;5;\"sagte \"\"wow\"\"\";\"a,b\"\n2026-07-01 08:00:00;\"V60\";\"Kenya AA\";15;250;3;\"zwei\nZeilen\";\n",
        // Tab-separated, decimal points, the T kept, the columns in another order.
        "Notes\tDate\tMethod\tCoffee\tDose_g\tWater_g\tRating\tTags\n\"hell; süß\"\t2026-11-17T19:00\tV60\tKenya AA\t15.5\t250\t4\tmorgen\n\"sagte \"\"wow\"\"\"\t2026-11-18T07:30\tEspresso\tKenya AA\t18\t\t5\ta,b\n\"zwei\nZeilen\"\t2026-07-01T08:00\tV60\tKenya AA\t15\t250\t3\t\n",
        // Commas, dates without offsets.
        "date,method,coffee,dose_g,water_g,rating,notes,tags\n2026-11-17 19:00,V60,Kenya AA,15.5,250,4,\"hell; süß\",morgen\n2026-11-18 07:30,Espresso,Kenya AA,18,,5,\"sagte \"\"wow\"\"\",\"a,b\"\n2026-07-01 08:00,V60,Kenya AA,15,250,3,\"zwei\nZeilen\",\n",
    ])
    func dialectsDecodeAlike(text: String) throws {
        let plain = try decode(plainCSV).get()
        #expect(plain.count == 3)
        #expect(try decode(text).get() == plain)
    }

    @Test("a date without an offset is read on the clock given: another zone, another moment and id")
    func localClockDecides() throws {
        let text = "date;method\n2026-11-17 19:00;V60\n"
        let berlin = try decode(text).get()
        let newYork = try decode(text, in: zone("America/New_York")).get()
        #expect(berlin.map(\.timestamp.description) == ["2026-11-17T19:00:00+01:00"])
        #expect(newYork.map(\.timestamp.description) == ["2026-11-17T19:00:00-05:00"])
        #expect(berlin.map(\.id) != newYork.map(\.id))
        #expect(try decode(text).get().map(\.id) == berlin.map(\.id))
    }

    @Test("a delimiter given wins over the sep= line and the header's; the wrong one finds no date column")
    func givenDelimiterWins() throws {
        let lying = "sep=,\ndate;dose_g\n2026-11-17 19:00;15,5\n"
        #expect(try decode(lying, delimiter: .semicolon).get().map(\.doseGrams) == [15.5])
        #expect(throws: ImportProblems(problems: [.init(line: 2, reason: "the header has no 'date' column split at ',' (split at ';' it has)")])) {
            try decode(lying).get()
        }
        #expect(throws: ImportProblems(problems: [.init(line: 1, reason: "the header has no 'date' column split at a tab (split at ';' it has)")])) {
            try decode("date;dose_g\n2026-11-17 19:00;15,5\n", delimiter: .tab).get()
        }
        // A sep= line naming a delimiter BrewLog does not read is refused, unless one is given.
        #expect(throws: ImportProblems(problems: [.init(line: 1, reason: "the first line 'sep=|' names a delimiter BrewLog does not read (',', ';' or a tab)")])) {
            try decode("sep=|\ndate|x\n").get()
        }
        #expect(try decode("sep=|\ndate;x\n2026-11-17 19:00;a\n", delimiter: .semicolon).get().count == 1)
    }

    @Test("problems name the line a row starts on, counting the sep= line, CRLF and lines inside quoted cells")
    func lineNumbers() {
        let text = "sep=;\r\ndate;notes;dose_g\r\n2026-11-17 19:00;\"a\r\nb\";1.000\r\n2026-11-17 20:00;ok;15,5\r\n2026-11-17 21:00;x;15,5;extra\r\n"
        #expect(throws: ImportProblems(problems: [
            .init(line: 3, reason: #""dose_g" "1.000" could be 1 or 1000 (a thousands separator is not read): write 1,000 or 1000"#),
            .init(line: 6, reason: "expected 3 fields, found 4"),
        ])) { try decode(text).get() }
    }

    @Test("a decimal comma in a file separated by ',' splits the cell; in a tab-separated one the field refuses it, saying where it is read")
    func decimalCommaElsewhere() {
        #expect(throws: ImportProblems(problems: [.init(line: 2, reason: "expected 2 fields, found 3")])) {
            try decode("date,dose_g\n2026-11-17 19:00,15,5\n").get()
        }
        #expect(throws: ImportProblems(problems: [.init(line: 2, reason: #""dose_g" must be a number, got "15,5" (a decimal comma is read in a file separated by ';')"#)])) {
            try decode("date\tdose_g\n2026-11-17 19:00\t15,5\n").get()
        }
    }

    @Test("the stream judge splits rows at the file's delimiter and reads their dates as the decoder does", arguments: [
        (nil as CSVDelimiter?, ["\u{FEFF}sep=;", "date;notes", "2026-11-17 19:00;\"a; b\"", "2026-11-17 19:00;\"two", "lines; c\""], [true, true, true, true, true]),
        (nil, ["date\tnotes", "2026-11-17T19:00\tx", "2026-11-17\tx", "2026-11-17 19:00\tx\ty"], [true, true, false, false]),
        (nil, ["sep=|", "date|x"], [false, false]),
        (.semicolon, ["sep=|", "date;x", "2026-11-17 19:00;1,5"], [true, true, true]),
        (.comma, ["date;x", "2026-11-17 19:00;1"], [false, false]),
    ])
    func streamJudge(delimiter: CSVDelimiter?, lines: [String], good: [Bool]) {
        var judge = StreamJudge(format: .csv, csvDelimiter: delimiter)
        let verdicts = lines.map { line in Array(line.utf8).withUnsafeBufferPointer { judge.judge($0) } }
        #expect(verdicts == good)
    }
}
