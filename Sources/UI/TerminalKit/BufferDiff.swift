/// What a backend must send to turn the frame on screen into the next one (ratatui's
/// `Buffer::diff`): the changed cells, in reading order, or the whole frame after a clear.
///
/// The cells are found while a backend walks them (`forEachUpdate`), not collected first: a
/// 200×60 first frame collected was ~10,000 updates, 0.6 MB, the largest allocation of the app's
/// start (bodii-bench's peak resident memory at the first frame).
public struct BufferDiff: Equatable, Sendable {
    public struct Update: Equatable, Sendable {
        public let x: Int
        public let y: Int
        public let cell: Cell
    }

    /// The screen is cleared first (the first frame, or the size changed): the updates then are
    /// every cell that is not blank.
    public let clearsScreen: Bool
    private let frame: Buffer
    /// The frame on screen; nil when the screen is cleared.
    private let onScreen: Buffer?

    init(frame: Buffer, onScreen: Buffer?) {
        let sameSize = onScreen.map { $0.width == frame.width && $0.height == frame.height } ?? false
        self.frame = frame
        self.onScreen = sameSize ? onScreen : nil
        clearsScreen = !sameSize
    }

    /// Calls `body` with each cell to send, in reading order.
    ///
    /// A double-width cell is sent on its own: the terminal draws both its columns, so its
    /// continuation is never sent. A continuation that becomes a plain cell is sent (the wide
    /// glyph it belonged to is gone, and the terminal blanks the half it leaves), and a wide
    /// cell is sent again when the column it covers changed underneath it.
    public func forEachUpdate(_ body: (Update) throws -> Void) rethrows {
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                guard let previous = onScreen else {
                    if cell != .blank { try body(Update(x: x, y: y, cell: cell)) }
                    continue
                }
                let coversNext = x + 1 < frame.width && frame[x + 1, y].isContinuation
                let changed = cell != previous[x, y] || (coversNext && frame[x + 1, y] != previous[x + 1, y])
                if changed { try body(Update(x: x, y: y, cell: cell)) }
            }
        }
    }

    /// The cells to send, collected (for tests and counts).
    public var updates: [Update] {
        var all: [Update] = []
        forEachUpdate { all.append($0) }
        return all
    }

    /// Two diffs are equal when they send the same cells the same way.
    public static func == (lhs: BufferDiff, rhs: BufferDiff) -> Bool {
        lhs.clearsScreen == rhs.clearsScreen && lhs.updates == rhs.updates
    }
}

extension Buffer {
    /// The cells to send to a screen showing `previous` so it shows this buffer.
    public func diff(from previous: Buffer?) -> BufferDiff {
        BufferDiff(frame: self, onScreen: previous)
    }

    /// `diff` applied to this buffer as a terminal applies it: a cell written over half of a
    /// wide glyph blanks the other half, and a wide cell covers the column after it.
    public mutating func apply(_ diff: BufferDiff) {
        if diff.clearsScreen { fill(area) }
        diff.forEachUpdate { update in
            self[update.x, update.y] = update.cell
            if TextWidth.of(update.cell.symbol) == 2 { self[update.x + 1, update.y] = Cell("", style: update.cell.style) }
        }
    }
}
