import BodiiStore
import Foundation
import Synchronization

/// Where a command writes and what it reads from its surroundings: the process's stdout, stderr,
/// environment and locale — or, for a command run inside another process (`BodiiMain.runInProcess`,
/// how the tests run thousands of commands without starting a process each), that run's own.
/// Every write of the CLI goes through here: the module's `print` below and `StandardError.write`.
package final class InProcessRun: Sendable {
    /// The run of the current task, nil in a process that is `bodii` itself.
    @TaskLocal package static var current: InProcessRun?

    package let environment: [String: String]
    package let localeIsUTF8: Bool
    /// The config file as this run's environment finds it.
    package let config: ConfigFile
    private let written = Mutex((stdout: Data(), stderr: Data()))

    package init(environment: [String: String], localeIsUTF8: Bool) {
        self.environment = environment
        self.localeIsUTF8 = localeIsUTF8
        config = ConfigFile.load(environment: environment)
    }

    package var stdout: Data { written.withLock { $0.stdout } }
    package var stderr: Data { written.withLock { $0.stderr } }

    fileprivate func write(stdout data: Data) { written.withLock { $0.stdout.append(data) } }
    fileprivate func write(stderr data: Data) { written.withLock { $0.stderr.append(data) } }
}

/// The CLI's standard output and error.
package enum CommandOutput {
    /// Bytes on stdout, unbuffered (an export streams megabytes).
    package static func standardOutput(_ data: Data) throws {
        if let run = InProcessRun.current { run.write(stdout: data) } else { try FileHandle.standardOutput.write(contentsOf: data) }
    }

    package static func standardError(_ data: Data) {
        if let run = InProcessRun.current { run.write(stderr: data) } else { FileHandle.standardError.write(data) }
    }

    /// Whether stderr is a terminal (an in-process run's never is).
    package static var standardErrorIsTerminal: Bool { InProcessRun.current == nil && isatty(2) == 1 }

    /// A line for people or data on the run's stdout: the process's (through the C library's
    /// buffer, as `Swift.print` writes), or an in-process run's capture.
    package static func printText(_ text: String) {
        if let run = InProcessRun.current { run.write(stdout: Data(text.utf8)) } else { Swift.print(text, terminator: "") }
    }
}
