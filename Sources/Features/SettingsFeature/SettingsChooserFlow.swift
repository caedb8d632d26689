import BodiiDomain
import TerminalKit

/// Settings' units or theme list as a flow over the tab: j/k move (a theme previews live), Enter
/// saves, Esc cancels (back to the saved theme). The list lives inside the section panel, so the
/// flow draws the tab again with its selection; it takes every key but help and quit.
public final class SettingsChooserFlow: Flow {
    enum Kind {
        case units, theme
    }

    let tab: SettingsViewModel
    let kind: Kind
    public private(set) var index: Int

    init(tab: SettingsViewModel, kind: Kind, index: Int) {
        self.tab = tab
        self.kind = kind
        self.index = index
    }

    private var actions: ActionKeyMap<Action> { kind == .units ? Self.unitsActions : Self.themeActions }
    private var count: Int { kind == .units ? UnitSystem.allCases.count : tab.themeNames.count }

    public var keyMap: KeyMap { KeyMap(title: actions.title, bindings: actions.keyMap.bindings, globalKeys: Self.globalKeys) }
    public var status: StatusMessage? { tab.status }

    public func handle(_ key: Key) -> KeyResult {
        guard let profile = tab.profile, count > 0 else { return .close }
        guard let action = actions.action(for: key) else { return Self.globalKeys.contains(key) ? .ignored : .handled }
        switch action {
        case .move(let move):
            index = move.apply(to: index, count: count)
            return kind == .theme ? .requests([.previewTheme(tab.themeNames[index])]) : .handled
        case .cancel:
            // Back to the saved theme: the shell draws the preview, so it is asked to.
            return kind == .theme ? .requests([.closeFlows, .previewTheme(profile.themeName)]) : .close
        case .save:
            var updated = profile
            switch kind {
            case .units: updated.unitSystem = UnitSystem.allCases[index]
            case .theme: updated.themeName = tab.themeNames[index]
            }
            let message = kind == .theme ? "Theme \(updated.themeName) saved." : "Units: \(updated.unitSystem.label)."
            return tab.save(updated, message: message) ? .close : .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        // The tab below drew its panel without the selection: drawn again, on a clean area.
        buffer.fill(area)
        tab.view(chooserIndex: index).render(in: area, buffer: &buffer, context: context)
    }
}

// The lists' keys: the lists take every key but help and quit.
extension SettingsChooserFlow {
    enum Action: Sendable {
        case move(ListMove)
        case save, cancel
    }

    static func actions(title: String, moving what: String) -> ActionKeyMap<Action> {
        ActionKeyMap(
            title: title,
            ListMove.actions(what) { .move($0) } + [
                KeyBinding([.enter], help: "save", footer: true).performs(.save),
                KeyBinding([.escape], help: "cancel", footer: true).performs(.cancel),
            ])
    }

    static let unitsActions = actions(title: SettingsViewModel.Section.units.title, moving: "in the list")
    static let themeActions = actions(title: SettingsViewModel.Section.theme.title, moving: "in the list (themes preview live)")

    /// The lists take every other key, so only help and quit still reach the shell (a tab switch
    /// would leave a previewed theme behind).
    static let globalKeys: Set<Key> = [.char("?"), .char("q")]
}
