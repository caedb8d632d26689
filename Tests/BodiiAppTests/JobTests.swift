import BodiiUI
import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit
import Testing

/// Background jobs in the shell: progress in a dialog, Esc cancels with nothing written, a
/// failure is one line, and the end is reported once.
@MainActor
@Suite struct JobTests {
    let folder: TemporaryFolder
    let db: String
    let app: HeadlessApp

    init() throws {
        folder = try TemporaryFolder()
        (db, app) = try demoApp(days: 3, in: folder)
    }

    /// Reports its steps, waits at a gate the test opens, then writes a weigh-in (in one transaction).
    struct WeighInJob: Job {
        let db: String
        let gate: Gate
        var title: String { "Importing weigh-ins" }

        func run(_ progress: JobReporter) async throws -> String {
            progress.report(JobProgress(done: 450, total: 1000, unit: .items, note: "reading"))
            try await gate.wait()
            let store = try BodiiDatabase(url: URL(fileURLWithPath: db))
            defer { try? store.close() }
            var batch = HistoryBatch()
            let record = BodyRecord(date: TestClock.today, weightKg: 77.7, provenance: Provenance(source: "test", externalId: "1"))
            batch.body.append(
                (
                    record,
                    MetabolismSnapshot(
                        date: TestClock.today, bmr: 1600, tdee: 2300, formula: .mifflinStJeor,
                        activityLevel: .light)
                ))
            _ = try store.repositories.merge(batch)
            return "Imported 1 weigh-in."
        }
    }

    /// Opened by the test; a cancelled task stops waiting at once.
    actor Gate {
        private var open = false
        func release() { open = true }
        func wait() async throws {
            while !open {
                try Task.checkCancellation()
                await Task.yield()
            }
        }
    }

    func weighIns() throws -> [Double] {
        let store = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? store.close() }
        return try store.repositories.bodyRecords(in: DateRange(start: TestClock.today, end: TestClock.today)).compactMap(\.weightKg)
    }

    @Test func progressShowsInADialogAndTheEndInTheStatusLine() async throws {
        let gate = Gate()
        app.run(WeighInJob(db: db, gate: gate))
        #expect(app.screen().contains("Importing weigh-ins"))
        var rounds = 0
        while !app.screen().contains("450 of 1,000"), rounds < 100_000 {
            rounds += 1
            await Task.yield()
            app.deliverJobEvents()
        }
        #expect(app.screen().contains("45 %"))
        #expect(app.screen().contains("Esc cancels"))
        await gate.release()
        await app.settleJobs()
        #expect(!app.screen().contains("Esc cancels"), "the dialog closes when the job ends")
        #expect(app.screen().contains("Imported 1 weigh-in."))
        #expect(try weighIns().contains(77.7))
        #expect(app.runningJobs == 0)
    }

    @Test func escapeCancelsAndNothingIsWritten() async throws {
        let before = try weighIns()
        app.run(WeighInJob(db: db, gate: Gate()))
        app.press(.escape)
        await app.settleJobs()
        #expect(app.screen().contains("Cancelled: nothing was written."))
        #expect(try weighIns() == before)
        app.press(.char("q"))
        #expect(app.shouldQuit, "the dialog is gone: keys reach the shell again")
    }

    struct FailingJob: Job {
        var title: String { "Reading a file" }
        func run(_ progress: JobReporter) async throws -> String {
            throw CocoaError(.fileReadNoSuchFile)
        }
    }

    @Test func aFailureIsOneLine() async {
        app.run(FailingJob())
        await app.settleJobs()
        let status = app.screen().split(separator: "\n").first { $0.contains("Reading a file failed") }
        #expect(status != nil, "\(app.screen())")
    }
}
