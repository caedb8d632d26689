import TerminalKit

/// The whole screen: tab bar, the visible tab, status and footer lines, and modals on top.
/// It owns routing: a modal gets keys first, then the tab, then the global keys of PRODUCT.md §2.
@MainActor
final class AppShell {
    static let minimumWidth = 80
    static let minimumHeight = 24

    private(set) var tabs: [any TabScreen]
    private(set) var selectedTab = 0
    private(set) var modals: [any Screen] = []
    var context: RenderContext
    private(set) var shouldQuit = false
    private var lastStatus: StatusMessage?
    /// The terminal's size as last drawn or reported by a resize (nil before either).
    private var screenSize: (width: Int, height: Int)?
    /// Below the minimum size the screen shows only "Terminal too small": no key may act on what
    /// the user cannot see (issue 23 #20), except quitting.
    var isTooSmall: Bool {
        guard let screenSize else { return false }
        return !Self.fits(width: screenSize.width, height: screenSize.height)
    }
    static func fits(width: Int, height: Int) -> Bool { width >= minimumWidth && height >= minimumHeight }

    /// Makes the daily check-in modal (`c`).
    private let makeCheckIn: () -> any Screen
    /// The theme of a name (nil: the saved one), for previews.
    private let theme: (String?) -> Theme
    /// Background jobs, and who hears how each ended.
    let jobs = JobRunner()
    private var whenJobEnds: [Int: (JobEvent) -> Void] = [:]

    init(tabs: [any TabScreen], context: RenderContext, makeCheckIn: @escaping () -> any Screen,
         theme: @escaping (String?) -> Theme = { _ in .fallback }) {
        self.tabs = tabs
        self.context = context
        self.makeCheckIn = makeCheckIn
        self.theme = theme
    }

    var visibleTab: any TabScreen { tabs[selectedTab] }

    /// The key table of the README: the global keys and each tab's, as they are now.
    var keyTable: String {
        KeyTable.markdown(global: Self.globalKeys, tabs: zip(AppTabs.titles, tabs).map { ($0, $1.documentedKeyMaps) })
    }
    /// The screen that receives keys: the top modal, else the visible tab.
    var focused: any Screen { modals.last ?? visibleTab }

    static let globalKeys = KeyMap(title: "Everywhere", bindings: [
        KeyBinding(AppTabs.all.indices.compactMap { Character(String($0 + 1)) }.map(Key.char), label: AppTabs.numberKeysLabel,
                   help: AppTabs.titles.joined(separator: ", ")),
        KeyBinding([.tab, .backTab], label: "Tab/Shift-Tab", help: "next / previous tab"),
        KeyBinding([.char("c")], help: "daily check-in", footer: true, brief: "check-in"),
        KeyBinding([.char("?")], help: "help for this view", footer: true, brief: "help"),
        KeyBinding([.char("q")], help: "quit", footer: true),
        KeyBinding([.ctrl("c")], help: "quit at once"),
        KeyBinding([.escape], help: "close a dialog or cancel a form"),
    ])

    func present(_ modal: any Screen) { modals.append(modal) }

    /// A message in the status line until the next one (or a tab switch) replaces it.
    func show(_ status: StatusMessage) { lastStatus = status }

    func select(tab index: Int) {
        guard tabs.indices.contains(index) else { return }
        // A message from a dialog ("Welcome, Sam!") belongs to the moment, not to every tab.
        if index != selectedTab { lastStatus = nil }
        selectedTab = index
        visibleTab.didBecomeVisible()
    }

    func handle(_ event: Event) {
        switch event {
        case .key(let key): handle(key)
        case .job(let jobEvent): handle(jobEvent)
        case .resize(let width, let height): screenSize = (width, height)
        case .tick: break
        }
    }

    // MARK: Requests and jobs

    /// Does what a screen asked for, in order.
    private func perform(_ requests: [ShellRequest]) {
        for request in requests {
            switch request {
            case .showTab(let title):
                if let index = AppTabs.titles.firstIndex(of: title) { select(tab: index) }
            case .present(let screen): present(screen)
            case .previewTheme(let name): context.theme = theme(name)
            case .run(let job, let then): run(job, then: then)
            }
        }
    }

    /// Runs `job` with a progress dialog that Esc cancels; `then` hears how it ended.
    func run(_ job: any Job, then: @escaping (JobEvent) -> Void = { _ in }) {
        let id = jobs.start(job)
        whenJobEnds[id] = then
        present(JobProgressScreen(id: id, title: job.title) { [weak self] in self?.jobs.cancel(id) })
    }

    /// Runs `job` with no dialog (the catalog warm-up); only a failure is shown.
    func runQuietly(_ job: any Job) {
        let id = jobs.start(job)
        whenJobEnds[id] = { [weak self] event in
            if case .failed(_, let message) = event { self?.lastStatus = StatusMessage(message, kind: .error) }
        }
    }

