import Testing
import BrewLogTestSupport

/// `list --limit N` keeps N brews while passing over them all, and `last~N` reads the brews newest
/// first without sorting them all: what they print must be exactly the last N of the full order
/// (stable: brews equal on every key in date order, brews at one moment in journal order), which
/// these tests work out on their own from the journal they write.
@Suite("list --limit and last~N pick the same brews as sorting every one would, ties included")
struct ListLimitTests {
    /// One brew of the journal: its line's place, its moment (many brews share one) and fields.
    struct Written {
        let line: Int
        let day: Int
        let hour: Int
        let rating: Int?
        let method: String
        let coffee: String?

        var id: String {
            let hex = String(line, radix: 16)
            return "limit" + String(repeating: "0", count: 7 - hex.count) + hex
        }

        var text: String {
            var fields = [#""id":"\#(id)""#, #""date":"2026-11-\#(day)T\#(hour):00:00+01:00""#]
            if let rating { fields.append(#""rating":\#(rating)"#) }
            fields += [#""notes":"""#, #""method":"\#(method)""#]
            if let coffee { fields.append(#""coffee":"\#(coffee)""#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// 240 brews over six days at two hours a day (so about twenty share each moment), a sixth
    /// unrated, `V60` spelled in two cases; in date order (ties in the generator's order), or
    /// their lines shuffled.
    static func journal(inDateOrder: Bool, seed: UInt64) -> [Written] {
        var rng = SeededRandomGenerator(seed: seed)
        let methods = ["V60", "v60", "AeroPress", "Chemex"], coffees: [String?] = ["Kenya AA", "Brazil", nil]
        var moments = (0..<240).map { _ in (day: Int.random(in: 20...25, using: &rng), hour: Int.random(in: 10...11, using: &rng)) }
        if inDateOrder { moments.sort { ($0.day, $0.hour) < ($1.day, $1.hour) } }
        return moments.enumerated().map { line, moment in
            let rating = Int.random(in: 0...5, using: &rng)
            return Written(line: line, day: moment.day, hour: moment.hour, rating: rating == 0 ? nil : rating,
                           method: methods[Int.random(in: 0..<methods.count, using: &rng)],
                           coffee: coffees[Int.random(in: 0..<coffees.count, using: &rng)])
        }
    }

    /// The brews in date order: by moment, brews at one moment in journal order.
    static func byDate(_ brews: [Written]) -> [Written] {
        brews.sorted { ($0.day, $0.hour, $0.line) < ($1.day, $1.hour, $1.line) }
    }

    /// A way to list and the order it means, worked out here: the filter, then a stable sort of
    /// the brews in date order (a brew without a rating before every rated one, either way).
    struct Listing: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let admits: @Sendable (Written) -> Bool
        let precedes: (@Sendable (Written, Written) -> Bool)?

        var testDescription: String { arguments.joined(separator: " ") }

        func expected(_ brews: [Written]) -> [Written] {
            let admitted = ListLimitTests.byDate(brews).filter(admits)
            guard let precedes else { return admitted }
            // A stable sort: the admitted brews' places in date order break ties.
            return admitted.enumerated().sorted { a, b in
                precedes(a.element, b.element) || (!precedes(b.element, a.element) && a.offset < b.offset)
            }.map(\.element)
        }
    }

    static let rating: @Sendable (Written, Written) -> Bool = { ($0.rating ?? 0) < ($1.rating ?? 0) }

    static let listings: [Listing] = [
        Listing(arguments: [], admits: { _ in true }, precedes: nil),
        Listing(arguments: ["--since", "2026-11-22"], admits: { $0.day >= 22 }, precedes: nil),
        Listing(arguments: ["-m", "v60"], admits: { $0.method.lowercased() == "v60" }, precedes: nil),
        Listing(arguments: ["--min-rating", "4", "--until", "2026-11-24"], admits: { ($0.rating ?? 0) >= 4 && $0.day <= 24 }, precedes: nil),
        Listing(arguments: ["--sort", "rating"], admits: { _ in true }, precedes: rating),
        Listing(arguments: ["--sort", "-rating"], admits: { _ in true }, precedes: { a, b in
            // Descending, but a brew without a rating still comes first.
            a.rating == nil ? b.rating != nil : (b.rating != nil && a.rating ?? 0 > b.rating ?? 0)
        }),
        Listing(arguments: ["--sort", "method,-date"], admits: { _ in true }, precedes: { a, b in
            a.method.lowercased() != b.method.lowercased() ? a.method.lowercased() < b.method.lowercased() : (a.day, a.hour) > (b.day, b.hour)
        }),
        Listing(arguments: ["--sort", "coffee,rating", "-m", "V60"], admits: { $0.method.lowercased() == "v60" }, precedes: { a, b in
            let x = a.coffee?.lowercased() ?? "", y = b.coffee?.lowercased() ?? ""
            return x != y ? x < y : (a.rating ?? 0) < (b.rating ?? 0)
        }),
        Listing(arguments: ["--sort", "-date"], admits: { _ in true }, precedes: { ($0.day, $0.hour) > ($1.day, $1.hour) }),
    ]

    @Test("--limit keeps the last n of the order and --reverse prints them last first, whatever the filter, the sort and the journal's order",
          arguments: listings, [true, false])
    func limits(listing: Listing, inDateOrder: Bool) {
        let brews = Self.journal(inDateOrder: inDateOrder, seed: inDateOrder ? 7 : 8)
        let sandbox = Sandbox(journal: brews.map(\.text).joined(separator: "\n") + "\n", runner: .inProcess)
        let expected = listing.expected(brews).map(\.id)
        let list = { (extra: [String]) in sandbox.ok(["list", "-q"] + listing.arguments + extra).split(separator: "\n").map(String.init) }
        #expect(list([]) == expected)
        #expect(list(["--reverse"]) == expected.reversed())
        for limit in [0, 1, 2, 17, expected.count - 1, expected.count, 1000] where limit >= 0 {
            #expect(list(["--limit", String(limit)]) == Array(expected.suffix(limit)), "--limit \(limit)")
            #expect(list(["--limit", String(limit), "--reverse"]) == expected.suffix(limit).reversed(), "--limit \(limit) --reverse")
        }
    }

    @Test("the table and --json of a limited list hold the same brews as its ids", arguments: [true, false])
    func outputs(inDateOrder: Bool) {
        let brews = Self.journal(inDateOrder: inDateOrder, seed: 9)
        let sandbox = Sandbox(journal: brews.map(\.text).joined(separator: "\n") + "\n", runner: .inProcess)
        let expected = Array(Self.listings[4].expected(brews).suffix(5))
        let json = sandbox.ok(["list", "--sort", "rating", "--limit", "5", "--reverse", "--json"])
        #expect(json == "[" + expected.reversed().map(\.text).joined(separator: ",\n") + "]\n")
        let table = sandbox.ok(["list", "--sort", "rating", "--limit", "5", "--columns", "id"])
        #expect(table == "ID\n" + expected.map { $0.id + "\n" }.joined())
    }

    @Test("last, last~N, last:METHOD~N and last:COFFEE~N name the brews newest first, the later line first at one moment", arguments: [true, false])
    func references(inDateOrder: Bool) {
        let brews = Self.journal(inDateOrder: inDateOrder, seed: 10)
        let sandbox = Sandbox(journal: brews.map(\.text).joined(separator: "\n") + "\n", runner: .inProcess)
        let newestFirst = Self.byDate(brews).reversed().map { $0 }
        let shown = { (reference: String) in
            String(sandbox.ok(["show", reference, "--json"]).dropFirst(#"{"id":""#.count).prefix(12))
        }
        for back in [0, 1, 5, 30, brews.count - 1] {
            #expect(shown(back == 0 ? "last" : "last~\(back)") == newestFirst[back].id, "last~\(back)")
        }
        let v60 = newestFirst.filter { $0.method.lowercased() == "v60" }
        let brazil = newestFirst.filter { $0.coffee == "Brazil" }
        for back in [0, 3, v60.count - 1] {
            #expect(shown("last:V60~\(back)") == v60[back].id, "last:V60~\(back)")
        }
        for back in [0, 4, brazil.count - 1] {
            #expect(shown("last:brazil~\(back)") == brazil[back].id, "last:brazil~\(back)")
        }
        let tooFar = sandbox.run(["show", "last:V60~\(v60.count)"])
        #expect(tooFar.status != 0 && tooFar.stderr.contains("further than the \(v60.count) brews of 'V60'"), "\(tooFar)")
        let none = sandbox.run(["show", "last~\(brews.count)"])
        #expect(none.status != 0 && none.stderr.contains("further than the \(brews.count) brews in the journal"), "\(none)")
    }
}
