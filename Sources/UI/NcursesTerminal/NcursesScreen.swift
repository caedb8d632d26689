import CNcursesw
import Foundation
import TerminalKit

/// Wakes `NcursesScreen.nextInput` from any thread: one byte into the screen's wake pipe.
struct ScreenWaker: Sendable {
    let fd: Int32
    func wake() {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)  // a full pipe already holds a wake-up: nothing lost
    }
}

/// The only type that talks to curses, as the app's `TerminalBackend`. Every call stays on the
/// main actor (curses is not thread-safe).
@MainActor
public final class NcursesScreen: TerminalBackend {
    private var active = false
    private var mapper = ColorMapper(depth: .none)
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    /// The last cell's style and pair: neighbouring cells mostly share a style, and mapping its
    /// colours (the nearest of 256 for a truecolor theme) and hashing them, cell by cell, was a
    /// fifth of putting the first frame on screen.
    private var lastPair: (style: Style, pair: Int32)?
    /// The cell being put as curses takes it (up to five wide characters and a zero), one buffer
    /// for every cell instead of a new array each.
    private var wide = [wchar_t](repeating: 0, count: 6)
    public private(set) var colorDepth: ColorDepth = .none
    /// Whether the locale is UTF-8, i.e. Unicode symbols can be drawn.
    public private(set) var supportsUnicode = false
    /// Keys decoded from one read that the next reads return (several characters from bytes
    /// that were not one UTF-8 sequence).
    private var pendingKeys: [Key] = []

    private struct PairKey: Hashable { let fg: Int32; let bg: Int32 }

    public init() {}

    /// Enters full-screen mode. Throws when stdin/stdout are not a terminal curses can use.
    public func start(noColor: Bool) throws {
        setlocale(LC_ALL, "")
        // Measure text as the terminal will draw it (ASCII mode transliterates everything anyway).
        supportsUnicode = LibcTextWidth.installForLocale()
        guard isatty(0) == 1, isatty(1) == 1 else { throw TerminalError.notATerminal }
        let environment = ProcessInfo.processInfo.environment
        if let missing = bodii_missing_capability() {
            throw TerminalError.unsuitable(term: environment["TERM"] ?? "", missing: String(cString: missing))
        }
        // COLORTERM=truecolor promises 24-bit color, but curses numbers colors by the terminfo:
        // use the direct-color variant of TERM when this system has one.
        bodii_save_terminal_modes()  // what a crash restores (see bodii_fatal_handler)
        let direct = Self.directVariant(term: environment["TERM"], colorTerm: environment["COLORTERM"])
            .flatMap { name in bodii_terminfo_exists(name) == 1 && bodii_start_screen(name) == 1 ? name : nil }
        guard direct != nil || bodii_start_screen(nil) == 1 else {
            throw TerminalError.cannotInitialize(term: environment["TERM"])
        }
        active = true
        raw()  // Ctrl-C arrives as a key, not a signal (LINUX-NOTES.md)
        noecho()
        nonl()
        keypad(bodii_stdscr(), true)
        set_escdelay(25)  // Esc closes a modal at once, not after a second
        curs_set(0)
        bodii_install_signal_handlers()
        bodii_install_fatal_handlers()
        if has_colors() {
            start_color()
            use_default_colors()
        }
        colorDepth = ColorDepth(colors: Int(bodii_colors()), hasColors: has_colors(), noColor: noColor)
        mapper = ColorMapper(depth: colorDepth)
        lastPair = nil
    }

    /// "xterm-direct" for TERM=xterm-256color when COLORTERM says the terminal takes 24-bit color.
    static func directVariant(term: String?, colorTerm: String?) -> String? {
        guard let term, !term.isEmpty, ["truecolor", "24bit"].contains(colorTerm?.lowercased() ?? ""),
            !term.hasSuffix("-direct")
        else { return nil }
        let base = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
        return base + "-direct"
    }

    public var size: (width: Int, height: Int) {
        guard active else { return (0, 0) }
        return (Int(bodii_maxx(bodii_stdscr())), Int(bodii_maxy(bodii_stdscr())))
    }

    /// The read and write ends of the pipe a waker writes into (non-blocking), made on first use.
    private var wakePipe: (read: Int32, write: Int32)?

    /// Something another thread can call to end a wait in `nextInput` at once.
    public func makeWaker() -> (@Sendable () -> Void)? {
        if wakePipe == nil {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { return nil }
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            wakePipe = (fds[0], fds[1])
        }
        guard let fd = wakePipe?.write else { return nil }
        let waker = ScreenWaker(fd: fd)
        return { waker.wake() }
    }

