import Testing
@testable import TerminalKit

@Suite struct LayoutTests {
    let area = Rect(x: 0, y: 0, width: 100, height: 10)

    @Test func fixedAndFill() {
        let parts = Layout.split(area, .horizontal, [.length(20), .fill(1), .fill(3)])
        #expect(parts.map(\.width) == [20, 20, 60])
        #expect(parts.map(\.x) == [0, 20, 40])
    }

    @Test func percentageAndMin() {
        let parts = Layout.split(area, .horizontal, [.percentage(30), .min(10), .length(5)])
        #expect(parts.map(\.width) == [30, 65, 5])
    }

    @Test func spacingIsBetweenParts() {
        let parts = Layout.split(area, .horizontal, [.fill(1), .fill(1)], spacing: 2)
        #expect(parts.map(\.width) == [49, 49])
        #expect(parts[1].x == 51)
    }

    @Test func overflowShrinksFromTheEnd() {
        let small = Rect(x: 0, y: 0, width: 15, height: 3)
        let parts = Layout.split(small, .horizontal, [.length(10), .length(10), .fill(1)])
        #expect(parts.map(\.width) == [10, 5, 0])
        #expect(parts.allSatisfy { $0.maxX <= small.maxX })
        let cramped = Layout.split(Rect(x: 0, y: 0, width: 3, height: 1), .horizontal, [.fill(1), .fill(1), .fill(1)], spacing: 2)
        #expect(cramped.allSatisfy { $0.x <= 3 && $0.maxX <= 3 })
    }

    @Test func verticalAndEmpty() {
        let parts = Layout.split(area, .vertical, [.length(1), .fill(1), .length(1)])
        #expect(parts.map(\.height) == [1, 8, 1])
        #expect(Layout.split(.zero, .vertical, [.length(3), .fill(1)]).map(\.height) == [0, 0])
        #expect(Layout.split(area, .vertical, []).isEmpty)
    }

    @Test func twoColumnsAndRectHelpers() {
        let (l, r) = Layout.twoColumns(area, left: .length(30), spacing: 2)
        #expect(l.width == 30 && r.x == 32 && r.width == 68)
        let (rest, right) = area.splitRight(10)
        #expect(rest.width == 90 && right.x == 90)
        #expect(area.centered(width: 200, height: 4) == Rect(x: 0, y: 3, width: 100, height: 4))
    }
}

@Suite struct TextWidthTests {
    @Test func widths() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("日本") == 4)
        #expect(TextWidth.of("한국어") == 6)
        #expect(TextWidth.of("e\u{301}") == 1)  // e + combining acute
        #expect(TextWidth.of("🍎") == 2)
        #expect(TextWidth.of("●○▁█⠿") == 5)
    }

    @Test func truncation() {
        #expect(TextWidth.truncate("Greek yoghurt", to: 8) == "Greek y…")
        #expect(TextWidth.truncate("short", to: 8) == "short")
        #expect(TextWidth.truncate("日本語テキスト", to: 6) == "日本…")  // 4 + 1, a wide char won't fit in 1
        #expect(TextWidth.truncate("abc", to: 0) == "")
        #expect(TextWidth.of(TextWidth.truncate("日本語テキスト", to: 5)) <= 5)
    }

    @Test func fitPadsAndAligns() {
        #expect(TextWidth.fit("ab", to: 5, alignment: .right) == "   ab")
        #expect(TextWidth.fit("ab", to: 5, alignment: .center) == " ab  ")
        #expect(TextWidth.fit("abcdef", to: 4) == "abc…")
    }

    @Test func wordWrap() {
        let chars = Line("the quick brown fox").styledChars(RenderContext())
        let rows = TextLayout.wrap(chars, width: 10).map { String($0.map(\.char)) }
        #expect(rows == ["the quick", "brown fox"])
        let long = TextLayout.wrap(Line("abcdefghij").styledChars(RenderContext()), width: 4).map { String($0.map(\.char)) }
        #expect(long == ["abcd", "efgh", "ij"])
    }
}

@Suite struct BufferTests {
    @Test func writeClipsAtEveryEdge() {
        var b = Buffer(width: 5, height: 2)
        let n1 = b.write("abcdefgh", x: 2, y: 0)
        #expect(n1 == 3)
        #expect(b.lines == ["  ab…", "     "])  // cut at the edge, and marked (Truncation)
        b.write("xyz", x: -2, y: 1)
        #expect(b.lines[1] == "z    ")
        let n2 = b.write("nope", x: 0, y: 2)
        #expect(n2 == 0)
        let n3 = b.write("nope", x: 0, y: -1)
        #expect(n3 == 0)
    }

    @Test func wideCharAtLastColumnIsNotSplit() {
        var b = Buffer(width: 5, height: 1)
        b.write("ab日本", x: 0, y: 0)
        #expect(b.lines == ["ab日…"])  // 本 would not fit whole: the cut is marked instead
        #expect(b[3, 0].isContinuation)
        #expect(b[4, 0].symbol == "…")
    }

    @Test func overwritingHalfAWideCharClearsTheOtherHalf() {
        var b = Buffer(width: 4, height: 1)
        b.write("日本", x: 0, y: 0)
        b.write("x", x: 1, y: 0)  // over the continuation of 日
        #expect(b.lines == [" x本"])
        b.write("y", x: 2, y: 0)  // over the first half of 本
        #expect(b.lines == [" xy "])
    }

