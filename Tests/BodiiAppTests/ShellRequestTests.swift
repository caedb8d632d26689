@testable import BodiiApp
import TerminalKit
import Testing

/// What a screen asks of the shell: show a tab, present a modal, preview a theme.
@MainActor
@Suite struct ShellRequestTests {
    /// A tab that answers `r` with the requests it was given.
    final class AskingTab: TabScreen {
        let title: String
        var requests: [ShellRequest] = []
        var shown = 0
        init(_ title: String) { self.title = title }
        var keyMap: KeyMap { KeyMap(title: title, bindings: []) }
        func didBecomeVisible() { shown += 1 }
        func handle(_ key: Key) -> KeyResult { key == .char("r") ? .requests(requests) : .ignored }
        func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
            buffer.write(Line("tab \(title)"), in: area, context: context)
        }
    }

    final class Note: Screen {
        var keyMap: KeyMap { KeyMap(title: "Note", bindings: []) }
        func handle(_ key: Key) -> KeyResult { key == .escape ? .close : .handled }
        func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
            buffer.write(Line("a note"), in: area.inset(top: 5), context: context)
        }
    }

    func shell() -> (AppShell, [AskingTab]) {
        let tabs = AppTabs.titles.map(AskingTab.init)
        let shell = AppShell(
            tabs: tabs, context: RenderContext(), makeCheckIn: { Note() },
            theme: { name in name == "light" ? Theme.fallback.colorless : .fallback })
        return (shell, tabs)
    }

    @Test func aScreenCanShowAnotherTabAndPresentAModal() {
        let (shell, tabs) = shell()
        tabs[0].requests = [.showTab("Diet"), .present(Note())]
        shell.handle(.key(.char("r")))
        #expect(shell.visibleTab === tabs[2])
        #expect(tabs[2].shown == 1, "the tab shown reloads")
        #expect(shell.render(width: 80, height: 24).text.contains("a note"))
        shell.handle(.key(.escape))
        #expect(shell.stack.isEmpty)
    }

    @Test func aThemePreviewChangesTheThemeAndNilGoesBack() {
        let (shell, tabs) = shell()
        tabs[0].requests = [.previewTheme("light")]
        shell.handle(.key(.char("r")))
        #expect(shell.context.theme == Theme.fallback.colorless)
        tabs[0].requests = [.previewTheme(nil)]
        shell.handle(.key(.char("r")))
        #expect(shell.context.theme == Theme.fallback)
    }
}
