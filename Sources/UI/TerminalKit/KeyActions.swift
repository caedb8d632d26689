/// A key binding with what it does: one list drives both the dispatch of keys and the help and
/// footer generated from it, so the two cannot drift (ARCHITECTURE.md, "key bindings are data").
public struct BoundKey<Action: Sendable>: Sendable {
    public let binding: KeyBinding
    /// The action for a key of the binding (one binding may carry several keys: `[ ]`, `j/k`).
    public let action: @Sendable (Key) -> Action?

    public init(_ binding: KeyBinding, action: @escaping @Sendable (Key) -> Action?) {
        self.binding = binding
        self.action = action
    }
}

extension KeyBinding {
    /// This binding performing `action`, whichever of its keys is pressed.
    public func performs<Action: Sendable>(_ action: Action) -> BoundKey<Action> {
        BoundKey(self) { _ in action }
    }

    /// This binding performing what `action` makes of the key pressed.
    public func performs<Action: Sendable>(_ action: @escaping @Sendable (Key) -> Action?) -> BoundKey<Action> {
        BoundKey(self, action: action)
    }
}

/// A view's bindings with their actions: `keyMap` for help and footer, `action(for:)` for dispatch.
public struct ActionKeyMap<Action: Sendable>: Sendable {
    public var title: String
    public var entries: [BoundKey<Action>]

    public init(title: String, _ entries: [BoundKey<Action>]) {
        self.title = title
        self.entries = entries
    }

    public var keyMap: KeyMap { KeyMap(title: title, bindings: entries.map(\.binding)) }

    /// The action of the first binding that has `key`; nil when none does.
    public func action(for key: Key) -> Action? {
        for entry in entries where entry.binding.keys.contains(key) {
            if let action = entry.action(key) { return action }
        }
        return nil
    }
}

/// Moving a selection through a list (PRODUCT.md §2): `j`/`k` or arrows one row, PgDn/PgUp a page,
/// Home/End to either end. One helper for every list, so every list moves the same way.
public enum ListMove: Sendable, Equatable {
    case down, up, pageDown, pageUp, first, last

    public static let pageRows = 10

    public init?(_ key: Key) {
        switch key {
        case .char("j"), .down: self = .down
        case .char("k"), .up: self = .up
        case .pageDown: self = .pageDown
        case .pageUp: self = .pageUp
        case .home: self = .first
        case .end: self = .last
        default: return nil
        }
    }

    /// The index after the move in a list of `count` rows (0 when empty).
    public func apply(to index: Int, count: Int) -> Int {
        let last = max(0, count - 1)
        switch self {
        case .down: return min(last, index + 1)
        case .up: return max(0, index - 1)
        case .pageDown: return min(last, index + Self.pageRows)
        case .pageUp: return max(0, index - Self.pageRows)
        case .first: return 0
        case .last: return last
        }
    }

    /// What help lists for a list: `what` names it ("in the history").
    public static func bindings(_ what: String) -> [KeyBinding] {
        [
            KeyBinding([.char("j"), .down, .char("k"), .up], label: "j/k", help: "move \(what)", footer: true, brief: "move"),
            KeyBinding([.pageDown, .pageUp], label: "PgDn/PgUp", help: "a page \(what)"),
            KeyBinding([.home, .end], label: "Home/End", help: "first / last \(what)"),
        ]
    }

    public static func actions<Action: Sendable>(_ what: String, _ make: @escaping @Sendable (ListMove) -> Action) -> [BoundKey<Action>] {
        bindings(what).map { $0.performs { key in ListMove(key).map(make) } }
    }
}