    @Test func controlCharactersAreVisible() {
        var b = Buffer(width: 4, height: 1)
        b.write("a\tb", x: 0, y: 0)
        #expect(b.lines == ["a?b "])
    }

    @Test func fillAndStyleStayInside() {
        var b = Buffer(width: 3, height: 3)
        b.fill(Rect(x: 1, y: 1, width: 10, height: 10), symbol: "#")
        #expect(b.lines == ["   ", " ##", " ##"])
        b.setStyle(Rect(x: -5, y: -5, width: 6, height: 6), style: Style(bold: true))
        #expect(b[0, 0].style.bold && !b[1, 1].style.bold)
    }

    @Test func maxWidthLimitsWrite() {
        var b = Buffer(width: 10, height: 1)
        let n4 = b.write("abcdef", x: 1, y: 0, maxWidth: 3)
        #expect(n4 == 3)
        #expect(b.text == " ab…")
    }
}

/// ASCII mode is pure ASCII, with `-` for minus (PRODUCT.md §7): one table for every output.
@Suite struct ASCIITextTests {
    @Test func tableCoversWhatBodiiWrites() {
        #expect(ASCIIText.transliterate("trend −1.0 lb · Lose 1.1 lb/wk") == "trend -1.0 lb | Lose 1.1 lb/wk")
        #expect(ASCIIText.transliterate("7–9 h — 80 kg → 75 kg") == "7-9 h - 80 kg -> 75 kg")
        #expect(ASCIIText.transliterate("↑↓ select · ←/→ change") == "Up/Dn select | Left/Right change")
        #expect(ASCIIText.transliterate("(9.8 − 1) MET × 80 kg ≥ 5 µg…") == "(9.8 - 1) MET x 80 kg >= 5 ug...")
        #expect(ASCIIText.transliterate("Jalapeño café ⠁ 日") == "Jalapeno cafe . ?")
        #expect(ASCIIText.transliterate("plain") == "plain")
        // Portions: a fraction after a whole number keeps its space ("1½" is not "11/2").
        #expect(ASCIIText.transliterate("½ cup · 1½ cups · 2¾ oz") == "1/2 cup | 1 1/2 cups | 2 3/4 oz")
    }

    @Test func anASCIIBufferHoldsOnlyASCIIWhoeverWritesIt() {
        var b = Buffer(width: 12, height: 3, ascii: true)
        let written = b.write("a → b", x: 0, y: 0)
        #expect(written == 6 && b.lines[0] == "a -> b      ")
        b[0, 1] = Cell("█")  // a cell set directly
        b.write(Line("−5 ✓"), in: Rect(x: 0, y: 2, width: 12, height: 1), alignment: .right, context: asciiContext)
        #expect(b.lines[1].hasPrefix("#"))
        #expect(b.lines[2] == "        -5 +", "measured after transliterating, so right-aligned exactly")
        #expect(b.cells.allSatisfy { $0.symbol.utf8.allSatisfy { $0 < 0x80 } })
    }
}

@Suite struct ChartAxisTests {
    /// A quarter of weights moves less than a kilogram: the axis says 80.5, not 80.52.
    @Test func lineChartLabelsKeepOneDecimal() {
        let weights: [Double?] = [80.52, 80.61, 80.9, 81.12, 81.37]
        let b = render(LineChart(series: [ChartSeries(weights)]), width: 20, height: 5)
        let labels = b.lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }.filter { $0.first?.isNumber ?? false }
        #expect(labels == ["81.4", "80.5"], "\(b.lines)")
    }
}

@Suite struct DotGridMarkTests {
    /// With room for two columns a week, each dot carries its mark, so colour isn't the only sign.
    @Test func marksFollowTheDotsWhenWeeksHaveTwoColumns() {
        let days = [DotGrid.Day(.full, role: .good, mark: "v"), DotGrid.Day(.half, role: .bad, mark: "x")]
        let wide = render(DotGrid(days: days), width: 4, height: 2)
        #expect(wide.lines == ["●v  ", "◐x  "])
        // Eight weeks in eight columns: one column a week, dots only.
        let many = render(DotGrid(days: Array(repeating: days[0], count: 56)), width: 8, height: 1)
        #expect(many.lines == ["●●●●●●●●"])
    }
}

/// PRODUCT.md §1: the tab bar fits eight tabs in 80 columns, every number shown and the selected
/// tab's title readable.
@Suite struct EightTabsTests {
    @Test(arguments: 0..<8)
    func eightTabsFitEightyColumns(selected: Int) {
        let titles = ["Dashboard", "Body", "Diet", "Exercise", "Sleep", "Settings", "Review", "Pantry"]
        var buffer = Buffer(width: 80, height: 1)
        Tabs(titles, selected: selected).render(in: buffer.area, buffer: &buffer, context: RenderContext())
        let bar = buffer.text
        // Every tab keeps its number and its title: the spacing tightens, no title is dropped.
        for (n, title) in titles.enumerated() { #expect(bar.contains("\(n + 1) \(title)"), "\(bar)") }
        #expect(bar.contains(" \(selected + 1) \(titles[selected])"), "\(bar)")
        // Narrower still, unselected tabs shrink to their number; the selected title stays.
        var narrow = Buffer(width: 60, height: 1)
        Tabs(titles, selected: selected).render(in: narrow.area, buffer: &narrow, context: RenderContext())
        for n in 1...8 { #expect(narrow.text.contains("\(n)"), "\(narrow.text)") }
        #expect(narrow.text.contains("\(selected + 1) \(titles[selected])"), "\(narrow.text)")
    }
}
