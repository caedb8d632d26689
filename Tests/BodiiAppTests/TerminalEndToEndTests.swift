import Foundation
import Testing

/// The app on terminals other than tmux-256color (issue 10, items 1–2), in tmux.
@Suite(.serialized) struct TerminalEndToEndTests {
    let folder: TemporaryFolder
    let db: String
    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("t.sqlite")
        #expect(try runBodii(["demo", "--days", "10", "--db", db]).status == 0)
    }

    func app(term: String, colorTerm: String = "") throws -> TmuxSession {
        // NO_COLOR may be set around the test runner; these tests are about color.
        let command =
            "sh -c 'unset NO_COLOR; TERM=\(term) COLORTERM=\(colorTerm) \(BodiiBinary.url.path) --db \(db); echo \"EXITED $?.\"; sleep 60'"
        return try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"), arguments: ["dumb", "vt100"])
    func aTerminalThatCannotDrawTheScreenIsRefusedInOneLine(_ term: String) throws {
        let t = try app(term: term)
        let screen = try t.waitFor(text: "EXITED")
        #expect(screen.contains("EXITED 64."), "\(screen)")
        #expect(screen.contains("bodii: TERM=\(term) has no "), "\(screen)")
        // One message, then the exit line: nothing drawn.
        let lines = screen.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count <= 3, "\(screen)")  // the message may wrap once at 100 columns
        #expect(!screen.contains("Dashboard"))
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func eightColorsDrawNothingInBlackOrGreyOnTheDefaultBackground() throws {
        let t = try app(term: "xterm")
        try t.waitFor(text: "Weighed")
        let colored = try t.tmux(["capture-pane", "-t", t.name, "-p", "-e"])
        // tmux re-encodes what the app drew as SGR sequences. Black and white, and their bright
        // forms, are the background's colors on one terminal or another: no text in them on the
        // default background.
        let cells = SGRCells(colored)
        let unreadable = cells.filter { $0.background == nil && [30, 37, 90, 97].contains($0.foreground ?? 0) }
        #expect(unreadable.isEmpty, "\(String(unreadable.map(\.character)).prefix(200))")
        #expect(cells.contains { $0.dim && $0.foreground == nil }, "muted text is the default foreground, dimmed")
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
    }

    @Test(.enabled(if: tmuxAvailable && directTerminfoAvailable, "needs tmux and ncurses-term: run scripts/test, which installs them"))
    func truecolorSendsTheThemesRRGGBBAsItIs() throws {
        let t = try app(term: "tmux-256color", colorTerm: "truecolor")
        try t.waitFor(text: "Weighed")
        let colored = try t.tmux(["capture-pane", "-t", t.name, "-p", "-e"])
        // default-dark's accent (#89b4fa) and muted (#7f849c), not their nearest palette entries.
        #expect(colored.contains("38;2;137;180;250"), "\(colored.prefix(300).debugDescription)")
        #expect(colored.contains("38;2;127;132;156"))
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")
    }
}

/// The direct-color terminfo the truecolor test needs (Debian's ncurses-term; scripts/test installs it).
let directTerminfoAvailable = ["/usr/share/terminfo/t/tmux-direct", "/lib/terminfo/t/tmux-direct"]
    .contains { FileManager.default.fileExists(atPath: $0) }

/// The characters of a `capture-pane -e` with the foreground, background and dim in force.
struct SGRCell {
    var character: Character
    var foreground: Int?
    var background: Int?
    var dim: Bool
}

func SGRCells(_ text: String) -> [SGRCell] {
    var out: [SGRCell] = []
    var fg: Int?, bg: Int?, dim = false
    var i = text.startIndex
    while i < text.endIndex {
        if text[i] == "\u{1B}", text.index(after: i) < text.endIndex, text[text.index(after: i)] == "[",
            let end = text[i...].firstIndex(where: { $0 == "m" })
        {
            let codes = text[text.index(i, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var k = 0
            while k < codes.count {
                switch codes[k] {
                case 0: fg = nil; bg = nil; dim = false
                case 2: dim = true
                case 22: dim = false
                case 30...37, 90...97: fg = codes[k]
                case 39: fg = nil
                case 40...47, 100...107: bg = codes[k]
                case 49: bg = nil
                case 38, 48:  // 256 or direct color: 38;5;n or 38;2;r;g;b
                    let value = k + 1 < codes.count && codes[k + 1] == 5 ? 1000 : 2000
                    if codes[k] == 38 { fg = value } else { bg = value }
                    k += k + 1 < codes.count && codes[k + 1] == 5 ? 2 : 4
                default: break
                }
                k += 1
            }
            i = text.index(after: end)
            continue
        }
        if !text[i].isWhitespace { out.append(SGRCell(character: text[i], foreground: fg, background: bg, dim: dim)) }
        i = text.index(after: i)
    }
    return out
}
