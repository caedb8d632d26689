/// A sub-flow a tab pushes over itself (the food search, a form, a list): a screen of its own
/// type on the shell's stack. Unlike the shell's own modals (help, the check-in, "quit?"), the
/// app's global keys still reach past a flow where it leaves a key alone and no text field has
/// focus, as they reach past its tab; its key map's `globalKeys` says which (footer and help).
@MainActor
public protocol Flow: Screen {}

extension Flow {
    /// A flow's Esc often steps back (search → serving → amount); a form flow says when it loses input.
    public var escapeLosesInput: Bool { false }
}

/// The screens over the visible tab, top last: the flows tabs push and the shell's modals, in
/// one stack (lazygit's context stack, Bubble Tea's nested models). The top screen has the keys,
/// the footer and the help; `.close` pops one level (Esc), `.closeFlows` pops back to the tab
/// (a flow that finished), `.present` pushes. Drawn bottom to top, each over the one below.
@MainActor
public final class FlowStack {
    public private(set) var screens: [any Screen] = []

    public init() {}

    public var top: (any Screen)? { screens.last }
    public var isEmpty: Bool { screens.isEmpty }
    /// True when nothing but tab flows is open: the global keys may still act.
    public var holdsOnlyFlows: Bool { screens.allSatisfy { $0 is any Flow } }
    /// True when a flow holds something the user typed.
    public var hasUnsavedInput: Bool { screens.contains { $0 is any Flow && $0.hasUnsavedInput } }

    public func push(_ screen: any Screen) { screens.append(screen) }
    public func pop() { if !screens.isEmpty { screens.removeLast() } }
    /// Pops the flows on top, down to the first screen that is not one (or the tab).
    public func popFlows() { while let top = screens.last, top is any Flow { screens.removeLast() } }
    public func removeAll(where shouldRemove: (any Screen) -> Bool) { screens.removeAll(where: shouldRemove) }

    /// What routing a key did.
    public struct Routed {
        /// What is left for the owner: `.handled`, `.ignored` (try the global keys), or `.close`
        /// from the tab itself.
        public var result: KeyResult
        /// The screen that had the key (its status is the latest).
        public var target: any Screen
        /// A screen was closed: the tab may reload what the flow changed.
        public var closed: Bool
    }

    /// Sends `key` to the top screen (`base`, the visible tab, when nothing is open) and does the
    /// stack's part of the answer; `perform` gets the requests that are the owner's, in order.
    public func route(_ key: Key, base: any Screen, perform: (ShellRequest) -> Void) -> Routed {
        let target = top ?? base
        let result = target.handle(key)
        switch result {
        case .close:
            pop()
            return Routed(result: .handled, target: target, closed: true)
        case .requests(let requests):
            var closed = false
            for request in requests {
                switch request {
                case .present(let screen): push(screen)
                case .closeFlows:
                    popFlows()
                    closed = true
                default: perform(request)
                }
            }
            return Routed(result: .handled, target: target, closed: closed)
        case .handled, .ignored:
            return Routed(result: result, target: target, closed: false)
        }
    }

    /// True when a screen paints all of its area: the tab under the stack is hidden.
    public var coversArea: Bool { screens.contains { $0.coversArea } }

    /// Draws every screen over the one below it, from the top screen that paints all of its area
    /// (those under it would be painted over: the dot grid over the Dashboard).
    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let first = screens.lastIndex { $0.coversArea } ?? 0
        for screen in screens[first...] { screen.render(in: area, buffer: &buffer, context: context) }
    }
}
