import TerminalKit

/// The README's key table, generated from the key maps the app dispatches with: the keys that
/// work everywhere, then each tab's own, in the order of the tab list. A test holds the README to it.
enum KeyTable {
    /// A tab with several views (Pantry) gets a line per view, named by the view's key map.
    static func markdown(global: KeyMap, tabs: [(title: String, keyMaps: [KeyMap])]) -> String {
        var lines = ["| key | action |", "|---|---|"]
        for binding in global.bindings { lines.append("| \(code(binding.keyLabel)) | \(binding.help) |") }
        lines.append("")
        for tab in tabs {
            for map in tab.keyMaps {
                let keys = map.bindings.map { "\(code($0.keyLabel)) \($0.help)" }
                lines.append("- **\(tab.keyMaps.count > 1 ? map.title : tab.title)**: " + keys.joined(separator: " · "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A key label as inline code; a label holding a backtick is wrapped in double backticks.
    package static func code(_ label: String) -> String {
        label.contains("`") ? "`` \(label) ``" : "`\(label)`"
    }
}
