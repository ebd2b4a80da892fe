import BrewLogCore
import BrewLogTestSupport
import Foundation

/// Realistic journals of N brews: one to four brews a day over the years up to a given day,
/// varied methods, coffees, recipes and notes, some tags; also as jrnl and Taskwarrior data.
struct JournalGenerator {
    enum Format: String {
        case brewlog, jrnl, task
    }

    let count: Int
    /// The last day brews are generated for.
    let lastDay: CalendarDay
    var rng = SeededRandomGenerator(seed: 2026)

    static let methods = ["V60", "AeroPress", "Espresso", "Chemex", "French press", "Kalita Wave", "Moka pot"]
    static let coffees = ["Kenya AA", "Ethiopia Guji", "Colombia Huila", "House blend", "Brazil Cerrado", "Rwanda Nyamasheke"]
    static let words = ["bright", "juicy", "floral", "nutty", "chocolate", "bitter", "sour", "sweet", "clean", "muddy",
                        "blackcurrant", "jasmine", "caramel", "stone fruit", "syrupy", "thin", "grind finer", "grind coarser",
                        "too hot", "lovely", "bergamot", "brown sugar"]

    /// Writes the journal to `path` in `format`.
    mutating func write(to path: String, format: Format) throws {
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { throw CocoaError(.fileWriteNoPermission) }
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        var buffer = format == .task ? "[" : ""
        var written = 0
        var day = lastDay.adding(days: -(count * 10 / 25))
        while written < count {
            let brewsToday = Int.random(in: 1...4, using: &rng)
            for slot in 0..<brewsToday where written < count {
                let hour = 6 + slot * 4 + Int.random(in: 0...2, using: &rng)
                let timestamp = Timestamp(
                    date: Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + hour * 3600 + Int.random(in: 0...3599, using: &rng) - 3600)),
                    utcOffsetSeconds: 3600)
                let record = makeRecord(at: timestamp)
                switch format {
                case .brewlog: buffer += BrewLineCodec.encode(record) + "\n"
                case .jrnl: buffer += jrnlEntry(record)
                case .task: buffer += (written > 0 ? ",\n" : "") + taskEntry(record)
                }
                written += 1
                if buffer.utf8.count > 1 << 20 {
                    try handle.write(contentsOf: Data(buffer.utf8))
                    buffer = ""
                }
            }
            day = day.adding(days: Int.random(in: 0...10, using: &rng) < 9 ? 1 : 2)
        }
        if format == .task { buffer += "]\n" }
        try handle.write(contentsOf: Data(buffer.utf8))
    }

    private mutating func makeRecord(at timestamp: Timestamp) -> BrewRecord {
        let noteWords = (0..<Int.random(in: 2...14, using: &rng)).map { _ in JournalGenerator.words.randomElement(using: &rng) ?? "" }
        var record = BrewRecord(id: BrewID.random(using: &rng), timestamp: timestamp, notes: noteWords.joined(separator: ", "))
        if Int.random(in: 0..<10, using: &rng) < 8 { record.rating = Int.random(in: 1...5, using: &rng) }
        record.method = JournalGenerator.methods.randomElement(using: &rng)
        record.coffee = JournalGenerator.coffees.randomElement(using: &rng)
        if record.method == "Espresso" {
            record.doseGrams = [18, 18.5, 19, 20].randomElement(using: &rng)
            record.waterGrams = [36, 38, 40, 45].randomElement(using: &rng)
            record.brewTimeSeconds = Int.random(in: 24...34, using: &rng)
        } else {
            record.doseGrams = [12, 15, 15.5, 18, 20, 30].randomElement(using: &rng)
            record.waterGrams = [200, 250, 300, 500].randomElement(using: &rng)
            record.brewTimeSeconds = Int.random(in: 90...300, using: &rng)
            record.temperatureCelsius = [90, 92, 93, 94, 96].randomElement(using: &rng)
        }
        record.grind = "\(Int.random(in: 8...30, using: &rng)) clicks"
        if Int.random(in: 0..<4, using: &rng) == 0 { record.tags = ["morning"] }
        return record
    }

    /// jrnl's plain-text format: `[YYYY-MM-DD HH:MM] title` then the body, blank line between entries.
    private func jrnlEntry(_ record: BrewRecord) -> String {
        let wall = record.timestamp.wallClock
        let time = (wall.hour < 10 ? "0" : "") + "\(wall.hour):" + (wall.minute < 10 ? "0" : "") + "\(wall.minute)"
        return "[\(wall.day) \(time)] \(record.method ?? "Brew") with \(record.coffee ?? "coffee").\n\(record.notes)\n\n"
    }

    /// One Taskwarrior task (for `task import`), completed at the brew's time.
    private func taskEntry(_ record: BrewRecord) -> String {
        let utc = Timestamp(date: record.timestamp.date, utcOffsetSeconds: 0).wallClock
        let stamp = "\(utc.day)".replacingOccurrences(of: "-", with: "") + "T"
            + [utc.hour, utc.minute, utc.second].map { ($0 < 10 ? "0" : "") + "\($0)" }.joined() + "Z"
        var description = ""
        BrewLineCodec.appendJSONString("\(record.method ?? "Brew") with \(record.coffee ?? "coffee"): \(record.notes)", to: &description)
        let uuid = UUID().uuidString.lowercased()
        return #"{"uuid":"\#(uuid)","status":"pending","description":\#(description),"entry":"\#(stamp)","project":"coffee"}"#
    }
}
