import Foundation

/// Runs the user's editor on a text: `$VISUAL`, else `$EDITOR`, else `vi`, through `/bin/sh`
/// so values with arguments (`code --wait`) work as they do for git.
struct Editor {
    let environment: [String: String]

    /// The edited text (without a final newline), or `nil` when it came back empty or unchanged.
    func edit(_ text: String) throws(CLIError) -> String? {
        let command = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let folder = FileManager.default.temporaryDirectory.path
        let path = folder + "/brewlog-notes-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        guard FileManager.default.createFile(atPath: path, contents: Data((text + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CLIError.io("cannot create a temporary file for the editor in \(folder)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            throw CLIError.editorFailed("cannot start the editor '\(command)': \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError.editorFailed("the editor '\(command)' exited with status \(process.terminationStatus); nothing written")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.editorFailed("the editor '\(command)' left no file behind; nothing written")
        }
        var edited = String(decoding: data, as: UTF8.self)
        while edited.hasSuffix("\n") { edited.removeLast() }
        return edited.trimmingWhitespaceForCLI().isEmpty || edited == text ? nil : edited
    }
}
