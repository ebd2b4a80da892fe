import Foundation
import Testing
import BrewLogTestSupport

/// The report rendered by a real browser. Chromium runs headless with the page as a file: its
/// console messages go to standard error (`--enable-logging=stderr --v=0`, lines holding
/// `CONSOLE`), the DOM after loading to standard output (`--dump-dom`), and a screenshot to a
/// PNG. No script runs in the page, so a chart's size is checked from the DOM (each `<svg>` keeps
/// a positive width and height), and the screenshot from its size: a PNG of one colour compresses
/// to almost nothing, so the report's must be many times the size of a blank page's screenshot
/// taken the same way.
@Suite("report rendered in headless Chromium: no console error, every chart in the DOM with a size, a screenshot not blank",
       .enabled(if: ExternalTool.chromium.isInstalled, "Chromium is not installed (.ci/run installs Debian's chromium): the render tests are skipped"))
struct ReportRenderTests {
    static let journal = ReportFixture.journal

    @discardableResult
    private func render(_ arguments: [String], sandbox: Sandbox, extra: [String] = []) -> RunResult {
        runProcess(ExternalTool.chromium.executable,
                   ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                    "--user-data-dir=" + sandbox.home + "/chromium"] + extra + arguments,
                   environment: ["HOME": sandbox.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], directory: sandbox.home)
    }

    private func report(_ sandbox: Sandbox, _ filters: [String] = []) -> String {
        let path = sandbox.home + "/report.html"
        sandbox.ok(["report", "-o", path] + filters)
        return "file://" + path
    }

    @Test("the page loads without a console message and every chart is in the DOM with a width and a height",
          arguments: [[], ["-m", "espresso"], ["--since", "2026-11-27"]])
    func domHoldsEveryChart(filters: [String]) throws {
        let sandbox = Sandbox(journal: Self.journal)
        let page = report(sandbox, filters)
        let result = render(["--dump-dom", page], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let console = result.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") }
        #expect(console.isEmpty, "console messages: \(console)")
        let charts = result.stdout.components(separatedBy: "<svg class=\"chart\"").dropFirst()
        #expect(charts.count >= 8, "\(charts.count) charts")
        for chart in charts {
            let head = String(chart.prefix { $0 != ">" })
            let size = try NSRegularExpression(pattern: "width=\"([0-9.]+)\" height=\"([0-9.]+)\"")
            let match = try #require(size.firstMatch(in: head, range: NSRange(head.startIndex..., in: head)), "\(head)")
            let width = Double((head as NSString).substring(with: match.range(at: 1))) ?? 0
            let height = Double((head as NSString).substring(with: match.range(at: 2))) ?? 0
            #expect(width > 0 && height > 0, "\(head)")
            #expect(chart.contains("<title>"), "a chart without a mark: \(head)")
        }
        for section in ["totals", "calendar", "runs", "weekly", "freshness", "ratios", "dial-in"] {
            #expect(result.stdout.contains("<section id=\"\(section)\">"), "\(section)")
        }
        #expect(!result.stdout.contains("<script"))
    }

    @Test("the screenshot at 1200 px, light and dark, is not blank", arguments: [false, true])
    func screenshotIsNotBlank(dark: Bool) throws {
        let sandbox = Sandbox(journal: Self.journal)
        let page = report(sandbox)
        let png = sandbox.home + "/shot.png"
        let result = render(["--window-size=1200,1600", "--screenshot=" + png, page], sandbox: sandbox, extra: dark ? ["--force-dark-mode"] : [])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: png)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.count > 24)
        #expect(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } == 1200, "the screenshot is not 1200 px wide")
        let blankPage = sandbox.home + "/blank.html", blankPNG = sandbox.home + "/blank.png"
        _ = FileManager.default.createFile(atPath: blankPage, contents: Data("<!DOCTYPE html><title>blank</title>".utf8))
        render(["--window-size=1200,1600", "--screenshot=" + blankPNG, "file://" + blankPage], sandbox: sandbox, extra: dark ? ["--force-dark-mode"] : [])
        let blank = try #require(FileManager.default.contents(atPath: blankPNG)).count
        #expect(bytes.count > 10 * blank, "the screenshot (\(bytes.count) bytes) is hardly larger than a blank page's (\(blank) bytes)")
    }

    @Test("printed to PDF, the page has several pages")
    func printsToPDF() throws {
        let sandbox = Sandbox(journal: Self.journal)
        let pdf = sandbox.home + "/report.pdf"
        let result = render(["--no-pdf-header-footer", "--print-to-pdf=" + pdf, report(sandbox)], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: try #require(FileManager.default.contents(atPath: pdf)), as: UTF8.self)
        #expect(text.hasPrefix("%PDF"))
        #expect(text.components(separatedBy: "/Type /Page\n").count + text.components(separatedBy: "/Type /Page ").count > 3)
    }

    /// A script the tests add to a copy of the page (the report itself holds none): it opens
    /// every `<details>`, then writes into the title of the page that frames it the viewport's
    /// width, the page's scroll width and each element that reaches past the viewport's left or
    /// right edge. (Headless Chromium's window is at least 500 px wide, so a narrower viewport is
    /// a frame of that width.)
    private static let measure = """
        <script>
        document.querySelectorAll('details').forEach(d => d.open = true);
        const width = document.documentElement.clientWidth, wide = [];
        for (const e of document.body.querySelectorAll('*')) {
          const r = e.getBoundingClientRect();
          if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
            wide.push(e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '') + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
        }
        parent.document.title = 'measured ' + JSON.stringify({width: width, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 8), count: wide.length});
        </script>
        """

    @Test("at 390 and 1280 px, with every table open, no element of a report of years reaches past the viewport",
          arguments: [390, 1280])
    func nothingWiderThanTheViewport(width: Int) throws {
        let sandbox = Sandbox(journal: HistoryJournal.years())
        let page = report(sandbox)
        let path = String(page.dropFirst("file://".count)), measured = sandbox.home + "/measured.html"
        let html = try #require(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
        let framed = html.replacingOccurrences(of: "</body>", with: Self.measure + "</body>")
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let frame = "<!DOCTYPE html><title>frame</title><body style=\"margin:0\"><iframe style=\"border:0;width:\(width)px;height:1800px\" srcdoc=\"" + framed + "\"></iframe>"
        _ = FileManager.default.createFile(atPath: measured, contents: Data(frame.utf8))
        let result = render(["--window-size=1400,2000", "--dump-dom", "file://" + measured], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let title = try #require(result.stdout.components(separatedBy: "<title>measured ").dropFirst().first?.components(separatedBy: "</title>").first)
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(title.replacingOccurrences(of: "&amp;", with: "&").utf8)) as? [String: Any])
        #expect(figures["width"] as? Int == width, "\(title)")
        #expect(figures["scroll"] as? Int == width, "the page scrolls sideways: \(title)")
        #expect(figures["count"] as? Int == 0, "elements past the viewport: \(title)")
    }

    @Test("in the rendered DOM, each section's heading and each coffee's comes before its charts, each caption before its chart")
    func headingsBeforeChartsInTheDOM() throws {
        let sandbox = Sandbox(journal: HistoryJournal.years())
        let result = render(["--dump-dom", report(sandbox)], sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let sections = result.stdout.components(separatedBy: "<section id=\"").dropFirst()
        #expect(sections.count == 7)
        for section in sections where section.contains("<svg class=\"chart\"") {
            let heading = try #require(section.range(of: "<h2>")), chart = try #require(section.range(of: "<svg class=\"chart\""))
            #expect(heading.lowerBound < chart.lowerBound, "\(section.prefix(40))")
            for group in section.components(separatedBy: "<div class=\"pair").dropFirst() where group.contains("<h3>") {
                let coffee = try #require(group.range(of: "<h3>")), first = try #require(group.range(of: "<svg class=\"chart\""))
                #expect(coffee.lowerBound < first.lowerBound)
            }
            for figure in section.components(separatedBy: "<figure").dropFirst() where figure.contains("<svg class=\"chart\"") {
                let caption = try #require(figure.range(of: "<figcaption>")), svg = try #require(figure.range(of: "<svg class=\"chart\""))
                #expect(caption.lowerBound < svg.lowerBound)
            }
        }
    }
}
