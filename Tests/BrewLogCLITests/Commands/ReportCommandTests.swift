import Foundation
import Testing
import BrewLogTestSupport

@Suite("report: one self-contained page whose tables hold the numbers stats, dial and bean list print")
struct ReportCommandTests {
    /// Two bags, V60s and espressos of two coffees, a skip day; read on Sunday 29 November 2026 in Berlin.
    static let journal = [
        #"{"id":"bag000000001","kind":"bean","name":"Kenya AA","roaster":"Assembly","roasted":"2026-11-10","weight_g":250,"opened":"2026-11-12"}"#,
        #"{"id":"bag000000002","kind":"bean","name":"Ethiopia Guji","roasted":"2026-11-15","weight_g":250,"opened":"2026-11-20"}"#,
        #"{"id":"v60a00000001","date":"2026-11-25T07:30:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"22","tags":["morning"]}"#,
        #"{"id":"v60a00000002","date":"2026-11-26T07:30:00+01:00","rating":5,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250,"grind":"20"}"#,
        #"{"id":"v60a00000003","date":"2026-11-27T07:30:00+01:00","rating":3,"notes":"","method":"v60","coffee":"Ethiopia Guji","dose_g":15,"water_g":240,"grind":"24"}"#,
        #"{"id":"shot00000001","date":"2026-11-27T15:00:00+01:00","rating":4,"notes":"","method":"Espresso","coffee":"Ethiopia Guji","dose_g":18,"yield_g":36,"grind":"9"}"#,
        #"{"id":"shot00000002","date":"2026-11-28T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Ethiopia Guji","dose_g":18.5,"yield_g":40,"grind":"8"}"#,
        #"{"id":"skip00000001","kind":"skip","day":"2026-11-24"}"#,
    ].joined(separator: "\n") + "\n"

    private func sandbox(_ journal: String = journal) -> Sandbox {
        Sandbox(journal: journal, runner: .inProcess)
    }

    private func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The HTML of the `<section id="ID">`, without the labels a folding table gives each cell.
    private func section(_ id: String, in html: String) -> String {
        guard let start = html.range(of: "<section id=\"\(id)\">") else { return "" }
        let rest = html[start.lowerBound...]
        let text = String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
        return text.replacingOccurrences(of: " data-label=\"[^\"]*\"", with: "", options: .regularExpression)
    }

    /// A row of numeric cells as the tables write them.
    private func cells(_ values: [String]) -> String {
        values.map { "<td class=\"n\">" + $0 + "</td>" }.joined()
    }

    private func oneDecimal(_ value: Any?) -> String {
        guard let number = value as? Double else { return "-" }
        let tenths = Int((number * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    @Test("the totals, methods and coffees equal stats --json")
    func totalsEqualStats() throws {
        let box = sandbox()
        let html = box.ok(["report"])
        let stats = try #require(json(box.ok(["stats", "--json"])) as? [String: Any])
        let totals = section("totals", in: html)
        #expect(totals.contains("<td>Brews</td>" + cells(["\(stats["brews"] as? Int ?? -1)"])))
        #expect(totals.contains("<td>Brew days</td>" + cells(["\(stats["brew_days"] as? Int ?? -1)"])))
        #expect(totals.contains("<td>Average rating</td>" + cells([oneDecimal(stats["average_rating"])])))
        let streak = try #require(stats["streak"] as? [String: Any])
        #expect(totals.contains("<td>Current streak</td>" + cells(["\(streak["current"] as? Int ?? -1) days"])))
        #expect(totals.contains("<td>Longest streak</td>" + cells(["\(streak["longest"] as? Int ?? -1) days"])))
        for group in try #require(stats["methods"] as? [[String: Any]]) + (stats["coffees"] as? [[String: Any]] ?? []) {
            let row = "<td>" + (group["name"] as? String ?? "") + "</td>" + cells(["\(group["brews"] as? Int ?? -1)", oneDecimal(group["average_rating"])])
            #expect(totals.contains(row), "\(row)")
        }
    }

    @Test("each coffee's dial-in table equals dial --json: grind, ratio and rating per brew")
    func dialInEqualsDial() throws {
        let box = sandbox()
        let dialIn = section("dial-in", in: box.ok(["report"]))
        for coffee in ["Kenya AA", "Ethiopia Guji"] {
            let dial = try #require(json(box.ok(["dial", coffee, "--json"])) as? [String: Any])
            for (index, brew) in try #require(dial["brews"] as? [[String: Any]]).enumerated() {
                let ratio = try #require(brew["ratio"] as? Double)
                let tenths = Int((ratio * 10).rounded())
                let days = (brew["days_off_roast"] as? Int).map { "\($0) d" } ?? "-"
                let row = cells(["\(index + 1)"]) + "<td class=\"w\">"
                #expect(dialIn.contains(row), "no row \(index + 1) of \(coffee)")
                let figures = "<td>" + (brew["grind"] as? String ?? "-") + "</td>" + cells(["1&#58;\(tenths / 10).\(tenths % 10)", days, "\(brew["rating"] as? Int ?? -1)"])
                #expect(dialIn.contains(figures), "\(coffee) brew \(index + 1): \(figures)")
            }
        }
    }

    @Test("the bags table equals bean list --json: brews, average rating and grams used")
    func bagsEqualBeanList() throws {
        let box = sandbox()
        let freshness = section("freshness", in: box.ok(["report"]))
        for bag in try #require(json(box.ok(["bean", "list", "--json"])) as? [[String: Any]]) {
            let grams = try #require(bag["grams_used"] as? Double)
            let used = grams == grams.rounded() ? "\(Int(grams)) g" : oneDecimal(grams) + " g"
            let row = "<td>" + (bag["name"] as? String ?? "") + "</td><td>" + (bag["roaster"] as? String ?? "-") + "</td>"
                + cells(["\(bag["brews"] as? Int ?? -1)", oneDecimal(bag["average_rating"]), used])
            #expect(freshness.contains(row), "\(row)")
        }
    }

