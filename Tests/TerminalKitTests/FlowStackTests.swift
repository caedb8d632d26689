import Testing
import TerminalKit

/// The shell's one stack of flows and modals: the top screen has the keys, `.close` pops one
/// level, `.closeFlows` pops a finished flow back to its tab (not past a shell modal), and the
/// requests that are not the stack's go to its owner, in order.
@MainActor
@Suite struct FlowStackTests {
    /// A screen that answers every key with what `answers` says and records the keys it got.
    final class Probe: Screen {
        let name: String
        var answers: (Key) -> KeyResult
        private(set) var keys: [Key] = []
        init(_ name: String, answers: @escaping (Key) -> KeyResult = { _ in .handled }) {
            self.name = name
            self.answers = answers
        }
        var keyMap: KeyMap { KeyMap(title: name, bindings: []) }
        func handle(_ key: Key) -> KeyResult {
            keys.append(key)
            return answers(key)
        }
        func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
            _ = buffer.write(name, in: Rect(x: area.x, y: area.y + row, width: area.width, height: 1))
        }
        /// "a" draws on the second row, "b" on the third.
        var row: Int { Int(name.unicodeScalars.first.map { $0.value % 3 } ?? 0) }
    }
    final class ProbeFlow: Flow {
        let inner: Probe
        init(_ name: String, answers: @escaping (Key) -> KeyResult = { _ in .handled }) { inner = Probe(name, answers: answers) }
        var keyMap: KeyMap { inner.keyMap }
        func handle(_ key: Key) -> KeyResult { inner.handle(key) }
        func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
            inner.render(in: area, buffer: &buffer, context: context)
        }
        var hasUnsavedInput: Bool { inner.name == "typed" }
    }

    @Test func aTabPushesFlowsTheTopHasTheKeysAndEscPopsOneLevel() {
        let stack = FlowStack()
        let search = ProbeFlow("search") { key in
            key == .escape
                ? .close
                : key == .ctrl("o") ? .requests([.present(ProbeFlow("custom food") { $0 == .escape ? .close : .handled })]) : .handled
        }
        let tab = Probe("tab") { key in key == .char("a") ? .requests([.present(search)]) : .ignored }
        var routed = stack.route(.char("a"), base: tab) { _ in Issue.record("nothing for the owner") }
        #expect(routed.result == .handled && stack.screens.count == 1 && !routed.closed)
        #expect(stack.top?.keyMap.title == "search")
        _ = stack.route(.char("x"), base: tab) { _ in }
        #expect(search.inner.keys == [.char("x")] && tab.keys == [.char("a")], "the top flow has the keys, not the tab")
        _ = stack.route(.ctrl("o"), base: tab) { _ in }
        #expect(stack.top?.keyMap.title == "custom food")
        routed = stack.route(.escape, base: tab) { _ in }
        #expect(routed.closed && stack.top?.keyMap.title == "search", "Esc goes back one level")
        _ = stack.route(.escape, base: tab) { _ in }
        #expect(stack.isEmpty)
        routed = stack.route(.char("z"), base: tab) { _ in }
        #expect(routed.result == .ignored, "what the tab leaves goes to the global keys")
    }

    @Test func aFinishedFlowClosesBackToItsTabButNotPastAShellModal() {
        let stack = FlowStack()
        stack.push(Probe("check-in"))
        stack.push(ProbeFlow("search"))
        stack.push(ProbeFlow("quick add") { _ in .requests([.closeFlows]) })
        #expect(!stack.holdsOnlyFlows)
        let routed = stack.route(.enter, base: Probe("tab")) { _ in }
        #expect(routed.closed)
        #expect(stack.screens.map(\.keyMap.title) == ["check-in"])
    }

    @Test func theOwnersRequestsArePassedOnInOrderAndUnsavedInputIsTheFlows() {
        let stack = FlowStack()
        stack.push(ProbeFlow("typed") { _ in .requests([.showTab("Diet"), .closeFlows, .previewTheme(nil)]) })
        #expect(stack.hasUnsavedInput && stack.holdsOnlyFlows)
        var passed: [String] = []
        _ = stack.route(.enter, base: Probe("tab")) { request in
            if case .showTab(let title) = request { passed.append(title) }
            if case .previewTheme = request { passed.append("preview") }
        }
        #expect(passed == ["Diet", "preview"])
        #expect(stack.isEmpty && !stack.hasUnsavedInput)
    }

    @Test func flowsAreDrawnBottomToTopOverTheTab() {
        let stack = FlowStack()
        stack.push(ProbeFlow("a"))
        stack.push(ProbeFlow("b"))
        var buffer = Buffer(width: 10, height: 3)
        stack.render(in: buffer.area, buffer: &buffer, context: RenderContext(theme: .fallback, symbols: .unicode))
        let rows = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 3 && rows[1].hasPrefix("a") && rows[2].hasPrefix("b"))
    }

    /// Counts its draws; one that covers its area fills it with "#".
    final class CountingFlow: Flow {
        let covers: Bool
        private(set) var draws = 0
        init(covers: Bool) { self.covers = covers }
        var keyMap: KeyMap { KeyMap(title: covers ? "cover" : "under", bindings: []) }
        var coversArea: Bool { covers }
        func handle(_ key: Key) -> KeyResult { .handled }
        func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
            draws += 1
            if covers { buffer.fill(area, symbol: "#") } else { buffer.write("under", in: area) }
        }
    }

    @Test func aScreenThatPaintsAllOfItsAreaHidesWhatIsUnderItButNotWhatIsOverIt() {
        let stack = FlowStack()
        let under = CountingFlow(covers: false), cover = CountingFlow(covers: true)
        stack.push(under)
        #expect(!stack.coversArea)
        stack.push(cover)
        stack.push(ProbeFlow("b"))
        #expect(stack.coversArea)
        var buffer = Buffer(width: 10, height: 3)
        stack.render(in: buffer.area, buffer: &buffer, context: RenderContext(theme: .fallback, symbols: .unicode))
        let rows = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(under.draws == 0 && cover.draws == 1)
        #expect(rows.count == 3 && rows[0].hasPrefix("##########") && rows[2].hasPrefix("b"))
    }
}
