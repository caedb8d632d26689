import SnapshotTesting
import TerminalKit

let unicodeContext = RenderContext(theme: .fallback, symbols: .unicode)
let asciiContext = RenderContext(theme: .fallback, symbols: .ascii)

/// Renders a widget into a fresh buffer of exactly its size.
func render(_ widget: some Widget, width: Int, height: Int, ascii: Bool = false) -> Buffer {
    let context = ascii ? asciiContext : unicodeContext
    var buffer = Buffer(width: width, height: height, for: context)
    widget.render(in: buffer.area, buffer: &buffer, context: context)
    return buffer
}

/// The buffer as snapshot text: every line ends in `|` so the area's right edge (and any trailing
/// spaces) show in the snapshot file.
func framed(_ buffer: Buffer) -> String {
    buffer.lines.map { $0 + "|" }.joined(separator: "\n")
}

/// Snapshots `widget` at `width`×`height`, named like `unicode-40x8`.
func snap(
    _ widget: some Widget, _ width: Int, _ height: Int, ascii: Bool = false,
    testName: String, label: String = "", fileID: StaticString = #fileID, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    let text = framed(render(widget, width: width, height: height, ascii: ascii))
    let name = (ascii ? "ascii" : "unicode") + "-\(width)x\(height)" + (label.isEmpty ? "" : "-\(label)")
    assertSnapshot(
        of: text, as: .lines, named: name, fileID: fileID, file: file, testName: testName,
        line: line, column: column)
}

/// A widget that draws a modal over a filled background, to show what it clears.
struct OverBackground<W: Widget>: Widget {
    var widget: W
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, symbol: context.symbols.isUnicode ? "·" : ".")
        widget.render(in: area, buffer: &buffer, context: context)
    }
}
