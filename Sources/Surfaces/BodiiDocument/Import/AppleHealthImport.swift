import BodiiUI
import BodiiDomain
import BodiiImport
import BodiiStore
import Foundation
import SettingsFeature
import TerminalKit

/// `bodii import apple-health` and Settings → Data → Import: read the export (streamed), give the
/// weights their BMR/TDEE snapshots from the profile, and merge everything in one transaction
/// through `HistoryWriter.merge` — or, for a dry run, count what a merge would do and roll it back.
/// An export too long for one pass (issue 48 #7) is checked whole first, then read again and
/// merged one run of days at a time, a transaction each: memory stays flat, and a run stopped
/// halfway keeps the runs merged before it (importing again adds the rest).
package enum AppleHealthImport {
    package struct Outcome {
        package var path: String
        /// What the summary shows: counts over the whole export.
        package var data: AppleHealthData
        package var counts: MergeCounts
        package var dryRun: Bool
        package var bytes: Int64
        package var seconds: Double
    }

    package static func run(
        path: String, repositories: SQLiteRepositories, clock: any Clock, dryRun: Bool,
        isCancelled: @escaping () -> Bool = { Task.isCancelled },
        progress: (AppleHealthProgress) -> Void = { _ in }
    ) throws -> Outcome {
        let read = try self.read(path: path, clock: clock, isCancelled: isCancelled, progress: progress)
        return try merge(read, repositories: repositories, dryRun: dryRun, isCancelled: isCancelled, progress: progress)
    }

    /// The export as read, before any database is touched (a file refused leaves none behind).
    package struct Read {
        package var path: String
        package var contents: AppleHealthContents
        var latestDay: LocalDate
        package var bytes: Int64
        package var started: Date
    }

    package static func read(
        path: String, clock: any Clock, isCancelled: @escaping () -> Bool = { Task.isCancelled },
        progress: (AppleHealthProgress) -> Void = { _ in }
    ) throws -> Read {
        let started = Date()
        var bytes: Int64 = 0
        let latestDay = clock.today.adding(days: 1)
        let contents = try AppleHealthReader.read(path: path, latestDay: latestDay, isCancelled: isCancelled) {
            bytes = $0.bytes
            progress($0)
        }
        if isCancelled() { throw CancellationError() }
        return Read(path: path, contents: contents, latestDay: latestDay, bytes: bytes, started: started)
    }

    package static func merge(
        _ read: Read, repositories: SQLiteRepositories, dryRun: Bool, isCancelled: @escaping () -> Bool = { Task.isCancelled },
        progress: (AppleHealthProgress) -> Void = { _ in }
    ) throws -> Outcome {
        var summary: AppleHealthData
        var counts = MergeCounts()
        switch read.contents {
        case .whole(let data):
            summary = data
            counts = try mergeOne(data, repositories: repositories, dryRun: dryRun)
        case .inParts(let plan):
            summary = plan.summary
            var merged = 0
            do {
                try AppleHealthReader.readParts(
                    path: read.path, plan: plan, latestDay: read.latestDay, isCancelled: isCancelled, progress: progress
                ) { part in
                    counts.add(try mergeOne(part, repositories: repositories, dryRun: dryRun))
                    summary.absorbCounts(of: part)
                    merged += 1
                }
            } catch AppleHealthError.dayTooLarge(let path, let day, _) {
                throw AppleHealthError.dayTooLarge(path, day: day, written: !dryRun && merged > 0)
            }
        }
        return Outcome(
            path: read.path, data: summary, counts: counts, dryRun: dryRun, bytes: read.bytes,
            seconds: Date().timeIntervalSince(read.started))
    }

    /// One transaction: the records read (a whole export, or one run of days of a long one).
    static func mergeOne(_ data: AppleHealthData, repositories: SQLiteRepositories, dryRun: Bool) throws -> MergeCounts {
        var batch = HistoryBatch()
        try batch.addBody(data.body, repositories: repositories)
        batch.activity = data.activity
        batch.sleep = data.sleep
        batch.exercise = data.exercise
        batch.food = data.food
        batch.measurements = data.measurements
        return dryRun ? try repositories.mergePreview(batch) : try repositories.merge(batch)
    }
}

