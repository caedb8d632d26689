import BodiiUI
import TerminalKit

// The units and theme lists' key maps: the lists take every key but help and quit.
extension SettingsViewModel {
    /// The keys of the units and theme lists.
    enum ChooserAction: Sendable {
        case move(ListMove)
        case save, cancel
    }

    static func chooserActions(title: String, moving what: String) -> ActionKeyMap<ChooserAction> {
        ActionKeyMap(
            title: title,
            ListMove.actions(what) { .move($0) } + [
                KeyBinding([.enter], help: "save", footer: true).performs(.save),
                KeyBinding([.escape], help: "cancel", footer: true).performs(.cancel),
            ])
    }

    static let unitsActions = chooserActions(title: Section.units.title, moving: "in the list")
    static let themeActions = chooserActions(title: Section.theme.title, moving: "in the list (themes preview live)")

    /// The lists take every other key, so only help and quit still reach the shell (a tab switch
    /// would leave a previewed theme behind).
    static let chooserGlobalKeys: Set<Key> = [.char("?"), .char("q")]

    static func chooserKeyMap(_ actions: ActionKeyMap<ChooserAction>) -> KeyMap {
        KeyMap(title: actions.title, bindings: actions.keyMap.bindings, globalKeys: chooserGlobalKeys)
    }
}
