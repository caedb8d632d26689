import TerminalKit

/// The README's key table, generated from the key maps the app dispatches with: the keys that
/// work everywhere, then each tab's own, in the order of the tab list. A test holds the README to it.
enum KeyTable {
    static func markdown(global: KeyMap, tabs: [(title: String, keyMap: KeyMap)]) -> String {
        var lines = ["| key | action |", "|---|---|"]
        for binding in global.bindings { lines.append("| \(code(binding.keyLabel)) | \(binding.help) |") }
        lines.append("")
        for tab in tabs {
            let keys = tab.keyMap.bindings.map { "\(code($0.keyLabel)) \($0.help)" }
            lines.append("- **\(tab.title)**: " + keys.joined(separator: " · "))
        }
        return lines.joined(separator: "\n")
    }

    /// A key label as inline code; a label holding a backtick is wrapped in double backticks.
    static func code(_ label: String) -> String {
        label.contains("`") ? "`` \(label) ``" : "`\(label)`"
    }
}