    /// Waits up to `timeoutMilliseconds` (-1 = forever) for a key, a resize, a signal or a
    /// wake-up. Keys curses already holds come first; then it waits on the terminal and the wake
    /// pipe together, so a job's progress is drawn at once.
    public func nextInput(timeoutMilliseconds: Int32) -> TerminalInput {
        guard let wake = wakePipe else { return readInput(timeoutMilliseconds: timeoutMilliseconds) }
        let buffered = readInput(timeoutMilliseconds: 0)
        if buffered != .idle { return buffered }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, timeoutMilliseconds)
        if ready > 0, fds[1].revents != 0 {
            var sink = [UInt8](repeating: 0, count: 64)
            while read(wake.read, &sink, sink.count) > 0 {}
            return .wake
        }
        // A key, or an interruption (a resize or a signal arrives as EINTR): let curses read it.
        return ready == 0 ? .idle : readInput(timeoutMilliseconds: 0)
    }

    private func readInput(timeoutMilliseconds: Int32) -> TerminalInput {
        let pending = bodii_take_pending_signal()
        if pending != 0 { return .signal(pending) }
        if !pendingKeys.isEmpty { return .event(.key(pendingKeys.removeFirst())) }
        wtimeout(bodii_stdscr(), timeoutMilliseconds)
        guard supportsUnicode else { return readBytes() }
        var ch: wint_t = 0
        let status = wget_wch(bodii_stdscr(), &ch)
        let signalled = bodii_take_pending_signal()
        if signalled != 0 { return .signal(signalled) }
        switch status {
        case KEY_CODE_YES:
            if Int32(ch) == KEY_RESIZE {
                let s = size
                return .event(.resize(width: s.width, height: s.height))
            }
            return KeyDecoder.decode(keyCode: Int32(ch)).map { .event(.key($0)) } ?? .idle
        case OK:
            return KeyDecoder.decode(character: UInt32(ch)).map { .event(.key($0)) } ?? .idle
        default:
            return .idle
        }
    }

    /// How long the rest of a UTF-8 sequence may take to arrive after its first byte.
    private static let sequenceWaitMilliseconds: Int32 = 25

    /// `readInput` in a locale that is not UTF-8: `wgetch` gives bytes (and keypad keys), and
    /// TypedBytes decodes the UTF-8 the terminal sends anyway (see there).
    private func readBytes() -> TerminalInput {
        let screen = bodii_stdscr()
        let code = wgetch(screen)
        let signalled = bodii_take_pending_signal()
        if signalled != 0 {
            if code != ERR { ungetch(code) }  // read after the signal is handled
            return .signal(signalled)
        }
        if code == ERR { return .idle }
        if code == KEY_RESIZE {
            let s = size
            return .event(.resize(width: s.width, height: s.height))
        }
        guard (0...0xFF).contains(code) else { return KeyDecoder.decode(keyCode: code).map { .event(.key($0)) } ?? .idle }
        var bytes = [UInt8(code)]
        let length = TypedBytes.sequenceLength(lead: bytes[0])
        if length > 1 { wtimeout(screen, Self.sequenceWaitMilliseconds) }
        while bytes.count < length {
            let next = wgetch(screen)
            guard (0...0xFF).contains(next), TypedBytes.isContinuation(UInt8(next)) else {
                if next != ERR { ungetch(next) }  // the next key, read next time
                break
            }
            bytes.append(UInt8(next))
        }
        pendingKeys += TypedBytes.scalars(bytes).compactMap { KeyDecoder.decode(character: $0.value) }
        return pendingKeys.isEmpty ? .idle : .event(.key(pendingKeys.removeFirst()))
    }

    /// Puts a frame's changed cells on screen (`Buffer.diff` chose them).
    public func apply(_ diff: BufferDiff) {
        guard active else { return }
        let screen = bodii_stdscr()
        let (w, h) = size
        if diff.clearsScreen {
            werase(screen)
            clearok(screen, true)  // a new size or the first frame: repaint the terminal whole
        }
        diff.forEachUpdate { update in
            guard update.x < w && update.y < h else { return }
            // A wide glyph in the last column would wrap: draw a space instead.
            let symbol = (update.x == w - 1 && TextWidth.of(update.cell.symbol) > 1) ? " " : update.cell.symbol
            put(symbol, style: update.cell.style, x: Int32(update.x), y: Int32(update.y), window: screen)
        }
        wnoutrefresh(screen)
        doupdate()
    }

    /// Leaves full-screen mode and gives the terminal back as it was. Safe to call twice.
    public func stop() {
        // The wake pipe stays open: a job thread may still write to it, and a closed descriptor's
        // number could be reused by a file. The process ends soon after anyway.
        guard active else { return }
        active = false
        bodii_remove_fatal_handlers()
        curs_set(1)
        endwin()
    }

    private func put(_ symbol: String, style: Style, x: Int32, y: Int32, window: UnsafeMutablePointer<WINDOW>?) {
        var attrs = bodii_A_NORMAL
        if style.bold { attrs |= bodii_A_BOLD }
        if style.dim { attrs |= bodii_A_DIM }
        if style.underline { attrs |= bodii_A_UNDERLINE }
        if style.reverse { attrs |= bodii_A_REVERSE }
        var pair = colorPair(style)
        // The cluster's first scalar and its combining marks (curses holds five): what TextWidth
        // measured. Most cells are one scalar (a letter, a border, a bar), which is its own.
        var count = 0
        var scalars = symbol.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil {
            wide[0] = wchar_t(bitPattern: first.value)
            count = 1
        } else {
            for scalar in TextWidth.drawable(symbol).prefix(5) {
                wide[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        if count == 0 {
            wide[0] = wchar_t(32)
            count = 1
        }
        wide[count] = 0
        var cc = cchar_t()
        setcchar(&cc, wide, attrs, 0, &pair)
        mvwadd_wch(window, y, x, &cc)
    }

    private func colorPair(_ style: Style) -> Int32 {
        if let last = lastPair, last.style == style { return last.pair }
        let pair = mappedPair(style)
        lastPair = (style, pair)
        return pair
    }

    private func mappedPair(_ style: Style) -> Int32 {
        guard colorDepth != .none else { return 0 }
        let key = PairKey(fg: mapper.number(style.foreground), bg: mapper.number(style.background))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let p = pairs[key] { return p }
        guard nextPair < Int32(bodii_color_pairs()) else { return 0 }
        let p = nextPair
        nextPair += 1
        init_extended_pair(p, key.fg, key.bg)
        pairs[key] = p
        return p
    }
}

public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case cannotInitialize(term: String?)
    /// TERM names a terminal that cannot draw the screen (dumb, vt100): usage, not I/O.
    case unsuitable(term: String, missing: String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "bodii needs a terminal: stdin and stdout must be a TTY (use the subcommands, e.g. `bodii today`, in scripts)"
        case .cannotInitialize(let term?):
            return "could not start the terminal: TERM \"\(term)\" is not a terminal type this system knows (try TERM=xterm-256color)"
        case .cannotInitialize(nil):
            return "could not start the terminal: TERM is not set (try TERM=xterm-256color)"
        case .unsuitable(let term, let missing):
            return "TERM=\(term) has no \(missing), which the full-screen app needs: run it in a terminal like "
                + "xterm-256color, or use the subcommands (bodii today, bodii log …)"
        }
    }
}

