import TerminalKit

/// The event loop, on any terminal backend: draw the shell's frame (only what changed goes to the
/// terminal), wait for an input, let the shell update, hand it what jobs reported meanwhile.
/// Single-threaded on the main actor (ARCHITECTURE.md, "The loop"). The real terminal and the
/// headless app's test backend run this same loop.
@MainActor
struct AppLoop {
    package let shell: AppShell
    let backend: any TerminalBackend

    /// How long the loop waits for input before it ticks: once a second when idle, the shell
    /// looks for what other processes wrote.
    static let tickMilliseconds: Int32 = 1_000

    /// Returns the process exit code (0, or 128 + signal number). `afterFirstFrame` runs once the
    /// first frame is on screen; returning false ends the loop there.
    package func run(afterFirstFrame: () -> Bool = { true }) -> Int32 {
        let frames = TerminalFrames(backend: backend)
        if let wake = backend.makeWaker() { shell.jobs.inbox.setWake(wake) }
        var firstFrame = true
        while true {
            let size = backend.size
            frames.draw(shell.render(width: size.width, height: size.height))
            if firstFrame {
                firstFrame = false
                if !afterFirstFrame() { return 0 }
            }
            if shell.shouldQuit { return 0 }
            switch backend.nextInput(timeoutMilliseconds: Self.tickMilliseconds) {
            case .event(let event):
                if case .resize = event { frames.invalidate() }
                shell.handle(event)
            case .signal(let number):
                return 128 + number
            case .idle:
                shell.handle(.tick)
            case .wake:
                break
            case .closed:
                return 0
            }
            // What jobs reported meanwhile, in order.
            for event in shell.jobs.inbox.drain() { shell.handle(event) }
            if shell.shouldQuit { return 0 }
        }
    }
}
