import Testing
import TerminalKit

@Suite struct TextFieldTests {
    func typed(_ text: String) -> TextField {
        var f = TextField()
        for c in text { _ = f.handle(.char(c)) }
        return f
    }

    @Test func insertsAtTheCursor() {
        var f = typed("helo")
        let used1 = f.handle(.left)
        #expect(used1)
        let used2 = f.handle(.char("l"))
        #expect(used2)
        #expect(f.text == "hello" && f.cursor == 4)
    }

    @Test func backspaceAndDelete() {
        var f = typed("abc")
        _ = f.handle(.backspace)
        #expect(f.text == "ab" && f.cursor == 2)
        _ = f.handle(.home)
        _ = f.handle(.delete)
        #expect(f.text == "b" && f.cursor == 0)
        _ = f.handle(.backspace)  // nothing before the cursor: consumed, no change
        #expect(f.text == "b")
        _ = f.handle(.end)
        _ = f.handle(.delete)
        #expect(f.text == "b")
    }

    @Test func movementKeys() {
        var f = typed("abc")
        _ = f.handle(.ctrl("a"))
        #expect(f.cursor == 0)
        _ = f.handle(.left)
        #expect(f.cursor == 0)
        _ = f.handle(.right)
        #expect(f.cursor == 1)
        _ = f.handle(.ctrl("e"))
        #expect(f.cursor == 3)
        _ = f.handle(.right)
        #expect(f.cursor == 3)
        _ = f.handle(.home)
        #expect(f.cursor == 0)
        _ = f.handle(.end)
        #expect(f.cursor == 3)
    }

    @Test func ctrlUClearsToStart() {
        var f = typed("greek yoghurt")
        for _ in 0..<7 { _ = f.handle(.left) }
        _ = f.handle(.ctrl("u"))
        #expect(f.text == "yoghurt" && f.cursor == 0)
    }

    @Test func ctrlWDeletesPreviousWord() {
        var f = typed("greek yoghurt  ")
        _ = f.handle(.ctrl("w"))
        #expect(f.text == "greek " && f.cursor == 6)
        _ = f.handle(.ctrl("w"))
        #expect(f.text == "" && f.cursor == 0)
        _ = f.handle(.ctrl("w"))
        #expect(f.text == "")
    }

    @Test func cursorCountsGraphemes() {
        var f = typed("café日")
        #expect(f.cursor == 5)
        _ = f.handle(.backspace)
        _ = f.handle(.backspace)
        #expect(f.text == "caf")
    }

    @Test func maxLengthAndIgnoredKeys() {
        var f = TextField(maxLength: 3)
        for c in "12345" { _ = f.handle(.char(c)) }
        #expect(f.text == "123")
        let used3 = f.handle(.enter)
        #expect(!used3)
        let used4 = f.handle(.escape)
        #expect(!used4)
        let used5 = f.handle(.tab)
        #expect(!used5)
        let used6 = f.handle(.char("\n"))
        #expect(!used6)
        #expect(f.text == "123")
    }

    @Test func cursorIsAReversedCellAndScrollsIntoView() {
        var f = TextField(text: "abcdefghijklmnop")
        var b = Buffer(width: 6, height: 1)
        f.render(in: b.area, buffer: &b, context: unicodeContext)
        #expect(b[5, 0].style.reverse)  // cursor after the end, at the last column
        #expect(b.lines == ["…mnop "])
        f.moveCursor(to: 0)
        b = Buffer(width: 6, height: 1)
        f.render(in: b.area, buffer: &b, context: unicodeContext)
        #expect(b.lines == ["abcdef"])
        #expect(b[0, 0].style.reverse && !b[1, 0].style.reverse)
    }

    @Test func placeholderIsMuted() {
        let f = TextField(placeholder: "Search")
        var b = Buffer(width: 10, height: 1)
        f.render(in: b.area, buffer: &b, context: unicodeContext)
        #expect(b.text == "Search")
        #expect(b[1, 0].style == unicodeContext.style(.muted))
    }
}

@Suite struct FormTests {
    var form: Form { Fixtures.form }

    @Test func tabCyclesAndUpDownClamp() {
        var f = form
        #expect(f.focusedID == "sleep")
        _ = f.handle(.tab); #expect(f.focusedID == "note")
        _ = f.handle(.tab); #expect(f.focusedID == "mood")
        _ = f.handle(.tab); #expect(f.focusedID == "weight")  // wraps
        _ = f.handle(.backTab); #expect(f.focusedID == "mood")
        _ = f.handle(.down); #expect(f.focusedID == "mood")  // clamps
        _ = f.handle(.up); _ = f.handle(.up); _ = f.handle(.up); _ = f.handle(.up)
        #expect(f.focusedID == "weight")
    }

    @Test func keysGoToTheFocusedField() {
        var f = form
        _ = f.handle(.right)
        #expect(f.value("sleep") == "5")
        _ = f.handle(.char(" "))
        #expect(f.value("sleep") == "1")  // wraps
        _ = f.handle(.left)
        #expect(f.value("sleep") == "5")
        _ = f.handle(.tab)
        for c in "Slept well" { _ = f.handle(.char(c)) }
        _ = f.handle(.ctrl("w"))
        #expect(f.value("note") == "Slept ")
        let used7 = f.handle(.enter)
        #expect(!used7)
        let used8 = f.handle(.escape)
        #expect(!used8)
    }

    @Test func errorsAreShownInBadRole() throws {
        var b = Buffer(width: 60, height: 6)
        form.render(in: b.area, buffer: &b, context: unicodeContext)
        let row = b.lines[1]
        #expect(row.contains("Weight must be between 20 and 400 kg"))
        let range = try #require(row.range(of: "Weight must"))
        let x = row.distance(from: row.startIndex, to: range.lowerBound)
        #expect(b[x, 1].style == unicodeContext.style(.bad))
    }

    @Test func setTextAndFocusByID() {
        var f = form
        f.setText("weight", "80.2")
        f.focus("note")
        #expect(f.value("weight") == "80.2" && f.focusedID == "note")
        f.focus("nope")
        #expect(f.focusedID == "note")
    }
}

@Suite struct ConfirmationTests {
    @Test func onlyYConfirms() {
        #expect(Confirmation.answer(for: .char("y")) == .yes)
        #expect(Confirmation.answer(for: .char("n")) == .no)
        #expect(Confirmation.answer(for: .escape) == .no)
        #expect(Confirmation.answer(for: .enter) == nil)
        #expect(Confirmation.answer(for: .char("x")) == nil)
    }
}
