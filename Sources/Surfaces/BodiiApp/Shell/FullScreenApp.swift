import Foundation
import NcursesTerminal
import TerminalKit

/// The app on the real terminal: starts curses, builds the shell and runs `AppLoop` on it.
@MainActor
package final class FullScreenApp {
    private let environment: AppEnvironment
    private let forceASCII: Bool
    private let exitAfterFirstFrame: Bool

    package init(environment: AppEnvironment, forceASCII: Bool, exitAfterFirstFrame: Bool) {
        self.environment = environment
        self.forceASCII = forceASCII
        self.exitAfterFirstFrame = exitAfterFirstFrame
    }

    /// Returns the process exit code (0, or 128 + signal number).
    package func run() throws -> Int32 {
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
        let sync = AppSync(environment: environment)
        let shell = AppShellBuilder(environment: environment, symbols: symbols, colorDepth: screen.colorDepth, sync: sync).build()
        shell.onTick = { [weak shell] in if let shell { sync?.tick(shell) } }
        let code = AppLoop(shell: shell, backend: screen).run {
            if exitAfterFirstFrame {
                screen.stop()
                // For benchmarks: how much memory the first frame took.
                StandardError.write("first frame drawn; peak resident memory \(peakResidentKilobytes() ?? 0) kB")
                return false
            }
            // After the first frame, so it never delays it (CatalogWarmUp says why it exists).
            shell.runQuietly(CatalogWarmUp(repositories: environment.repositories))
            sync?.tick(shell)
            return true
        }
        if code == 0, !exitAfterFirstFrame, let sync {
            screen.stop()
            if let failure = sync.finalRun() { StandardError.write(failure) }
        }
        return code
    }
}
