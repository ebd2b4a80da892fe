import Foundation
import Testing
@testable import BrewLogCore
import BrewLogTestSupport

/// A diary holds more than brews: which entries become brews, which tag is the method, and an id
/// that survives a corrected title.
@Suite("jrnl: only the entries that are brews, a method tag as the method, ids from date and time")
struct JrnlSelectionTests {
    private func records(_ text: String, _ selection: JrnlExport.Selection) throws -> [BrewRecord] {
        try JrnlExport.decode(Array(text.utf8), timeZone: zone("Europe/Berlin"), selection: selection).get().records
    }

    /// A diary of a brew, a walk and a second brew in the brew's minute.
    private static let diary = #"""
        {"tags":{"@v60":2,"@walk":1},"entries":[
        {"title":"Kenya, brigth","body":"15 g","date":"2026-11-18","time":"07:30","tags":["@V60","@kenya"],"starred":false},
        {"title":"Went for a walk","body":"","date":"2026-11-18","time":"17:30","tags":["@walk"],"starred":false},
        {"title":"A second cup","body":"","date":"2026-11-18","time":"07:30","tags":["@coffee"],"starred":true}]}
        """#

    @Test("without --tag, the entries with a tag that names a method are brews; that tag becomes the method, the others stay tags")
    func methodTags() throws {
        let brews = try records(Self.diary, JrnlExport.Selection(tags: [], methods: ["v60": "V60"]))
        #expect(brews.map(\.notes) == ["Kenya, brigth\n15 g"])
        #expect(brews[0].method == "V60")
        #expect(brews[0].tags == ["kenya"])
    }

    @Test("with tags, the entries with any of them are brews, compared ignoring case; the walk is left out and counted")
    func chosenTags() throws {
        let selection = JrnlExport.Selection(tags: ["coffee", "V60"], methods: [:])
        var decoder = JrnlExport.Decoder(timeZone: zone("Europe/Berlin"), selection: selection)
        Array(Self.diary.utf8).withUnsafeBufferPointer { decoder.feed($0) }
        decoder.endOfFile()
        let brews = try decoder.finish().get().records
        #expect(brews.map(\.notes) == ["Kenya, brigth\n15 g", "A second cup"])
        #expect(brews.map(\.method) == [nil, nil])
        #expect(brews[0].tags == ["V60", "kenya"])
        #expect(decoder.skippedEntries == 1)
    }

    @Test("a corrected title is the same brew: the id comes from the date and time")
    func retitled() throws {
        let selection = JrnlExport.Selection(tags: ["v60", "coffee"], methods: ["v60": "V60"])
        let before = try records(Self.diary, selection)
        let after = try records(Self.diary.replacingOccurrences(of: "brigth", with: "bright"), selection)
        #expect(before.map(\.id) == after.map(\.id))
        #expect(after[0].notes.hasPrefix("Kenya, bright"))
    }

    @Test("a second brew of the same minute adds its title to its id, so the two stay apart")
    func sameMinute() throws {
        let brews = try records(Self.diary, JrnlExport.Selection(tags: ["v60", "coffee"], methods: [:]))
        #expect(brews.count == 2 && brews[0].id != brews[1].id)
        #expect(brews[0].id == ForeignID.make(.jrnl, "brew", "2026-11-18 07:30", occurrence: 0))
        #expect(brews[1].id == ForeignID.make(.jrnl, "brew", "2026-11-18 07:30 A second cup", occurrence: 0))
    }

    @Test("every entry, as the export is, when asked for all of them")
    func everyEntry() throws {
        #expect(try records(Self.diary, .everyEntry).count == 3)
    }
}
