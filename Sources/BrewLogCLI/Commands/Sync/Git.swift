import BrewLogCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `git`, found on `PATH`, run as a child process in one folder (`git -C FOLDER`), its
/// standard output and error captured: `sync` shows git's output only when something failed.
struct Git {
    /// What one run of git left.
    struct Output {
        /// The exit status (128 and more: killed by a signal, as a shell says it).
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]

        var succeeded: Bool { status == 0 }
        /// Standard output as text, its last line break removed.
        var text: String {
            var text = String(decoding: stdout, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        /// Standard output's lines, empty ones left out.
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    /// The git program's path.
    let executable: String
    /// The folder git runs in.
    let folder: String
    /// The environment git (and the merge driver it runs) gets.
    let environment: [String: String]

    /// Git in `folder`, found on `environment`'s `PATH`; `git` not found there is an error (69).
    init(in folder: String, environment: [String: String]) throws(CLIError) {
        guard let executable = Git.find(environment["PATH"] ?? "/usr/bin:/bin") else {
            throw CLIError.unavailable("git is not installed, or not on PATH: sync runs the real git",
                                       hint: "install git (apt install git, brew install git), or put it on PATH")
        }
        self.executable = executable
        self.folder = folder
        var environment = environment
        // The journal's repository is found from its folder: a repository named by the
        // environment (a hook's, a wrapper's) is not the one to commit the journal into.
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_PREFIX", "GIT_NAMESPACE"] {
            environment[name] = nil
        }
        // A merge never opens an editor for its message; the commit message is sync's own.
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        self.environment = environment
    }

    /// The first executable file named `git` in the folders of `path`, as a shell finds it.
    static func find(_ path: String) -> String? {
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/git"
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `git -C FOLDER ARGUMENTS`, waiting for it; a git that cannot be started is an error (69).
    func run(_ arguments: [String]) throws(CLIError) -> Output {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { throw cannotStart(errno) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            throw cannotStart(errno)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGXFSZ, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let words = [executable, "-C", folder] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + variables { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, variables)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard spawned == 0 else { throw cannotStart(spawned) }
        let (stdout, stderr) = Git.drain(outPipe[0], errPipe[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return Output(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stdout: stdout, stderr: stderr)
    }

    /// Runs git and returns its output when it succeeds; else shows what git said on standard
    /// error and fails with `failure` (69).
    func ok(_ arguments: [String], _ failure: @autoclosure () -> String, notices: TextOutput) throws(CLIError) -> Output {
        let output = try run(arguments)
        guard output.succeeded else {
            Git.show(output, on: notices)
            throw CLIError.unavailable(failure() + " (git exited \(output.status))", hint: "git's own words are above")
        }
        return output
    }

    /// Writes what git printed to `notices`, each line escaped for the terminal.
    static func show(_ output: Output, on notices: TextOutput) {
        for bytes in [output.stdout, output.stderr] {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                notices.line(String(line).terminalSafe)
            }
        }
    }

    private func cannotStart(_ code: Int32) -> CLIError {
        .unavailable("cannot run git (\(executable)): \(String(cString: strerror(code)))", hint: "check that git is installed and can run")
    }

    /// Reads both pipes to their ends together, so that neither fills while git writes the other.
    private static func drain(_ out: Int32, _ err: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: out, events: Int16(POLLIN), revents: 0), pollfd(fd: err, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    fds[index].fd = -1
                    open -= 1
                }
            }
        }
        return (collected[0], collected[1])
    }
}