/// The end-of-import summary: a table per kind (added, already there, updated, skipped and why).
package enum ImportSummary {
    package static let kinds: [(MergeCounts.Kind, String)] = [
        (.body, "Body records"), (.activity, "Activity days"), (.sleep, "Nights"),
        (.exercise, "Workouts"), (.food, "Quick-add kcal"), (.measurement, "Measurements"),
    ]
    /// What the skipped column counts per kind: the export's records, not the days or nights they make.
    static let skippedUnits: [MergeCounts.Kind: String] = [
        .body: "weight and body-fat records", .activity: "step and energy records",
        .sleep: "sleep records", .exercise: "workouts", .food: "dietary energy records",
        .measurement: "waist, resting heart rate and blood pressure records",
    ]

    package static func lines(_ o: AppleHealthImport.Outcome) -> [String] {
        let g = ActivityText.grouped
        var lines: [String] = []
        let mb = String(format: "%.1f MB", Double(o.bytes) / 1_000_000)
        lines.append(
            "Apple Health: \(g(o.data.recordCount)) records, \(mb) in \(String(format: "%.1f", o.seconds)) s"
                + (o.dryRun ? " (dry run: nothing was written)" : ""))
        lines.append("")
        let header = ["", o.dryRun ? "would add" : "added", "already there", "updated", "records skipped"]
        var rows: [[String]] = [header]
        for (kind, label) in kinds {
            let skipped = o.data.skipped[kind]?.values.reduce(0, +) ?? 0
            rows.append([
                label, g(o.counts.added[kind] ?? 0), g(o.counts.alreadyThere[kind] ?? 0), g(o.counts.updated[kind] ?? 0), g(skipped),
            ])
        }
        rows.append(["Other records", "–", "–", "–", g(o.data.otherCount)])
        let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.enumerated().map { c, cell in
                    c == 0
                        ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[c] - cell.count) + cell
                }.joined(separator: "  "))
        }
        var notes: [String] = []
        for (kind, label) in kinds {
            for (reason, n) in (o.data.skipped[kind] ?? [:]).sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                notes.append("  \(skippedUnits[kind] ?? label.lowercased()): \(g(n)) \(reason)")
            }
        }
        if o.data.otherCount > 0 {
            let top = o.data.otherTypes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(4).map { "\($0.key) \(g($0.value))" }
            notes.append(
                "  other records are types Bodii does not keep: " + top.joined(separator: ", ")
                    + (o.data.otherTypes.count > 4 ? ", …" : ""))
        }
        if o.data.stepsBySource.count > 1 {
            let each = o.data.stepsBySource.map { "\($0.source) \(g($0.steps))" }.joined(separator: ", ")
            notes.append("  steps from \(o.data.stepsBySource.count) sources (\(each)) counted once per hour")
        }
        if !notes.isEmpty { lines += ["", "Skipped and why:"] + notes }
        return lines.map(TerminalText.printable)
    }

    package static func json(_ o: AppleHealthImport.Outcome) -> JSONValue {
        .object([
            ("file", .string(o.path)),
            ("dry_run", .bool(o.dryRun)),
            ("records", .int(o.data.recordCount)),
            ("bytes", .number(Double(o.bytes))),
            ("seconds", .decimal(o.seconds)),
            (
                "kinds",
                .object(
                    kinds.map { kind, _ in
                        (
                            jsonName(kind),
                            .object([
                                ("added", .int(o.counts.added[kind] ?? 0)),
                                ("already_there", .int(o.counts.alreadyThere[kind] ?? 0)),
                                ("updated", .int(o.counts.updated[kind] ?? 0)),
                                (
                                    "skipped",
                                    .object((o.data.skipped[kind] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
                                ),
                                // The export's records skipped (not days or nights), as `skipped_unit` says.
                                ("skipped_records", .int(o.data.skipped[kind]?.values.reduce(0, +) ?? 0)),
                                ("skipped_unit", .string(skippedUnits[kind] ?? "records")),
                            ])
                        )
                    })
            ),
            ("other_records", .object(o.data.otherTypes.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("steps_by_source", .array(o.data.stepsBySource.map { .object([("source", .string($0.source)), ("steps", .int($0.steps))]) })),
        ])
    }

    /// A kind's key in `--json`: what one of it is called where the record type's name is not it.
    static func jsonName(_ kind: MergeCounts.Kind) -> String {
        switch kind {
        case .food: "quick_add"
        case .exercise: "workouts"
        case .sleep: "nights"
        case .measurement: "measurements"
        default: kind.rawValue
        }
    }

    /// One line for the status bar.
    package static func statusLine(_ o: AppleHealthImport.Outcome) -> String {
        let added = o.counts.added.values.reduce(0, +) + o.counts.updated.values.reduce(0, +)
        let there = o.counts.alreadyThere.values.reduce(0, +)
        return TerminalText.printable(
            "Apple Health imported: \(ActivityText.grouped(added)) new, \(ActivityText.grouped(there)) already there.")
    }
}

/// The summary table a Settings → Data job leaves for Settings to show: written once from the
/// job's task, read on the main actor after it finished.
package final class JobSummary: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    package var value: [String] { lock.withLock { lines } }
    package func set(_ new: [String]) { lock.withLock { lines = new } }
}

/// Settings → Data → Import as a job: progress in the dialog (bytes of total, records), Esc
/// cancels before anything is written (the merge is one transaction after the read) — except for
/// an export read in runs of days, where the runs already merged stay.
package struct AppleHealthImportJob: Job {
    package let path: String
    package let repositories: SQLiteRepositories
    package let clock: any Clock
    package let summary = JobSummary()

    package var title: String { "Importing Apple Health" }

    package func run(_ progress: JobReporter) async throws -> String {
        do {
            let outcome = try AppleHealthImport.run(
                path: path, repositories: repositories, clock: clock, dryRun: false,
                isCancelled: { Task.isCancelled },
                progress: {
                    progress.report(
                        JobProgress(
                            done: $0.bytes, total: $0.totalBytes, unit: .bytes,
                            note: ActivityText.grouped($0.records) + " records"
                                + ($0.passes > 1 ? " · read \($0.pass) of \($0.passes)" : "")))
                })
            summary.set(ImportSummary.lines(outcome))
            return ImportSummary.statusLine(outcome)
        } catch let error as AppleHealthError {
            throw ImportFailure(message: TerminalText.printable(error.description))
        }
    }

    /// For Settings: the job for the chosen action and how to read its summary.
    package static func maker(repositories: SQLiteRepositories, databasePath: String, clock: any Clock) -> SettingsViewModel.ImportJobMaker {
        { action, path in
            switch action {
            case .importAppleHealth:
                let job = AppleHealthImportJob(path: path, repositories: repositories, clock: clock)
                return (job, { job.summary.value })
            case .importCronometer:
                let job = CronometerImportJob(path: path, repositories: repositories, clock: clock)
                return (job, { job.summary.value })
            case .exportJSON, .exportCSV:
                let job = ExportJob(
                    path: path, csv: action == .exportCSV, repositories: repositories, database: URL(fileURLWithPath: databasePath),
                    clock: clock)
                return (job, { job.summary.value })
            }
        }
    }
}

/// Settings → Data → Export as a job: the same document as `bodii export`, written to the path.
struct ExportJob: Job {
    package let path: String
    package let csv: Bool
    package let repositories: SQLiteRepositories
    /// The database being exported, which the output must not be (PRODUCT.md §9 "Output paths").
    package let database: URL
    package let clock: any Clock
    package let summary = JobSummary()

    package var title: String { csv ? "Exporting CSV" : "Exporting JSON" }

    package func run(_ progress: JobReporter) async throws -> String {
        try Task.checkCancellation()
        let range = DateRange(start: Validation.earliestDate, end: clock.today.adding(days: 366))
        let output = OutputPath(path: path, database: database)
        do {
            if csv {
                try BodiiExport.exportCSV(
                    from: repositories, range: range, shownRange: nil, exportedAt: clock.now, to: output, between: { try Task.checkCancellation() })
            } else {
                // The same streamed document as `bodii export`.
                try BodiiExport.writeJSON(to: output) { sink in
                    try BodiiExport.writeJSON(from: repositories, range: range, shownRange: nil, exportedAt: clock.now, to: sink)
                }
            }
        } catch let failure as OutputPath.Failure {
            throw ImportFailure(message: TerminalText.printable(failure.message))
        }
        let line = TerminalText.printable("Exported everything to \(path).")
        summary.set([line])
        return line
    }
}

/// A failure said in one line (the job runner shows "<title> failed: <message>").
struct ImportFailure: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

extension HistoryBatch {
    /// Imported weigh-ins with the metabolism snapshot each would get when logged (the profile's
    /// formula, body fat carried from earlier records, a body-fat-only reading computed with the
    /// last known weight); without a profile, or for such a reading before any weigh-in, bare.
    mutating func addBody(_ records: [BodyRecord], repositories: SQLiteRepositories) throws {
        guard let profile = try repositories.loadProfile(), let first = records.map(\.date).min() else {
            bareBody = records
            return
        }
        let before = first.adding(days: -1)
        var earlier = try repositories.bodyRecords(in: DateRange(start: first.adding(days: -BodyLogging.bodyFatValidityDays), end: before))
        // The last weigh-in may be older than the body-fat window.
        if let weighIn = try repositories.latestBodyRecord(onOrBefore: before), !earlier.contains(weighIn) {
            earlier.insert(weighIn, at: 0)
        }
        let split = BodyLogging.withSnapshots(records, profile: profile, earlier: earlier)
        body = split.measured
        bareBody = split.bare
    }
}
