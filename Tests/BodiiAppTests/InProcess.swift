@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiStore
import Foundation
import Synchronization

/// `bodii` run inside the test process (`BodiiMain.runInProcess`): the arguments and environment
/// `startBodii` gives the binary, the exit code and both outputs back — in milliseconds instead of
/// a process start, for corpora of hundreds of commands. Each run has a thread of its own with
/// the stack of a process's main thread (deeply nested input recurses as deep as in `bodii`).
/// What only a process shows — a signal, a hang killed, the descriptors it inherits, the SQLite
/// set-up of a process that only reads — stays with the process tests (`runBodii`).
enum InProcessBodii {
    /// The command did not finish within the time limit; it goes on running on its thread.
    struct Hung: Error, CustomStringConvertible {
        let arguments: [String]
        let seconds: TimeInterval
        var description: String { "\(arguments) did not finish in \(Int(seconds)) s" }
    }

    /// Whether the corpora run through the binary in full (`BODII_FULL_FUZZ=1`), not just their
    /// process smoke sets; in-process, they always run in full.
    static var fullCorporaAsProcesses: Bool { ProcessInfo.processInfo.environment["BODII_FULL_FUZZ"] == "1" }

    /// The cases of a corpus that also run as processes: all with `BODII_FULL_FUZZ=1`, else every
    /// `step`th (a step prime to the corpus's row lengths reaches every kind of value).
    static func processSmokeSet<T>(_ cases: [T], every step: Int) -> [T] {
        fullCorporaAsProcesses ? cases : stride(from: 0, to: cases.count, by: step).map { cases[$0] }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], timeLimit: TimeInterval = 600) throws -> CommandResult {
        let env = BodiiEnvironment.with(environment)
        let locale = env["LC_ALL"] ?? env["LC_CTYPE"] ?? env["LANG"] ?? ""
        let utf8 = locale.lowercased().replacingOccurrences(of: "-", with: "").hasSuffix("utf8")
        let outcome = Outcome()
        let thread = Thread {
            let result = BodiiDatabase.$skipsDiskSyncsInTests.withValue(true) {
                BodiiMain.runInProcess(arguments, environment: env, localeIsUTF8: utf8)
            }
            outcome.value.withLock { $0 = result }
            outcome.done.signal()
        }
        thread.stackSize = 8 << 20  // a Linux process's main thread (ulimit -s)
        thread.start()
        guard outcome.done.wait(timeout: .now() + timeLimit) == .success, let result = outcome.value.withLock({ $0 }) else {
            throw Hung(arguments: arguments, seconds: timeLimit)
        }
        return CommandResult(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    private final class Outcome: Sendable {
        let value = Mutex<(status: Int32, stdout: Data, stderr: Data)?>(nil)
        let done = DispatchSemaphore(value: 0)
    }
}
