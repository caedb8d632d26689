import BodiiStore
import Foundation
import Synchronization

/// Where a command writes and what it reads from its surroundings: the process's stdout, stderr,
/// environment and locale — or, for a command run inside another process (`BodiiMain.runInProcess`,
/// how the tests run thousands of commands without starting a process each), that run's own.
/// Every write of the CLI goes through here: the module's `print` below and `StandardError.write`.
final class InProcessRun: Sendable {
    /// The run of the current task, nil in a process that is `bodii` itself.
    @TaskLocal static var current: InProcessRun?

    let environment: [String: String]
    let localeIsUTF8: Bool
    /// The config file as this run's environment finds it.
    let config: ConfigFile
    private let written = Mutex((stdout: Data(), stderr: Data()))

    init(environment: [String: String], localeIsUTF8: Bool) {
        self.environment = environment
        self.localeIsUTF8 = localeIsUTF8
        config = ConfigFile.load(environment: environment)
    }

    var stdout: Data { written.withLock { $0.stdout } }
    var stderr: Data { written.withLock { $0.stderr } }

    fileprivate func write(stdout data: Data) { written.withLock { $0.stdout.append(data) } }
    fileprivate func write(stderr data: Data) { written.withLock { $0.stderr.append(data) } }
}

/// The CLI's standard output and error.
enum CommandOutput {
    /// Bytes on stdout, unbuffered (an export streams megabytes).
    static func standardOutput(_ data: Data) throws {
        if let run = InProcessRun.current { run.write(stdout: data) } else { try FileHandle.standardOutput.write(contentsOf: data) }
    }

    static func standardError(_ data: Data) {
        if let run = InProcessRun.current { run.write(stderr: data) } else { FileHandle.standardError.write(data) }
    }

    /// Whether stderr is a terminal (an in-process run's never is).
    static var standardErrorIsTerminal: Bool { InProcessRun.current == nil && isatty(2) == 1 }
}

/// `Swift.print` for this module, so that every line a command prints reaches the run's stdout:
/// the process's (through the C library's buffer, as before), or an in-process run's capture.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { String(describing: $0) }.joined(separator: separator) + terminator
    if let run = InProcessRun.current { run.write(stdout: Data(text.utf8)) } else { Swift.print(text, terminator: "") }
}

extension BodiiMain {
    /// Runs one command in this process as `main` would, without exiting: `environment` stands for
    /// the process's, and what it writes is returned instead.
    static func runInProcess(
        _ arguments: [String], environment: [String: String], localeIsUTF8: Bool
    ) -> (status: Int32, stdout: Data, stderr: Data) {
        let run = InProcessRun(environment: environment, localeIsUTF8: localeIsUTF8)
        let status = InProcessRun.$current.withValue(run) { Self.run(GlobalArguments.normalized(arguments)) }
        return (status, run.stdout, run.stderr)
    }
}
