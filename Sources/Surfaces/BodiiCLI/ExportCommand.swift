import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import BodiiImport
import BodiiStore
import Foundation

struct ExportCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything out: profile, goals, custom foods and every record (JSON, or one CSV per kind).",
        discussion: "JSON goes to stdout unless --out names a file. CSV needs --out: a folder, or a .zip.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("json or csv.", valueName: "format"))
    var format: OptionText = "json"
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("File (json), folder or .zip (csv).", valueName: "path"))
    var out: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("First day (YYYY-MM-DD).", valueName: "date"))
    var from: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Last day (YYYY-MM-DD).", valueName: "date"))
    var to: OptionText?

    func run() throws {
        try reportingFailures {
            OutputPath.survivingFailedWrites()  // before the database opens: a size limit is an error, not a kill
            let clock = try ProcessClock.current()
            guard ["json", "csv"].contains(format.text) else {
                throw CommandFailure.usage("format \(ValidationError.quoted(format.text)) is not one of json, csv")
            }
            func day(_ text: String?, _ name: String) throws -> LocalDate? {
                guard let text else { return nil }
                guard let d = LocalDate(iso: text) else {
                    throw CommandFailure.data("--\(name) \(ValidationError.quoted(text)) is not a date: allowed YYYY-MM-DD")
                }
                return d
            }
            let start = try day(from?.text, "from"), end = try day(to?.text, "to")
            if let start, let end, start > end { throw CommandFailure.data("--from \(start.iso) is after --to \(end.iso)") }
            if format.text == "csv", out == nil {
                throw CommandFailure.usage("--format csv needs --out (a folder, or a file ending in .zip)")
            }
            let range = DateRange(start: start ?? Validation.earliestDate, end: end ?? clock.today.adding(days: 366))
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            let shown = start == nil && end == nil ? nil : DateRange(start: range.start, end: range.end)
            if format.text == "json" {
                // Streamed: records go out as they are read, never the whole document in memory.
                let export = { (sink: BufferedExportSink) throws in
                    try BodiiExport.writeJSON(from: env.repositories, range: range, shownRange: shown, exportedAt: clock.now, to: sink)
                }
                guard let out else {
                    do {
                        let sink = BufferedExportSink { try CommandOutput.standardOutput($0) }
                        try export(sink)
                        try sink.flush()
                    } catch let error as StoreError { throw error } catch {
                        throw CommandFailure.io("cannot write to standard output: \(error.localizedDescription)")
                    }
                    return
                }
                try Self.writing { try BodiiExport.writeJSON(to: OutputPath(path: out.text, database: env.database.url), export) }
                PlainText.print("Exported to \(TerminalText.printable(out.text))")
                return
            }
            guard let out else { return }
            var count = 0
            try Self.writing {
                count = try BodiiExport.exportCSV(
                    from: env.repositories, range: range, shownRange: shown, exportedAt: clock.now,
                    to: OutputPath(path: out.text, database: env.database.url))
            }
            PlainText.print("Exported \(count) CSV files to \(TerminalText.printable(out.text))")
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
        discussion:
            "Every value is checked first; one out of range refuses the whole file and nothing is written. All of it is written in one transaction. Importing the same export again adds nothing. The profile and goals are taken only when the database has none; custom foods and saved meals when none of that name is here, recipes when not imported before."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The export's JSON file.", valueName: "path"))
    var path: String

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let input = try Self.input(path)
            func open() throws -> FileHandle {
                do { return try input.reader() } catch {
                    throw CommandFailure.io("cannot read \(ValidationError.quotedPath(path)): \(error.localizedDescription)")
                }
            }
            func refused(_ refusal: BodiiDocumentImport.Refusal) -> CommandFailure {
                CommandFailure.data("\(path): \(refusal.message); nothing was written")
            }
            let today = clock.today
            // First pass: every value is checked before the database is opened, so a refused file
            // creates or changes nothing. The document is streamed, never held whole.
            do {
                try BodiiDocumentStream.read(
                    try open(), page: { d, offsets in try BodiiDocumentCheck(today: today, offsets: offsets).validate(d) },
                    rest: { d in try BodiiDocumentCheck(today: today).validate(d) })
            } catch let refusal as BodiiDocumentImport.Refusal { throw refused(refusal) }
            // Second pass: the same walk, written in one transaction (all of it or nothing).
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            var writer = BodiiDocumentImport.Writer(env.repositories)
            do {
                try env.repositories.inOneTransaction {
                    try BodiiDocumentStream.read(try open(), page: { d, _ in try writer.records(d) }, rest: { d in try writer.rest(d) })
                }
            } catch let refusal as BodiiDocumentImport.Refusal { throw refused(refusal) }
            let o = writer.outcome
            let g = ActivityText.grouped
            var parts: [String] = []
            let counted = BodiiExport.recordCounts + [(.reviewItem, "review notes"), (.action, "actions")]
            for (kind, label) in counted {
                parts.append(
                    "\(label) \(g(o.counts.added[kind] ?? 0)) added, \(g(o.counts.alreadyThere[kind] ?? 0)) already there"
                        + ((o.counts.updated[kind] ?? 0) > 0 ? ", \(g(o.counts.updated[kind] ?? 0)) updated" : ""))
            }
            PlainText.print(
                "Imported \(TerminalText.printable(path)): " + parts.joined(separator: "; ") + "; check-ins \(g(o.checkIns)) written"
                    + (o.profile ? "; the profile" : "") + (o.goals > 0 ? "; \(Plural.count(o.goals, "goal"))" : "")
                    + (o.customFoods > 0 ? "; \(Plural.count(o.customFoods, "custom food"))" : "")
                    + (o.recipes > 0 ? "; \(Plural.count(o.recipes, "recipe"))" : "")
                    + (o.savedMeals > 0 ? "; \(Plural.count(o.savedMeals, "saved meal"))" : "")
                    + (o.favourites > 0 ? "; \(Plural.count(o.favourites, "favourite"))" : "")
                    + (o.pantryPurchases == 0
                        ? ""
                        : "; pantry purchases \(g(o.purchasesAdded)) added, "
                            + "\(g(o.pantryPurchases - o.purchasesAdded)) already there"))
        }
    }
}

extension ImportBodiiCommand {
    /// The most of a pipe or FIFO `import bodii` keeps: a 20-year `bodii demo` history exports to
    /// 113 MB of JSON, so 1 GB holds nine times that — longer and denser than any one person's.
    static let largestSpool: Int64 = 1_000_000_000

    /// The document, readable twice (checked, then written): a regular file as it is; a pipe or
    /// FIFO copied, up to `largestSpool`, into a file with no name in the temporary folder, which
    /// nothing outlives — an error, Ctrl-C or `kill -9`.
    enum Input {
        case file(String)
        case spool(UnnamedFile)

        func reader() throws -> FileHandle {
            switch self {
            case .file(let path):
                guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
                return handle
            case .spool(let file): return try file.readFromStart()
            }
        }
    }

    static func input(_ path: String) throws -> Input {
        do {
            let file = try InputFile(path: path)
            if file.size != nil { return .file(path) }
            return .spool(try file.spool(limit: largestSpool, in: FileManager.default.temporaryDirectory.path))
        } catch {
            let shown = ValidationError.quotedPath(path)
            throw CommandFailure(kind: CommandFailure.Kind(rawValue: error.exitCode) ?? .data, message: error.message(shown))
        }
    }
}
