import Testing
import TerminalKit

/// `Buffer.diff`: what goes to the terminal between two frames (ratatui's buffer/diff.rs cases).
@Suite struct BufferDiffTests {
    func buffer(_ rows: [String], width: Int = 6, style: Style = .plain) -> Buffer {
        var b = Buffer(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { b.write(row, x: 0, y: y, style: style) }
        return b
    }

    func sent(_ diff: BufferDiff) -> [String] { diff.updates.map { "\($0.x),\($0.y):\($0.cell.symbol)" } }

    @Test func sameFrameSendsNothing() {
        let a = buffer(["abc", "家族"])
        let diff = a.diff(from: a)
        #expect(!diff.clearsScreen)
        #expect(diff.updates.isEmpty)
    }

    @Test func firstFrameClearsAndSendsEveryCellButBlanksAndContinuations() {
        let diff = buffer(["a 家"]).diff(from: nil)
        #expect(diff.clearsScreen)
        #expect(sent(diff) == ["0,0:a", "2,0:家"])
    }

    @Test func aResizeClearsAndRepaints() {
        let old = buffer(["abc"], width: 6)
        let diff = buffer(["abc"], width: 7).diff(from: old)
        #expect(diff.clearsScreen)
        #expect(sent(diff) == ["0,0:a", "1,0:b", "2,0:c"])
        #expect(buffer(["abc", "d"]).diff(from: buffer(["abc"])).clearsScreen)
    }

    @Test func aStyleChangeAloneIsSent() {
        let bold = Style(bold: true)
        let diff = buffer(["abc"], style: bold).diff(from: buffer(["abc"]))
        #expect(sent(diff) == ["0,0:a", "1,0:b", "2,0:c"])
        #expect(diff.updates.allSatisfy { $0.cell.style == bold })
        // A blank cell that only changes colour (a selection bar) is sent too.
        var selected = buffer(["ab"])
        selected.setStyle(Rect(x: 0, y: 0, width: 6, height: 1), style: Style(reverse: true))
        #expect(selected.diff(from: buffer(["ab"])).updates.count == 6)
    }

    @Test func aWideGlyphIsSentWithoutTheCellItCovers() {
        // abc → a家: the wide glyph at 1 covers 2, which is not sent.
        #expect(sent(buffer(["a家"]).diff(from: buffer(["abc"]))) == ["1,0:家"])
    }

    @Test func aWideGlyphReplacedByNarrowOnesSendsBothColumns() {
        // 家 → ab: the column the glyph covered now holds its own cell.
        #expect(sent(buffer(["ab"]).diff(from: buffer(["家"]))) == ["0,0:a", "1,0:b"])
        // 家 → a: the covered column becomes a blank, which must be sent to clear the half.
        #expect(sent(buffer(["a"]).diff(from: buffer(["家"]))) == ["0,0:a", "1,0: "])
    }

    @Test func aWideGlyphMovingOneColumnSendsWhatItLeftBehind() {
        // a家 → 家b: 家 at 0 covers 1; column 2 was the old glyph's right half and is sent.
        #expect(sent(buffer(["家b"]).diff(from: buffer(["a家"]))) == ["0,0:家", "2,0:b"])
    }

    @Test func aWideGlyphIsResentWhenTheColumnItCoversChangedStyle() {
        var old = buffer(["家"])
        old[1, 0] = Cell("", style: Style(bold: true))
        #expect(sent(buffer(["家"]).diff(from: old)) == ["0,0:家"])
    }

    /// Frames with wide glyphs in shifting places, each diff applied the way a terminal applies
    /// it: the screen must always end up showing exactly the frame.
    @Test func appliedDiffsAlwaysReproduceTheFrame() {
        let pieces = ["a", "b", "家", "族", "é", " ", "👩‍👩‍👧", "x"]
        var seed: UInt64 = 0x9E37_79B9
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var screen = Buffer(width: 9, height: 3)
        var previous: Buffer?
        for frame in 0..<300 {
            var next9 = Buffer(width: 9, height: 3)
            for y in 0..<3 {
                var text = ""
                for _ in 0..<next(8) { text += pieces[next(pieces.count)] }
                next9.write(text, x: next(3), y: y, style: next(4) == 0 ? Style(bold: true) : .plain)
            }
            screen.apply(next9.diff(from: previous))
            #expect(screen == next9, "frame \(frame)")
            previous = next9
        }
    }
}