    @Test("the runs table equals streak --history --json without filters")
    func runsEqualStreakHistory() throws {
        let box = sandbox()
        let runs = section("runs", in: box.ok(["report"]))
        for run in try #require(json(box.ok(["streak", "--history", "--json"])) as? [[String: Any]]) {
            let row = "<td>\(run["first_day"] as? String ?? "")</td><td>\(run["last_day"] as? String ?? "")</td>" + cells(["\(run["days"] as? Int ?? -1)"])
            #expect(runs.contains(row), "\(row)")
        }
    }

    @Test("a filter changes every chart", arguments: ["calendar", "runs", "weekly", "freshness", "ratios", "dial-in", "totals"])
    func filtersChangeEveryChart(section id: String) {
        let box = sandbox()
        let all = section(id, in: box.ok(["report"]))
        let espresso = section(id, in: box.ok(["report", "-m", "espresso"]))
        #expect(!all.isEmpty && !espresso.isEmpty)
        #expect(all != espresso)
    }

    /// Journal text that would be markup, a script or an address if it were not escaped.
    static let hostile = [
        #"{"id":"bagevil00001","kind":"bean","name":"&amp;<i>Bag</i> javascript:x","roaster":"\"><svg onload=alert(1)>","roasted":"2026-11-10","opened":"2026-11-12"}"#,
        #"{"id":"evil00000001","date":"2026-11-27T07:30:00+01:00","rating":4,"notes":"<script>alert(1)</script> https://example.com &lt;","method":"javascript:alert(1)","coffee":"&amp;<i>Bag</i> javascript:x","dose_g":15,"water_g":250,"grind":"\"><svg onload=alert(1)>","tags":["<b>&amp;"]}"#,
        #"{"id":"evil00000002","date":"2026-11-28T07:30:00+01:00","rating":5,"notes":"'onmouseover='x","method":"\"><svg onload=alert(1)>","coffee":"<script>","dose_g":15,"yield_g":30}"#,
    ].joined(separator: "\n") + "\n"

    /// Every element and attribute the report writes; anything else came from the data.
    static let elements: Set<String> = ["html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "p", "section", "div",
                                        "figure", "figcaption", "table", "caption", "thead", "tbody", "tr", "th", "td", "ul", "li", "svg", "h3", "details", "summary",
                                        "rect", "circle", "path", "line", "polyline", "text"]
    static let attributes: Set<String> = ["lang", "charset", "name", "content", "id", "class", "viewbox", "width", "height", "role",
                                          "aria-label", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "d", "points", "text-anchor", "data-label"]

    @Test("notes, coffees, methods, bags, grinds and tags holding markup, scripts, URLs and entities appear as text only")
    func journalTextIsEscaped() throws {
        let html = sandbox(Self.hostile).ok(["report"])
        let tag = try NSRegularExpression(pattern: "<(/?)([A-Za-z][A-Za-z0-9-]*)((?:\\s+[^\\s=>]+(?:=\"[^\"]*\")?)*)\\s*/?>")
        let attribute = try NSRegularExpression(pattern: "([^\\s=]+)=\"[^\"]*\"")
        let whole = NSRange(html.startIndex..., in: html)
        for match in tag.matches(in: html, range: whole) {
            let name = (html as NSString).substring(with: match.range(at: 2)).lowercased()
            #expect(Self.elements.contains(name), "an element <\(name)> came from the data")
            let attributes = (html as NSString).substring(with: match.range(at: 3))
            for found in attribute.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)) {
                let key = (attributes as NSString).substring(with: found.range(at: 1)).lowercased()
                #expect(Self.attributes.contains(key), "an attribute \(key) came from the data")
            }
        }
        // No text outside tags (the style sheet aside) may hold a tag's bracket.
        let body = html.components(separatedBy: "</style>").last ?? ""
        let text = tag.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "")
        #expect(!text.contains("<") && !text.contains(">"))
        for forbidden in ["<script", "javascript:", "http:", "https:", "onload=\"", "onmouseover='"] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&amp;amp;&lt;i&gt;Bag&lt;/i&gt; javascript&#58;x"))
        #expect(html.contains("&lt;b&gt;&amp;amp;"))
        #expect(html.contains("&quot;&gt;&lt;svg onload=alert(1)&gt;"))
    }

    @Test("an empty journal gives a page that says there are no brews yet")
    func emptyJournal() {
        let html = sandbox("").ok(["report"])
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("0 brews."))
        #expect(html.contains("No brews yet"))
        #expect(!html.contains("<svg class=\"chart\""))
    }

    @Test("a one-brew journal draws every chart with its one brew")
    func oneBrew() {
        let html = sandbox(#"{"id":"one000000001","date":"2026-11-28T07:30:00+01:00","rating":4,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250}"# + "\n").ok(["report"])
        #expect(html.contains("1 brew from 2026-11-28 to 2026-11-28."))
        for id in ["calendar", "runs", "weekly", "ratios", "dial-in"] {
            #expect(section(id, in: html).contains("<svg class=\"chart\""), "\(id)")
        }
        #expect(html.contains("<title>2026-11-28 Sat&#58; 1 brew</title>"))
        #expect(html.contains("<title>Week of 2026-11-23&#58; 1 brew</title>"))
        #expect(html.contains("<title>2026-11-28 to 2026-11-28&#58; 1 brew day</title>"))
    }

    @Test("-o writes the page to a file and refuses the journal and the config file")
    func writesFile() {
        let box = sandbox()
        let path = box.home + "/report.html"
        let result = box.run(["report", "-o", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } == box.ok(["report"]))
        let refused = box.run(["report", "-o", box.journalPath])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("never replaces the journal"))
        #expect(box.journal == Self.journal)
    }

    @Test("a bad -o path is a usage error (64) that says what is wrong with it; nothing is written, no folder made", arguments: [
        ("x.lock", "' ends in '.lock', a name BrewLog keeps for its own lock files"),
        ("x.rejected", "' ends in '.rejected', a name BrewLog keeps for its own rejected files"),
        ("folder", "' names a folder, not a file"),
        ("x.html/", "' names a folder, not a file"),
        ("missing/x.html", "' is in a folder that does not exist ('"),
        ("missing/x.lock", "' ends in '.lock', a name BrewLog keeps for its own lock files"),
        ("folder/../x.html", "' holds '..'"),
    ])
    func badOutput(path: String, message: String) throws {
        let box = sandbox()
        try FileManager.default.createDirectory(atPath: box.home + "/folder", withIntermediateDirectories: false)
        let before = try FileManager.default.contentsOfDirectory(atPath: box.home).sorted()
        let result = box.run(["report", "-o", box.home + "/" + path])
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("brewlog: error: '--output ") == true && lines.first?.contains(message) == true, "\(result.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("hint: ") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.home).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.home + "/folder").isEmpty)
        #expect(box.journal == Self.journal)
    }

    @Test("stats --trend draws 26 weeks of brews and ratings as sparklines, and --json gives the same weeks")
    func trend() throws {
        let box = sandbox()
        let lines = box.ok(["stats", "--trend"]).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Brews   " + String(repeating: "·", count: 25) + "█  0 to 5 a week, 5 in all")
        #expect(lines[1] == "Rating  " + String(repeating: "·", count: 25) + "▇  1 to 5; 4.2 to 4.2 a week")
        #expect(lines[2].hasPrefix("        2026-06-01") && lines[2].hasSuffix("2026-11-23  (weeks starting)"))
        let weeks = try #require((json(box.ok(["stats", "--trend", "--json"])) as? [String: Any])?["weeks"] as? [[String: Any]])
        #expect(weeks.count == 26)
        #expect(weeks.last?["brews"] as? Int == 5 && weeks.last?["grams"] as? Double == 82.5 && weeks.last?["average_rating"] as? Double == 4.2)
        #expect(box.ok(["stats", "--trend", "-m", "espresso"]).hasPrefix("Brews   " + String(repeating: "·", count: 25) + "█  0 to 2 a week, 2 in all"))
    }
}
