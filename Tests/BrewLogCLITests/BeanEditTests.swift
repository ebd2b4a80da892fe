import Testing

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
}
