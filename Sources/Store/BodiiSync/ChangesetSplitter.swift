import Foundation

/// Cuts a changeset into changesets of at most about `limit` bytes each, between changes, so a
/// large transaction (a 10-year baseline, a big import) travels as several bounded entries and
/// files: a new machine then reads, decrypts and applies a few MB at a time. SQLite 3.40 has no
/// call that writes one change (`sqlite3changegroup_add_change` came in 3.46), so this walks the
/// documented changeset format (sqlite3session.h, "Changeset Format"):
/// ```
/// table:  'T'  columnCount:varint  primaryKeyFlag:u8 * columnCount  name  NUL
/// change: op:u8 (INSERT 18, UPDATE 23, DELETE 9)  indirect:u8  record (UPDATE: old then new)
/// record: one value per column: type:u8 (0 absent, 1 integer + 8 bytes, 2 real + 8 bytes,
///         3 text / 4 blob + varint length + bytes, 5 NULL)
/// ```
/// Each piece starts with its table's header again, so each is a changeset on its own; the
/// pieces hold the changes in their order.
enum ChangesetSplitter {
    struct Piece: Equatable {
        var bytes: [UInt8]
        /// How many changes it holds (to cut the causal-length list alike).
        var changes: Int
    }

    enum SplitError: Error { case malformed(Int) }

    static func split(_ bytes: [UInt8], limit: Int) throws -> [Piece] {
        guard bytes.count > limit else {
            return bytes.isEmpty ? [] : [Piece(bytes: bytes, changes: try count(bytes))]
        }
        var pieces: [Piece] = []
        var current = Piece(bytes: [], changes: 0)
        var header: Range<Int>?
        var headerInCurrent = false
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "T") {
                let end = try tableHeaderEnd(bytes, at: offset)
                header = offset..<end
                headerInCurrent = false
                offset = end
                continue
            }
            guard let tableHeader = header else { throw SplitError.malformed(offset) }
            let columns = try columnCount(bytes, header: tableHeader)
            let end = try changeEnd(bytes, at: offset, columns: columns)
            if current.changes > 0 && current.bytes.count + (end - offset) > limit {
                pieces.append(current)
                current = Piece(bytes: [], changes: 0)
                headerInCurrent = false
            }
            if !headerInCurrent {
                current.bytes += bytes[tableHeader]
                headerInCurrent = true
            }
            current.bytes += bytes[offset..<end]
            current.changes += 1
            offset = end
        }
        if current.changes > 0 { pieces.append(current) }
        return pieces
    }

    /// The number of changes, without copying.
    static func count(_ bytes: [UInt8]) throws -> Int {
        var changes = 0
        var columns: Int?
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "T") {
                let end = try tableHeaderEnd(bytes, at: offset)
                columns = try columnCount(bytes, header: offset..<end)
                offset = end
                continue
            }
            guard let columns else { throw SplitError.malformed(offset) }
            offset = try changeEnd(bytes, at: offset, columns: columns)
            changes += 1
        }
        return changes
    }

    private static func tableHeaderEnd(_ bytes: [UInt8], at start: Int) throws -> Int {
        let (columns, afterCount) = try varint(bytes, at: start + 1)
        var offset = afterCount + columns
        guard columns > 0, offset <= bytes.count else { throw SplitError.malformed(start) }
        while offset < bytes.count && bytes[offset] != 0 { offset += 1 }
        guard offset < bytes.count else { throw SplitError.malformed(start) }
        return offset + 1
    }

    private static func columnCount(_ bytes: [UInt8], header: Range<Int>) throws -> Int {
        try varint(bytes, at: header.lowerBound + 1).value
    }

    private static func changeEnd(_ bytes: [UInt8], at start: Int, columns: Int) throws -> Int {
        guard start + 2 <= bytes.count else { throw SplitError.malformed(start) }
        let records: Int
        switch bytes[start] {
        case 18, 9: records = 1  // INSERT, DELETE
        case 23: records = 2  // UPDATE
        default: throw SplitError.malformed(start)
        }
        var offset = start + 2
        for _ in 0..<(records * columns) { offset = try valueEnd(bytes, at: offset) }
        return offset
    }

    private static func valueEnd(_ bytes: [UInt8], at start: Int) throws -> Int {
        guard start < bytes.count else { throw SplitError.malformed(start) }
        let end: Int
        switch bytes[start] {
        case 0, 5: end = start + 1
        case 1, 2: end = start + 9
        case 3, 4:
            let (length, after) = try varint(bytes, at: start + 1)
            end = after + length
        default: throw SplitError.malformed(start)
        }
        guard end <= bytes.count else { throw SplitError.malformed(start) }
        return end
    }

    /// SQLite's varint: big-endian groups of 7 bits with a continuation bit, the ninth byte whole.
    private static func varint(_ bytes: [UInt8], at start: Int) throws -> (value: Int, end: Int) {
        var value: UInt64 = 0
        var offset = start
        var complete = false
        while !complete && offset < bytes.count && offset - start < 9 {
            let byte = bytes[offset]
            offset += 1
            if offset - start == 9 {
                value = value << 8 | UInt64(byte)
                complete = true
            } else {
                value = value << 7 | UInt64(byte & 0x7F)
                complete = byte & 0x80 == 0
            }
        }
        guard complete, value <= UInt64(Int32.max) else { throw SplitError.malformed(start) }
        return (Int(value), offset)
    }
}
