/// What the terminal delivered to the loop.
public enum TerminalInput: Equatable, Sendable {
    case event(Event)
    /// SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived: restore the terminal and leave.
    case signal(Int32)
    /// Nothing happened within the timeout.
    case idle
    /// Another thread called the waker (a background job has news).
    case wake
    /// No more input will come (a scripted backend ran out): leave as after `q`.
    case closed
}

/// A terminal the app's loop runs on: its size and symbols, its input, and a screen that takes a
/// frame's changes. The ncurses one (NcursesTerminal) is the real terminal; `TestBackend` runs the
/// same loop in memory.
@MainActor
public protocol TerminalBackend: AnyObject {
    var size: (width: Int, height: Int) { get }
    /// Whether Unicode symbols can be drawn (a UTF-8 locale).
    var supportsUnicode: Bool { get }
    var colorDepth: ColorDepth { get }
    /// Puts a frame's changes on screen.
    func apply(_ diff: BufferDiff)
    /// Waits up to `timeoutMilliseconds` (-1 = forever) for a key, a resize, a signal or a wake-up.
    func nextInput(timeoutMilliseconds: Int32) -> TerminalInput
    /// Something another thread can call to end a wait in `nextInput` at once (nil: cannot).
    func makeWaker() -> (@Sendable () -> Void)?
}

/// Frames drawn on a backend: keeps the last one, so each draw sends only what changed.
@MainActor
public final class TerminalFrames {
    public let backend: any TerminalBackend
    private var previous: Buffer?

    public init(backend: any TerminalBackend) { self.backend = backend }

    public func draw(_ buffer: Buffer) {
        backend.apply(buffer.diff(from: previous))
        previous = buffer
    }

    /// Forgets the last frame so the next draw repaints everything (after a resize).
    public func invalidate() { previous = nil }
}

/// A terminal in memory: keys given up front, a screen that applies each diff the way a terminal
/// does (so a wrong diff shows as a wrong screen), and counts of what was sent.
@MainActor
public final class TestBackend: TerminalBackend {
    public private(set) var size: (width: Int, height: Int)
    public let supportsUnicode: Bool
    public let colorDepth: ColorDepth = .palette256
    /// What a terminal would now show.
    public private(set) var screen: Buffer
    public private(set) var framesDrawn = 0
    public private(set) var cellsSent = 0
    private var inputs: [TerminalInput]

    public init(width: Int, height: Int, inputs: [TerminalInput], supportsUnicode: Bool = true) {
        size = (width, height)
        self.inputs = inputs
        self.supportsUnicode = supportsUnicode
        screen = Buffer(width: width, height: height)
    }

    public func apply(_ diff: BufferDiff) {
        framesDrawn += 1
        cellsSent += diff.updates.count
        if diff.clearsScreen { screen = Buffer(width: size.width, height: size.height) }
        screen.apply(diff)
    }

    /// The next scripted input; a resize takes effect as it is delivered, as a terminal's does.
    public func nextInput(timeoutMilliseconds: Int32) -> TerminalInput {
        guard !inputs.isEmpty else { return .closed }
        let input = inputs.removeFirst()
        if case .event(.resize(let w, let h)) = input { size = (w, h) }
        return input
    }

    public func makeWaker() -> (@Sendable () -> Void)? { nil }
}
