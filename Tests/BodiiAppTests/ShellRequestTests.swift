@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiUI
import TerminalKit
import Testing

/// What a screen asks of the shell: show a tab, present a modal, preview a theme, run a job.
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
            tabs: tabs, context: RenderContext(), makeCheckIn: { Note() }, makeMomentCapture: { Note() },
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

    /// Says hello off the main actor.
    struct HelloJob: Job {
        var title: String { "Saying hello" }
        func run(_ progress: JobReporter) async throws -> String { "Hello." }
    }

    /// Jobs are Bodii's, not TerminalKit's (issue 25 #3): a screen asks for one with BodiiUI's
    /// request, which TerminalKit passes on as an app request; the shell runs it with its dialog,
    /// and the screen hears how it ended.
    @Test func aScreenCanRunAJobThroughTheAppsOwnRequest() async {
        let (shell, tabs) = shell()
        var heard: [JobEvent] = []
        tabs[0].requests = [.run(HelloJob(), then: { heard.append($0) })]
        if case .app(let request)? = tabs[0].requests.first {
            #expect(request is RunJob && request.kind == "run")
        } else {
            Issue.record("ShellRequest.run is not an app request")
        }
        shell.handle(.key(.char("r")))
        #expect(shell.render(width: 80, height: 24).text.contains("Saying hello"))
        await shell.jobs.waitForAll()
        for event in shell.jobs.inbox.drain() { shell.handle(event) }
        #expect(heard.last == .finished(id: 1, message: "Hello."), "\(heard)")
        #expect(shell.stack.isEmpty && shell.render(width: 80, height: 24).text.contains("Hello."))
    }
}
