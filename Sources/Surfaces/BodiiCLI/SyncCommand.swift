import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import BodiiStore
import BodiiSync
import Foundation

// `bodii sync` (PRODUCT.md §4, §14): init, join, sync, status.

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync with your other machines through a shared folder (Syncthing, Nextcloud, rsync, a USB stick).",
        subcommands: [SyncRunCommand.self, SyncInitCommand.self, SyncJoinCommand.self, SyncStatusCommand.self],
        defaultSubcommand: SyncRunCommand.self)

    /// A sync failure as the command's one line and exit code.
    static func failure(_ error: SyncError) -> CommandFailure {
        switch error {
        case .notConfigured, .missingFolder: .noInput(error.description)
        case .wrongPhrase, .data: .data(error.description)
        case .io: .io(error.description)
        }
    }

    static func settings() throws -> SyncSettings {
        guard let settings = SyncSettings.current() else { throw CommandFailure.noInput("no config folder: set HOME or XDG_CONFIG_HOME") }
        return settings
    }

    /// Makes the shared folder when it is not there; true when this made it (so a set-up that
    /// fails can take it away again).
    static func makeFolder(_ url: URL, typed text: String) throws -> Bool {
        guard !FileManager.default.fileExists(atPath: url.path) else { return false }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.io("cannot make the sync folder \(text): \(error.localizedDescription)")
        }
        return true
    }

    /// Runs `body`, sync errors said as one line with their exit code.
    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as SyncError { throw failure(error) }
    }

    static func printSummary(_ summary: SyncSummary, json: Bool) {
        if json {
            let applied = JSONValue.array(
                summary.applied.map { device in
                    .object([
                        ("device", .number(Double(device.device))), ("files", .number(Double(device.files))),
                        ("changes", .object(device.changes.sorted { $0.key < $1.key }.map { (SyncSummaryText.kind($0.key), .number(Double($0.value))) })),
                        ("refused", .number(Double(device.refused))),
                    ])
                })
            print(
                JSONValue.object([
                    ("device", .number(Double(summary.device))), ("applied", applied),
                    ("written", summary.written.map { .number(Double($0)) } ?? .null),
                    ("notes", .array(summary.notes.map(JSONValue.string))),
                    ("gaps", gapsJSON(summary.gaps)),
                ]).text)
            return
        }
        for note in summary.notes { StandardError.write("bodii: sync: \(note)") }
        for gap in summary.gaps { StandardError.write("bodii: sync: \(gap.line)") }
        for device in summary.applied {
            let kinds = device.changes.sorted { $0.key < $1.key }.map { SyncSummaryText.counted($0.value, $0.key) }.joined(separator: ", ")
            PlainText.print(
                "From device \(device.device): \(device.files) file\(device.files == 1 ? "" : "s")" + (kinds.isEmpty ? "" : ", \(kinds)")
                    + ".")
            if device.refused > 0 {
                let changes = device.refused == 1 ? "1 change" : "\(device.refused) changes"
                PlainText.print(
                    "From device \(device.device): \(changes) left out: a value this database does not allow (out of range, missing, or taken by another row)."
                )
            }
        }
        if let written = summary.written {
            let first = summary.firstWritten ?? written
            let files = first == written ? "file \(written)" : "files \(first)–\(written)"
            PlainText.print(
                "Wrote \(files) (\(summary.writtenEntries) change\(summary.writtenEntries == 1 ? "" : "s")) as device \(summary.device)."
            )
        }
        if summary.applied.isEmpty && summary.written == nil && summary.gaps.isEmpty && summary.refusedFiles == 0 {
            PlainText.print("Nothing new.")
        }
    }

    static func gapsJSON(_ gaps: [SyncGap]) -> JSONValue {
        .array(
            gaps.map { gap in
                .object([
                    ("device", .number(Double(gap.device))), ("first", .number(Double(gap.first))), ("last", .number(Double(gap.last))),
                    ("line", .string(gap.line)),
                ])
            })
    }

    /// A run that refused files or found some missing did not bring the machines together:
    /// said in one closing line and a non-zero exit (65 for files refused, else 66 for files
    /// missing), on every run until they are fixed. Nil when the run was whole.
    static func incomplete(_ summary: SyncSummary) -> CommandFailure? {
        var parts: [String] = []
        if summary.refusedFiles > 0 { parts.append(Plural.count(summary.refusedFiles, "file") + " refused") }
        let missing = summary.gaps.reduce(0) { $0 + Int($1.last - $1.first + 1) }
        if missing > 0 { parts.append(Plural.count(missing, "file") + " missing") }
        guard !parts.isEmpty else { return nil }
        let line = "sync: " + parts.joined(separator: ", ") + " (said above): the machines will not agree until that is fixed"
        return summary.refusedFiles > 0 ? .data(line) : .noInput(line)
    }
}