/// Whether the user's locale (LC_ALL, LC_CTYPE, LANG, as the C library reads them) encodes text as
/// UTF-8: the one test for drawing Unicode on screen and printing it on the command line.
public enum TerminalLocale {
    public static var isUTF8: Bool {
        // Only the character type: numbers keep printing with a decimal point.
        setlocale(LC_CTYPE, "")
        return bodii_locale_is_utf8() == 1
    }
}

/// Text widths from the C library's `wcwidth` under the locale the app runs in, so a cluster
/// takes on screen exactly the columns TextWidth counted for it.
public enum LibcTextWidth {
    /// Columns of `scalar` by `wcwidth` (-1 for one the locale cannot print).
    public static func width(_ scalar: Unicode.Scalar) -> Int { Int(wcwidth(wchar_t(bitPattern: scalar.value))) }

    /// Makes TextWidth use `wcwidth`. Call after `setlocale`: widths depend on LC_CTYPE.
    public static func install() { TextWidth.install(width) }

    /// Takes the user's locale for character types and, when it is UTF-8, measures all text
    /// with `wcwidth` from then on; returns whether it is UTF-8. The full-screen app and the
    /// command line both start with this, so a CJK or emoji name takes the same columns in
    /// `bodii history` as on screen and as the terminal draws it.
    @discardableResult
    public static func installForLocale() -> Bool {
        let isUTF8 = TerminalLocale.isUTF8
        if isUTF8 { install() }
        return isUTF8
    }
}
