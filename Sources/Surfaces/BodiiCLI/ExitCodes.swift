import ArgumentParser
import BodiiApp
import Foundation

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
