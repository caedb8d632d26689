import BodiiUI
import BodiiDomain
import TerminalKit

/// The whole screen: tab bar, the visible tab, status and footer lines, and the stack of flows and
/// modals on top. It owns routing: the top of the stack gets keys first (else the tab), then the
/// global keys of PRODUCT.md §2.
@MainActor
package final class AppShell {
    static let minimumWidth = 80
    static let minimumHeight = 24

    private(set) var tabs: [any TabScreen]
    private(set) var selectedTab = 0
    /// The tabs' flows and the shell's modals, top last.
    let stack = FlowStack()
    package var context: RenderContext
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
    package static func fits(width: Int, height: Int) -> Bool { width >= minimumWidth && height >= minimumHeight }

    /// Makes the daily check-in modal (`c`).
    private let makeCheckIn: () -> any Screen
    private let makeMomentCapture: () -> any Screen
    /// The theme of a name (nil: the saved one), for previews.
    private let theme: (String?) -> Theme
    /// Background jobs, and who hears how each ended.
    let jobs = JobRunner()
    private var whenJobEnds: [Int: (JobEvent) -> Void] = [:]

    /// What other processes wrote: checked on the loop's tick, and the visible tab reloaded when it
    /// changed (a `bodii log` run beside the app shows at once, not after a tab switch).
    private let outsideWrites: (any OutsideWriteWatching)?
    private var lastOutsideStamp: Int?

    package init(
        tabs: [any TabScreen], context: RenderContext, makeCheckIn: @escaping () -> any Screen,
        makeMomentCapture: @escaping () -> any Screen,
        theme: @escaping (String?) -> Theme = { _ in .fallback }, outsideWrites: (any OutsideWriteWatching)? = nil
    ) {
        self.tabs = tabs
        self.context = context
        self.makeCheckIn = makeCheckIn
        self.makeMomentCapture = makeMomentCapture
        self.theme = theme
        self.outsideWrites = outsideWrites
        lastOutsideStamp = try? outsideWrites?.outsideWriteStamp()
    }

    var visibleTab: any TabScreen { tabs[selectedTab] }

    /// The key table of the README: the global keys and each tab's, as they are now.
    var keyTable: String {
        KeyTable.markdown(global: Self.globalKeys, tabs: zip(AppTabs.titles, tabs).map { ($0, $1.documentedKeyMaps) })
    }
    /// The screen that receives keys: the top of the stack, else the visible tab.
    var focused: any Screen { stack.top ?? visibleTab }

    /// What the global keys do: one table behind both their dispatch and help and footer.
    enum GlobalAction: Sendable, Equatable {
        case tab(Int)
        case nextTab, previousTab, checkIn, moment, help, quit, quitNow, close
    }

    static let globalActions = ActionKeyMap<GlobalAction>(
        title: "Everywhere",
        [
            KeyBinding(
                AppTabs.all.indices.compactMap { Character(String($0 + 1)) }.map(Key.char), label: AppTabs.numberKeysLabel,
                help: AppTabs.titles.joined(separator: ", ")
            )
            .performs { key in
                guard case .char(let c) = key, let n = c.wholeNumberValue else { return nil }
                return .tab(n - 1)
            },
            KeyBinding([.tab, .backTab], label: "Tab/Shift-Tab", help: "next / previous tab").performs {
                $0 == .tab ? .nextTab : .previousTab
            },
            KeyBinding([.char("c")], help: "daily check-in", footer: true, brief: "check-in").performs(.checkIn),
            KeyBinding([.char("M")], help: "note a moment: words, +tags, 4/5 for how it felt", footer: true, brief: "moment").performs(.moment),
            KeyBinding([.char("?")], help: "help for this view", footer: true, brief: "help").performs(.help),
            KeyBinding([.char("q")], help: "quit", footer: true).performs(.quit),
            KeyBinding([.ctrl("c")], help: "quit at once").performs(.quitNow),
            // Done by each dialog and form; listed for help.
            KeyBinding([.escape], help: "close a dialog or cancel a form").performs(.close),
        ])

    static var globalKeys: KeyMap { globalActions.keyMap }

    func present(_ modal: any Screen) { stack.push(modal) }

    /// A message in the status line until the next one (or a tab switch) replaces it.
    package func show(_ status: StatusMessage) { lastStatus = status }

    func select(tab index: Int) {
        guard tabs.indices.contains(index) else { return }
        // A message from a dialog ("Welcome, Sam!") belongs to the moment, not to every tab.
        if index != selectedTab { lastStatus = nil }
        selectedTab = index
        visibleTab.didBecomeVisible()
    }

    package func handle(_ event: Event) {
        switch event {
        case .key(let key): handle(key)
        case .resize(let width, let height): screenSize = (width, height)
        case .tick:
            reloadAfterOutsideWrites()
            onTick?()
        }
    }

    /// Reloads the visible tab when another process committed since the last look. Not while a job
    /// runs: it may hold the writer for a while, and the tab reloads when it ends anyway.
    private func reloadAfterOutsideWrites() {
        guard let outsideWrites, jobs.running == 0, let stamp = try? outsideWrites.outsideWriteStamp() else { return }
        defer { lastOutsideStamp = stamp }
        if let last = lastOutsideStamp, last != stamp { visibleTab.didBecomeVisible() }
    }

    // MARK: Requests and jobs

    /// Does what a screen asked for, in order.
    private func perform(_ requests: [ShellRequest]) {
        for request in requests {
            switch request {
            case .showTab(let title):
                if let index = AppTabs.titles.firstIndex(of: title) { select(tab: index) }
            case .present(let screen): present(screen)
            case .closeFlows: stack.popFlows()
            case .previewTheme(let name): context.theme = theme(name)
            case .app(let request):
                if let request = request as? RunJob { run(request.job, then: request.then) }
            }
        }
    }

    /// Runs `job` with a progress dialog that Esc cancels; `then` hears how it ended.
    package func run(_ job: any Job, then: @escaping (JobEvent) -> Void = { _ in }) {
        let id = jobs.start(job)
        whenJobEnds[id] = then
        present(JobProgressScreen(id: id, title: job.title) { [weak self] in self?.jobs.cancel(id) })
    }

    /// Runs `job` with no dialog (the catalog warm-up, sync); only a failure is shown, and `then`
    /// hears how it ended.
    func runQuietly(_ job: any Job, then: @escaping (JobEvent) -> Void = { _ in }) {
        let id = jobs.start(job)
        whenJobEnds[id] = { [weak self] event in
            if case .failed(_, let message) = event { self?.lastStatus = StatusMessage(message, kind: .error) }
            then(event)
        }
    }

    /// Something changed the database beside the visible tab (a sync): it reloads, and `status`
    /// says what happened. Screens that `isOutdated` now (onboarding, once a sync brought the
    /// profile from another machine) close.
    package func reload(status: String, closing isOutdated: (any Screen) -> Bool = { _ in false }) {
        stack.removeAll(where: isOutdated)
        lastStatus = StatusMessage(status, kind: .success)
        visibleTab.didBecomeVisible()
    }

    /// Work to do on the loop's idle tick besides looking for outside writes (sync's schedule).
    var onTick: (() -> Void)?

    /// What a job reported (the loop hands these over from `jobs.inbox` as it wakes).
    package func handle(_ event: JobEvent) {
        let dialog = stack.screens.lazy.compactMap { $0 as? JobProgressScreen }.first { $0.id == event.id }
        guard event.isEnd else {
            if case .progress(_, let progress) = event { dialog?.update(progress) }
            return
        }
        stack.removeAll { ($0 as? JobProgressScreen)?.id == event.id }
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
        if Self.globalActions.action(for: key) == .quitNow { shouldQuit = true; return }
        guard !isTooSmall else {
            // q quits; what was typed is not thrown away unseen (Ctrl-C still quits at once).
            if key == .char("q"), !hasUnsavedInput { shouldQuit = true }
            return
        }
        // Esc on a dialog, a tab's form or a form flow holding what was typed asks once before
        // throwing it away, as `q` does.
        if key == .escape, focused.escapeLosesInput {
            let dialog = focused
            present(ConfirmFlow(question: "Close and lose what you typed?") { [weak self] in self?.escape(dialog) })
            return
        }
        let routed = stack.route(key, base: visibleTab) { perform([$0]) }
        let target = routed.target
        if let s = target.status { lastStatus = s }
        if routed.closed { visibleTab.didBecomeVisible() }
        guard routed.result == .ignored else { return }
        // Global keys apply only where no modal and no text field wants the key (a tab's flows
        // let them through as the tab does).
        guard stack.holdsOnlyFlows, !target.isEditingText else {
            if key == .char("?") && !target.isEditingText { showHelp() }
            return
        }
        // A flow belongs to its tab: help and quit reach past it, the tab and check-in keys do not.
        if !stack.isEmpty, key != .char("?"), key != .char("q") { return }
        switch Self.globalActions.action(for: key) {
        case .tab(let index): select(tab: index)
        case .nextTab: select(tab: (selectedTab + 1) % tabs.count)
        case .previousTab: select(tab: (selectedTab + tabs.count - 1) % tabs.count)
        case .help: showHelp()
        case .checkIn: present(makeCheckIn())
        case .moment: present(makeMomentCapture())
        case .quit: requestQuit()
        case .quitNow, .close, nil: break
        }
    }

    /// The global keys that work where the focus is now: none in a dialog or a text field, and
    /// only those the focused view lets through (`KeyMap.globalKeys`).
    var globalKeysHere: KeyMap {
        guard stack.holdsOnlyFlows, !focused.isEditingText else { return KeyMap(title: Self.globalKeys.title, bindings: []) }
        return Self.globalKeys.keeping(focused.keyMap.globalKeys)
    }

    private func showHelp() {
        present(HelpScreen(keyMaps: [focused.keyMap, globalKeysHere]))
    }

    /// What the user typed in a tab or one of its flows, which quitting would lose.
    private var hasUnsavedInput: Bool { tabs.contains(where: \.hasUnsavedInput) || stack.hasUnsavedInput }

    /// Esc, confirmed: the dialog, form or tab does what its Esc does (cancel, or onboarding's defaults).
    private func escape(_ dialog: any Screen) {
        let result = dialog.handle(.escape)
        if let s = dialog.status { lastStatus = s }
        guard case .close = result else { return }
        stack.removeAll { $0 === dialog }
        visibleTab.didBecomeVisible()
    }

    private func requestQuit() {
        if hasUnsavedInput {
            present(ConfirmFlow(question: "Quit and lose what you typed?") { [weak self] in self?.shouldQuit = true })
        } else {
            shouldQuit = true
        }
    }

    /// Draws everything into a fresh buffer of the terminal's size.
    package func render(width: Int, height: Int) -> Buffer {
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
        // Not drawn under a screen that paints over all of it.
        if !stack.coversArea { visibleTab.render(in: content, buffer: &buffer, context: context) }
        stack.render(in: content, buffer: &buffer, context: context)
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
