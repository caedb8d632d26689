import ArgumentParser
import BodiiDomain
import BodiiStore
import Foundation

struct ExportCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything out: profile, goals, custom foods and every record (JSON, or one CSV per kind).",
        discussion: "JSON goes to stdout unless --out names a file. CSV needs --out: a folder, or a .zip.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("json or csv (default json).", valueName: "format"))
    var format: String = "json"
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("File (json), folder or .zip (csv).", valueName: "path"))
    var out: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First day (YYYY-MM-DD).", valueName: "date"))
    var from: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Last day (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    func run() throws {
        try reportingFailures {
            OutputPath.survivingFailedWrites()   // before the database opens: a size limit is an error, not a kill
            let clock = try ProcessClock.current()
            guard ["json", "csv"].contains(format) else {
                throw CommandFailure.usage("format \(ValidationError.quoted(format)) is not one of json, csv")
            }
            func day(_ text: String?, _ name: String) throws -> LocalDate? {
                guard let text else { return nil }
                guard let d = LocalDate(iso: text) else { throw CommandFailure.data("--\(name) \(ValidationError.quoted(text)) is not a date: allowed YYYY-MM-DD") }
                return d
            }
            let start = try day(from, "from"), end = try day(to, "to")
            if let start, let end, start > end { throw CommandFailure.data("--from \(start.iso) is after --to \(end.iso)") }
            if format == "csv", out == nil { throw CommandFailure.usage("--format csv needs --out (a folder, or a file ending in .zip)") }
            let range = DateRange(start: start ?? Validation.earliestDate, end: end ?? clock.today.adding(days: 366))
            let env = try AppEnvironment.open(databasePath: global.db, access: .readOnly, clock: clock)
            let document = try BodiiExport.load(from: env.repositories, range: range)
            let value = BodiiExport.json(document, exportedAt: clock.now,
                                         range: start == nil && end == nil ? nil : DateRange(start: range.start, end: range.end))
            if format == "json" {
                guard let out else { FileHandle.standardOutput.write(Data(BodiiExport.document(value).utf8)); return }
                try Self.writing { try BodiiExport.writeJSON(value, to: OutputPath(path: out, database: env.database.url)) }
                PlainText.print("Exported to \(out)")
                return
            }
            let files = BodiiExport.csvFiles(value)
            guard let out else { return }
            try Self.writing { try BodiiExport.writeCSV(value, to: OutputPath(path: out, database: env.database.url)) }
            PlainText.print("Exported \(files.count) CSV files to \(out)")
        }
    }

    /// A refused output path is a usage error (64), a failed write an I/O error (74).
    static func writing(_ body: () throws -> Void) throws {
        do { try body() } catch let failure as OutputPath.Failure {
            throw failure.isRefusal ? CommandFailure.usage(failure.message) : CommandFailure.io(failure.message)
        }
    }
}

struct ImportBodiiCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodii", abstract: "Import a Bodii JSON export (bodii export --format json).",
        discussion: "Importing the same export again adds nothing. The profile, goals and custom foods are taken only when the database has none.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The export's JSON file.", valueName: "path"))
    var path: String

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure.noInput("no file at \(ValidationError.quoted(path))") }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw CommandFailure.noInput("cannot read \(ValidationError.quoted(path)): \(error.localizedDescription)")
            }
            let document: BodiiExport.Document
            do { document = try BodiiDocumentImport.parse(data) } catch let refusal as BodiiDocumentImport.Refusal {
                throw CommandFailure.data("\(path): \(refusal.message); nothing was written")
            }
            let env = try AppEnvironment.open(databasePath: global.db, clock: clock)
            let o = try BodiiDocumentImport.write(document, to: env.repositories)
            let g = ActivityText.grouped
            var parts: [String] = []
            for (kind, label) in [(MergeCounts.Kind.body, "weigh-ins"), (.food, "foods"), (.exercise, "workouts"), (.sleep, "nights"), (.activity, "activity days"),
                                 (.reviewItem, "review notes"), (.action, "actions")] {
                parts.append("\(label) \(g(o.counts.added[kind] ?? 0)) added, \(g(o.counts.alreadyThere[kind] ?? 0)) already there"
                             + ((o.counts.updated[kind] ?? 0) > 0 ? ", \(g(o.counts.updated[kind] ?? 0)) updated" : ""))
            }
            PlainText.print("Imported \(path): " + parts.joined(separator: "; ") + "; check-ins \(g(document.checkIns.count)) written"
                            + (o.profile ? "; the profile" : "") + (o.goals > 0 ? "; \(Plural.count(o.goals, "goal"))" : "")
                            + (o.customFoods > 0 ? "; \(Plural.count(o.customFoods, "custom food"))" : "")
                            + (document.pantry.purchases.isEmpty ? "" : "; pantry purchases \(g(o.purchasesAdded)) added, "
                               + "\(g(document.pantry.purchases.count - o.purchasesAdded)) already there"))
        }
    }
}
