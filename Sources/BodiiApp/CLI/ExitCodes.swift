import ArgumentParser
import Foundation
import NcursesTerminal
import TerminalKit

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

/// What commands print for people: pure ASCII unless the locale is UTF-8 (PRODUCT.md §7), the
/// same rule and the same table as the full-screen app. JSON output is data and stays UTF-8.
enum PlainText {
    static let localeIsUTF8 = TerminalLocale.isUTF8

    static func forLocale(_ text: String, ascii: Bool = false) -> String {
        ascii || !localeIsUTF8 ? ASCIIText.transliterate(text) : text
    }

    /// Prints `text` for people; `ascii` forces ASCII whatever the locale (`--ascii`).
    static func print(_ text: String, ascii: Bool = false) {
        Swift.print(forLocale(text, ascii: ascii))
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
