/// A key press, decoded by the terminal backend; what view models react to.
public enum Key: Equatable, Hashable, Sendable {
    case char(Character)
    case ctrl(Character)  // lower-case letter: .ctrl("c")
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)

    /// How the key is written in help and footers.
    public var label: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(String(c).uppercased())"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        }
    }
}

/// What the event loop delivers.
public enum Event: Equatable, Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    case tick
}

/// One documented binding: the keys, what they do, and whether the footer shows it.
/// Key maps are data, so the help overlay and the footer are generated from them.
public struct KeyBinding: Equatable, Sendable {
    public var keys: [Key]
    public var label: String?  // how to print the keys, when not derived ("1–6", "j/k")
    public var help: String
    public var inFooter: Bool
    /// What the footer says, where `help` would take too much of an 80-column line ("check-in").
    public var brief: String?

    public init(_ keys: [Key], label: String? = nil, help: String, footer: Bool = false, brief: String? = nil) {
        self.keys = keys
        self.label = label
        self.help = help
        self.inFooter = footer
        self.brief = brief
    }

    /// The keys joined by "/", or by spaces when a key is itself "/" (so `a` and `/` read "a /", not "a//").
    public var keyLabel: String {
        if let label { return label }
        let labels = keys.map(\.label)
        return labels.joined(separator: labels.contains { $0.contains("/") } ? " " : "/")
    }
}

public struct KeyMap: Equatable, Sendable {
    public var title: String
    public var bindings: [KeyBinding]
    /// The app's global keys that still work while this map is in force (a y/n question takes
    /// every key: none); nil when they all do. Footer and help list only what works.
    public var globalKeys: Set<Key>?

    public init(title: String, bindings: [KeyBinding], globalKeys: Set<Key>? = nil) {
        self.title = title
        self.bindings = bindings
        self.globalKeys = globalKeys
    }

    /// These bindings, less the keys `allowed` does not let through (nil: all of them).
    public func keeping(_ allowed: Set<Key>?) -> KeyMap {
        guard let allowed else { return self }
        var kept = self
        kept.bindings = bindings.compactMap { binding in
            let keys = binding.keys.filter(allowed.contains)
            guard !keys.isEmpty else { return nil }
            var b = binding
            if keys.count != binding.keys.count { b.keys = keys; b.label = nil }
            return b
        }
        return kept
    }

    public func binding(for key: Key) -> KeyBinding? { bindings.first { $0.keys.contains(key) } }
    public var footer: [KeyBinding] { bindings.filter(\.inFooter) }
}
