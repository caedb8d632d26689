import BodiiUI
import BodiiDomain
import BodiiImport
import BodiiStore
import Foundation
import SettingsFeature
import TerminalKit

/// `bodii import cronometer` and Settings → Data → Import: read a Cronometer servings or
/// biometrics CSV, give the weights their BMR/TDEE snapshots from the profile, and merge it all
/// in one transaction through `HistoryWriter.merge` (a dry run counts and rolls back).
package enum CronometerImport {
    package struct Outcome {
        package var path: String
        package var data: CronometerData
        package var counts: MergeCounts
        package var dryRun: Bool
        package var seconds: Double
    }

    /// Reads the file first: a file that is not an export, or has a bad row, is refused before
    /// the database is opened, so nothing is written (not even a new database).
    package static func read(path: String, clock: any Clock) throws(CronometerError) -> (CronometerData, started: Date) {
        let started = Date()
        return (try CronometerReader.read(path: path, timeZone: clock.timeZone, today: clock.today), started)
    }

    package static func merge(_ data: CronometerData, path: String, started: Date, repositories: SQLiteRepositories, dryRun: Bool) throws -> Outcome
    {
        var batch = HistoryBatch()
        try batch.addBody(data.body, repositories: repositories)
        batch.food = data.food
        let counts = dryRun ? try repositories.mergePreview(batch) : try repositories.merge(batch)
        return Outcome(path: path, data: data, counts: counts, dryRun: dryRun, seconds: Date().timeIntervalSince(started))
    }

    /// The kind of record the export's rows become, and its label in the summary.
    package static func kind(_ o: Outcome) -> (MergeCounts.Kind, String) {
        o.data.kind == .servings ? (.food, "Servings") : (.body, "Body records")
    }

    /// The end-of-import summary: added, already there, skipped, and why.
    package static func lines(_ o: Outcome) -> [String] {
        let g = ActivityText.grouped
        let (kind, label) = kind(o)
        var lines = [
            "Cronometer \(o.data.kind.rawValue): \(Plural.count(o.data.rowCount, "row")) in \(String(format: "%.1f", o.seconds)) s"
                + (o.dryRun ? " (dry run: nothing was written)" : ""), "",
        ]
        let skipped = o.data.skipped[kind] ?? [:]
        let rows = [
            ["", o.dryRun ? "would add" : "added", "already there", "skipped"],
            [label, g(o.counts.added[kind] ?? 0), g(o.counts.alreadyThere[kind] ?? 0), g(skipped.values.reduce(0, +))],
        ]
        let widths = (0..<4).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.enumerated().map { c, cell in
                    c == 0
                        ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[c] - cell.count) + cell
                }.joined(separator: "  "))
        }
        if !skipped.isEmpty {
            lines += ["", "Skipped and why:"]
            for (reason, n) in skipped.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                lines.append("  \(g(n)) \(reason)")
            }
        }
        return lines.map(TerminalText.printable)
    }

    package static func json(_ o: Outcome) -> JSONValue {
        let (kind, _) = kind(o)
        return .object([
            ("file", .string(o.path)),
            ("export", .string(o.data.kind.rawValue)),
            ("dry_run", .bool(o.dryRun)),
            ("rows", .int(o.data.rowCount)),
            ("seconds", .decimal(o.seconds)),
            (
                "kinds",
                .object([
                    (
                        o.data.kind == .servings ? "food" : "body",
                        .object([
                            ("added", .int(o.counts.added[kind] ?? 0)),
                            ("already_there", .int(o.counts.alreadyThere[kind] ?? 0)),
                            ("skipped", .object((o.data.skipped[kind] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                        ])
                    )
                ])
            ),
        ])
    }

    /// One line for the status bar.
    package static func statusLine(_ o: Outcome) -> String {
        let (kind, _) = kind(o)
        return TerminalText.printable(
            "Cronometer imported: \(ActivityText.grouped(o.counts.added[kind] ?? 0)) new, "
                + "\(ActivityText.grouped(o.counts.alreadyThere[kind] ?? 0)) already there.")
    }
}

/// Settings → Data → Import Cronometer as a job, with the progress dialog of the Apple Health
/// import; Esc before the merge writes nothing (the merge is one transaction after the read).
struct CronometerImportJob: Job {
    package let path: String
    package let repositories: SQLiteRepositories
    package let clock: any Clock
    package let summary = JobSummary()

    package var title: String { "Importing Cronometer" }

    package func run(_ progress: JobReporter) async throws -> String {
        progress.report(JobProgress(done: 0, note: "reading the CSV"))
        let read: (CronometerData, started: Date)
        do { read = try CronometerImport.read(path: path, clock: clock) } catch {
            throw ImportFailure(message: TerminalText.printable(error.description))
        }
        try Task.checkCancellation()
        progress.report(JobProgress(done: Int64(read.0.rowCount), unit: .items, note: ActivityText.grouped(read.0.rowCount) + " rows"))
        let outcome = try CronometerImport.merge(read.0, path: path, started: read.started, repositories: repositories, dryRun: false)
        summary.set(CronometerImport.lines(outcome))
        return CronometerImport.statusLine(outcome)
    }
}
