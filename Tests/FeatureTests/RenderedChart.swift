import TerminalKit

/// A bordered chart found in a rendered buffer: its title row and the rows inside the border.
struct RenderedChart {
    var title: String
    /// Rows inside the border, without the border columns and the one-column padding.
    var rows: [[String]]

    var labelRow: String { rows.last.map { $0.joined() } ?? "" }
    var plotRows: ArraySlice<[String]> { rows.dropLast() }

    /// Columns (from the left of the inner area) that hold any of `glyphs` above the labels.
    func columns(where matches: (String) -> Bool) -> [Int] {
        let width = rows.first?.count ?? 0
        return (0..<width).filter { x in plotRows.contains { matches($0[x]) } }
    }

    static let barGlyphs = Set(Symbols.unicode.barLevels)
    static func isBraille(_ s: String) -> Bool { s.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false }

    /// Every block whose top-left corner is at or below `fromRow`; `padRight` columns of padding
    /// inside its right border are left out.
    static func all(in buffer: Buffer, fromRow: Int, padRight: Int = 1) -> [RenderedChart] {
        var out: [RenderedChart] = []
        for y in fromRow..<buffer.height {
            for x in 0..<buffer.width where buffer[x, y].symbol == "╭" {
                guard let right = (x + 1..<buffer.width).first(where: { buffer[$0, y].symbol == "╮" }),
                    let bottom = (y + 1..<buffer.height).first(where: { buffer[x, $0].symbol == "╰" })
                else { continue }
                let title = (x..<right).map { buffer[$0, y].symbol }.joined()
                let rows = (y + 1..<bottom).map { row in (x + 2..<right - padRight).map { buffer[$0, row].symbol } }
                out.append(RenderedChart(title: title, rows: rows))
            }
        }
        return out
    }
}