    private func handle(_ event: JobEvent) {
        let dialog = modals.lazy.compactMap { $0 as? JobProgressScreen }.first { $0.id == event.id }
        guard event.isEnd else {
            if case .progress(_, let progress) = event { dialog?.update(progress) }
            return
        }
        modals.removeAll { ($0 as? JobProgressScreen)?.id == event.id }
        jobs.ended(event.id)
        let then = whenJobEnds.removeValue(forKey: event.id)
        if dialog != nil {
            switch event {
            case .finished(_, let message): lastStatus = StatusMessage(message, kind: .success)
            case .failed(_, let message): lastStatus = StatusMessage(message, kind: .error)
            case .cancelled: lastStatus = StatusMessage("Cancelled: nothing was written.")
            case .progress: break
            }
            visibleTab.didBecomeVisible()
        }
        then?(event)
    }

    private func handle(_ key: Key) {
        if key == .ctrl("c") { shouldQuit = true; return }
        guard !isTooSmall else {
            // q quits; what was typed is not thrown away unseen (Ctrl-C still quits at once).
            if key == .char("q"), !tabs.contains(where: \.hasUnsavedInput) { shouldQuit = true }
            return
        }
        let target = focused
        // Esc on a dialog holding what was typed asks once before throwing it away, as `q` does.
        if key == .escape, !modals.isEmpty, target.hasUnsavedInput {
            present(ConfirmScreen(question: "Close and lose what you typed?") { [weak self] in self?.escape(target) })
            return
        }
        let result = target.handle(key)
        if let s = target.status { lastStatus = s }
        switch result {
        case .close:
            if !modals.isEmpty { modals.removeLast() }
            visibleTab.didBecomeVisible()
            return
        case .handled:
            return
        case .requests(let requests):
            perform(requests)
            return
        case .ignored:
            break
        }
        // Global keys apply only where no modal and no text field wants the key.
        guard modals.isEmpty, !target.isEditingText else {
            if key == .char("?") && !target.isEditingText { showHelp() }
            return
        }
        switch key {
        case .char(let c) where c.wholeNumberValue.map { (1...tabs.count).contains($0) } == true:
            if let n = c.wholeNumberValue { select(tab: n - 1) }
        case .tab: select(tab: (selectedTab + 1) % tabs.count)
        case .backTab: select(tab: (selectedTab + tabs.count - 1) % tabs.count)
        case .char("?"): showHelp()
        case .char("c"): present(makeCheckIn())
        case .char("q"): requestQuit()
        default: break
        }
    }

    /// The global keys that work where the focus is now: none in a dialog or a text field, and
    /// only those the focused view lets through (`KeyMap.globalKeys`).
    var globalKeysHere: KeyMap {
        guard modals.isEmpty, !focused.isEditingText else { return KeyMap(title: Self.globalKeys.title, bindings: []) }
        return Self.globalKeys.keeping(focused.keyMap.globalKeys)
    }

    private func showHelp() {
        present(HelpScreen(keyMaps: [focused.keyMap, globalKeysHere]))
    }

    /// Esc, confirmed: the dialog does what its Esc does (cancel, or onboarding's defaults).
    private func escape(_ dialog: any Screen) {
        let result = dialog.handle(.escape)
        if let s = dialog.status { lastStatus = s }
        guard case .close = result else { return }
        modals.removeAll { $0 === dialog }
        visibleTab.didBecomeVisible()
    }

    private func requestQuit() {
        if tabs.contains(where: \.hasUnsavedInput) {
            present(ConfirmScreen(question: "Quit and lose what you typed?") { [weak self] in self?.shouldQuit = true })
        } else {
            shouldQuit = true
        }
    }

    /// Draws everything into a fresh buffer of the terminal's size.
    func render(width: Int, height: Int) -> Buffer {
        var buffer = Buffer(width: width, height: height, for: context)
        screenSize = (width, height)
        guard Self.fits(width: width, height: height) else {
            renderTooSmall(into: &buffer)
            return buffer
        }
        let (tabBar, rest) = buffer.area.splitTop(1)
        let (content, bottom) = rest.splitBottom(2)
        let (statusLine, footerLine) = bottom.splitTop(1)
        Tabs(AppTabs.titles, selected: selectedTab).render(in: tabBar, buffer: &buffer, context: context)
        visibleTab.render(in: content, buffer: &buffer, context: context)
        for modal in modals { modal.render(in: content, buffer: &buffer, context: context) }
        if let s = focused.status ?? lastStatus {
            let role: Role = s.kind == .error ? .bad : (s.kind == .success ? .good : .muted)
            buffer.write(s.text, in: statusLine.inset(left: 1, right: 1), style: context.style(role))
        }
        Footer(focused.keyMap.footer, trailing: globalKeysHere.footer).render(in: footerLine, buffer: &buffer, context: context)
        return buffer
    }

    private func renderTooSmall(into buffer: inout Buffer) {
        TooSmall(minWidth: Self.minimumWidth, minHeight: Self.minimumHeight).render(in: buffer.area, buffer: &buffer, context: context)
    }
}
