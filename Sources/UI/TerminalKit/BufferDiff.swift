/// What a backend must send to turn the frame on screen into the next one (ratatui's
/// `Buffer::diff`): the changed cells, in reading order, or the whole frame after a clear.
public struct BufferDiff: Equatable, Sendable {
    public struct Update: Equatable, Sendable {
        public let x: Int
        public let y: Int
        public let cell: Cell
    }

    /// The screen is cleared first (the first frame, or the size changed): `updates` then holds
    /// every cell that is not blank.
    public let clearsScreen: Bool
    public let updates: [Update]
}

extension Buffer {
    /// The cells to send to a screen showing `previous` so it shows this buffer.
    ///
    /// A double-width cell is sent on its own: the terminal draws both its columns, so its
    /// continuation is never sent. A continuation that becomes a plain cell is sent (the wide
    /// glyph it belonged to is gone, and the terminal blanks the half it leaves), and a wide
    /// cell is sent again when the column it covers changed underneath it.
    public func diff(from previous: Buffer?) -> BufferDiff {
        guard let previous, previous.width == width, previous.height == height else {
            var updates: [BufferDiff.Update] = []
            for y in 0..<height {
                for x in 0..<width where !self[x, y].isContinuation && self[x, y] != .blank {
                    updates.append(.init(x: x, y: y, cell: self[x, y]))
                }
            }
            return BufferDiff(clearsScreen: true, updates: updates)
        }
        var updates: [BufferDiff.Update] = []
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                if cell.isContinuation { continue }
                let coversNext = x + 1 < width && self[x + 1, y].isContinuation
                let changed = cell != previous[x, y] || (coversNext && self[x + 1, y] != previous[x + 1, y])
                if changed { updates.append(.init(x: x, y: y, cell: cell)) }
            }
        }
        return BufferDiff(clearsScreen: false, updates: updates)
    }

    /// `diff` applied to this buffer as a terminal applies it: a cell written over half of a
    /// wide glyph blanks the other half, and a wide cell covers the column after it.
    public mutating func apply(_ diff: BufferDiff) {
        if diff.clearsScreen { fill(area) }
        for update in diff.updates {
            self[update.x, update.y] = update.cell
            if TextWidth.of(update.cell.symbol) == 2 { self[update.x + 1, update.y] = Cell("", style: update.cell.style) }
        }
    }
}
