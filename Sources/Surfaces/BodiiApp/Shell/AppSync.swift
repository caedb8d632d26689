import BodiiDomain
import BodiiStore
import BodiiSync
import BodiiUI
import Foundation
import SettingsFeature
import TerminalKit

/// Sync while the app is open (PRODUCT.md §14): once after the first frame, then every five
/// minutes on the loop's tick, each run a quiet job (a failure shows on the status line, never a
/// dialog, so no daily motion waits on a slow folder), and once more at quit so what was logged
/// here leaves before the machine sleeps. Nothing happens on a machine that never ran `bodii sync
/// init` or `join`.
@MainActor
package final class AppSync {
    /// How often the open app syncs.
    static let interval: TimeInterval = 300

    private let job: SyncJob
    private let repositories: any Repositories
    private var lastStart: Date?
    private var running = false

    /// nil when this machine does not sync (a key file that cannot be read: `bodii sync` says why).
    package init?(environment: AppEnvironment, settings: SyncSettings? = SyncSettings.current()) {
        guard let settings, let loaded = try? settings.load(), (try? environment.database.deviceNumber()) != nil else { return nil }
        repositories = environment.repositories
        job = SyncJob(
            database: environment.database, settings: settings, key: loaded.key, folder: loaded.directory, clock: environment.clock)
    }

    /// Starts a run when none is going and the last began `interval` ago (or never).
    package func tick(_ shell: AppShell, now: Date = Date()) {
        guard !running, lastStart.map({ now.timeIntervalSince($0) >= Self.interval }) ?? true else { return }
        running = true
        lastStart = now
        shell.runQuietly(job) { [weak self, weak shell] event in
            self?.running = false
            // What another machine wrote shows at once, as a CLI write beside the app does.
            guard case .finished(_, let message) = event, message != SyncJob.nothingNew, let self else { return }
            // A new machine's onboarding closes once the profile arrived from another.
            let hasProfile = (try? self.repositories.loadProfile()) != nil
            shell?.reload(status: message) { hasProfile && $0 is OnboardingViewModel }
        }
    }

    /// The run at quit, in the foreground (the loop has ended). A failure's line, for the
    /// terminal once curses has stopped; nil when it went well.
    func finalRun() -> String? {
        do {
            _ = try job.syncNow()
            return nil
        } catch {
            return "bodii: sync at quit: \(ErrorLine.text(error))"
        }
    }

    /// Settings → Data's lines: the folder, this device, the last sync.
    func statusLines() -> [String] { job.statusLines() }
}

/// One sync run as a job: applies what is new in the folder, writes what is new here.
struct SyncJob: Job {
    static let nothingNew = "Synced: nothing new."

    package let database: BodiiDatabase
    package let settings: SyncSettings
    package let key: SyncKey
    package let folder: URL
    package let clock: any Clock

    package var title: String { "Syncing" }

    package func run(_ progress: JobReporter) async throws -> String {
        try Task.checkCancellation()
        let line = try syncNow()
        return line == "nothing new" ? Self.nothingNew : "Synced: \(line)."
    }

    /// Runs the sync and remembers when; its one-line summary.
    func syncNow() throws -> String {
        let summary = try settings.exclusively { try SyncEngine.run(database, folder: folder, key: key) }
        let line = SyncSummaryText.oneLine(summary)
        settings.recordSync(line, at: clock.now)
        return line
    }

    func statusLines() -> [String] {
        var lines = ["Folder " + folder.path]
        if let device = try? database.deviceNumber() { lines.append("This machine is device \(device.value).") }
        if let last = settings.lastSync() {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = clock.timeZone
            format.dateFormat = "d MMM HH:mm"
            lines.append("Last sync " + format.string(from: last.at) + ": " + last.line + ".")
        } else {
            lines.append("Not synced yet.")
        }
        lines.append("Syncs at start, every 5 minutes and at quit; `bodii sync` runs one now.")
        return lines
    }
}
