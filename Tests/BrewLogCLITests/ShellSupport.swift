import Foundation

extension Sandbox {
    /// Runs `script` with `/bin/bash -c` in the sandbox's environment, with `$B` the brewlog
    /// binary: for what `Process` cannot set up (raw bytes in arguments, closed or odd standard
    /// streams, resource limits). `arguments` are the script's `"$@"`.
    func shell(_ script: String, arguments: [String] = [], env changes: [String: String?] = [:]) -> RunResult {
        var environment = self.environment
        for (key, value) in changes { environment[key] = value }
        environment["B"] = brewlogBinary
        return runProcess("/bin/bash", ["-c", script, "bash"] + arguments, environment: environment, directory: home)
    }
}

/// A journal line with the given id and extra fields (JSON text after the date).
func journalLine(id: String, _ fields: String = #""notes":"""#) -> String {
    #"{"id":"\#(id)","date":"2026-11-28T08:00:00+01:00",\#(fields)}"# + "\n"
}
