import TerminalKit

/// A tab with several views that one key steps through (Body: weigh-ins, then measurements).
/// Each view is a tab screen of its own, with its keys, flows and status; the switcher adds its
/// key to every view's map, so the footer, help and the README's key table list it.
@MainActor
public final class ViewSwitchingTab: TabScreen {
    private let views: [any TabScreen]
    private let key: Key
    /// What each view is called, in the key's help and footer ("m measurements" on the first).
    private let names: [String]
    /// The view in force, by index into the views given.
    public private(set) var shown = 0

    /// `views`: each with its name, the first shown first.
    public init(_ first: (name: String, view: any TabScreen), then rest: [(name: String, view: any TabScreen)], key: Key) {
        views = [first.view] + rest.map(\.view)
        names = [first.name] + rest.map(\.name)
        self.key = key
    }

    private var current: any TabScreen { views[shown] }

    public var title: String { views[0].title }
    public var keyMap: KeyMap { withSwitchKey(current.keyMap, from: shown) }
    public var documentedKeyMaps: [KeyMap] { views.indices.map { withSwitchKey(views[$0].keyMap, from: $0) } }
    public var isEditingText: Bool { current.isEditingText }
    public var hasUnsavedInput: Bool { current.hasUnsavedInput }
    public var escapeLosesInput: Bool { current.escapeLosesInput }
    public var status: StatusMessage? { current.status }

    public func didBecomeVisible() { current.didBecomeVisible() }

    public func handle(_ key: Key) -> KeyResult {
        guard key == self.key else { return current.handle(key) }
        shown = (shown + 1) % views.count
        current.didBecomeVisible()
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        current.render(in: area, buffer: &buffer, context: context)
    }

    /// `map` with the key that shows the view after `index`.
    private func withSwitchKey(_ map: KeyMap, from index: Int) -> KeyMap {
        let next = names[(index + 1) % names.count]
        var map = map
        // First: the footer drops what does not fit from the end, and this key is the view's way out.
        map.bindings.insert(KeyBinding([key], help: "show the \(next)", footer: true, brief: next), at: 0)
        return map
    }
}
