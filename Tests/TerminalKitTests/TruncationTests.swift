import Foundation
import Testing
@testable import TerminalKit

/// Every cut is marked, measured in cells (issue 26: "without thousands separato" with no mark).
@Suite struct TruncationTests {
    @Test func aCutIsMarkedAndFitsTheRoomInCells() {
        #expect(Truncation.cut("without thousands separators", to: 26) == "without thousands separat…")
        #expect(Truncation.cut("家族の写真", to: 6) == "家族…")  // 4 + 1: the next wide one won't fit
        #expect(Truncation.cut("👩‍👩‍👧 家族 café", to: 4) == "👩‍👩‍👧 …")  // the ZWJ family is one 2-cell run
        #expect(Truncation.cut("cafe\u{301}s", to: 4) == "caf…")  // the accent stays with its letter
        #expect(Truncation.cut("fits", to: 4) == "fits")
        #expect(Truncation.cut("abc", to: 0) == "")
        #expect(Truncation.cut("abc", to: 1) == "…")
        #expect(Truncation.cut("abcdef", to: 4, marker: Truncation.marker(ascii: true)) == "abc~")
    }

    @Test func writingPastTheRoomMarksTheCut() {
        var b = Buffer(width: 10, height: 2)
        b.write("Use soon: spinach, milk", x: 0, y: 0, maxWidth: 10)
        #expect(b.lines[0] == "Use soon:…")
        b.write("spans run long", x: 2, y: 1, style: .plain)  // stopped by the buffer's edge
        #expect(b.lines[1] == "  spans r…")
        var ascii = Buffer(width: 8, height: 1, ascii: true)
        ascii.write("Jalapeño peppers", in: Rect(x: 0, y: 0, width: 8, height: 1))
        #expect(ascii.lines[0] == "Jalapen~")
    }

    @Test func styledSpansCutWithTheMark() {
        var b = Buffer(width: 12, height: 1)
        b.write([Span("a", .accent), Span(" add food to the log", .muted)], x: 0, y: 0, maxWidth: 9, context: RenderContext())
        #expect(b.text == "a add fo…")
    }

    @Test func aNumberColumnWidensInsteadOfBeingCut() {
        let table = Table(
            columns: [TableColumn("Food"), TableColumn("P/C/F g", width: .length(9), alignment: .right)],
            rows: [TableRow(["Pasta with a long name", "140/210/95"])], showHeader: false)
        var b = Buffer(width: 24, height: 1)
        table.render(in: b.area, buffer: &b, context: RenderContext())
        // The name gives up the room and shows its cut; the numbers are whole.
        #expect(b.text == "Pasta with …  140/210/95")
    }

    /// Issue 26 captures: the help overlay at 80 columns cut "1–8  Dashboard, …, Settings…".
    /// A help text wider than its column wraps under its key; nothing is cut.
    @Test func theHelpOverlayWrapsALongHelpUnderItsKey() {
        let tabs = "Dashboard, Body, Diet, Exercise, Sleep, Settings, Review, Pantry"
        let keys = KeyMap(
            title: "Everywhere",
            bindings: [
                KeyBinding([.char("1")], label: "1–8", help: tabs), KeyBinding([.char("q")], label: "q", help: "quit"),
            ])
        var b = Buffer(width: 50, height: 14)
        HelpOverlay(keyMaps: [keys]).render(in: b.area, buffer: &b, context: RenderContext())
        let text = b.lines.joined(separator: "\n")
        #expect(!text.contains("…"), "\(text)")
        let words = b.lines.joined(separator: " ").split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│")) }
        for name in tabs.split(separator: " ") { #expect(words.contains(String(name)), "\(name) in\n\(text)") }
        #expect(text.contains("1–8") && text.contains("quit"))
    }
}
