import Foundation

/// The shape of a CSV text by the rules of CSV.swift 2.5.2's reader, which reads a damaged file
/// without a word: a quote that never closes becomes one field running to the end of the file
/// (every later row swallowed), and a quote closed in the middle of a field is kept as text with
/// the character after it dropped. Walking the text the same way gives the line each record
/// starts on (a quoted field may hold line breaks), or where the file is damaged. It walks UTF-8
/// bytes: quotes, commas and line breaks are ASCII, which no byte of another character is.
enum CSVLines {
    enum Damage: Error, Equatable {
        case unclosedQuote(line: Int)
        case quoteInsideField(line: Int)
    }

    static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    static func recordStarts(_ bytes: some Sequence<UInt8>) -> Result<[Int], Damage> {
        var cursor = Cursor(bytes.makeIterator())
        var starts: [Int] = []
        records: while var c = cursor.next() {
            starts.append(cursor.line)
            fields: while true {
                if c == quote {
                    let opened = cursor.line
                    while true {
                        guard let q = cursor.next() else { return .failure(.unclosedQuote(line: opened)) }
                        if q == quote {
                            guard let after = cursor.next() else { break records }
                            if after == quote { continue }
                            if after == comma { break }
                            if cursor.isLineBreak(after) { continue records }
                            return .failure(.quoteInsideField(line: cursor.line))
                        }
                        _ = cursor.isLineBreak(q)
                    }
                } else {
                    var u: UInt8? = c
                    while let ch = u, ch != comma {
                        if cursor.isLineBreak(ch) { continue records }
                        u = cursor.next()
                    }
                    if u == nil { break records }
                }
                // After a separator: the next field, or an empty last one at the end of the text.
                guard let next = cursor.next() else { break records }
                c = next
            }
        }
        return .success(starts)
    }

    /// The text's bytes with the line they are on: LF, CR LF and a lone CR each end a line.
    struct Cursor<Bytes: IteratorProtocol<UInt8>> {
        var bytes: Bytes
        var back: UInt8?
        var line = 1

        init(_ bytes: Bytes) { self.bytes = bytes }

        mutating func next() -> UInt8? {
            if let b = back { back = nil; return b }
            return bytes.next()
        }

        /// True for a line break, counting it (and taking the LF of a CR LF).
        mutating func isLineBreak(_ c: UInt8) -> Bool {
            if c == lf { line += 1; return true }
            guard c == cr else { return false }
            let after = next()
            if after != lf { back = after }
            line += 1
            return true
        }
    }
}
