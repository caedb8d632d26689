import ArgumentParser
import BodiiDomain
import BodiiStore
import Foundation

/// A failure a command reports as one line on stderr, with the exit codes of PRODUCT.md §4
/// (sysexits: 64 usage, 65 data, 66 no input, 74 I/O).
struct CommandFailure: Error, CustomStringConvertible {
    enum Kind: Int32 {
        case usage = 64
        case data = 65
        case noInput = 66
        case io = 74
    }
    let kind: Kind
    let message: String
    /// The store's reason, when the failure is one (commands that can do without the file ask).
    var storeError: StoreError?

    static func usage(_ m: String) -> CommandFailure { CommandFailure(kind: .usage, message: m) }
    static func data(_ m: String) -> CommandFailure { CommandFailure(kind: .data, message: m) }
    static func noInput(_ m: String) -> CommandFailure { CommandFailure(kind: .noInput, message: m) }
    static func io(_ m: String) -> CommandFailure { CommandFailure(kind: .io, message: m) }

    /// True when it says there is no database at the path yet.
    var isNoDatabase: Bool { if case .noDatabase = storeError { true } else { false } }
    /// True when it says the database must be upgraded, which a read-only open does not do.
    var needsUpgrade: Bool { if case .needsUpgrade = storeError { true } else { false } }

    var description: String { message }
}

enum StandardError {
    /// Writes one line: whatever `line` holds (a value typed on the command line, a stored name),
    /// control and bidi characters come out escaped, so a message is one line and moves no cursor.
    static func write(_ line: String) {
        let text = line.hasSuffix("\n") ? String(line.dropLast()) : line
        CommandOutput.standardError(Data((PlainText.forLocale(TerminalText.printable(text)) + "\n").utf8))
    }
}

extension ParsableCommand {
    /// Runs `body`, turning a `CommandFailure` into its message on stderr and its exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        try CommandFailure.reporting(databasePath: (self as? DatabaseCommand)?.global.db?.text, body)
    }
}

extension CommandFailure {
    /// Runs `body`, turning a `CommandFailure` into its message on stderr and its exit code; any
    /// other error is said in one line about `databasePath`, the command's `--db`.
    static func reporting(databasePath: @autoclosure () -> String?, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            StandardError.write("bodii: \(failure.message)")
            throw ExitCode(failure.kind.rawValue)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Anything else comes from the disk or the database: said in one line, without SQL.
            let failure = FailureLine.forUnexpected(error, databasePath: databasePath())
            StandardError.write("bodii: \(failure.line)")
            throw ExitCode(failure.code.rawValue)
        }
    }
}
