import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import BodiiImport
import BodiiStore
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Bring in history from another app.",
        subcommands: [ImportAppleHealthCommand.self, ImportCronometerCommand.self, ImportBodiiCommand.self])
}

struct ImportCronometerCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "cronometer",
        abstract: "Import a Cronometer servings CSV (foods as quick adds) or biometrics CSV (weight, body fat).",
        discussion: """
            The kind of export is told from its header. Importing the same file again adds nothing. A value that \
            cannot be read (a date or a number), or a file cut short or damaged (a quote that never closes, a row \
            with more or fewer fields than the header), refuses the whole file, naming its row or line; rows Bodii \
            does not keep (other metrics, servings without energy, empty rows, values outside what a person could \
            type, dates before 1900 or after tomorrow) are skipped and counted with their reason.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The servings.csv or biometrics.csv that Cronometer exported.", valueName: "path"))
    var path: String
    @Flag(name: .long, help: "Read and count, but write nothing.")
    var dryRun = false
    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            try ImportCommand.checkFile(path)
            let read: (CronometerData, started: Date)
            do { read = try CronometerImport.read(path: path, clock: clock) } catch let error as CronometerError {
                throw CommandFailure(kind: CommandFailure.Kind(rawValue: error.exitCode) ?? .data, message: error.description)
            }
            let repositories = try ImportCommand.repositories(databasePath: global.db?.text, dryRun: dryRun, clock: clock)
            let outcome = try CronometerImport.merge(read.0, path: path, started: read.started, repositories: repositories, dryRun: dryRun)
            if json {
                print(CronometerImport.json(outcome).text)
            } else {
                for line in CronometerImport.lines(outcome) { PlainText.print(line) }
            }
        }
    }
}

struct ImportAppleHealthCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract:
            "Import the Health app's export.zip (or its export.xml): weight, body fat, steps, active energy, sleep, workouts, dietary energy.",
        discussion:
            "Importing the same export again adds nothing; a newer export adds what is new. A file that declares XML entities is refused.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("export.zip, export.xml, or the unzipped apple_health_export folder.", valueName: "path"))
    var path: String
    @Flag(name: .long, help: "Read and count, but write nothing.")
    var dryRun = false
    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            try ImportCommand.checkFile(path)
            // Read first, as the Cronometer import does: a file refused creates no database.
            let meter = StderrProgress()
            let read: AppleHealthImport.Read
            do {
                read = try AppleHealthImport.read(path: path, clock: clock, isCancelled: { false }, progress: meter.show)
            } catch let error as AppleHealthError {
                meter.end()
                throw CommandFailure(kind: CommandFailure.Kind(rawValue: error.exitCode) ?? .data, message: error.description)
            }
            meter.end()
            let repositories = try ImportCommand.repositories(databasePath: global.db?.text, dryRun: dryRun, clock: clock)
            let outcome: AppleHealthImport.Outcome
            do {
                // A long export is read again here, a run of days at a time.
                outcome = try AppleHealthImport.merge(
                    read, repositories: repositories, dryRun: dryRun, isCancelled: { false }, progress: meter.show)
            } catch let error as AppleHealthError {
                meter.end()
                throw CommandFailure(kind: CommandFailure.Kind(rawValue: error.exitCode) ?? .data, message: error.description)
            }
            meter.end()
            if json {
                print(ImportSummary.json(outcome).text)
            } else {
                for line in ImportSummary.lines(outcome) { PlainText.print(line) }
            }
        }
    }
}

/// "12.3 MB of 200.0 MB · 123,456 records · 0:04" rewritten in place on stderr, when stderr is a terminal.
final class StderrProgress {
    private let enabled = CommandOutput.standardErrorIsTerminal
    private let started = Date()
    private var shown = false

    func show(_ p: AppleHealthProgress) {
        guard enabled else { return }
        let elapsed = Int(Date().timeIntervalSince(started))
        // A pipe has no size: only what was read so far.
        let text =
            (p.totalBytes > 0
                ? String(format: "%.1f MB of %.1f MB", Double(p.bytes) / 1_000_000, Double(p.totalBytes) / 1_000_000)
                : String(format: "%.1f MB", Double(p.bytes) / 1_000_000))
            + " · \(ActivityText.grouped(p.records)) records · \(elapsed / 60):" + String(format: "%02d", elapsed % 60)
            + (p.passes > 1 ? " · read \(p.pass) of \(p.passes)" : "")
        CommandOutput.standardError(Data(("\r\u{1B}[K" + PlainText.forLocale(text)).utf8))
        shown = true
    }

    func end() {
        if shown { CommandOutput.standardError(Data("\r\u{1B}[K".utf8)) }
        shown = false
    }
}

extension ImportCommand {
    /// Where an import merges: the database, or for `--dry-run` somewhere nothing is kept — a
    /// preview on the file rolls back (and is refused when the file would first need upgrading,
    /// which writes); with no file yet, an empty database in memory, so no file is created.
    static func repositories(databasePath: String?, dryRun: Bool, clock: any Clock) throws -> SQLiteRepositories {
        guard dryRun else { return try AppEnvironment.open(databasePath: databasePath, clock: clock).repositories }
        do {
            _ = try AppEnvironment.open(databasePath: databasePath, access: .readOnly, clock: clock)
        } catch let failure as CommandFailure where failure.isNoDatabase {
            return try BodiiDatabase.shippedCatalogInMemory()
        } catch let failure as CommandFailure where failure.needsUpgrade {
            throw CommandFailure.data(
                "\(failure.message); --dry-run writes nothing, so it cannot upgrade it: run the import without --dry-run")
        }
        return try AppEnvironment.open(databasePath: databasePath, clock: clock).repositories
    }

    /// An importer's file, checked before any database is created: empty is bad usage (64), a
    /// missing file is no input (66).
    static func checkFile(_ path: String) throws {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else { throw CommandFailure.usage("the path is empty") }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.noInput("no file at \(ValidationError.quotedPath(path))")
        }
    }
}
