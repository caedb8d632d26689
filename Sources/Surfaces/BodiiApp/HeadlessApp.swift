import BodiiUI
import BodiiDomain
import Foundation
import TerminalKit

/// The full-screen app without a terminal: the same shell, tabs and data, drawing into buffers.
/// For benchmarks and tools that need the real screens (README captures).
@MainActor
public final class HeadlessApp {
    private let shell: AppShell

    /// `clock`: a fixed one for tests; by default the process's (`BODII_NOW` or the wall clock).
    public init(databasePath: String, symbols: Symbols = .unicode, clock: (any Clock)? = nil) throws {
        let environment = try AppEnvironment.open(databasePath: databasePath, access: .readWrite, clock: clock)
        shell = AppShellBuilder(environment: environment, symbols: symbols, colorDepth: .palette256).build()
    }

    public func render(width: Int, height: Int) -> Buffer { shell.render(width: width, height: height) }
    /// Runs the app's own loop on `backend` (its scripted inputs, then `.closed`) and returns the
    /// exit code, as `bodii` does on a terminal.
    public func run(on backend: any TerminalBackend) -> Int32 { AppLoop(shell: shell, backend: backend).run() }
    public func press(_ key: Key) { shell.handle(.key(key)) }
    /// Types each character as a key, the way the terminal delivers text.
    public func type(_ text: String) { for c in text { press(.char(c)) } }
    /// The screen as text, at the minimum size unless told otherwise.
    public func screen(width: Int = 100, height: Int = 30) -> String { render(width: width, height: height).text }
    public var shouldQuit: Bool { shell.shouldQuit }
    /// What the loop does when no key came for a while.
    public func tick() { shell.handle(.tick) }
    /// Runs `job` as the app does, with its progress dialog.
    public func run(_ job: any Job) { shell.run(job) }
    /// Hands the shell what jobs reported so far, as the loop does when it wakes.
    public func deliverJobEvents() { for event in shell.jobs.inbox.drain() { shell.handle(event) } }
    /// Waits until every job has ended, then delivers their events.
    public func settleJobs() async {
        await shell.jobs.waitForAll()
        deliverJobEvents()
    }
    public var runningJobs: Int { shell.jobs.running }
    /// The tabs' titles, in the order of their number keys.
    public static var tabTitles: [String] { AppTabs.titles }
    /// The README's key table as the app dispatches keys (every tab as it opens).
    public var keyTable: String { shell.keyTable }
}

/// Peak resident memory of this process in kB (Linux), for benchmarks.
public func peakResidentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
}
