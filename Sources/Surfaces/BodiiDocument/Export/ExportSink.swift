import Foundation

/// Where an export's bytes go, a piece at a time.
package protocol ExportSink {
    func write(_ text: String) throws
}

/// Gathers an export's text into 64 KB pieces for `put` (a file, stdout, an output path).
package final class BufferedExportSink: ExportSink {
    private let put: (Data) throws -> Void
    private var buffer: [UInt8] = []
    private static let pieceSize = 65_536

    package init(_ put: @escaping (Data) throws -> Void) {
        self.put = put
        buffer.reserveCapacity(Self.pieceSize * 2)
    }

    package func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.pieceSize { try flush() }
    }

    /// Call once at the end: what is still buffered goes out.
    package func flush() throws {
        guard !buffer.isEmpty else { return }
        try put(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
