import ArgumentParser
import Foundation

/// A failure a command reports as one line on stderr, with the exit codes of PRODUCT.md §4
/// (sysexits: 64 usage, 65 data, 66 no input, 74 I/O).
struct CommandFailure: Error, CustomStringConvertible {
    enum Kind: Int32 { case usage = 64, data = 65, noInput = 66, io = 74 }
    let kind: Kind
    let message: String

    static func usage(_ m: String) -> CommandFailure { CommandFailure(kind: .usage, message: m) }
    static func data(_ m: String) -> CommandFailure { CommandFailure(kind: .data, message: m) }
    static func noInput(_ m: String) -> CommandFailure { CommandFailure(kind: .noInput, message: m) }
    static func io(_ m: String) -> CommandFailure { CommandFailure(kind: .io, message: m) }

    var description: String { message }
}

enum StandardError {
    static func write(_ line: String) {
        let line = PlainText.forLocale(line)
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}

extension ParsableCommand {
    /// Runs `body`, turning a `CommandFailure` into its message on stderr and its exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            StandardError.write("bodii: \(failure.message)")
            throw ExitCode(failure.kind.rawValue)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Anything else comes from the disk or the database: an I/O error, said in one line.
            StandardError.write("bodii: \(error)")
            throw ExitCode(CommandFailure.Kind.io.rawValue)
        }
    }
}
