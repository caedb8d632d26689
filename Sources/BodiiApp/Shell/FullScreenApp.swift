import Foundation
import NcursesTerminal
import TerminalKit

/// Runs the event loop: read an input, let the shell update, draw the whole screen again.
/// Single-threaded on the main actor (ARCHITECTURE.md, "The loop").
@MainActor
final class FullScreenApp {
    private let environment: AppEnvironment
    private let forceASCII: Bool
    private let exitAfterFirstFrame: Bool

    init(environment: AppEnvironment, forceASCII: Bool, exitAfterFirstFrame: Bool) {
        self.environment = environment
        self.forceASCII = forceASCII
        self.exitAfterFirstFrame = exitAfterFirstFrame
    }

    /// How long the loop waits for input before it ticks.
    static let tickMilliseconds: Int32 = 1_000

    /// Returns the process exit code (0, or 128 + signal number).
    func run() throws -> Int32 {
        let screen = NcursesScreen()
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        do {
            try screen.start(noColor: noColor)
        } catch let error as TerminalError {
            if case .unsuitable = error { throw CommandFailure.usage(error.description) }
            throw CommandFailure.io(error.description)
        }
        defer { screen.stop() }
        let symbols: Symbols = (screen.supportsUnicode && !forceASCII) ? .unicode : .ascii
        let shell = AppShellBuilder(environment: environment, symbols: symbols, colorDepth: screen.colorDepth).build()
        if let waker = screen.makeWaker() { shell.jobs.inbox.setWake { waker.wake() } }
        var catalogWarmed = false

        while true {
            let size = screen.size
            screen.draw(shell.render(width: size.width, height: size.height))
            if exitAfterFirstFrame {
                screen.stop()
                // For benchmarks: how much memory the first frame took.
                StandardError.write("first frame drawn; peak resident memory \(peakResidentKilobytes() ?? 0) kB")
                return 0
            }
            if !catalogWarmed {
                // After the first frame, so it never delays it (CatalogWarmUp says why it exists).
                catalogWarmed = true
                shell.runQuietly(CatalogWarmUp(repositories: environment.repositories))
            }
            if shell.shouldQuit { return 0 }
            // A tick a second when idle: the shell looks for what other processes wrote.
            switch screen.nextInput(timeoutMilliseconds: Self.tickMilliseconds) {
            case .event(let event):
                if case .resize = event { screen.invalidate() }
                shell.handle(event)
            case .signal(let number):
                return 128 + number
            case .idle:
                shell.handle(.tick)
            case .wake:
                break
            }
            // What jobs reported meanwhile, in order.
            for event in shell.jobs.inbox.drain() { shell.handle(event) }
            if shell.shouldQuit { return 0 }
        }
    }
}