struct SyncRunCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Apply what is new from the other machines, write what is new here (the default).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let settings = try SyncCommand.settings()
            guard let (key, directory) = try settings.load() else { throw SyncCommand.failure(.notConfigured) }
            let env = try AppEnvironment.open(databasePath: global.db?.text)
            let summary = try settings.exclusively {
                try SyncCommand.mapping { try SyncEngine.run(env.database, folder: directory, key: key) }
            }
            settings.recordSync(SyncSummaryText.oneLine(summary), at: env.clock.now)
            SyncCommand.printSummary(summary, json: json)
            if let failure = SyncCommand.incomplete(summary) { throw failure }
        }
    }
}

struct SyncInitCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Start syncing through DIR on the first machine: makes the key and prints its phrase once.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The shared folder.", valueName: "dir"))
    var dir: String
    @Flag(name: .long, help: "Print {\"phrase\": …} for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let settings = try SyncCommand.settings()
            let folder = URL(fileURLWithPath: dir).standardizedFileURL
            let databaseURL = AppEnvironment.databaseURL(explicit: global.db?.text)
            // The same init stopped half way goes on with its key; another database is refused.
            let resumed = try settings.resumableKey(directory: folder, database: databaseURL)
            let env = try AppEnvironment.open(databasePath: global.db?.text)
            let made = try SyncCommand.makeFolder(folder, typed: dir)
            do {
                try settings.exclusively {
                    let key = resumed ?? SyncKey.random()
                    // The key first: whatever stops this run, the phrase is never lost.
                    try settings.save(key: key, directory: folder, database: databaseURL)
                    if !json {
                        PlainText.print(
                            "Sync key phrase (type it on each other machine with `bodii sync join \(dir) --phrase …`):")
                        PlainText.print(key.phrase)
                    }
                    let summary = try SyncCommand.mapping { try SyncEngine.initialize(env.database, folder: folder, key: key) }
                    settings.recordSync(SyncSummaryText.oneLine(summary), at: env.clock.now)
                    if json {
                        print(JSONValue.object([("phrase", .string(key.phrase))]).text)
                    } else {
                        SyncCommand.printSummary(summary, json: false)
                    }
                }
            } catch {
                // A folder this run made holds nothing of value when the set-up failed.
                if made { try? FileManager.default.removeItem(at: folder) }
                throw error
            }
        }
    }
}

struct SyncJoinCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join the sync folder DIR from another machine, with the phrase `sync init` printed.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The shared folder.", valueName: "dir"))
    var dir: String
    @Option(name: .long, help: ArgumentHelp("The phrase `bodii sync init` printed.", valueName: "phrase"))
    var phrase: String
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let settings = try SyncCommand.settings()
            let folder = URL(fileURLWithPath: dir).standardizedFileURL
            let databaseURL = AppEnvironment.databaseURL(explicit: global.db?.text)
            guard let key = SyncKey(phrase: phrase) else {
                _ = try settings.resumableKey(directory: folder, database: databaseURL)
                throw CommandFailure.data(
                    "the phrase is not a sync phrase (56 letters and digits in groups of four, as `bodii sync init` printed it)")
            }
            // The same join stopped half way goes on; another database or phrase is refused.
            _ = try settings.resumableKey(directory: folder, database: databaseURL, phrase: key)
            try SyncCommand.mapping { try SyncEngine.checkKey(key, folder: folder) }
            let env = try AppEnvironment.open(databasePath: global.db?.text)
            let summary = try settings.exclusively {
                try settings.save(key: key, directory: folder, database: databaseURL)
                return try SyncCommand.mapping { try SyncEngine.join(env.database, folder: folder, key: key) }
            }
            settings.recordSync(SyncSummaryText.oneLine(summary), at: env.clock.now)
            SyncCommand.printSummary(summary, json: json)
            if let failure = SyncCommand.incomplete(summary) { throw failure }
        }
    }
}

struct SyncStatusCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show this machine's device number and what it has applied.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let directory = try SyncCommand.settings().load()?.directory
            // Reads only: a missing database is said, never made.
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
            let status = try SyncCommand.mapping { try SyncEngine.status(env.database, folder: directory) }
            if json {
                print(
                    JSONValue.object([
                        ("device", .number(Double(status.device))), ("folder", directory.map { .string($0.path) } ?? .null),
                        ("pending", .number(Double(status.pendingEntries))),
                        ("applied", .object(status.applied.sorted { $0.key < $1.key }.map { (String($0.key), .number(Double($0.value))) })),
                        ("gaps", SyncCommand.gapsJSON(status.gaps)),
                    ]).text)
            } else {
                PlainText.print(
                    "Device \(status.device), folder \(directory?.path ?? "not set"); \(status.pendingEntries) change(s) not written yet.")
                for (device, seq) in status.applied.sorted(by: { $0.key < $1.key }) {
                    PlainText.print("From device \(device): applied through file \(seq).")
                }
                for gap in status.gaps { PlainText.print("Missing: " + gap.line + ".") }
            }
        }
    }
}
