import Testing
import BrewLogTestSupport

@Suite("bean edit and bean finish say what they did, and refuse contradictions")
struct BeanEditTests {
    private func sandbox() -> (Sandbox, String) {
        let sandbox = Sandbox(runner: .inProcess)
        let id = sandbox.ok(["bean", "add", "Kenya", "--opened", "2026-11-01", "--weight", "250", "-q"]).trimmingCharacters(in: .newlines)
        return (sandbox, id)
    }

    @Test("setting and unsetting one field at once is refused; nothing is written")
    func contradiction() {
        let (sandbox, _) = sandbox()
        let before = sandbox.journal
        let result = sandbox.run(["bean", "edit", "Kenya", "--weight", "12", "--unset", "weight"])
        #expect(result.status == 64 && result.stderr.contains("contradict"))
        #expect(sandbox.journal == before)
    }

    @Test("an edit that changes nothing says so and writes nothing")
    func noChange() {
        let (sandbox, id) = sandbox()
        let before = sandbox.journal
        #expect(sandbox.ok(["bean", "edit", "Kenya"]) == "No changes to bag \(id) (Kenya).\n")
        #expect(sandbox.journal == before)
    }

    @Test("finishing a finished bag keeps its day unless another is typed, and says which")
    func finishTwice() {
        let (sandbox, id) = sandbox()
        sandbox.ok(["bean", "finish", "Kenya", "2026-11-10"])
        #expect(sandbox.ok(["bean", "finish", id]) == "Bag \(id) (Kenya) was finished on 2026-11-10 already; nothing changed.\n")
        #expect(sandbox.journal?.contains(#""finished":"2026-11-10""#) == true)
        #expect(sandbox.ok(["bean", "finish", id, "2026-11-12"]) == "Finished bag \(id) (Kenya) on 2026-11-12 (it was finished on 2026-11-10).\n")
    }

    @Test("-q prints the bags' ids: after finish, and for list")
    func quiet() {
        let (sandbox, id) = sandbox()
        #expect(sandbox.ok(["bean", "list", "-q"]) == id + "\n")
        #expect(sandbox.ok(["bean", "finish", "Kenya", "-q"]) == id + "\n")
    }

    @Test("a bag is found by a prefix unique among bags, whatever other kinds share it, and by its whole id before any name")
    func lookup() {
        let journal = [
            #"{"id":"abcd00000001","kind":"bean","name":"K"}"#,
            #"{"id":"abcd00000002","date":"2026-11-20T08:00:00+01:00","notes":""}"#,
            #"{"id":"abcd00000003","kind":"skip","day":"2026-11-21"}"#,
            #"{"id":"ffff00000009","kind":"bean","name":"abcd00000001"}"#,
        ].joined(separator: "\n") + "\n"
        let sandbox = Sandbox(journal: journal, runner: .inProcess)
        #expect(sandbox.ok(["bean", "show", "abcd", "--json"]).contains(#""id":"abcd00000001""#))
        #expect(sandbox.ok(["bean", "show", "abcd00000001", "--json"]).contains(#""name":"K""#))
        #expect(sandbox.ok(["bean", "show", "ffff", "--json"]).contains(#""id":"ffff00000009""#))
    }

    @Test("grams used add up in decimal: 0.1 g and 0.2 g empty a 0.3 g bag without overdrawing it")
    func decimalGrams() {
        let sandbox = Sandbox(runner: .inProcess)
        _ = sandbox.ok(["bean", "add", "F", "--weight", "0.3", "--opened", "2026-11-01", "-q"])
        _ = sandbox.add(["-c", "F", "--dose", "0.1", "-d", "-1d"])
        _ = sandbox.add(["-c", "F", "--dose", "0.2", "-d", "-1d"])
        let list = sandbox.ok(["bean", "list"])
        #expect(list.contains("0.3 g  0 g low ") && !list.contains("0 g!"), "\(list)")
    }
}
