@testable import BrewLogCLI
import Testing
import BrewLogTestSupport

/// The completion scripts as text, and the declarations they are generated from, read in the
/// test process; the scripts are run in their shells by `CompletionTests`.
@Suite("Completion scripts: the text each shell is given")
struct CompletionScriptTextTests {
    @Test("completion scripts name the options and values they complete", arguments: ["bash", "zsh", "fish"])
    func completionNames(shell: String) {
        let script = Sandbox(runner: .inProcess).ok(["completion", shell])
        #expect(script.contains("once-per-day"))
        #expect(script.contains("rating") && script.contains("jsonl") && script.contains("always"))
    }

    @Test("bash: 'completion' and 'help' complete their arguments, not nothing")
    func bashCompletionArgument() {
        let bash = Sandbox(runner: .inProcess).ok(["completion", "bash"])
        #expect(bash.components(separatedBy: "        completion) ").count == 3, "one case for its options, one for its argument")
    }

    @Test("an option takes a value in every command that has it or in none, so the scripts can skip its value without knowing the command")
    func valueOptionsAgree() {
        let all = CompletionScripts.commands.flatMap(CompletionScripts.options) + [GlobalOptions.version]
        for word in CompletionScripts.valueOptionWords {
            let flags = all.filter { ("--" + $0.long == word || $0.short.map { "-" + String($0) } == word) && $0.valueName == nil }
            #expect(flags.isEmpty, "\(word) is a flag in some command and takes a value in another")
        }
    }

    @Test("fixed values are plain words, which no shell reads as syntax")
    func plainFixedWords() {
        let arguments = CompletionScripts.commands.map(\.argumentCompletion)
        let sources = CompletionScripts.commands.flatMap(CompletionScripts.options).map(\.completion) + arguments.flatMap { arguments in
            switch arguments {
            case .each(let source): [source]
            case .actions(let actions, let after): [.fixed(actions)] + after.values.flatMap { $0 }
            }
        }
        for word in sources.flatMap(\.words) {
            #expect(!word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "'\(word)'")
        }
    }

    @Test("fish: an option's value is a file name only where its declaration says so")
    func fishNoFiles() {
        let fish = Sandbox(runner: .inProcess).ok(["completion", "fish"])
        for line in fish.split(separator: "\n") where line.hasPrefix("complete ") && line.contains(" -l ") {
            let words = line.split(separator: " ").map(String.init)
            let long = words.drop { $0 != "-l" }.dropFirst().first ?? ""
            let command = line.contains("__brewlog_at ") ? words.drop { $0 != "'__brewlog_at" }.dropFirst().first?.filter { $0 != "'" } : nil
            let declared = command.flatMap { name in CompletionScripts.commands.first { $0.name == name } }.map(CompletionScripts.options)
                ?? GlobalOptions.all + [GlobalOptions.version]
            guard let option = declared.first(where: { $0.long == long }), option.valueName != nil else { continue }
            #expect(line.contains(option.completion == .files ? " -r -F" : " -x"), "\(line)")
        }
    }
}
