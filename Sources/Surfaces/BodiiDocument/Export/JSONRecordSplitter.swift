import Foundation

/// Cuts a JSON document into the pieces `import bodii` decodes, reading its input 64 KB at a
/// time so a document of any length is read in constant memory: the top-level object's entries
/// (`eachEntry`), and a list's elements one at a time (`eachElement`). It interprets nothing: it
/// only finds where each value ends (strings, escapes and nesting), and hands out the value's
/// bytes for `JSONDecoder` to decode — which reads numbers exactly and checks the rest of the
/// syntax. A structure it cannot follow throws `Failure`.
struct JSONRecordSplitter {
    package struct Failure: Error {}

    private let read: () throws -> Data?
    private var bytes: [UInt8] = []
    private var i = 0
    private static let pieceSize = 65_536

    /// Reads `handle` from where it is to its end.
    package init(handle: FileHandle) {
        read = { try handle.read(upToCount: Self.pieceSize) }
    }

    /// The top-level object's entries in order, the key decoded; `body` must take the value
    /// (`value()` or `eachElement`) before it returns.
    mutating func eachEntry(_ body: (String, inout JSONRecordSplitter) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if try peekPastSpace() == UInt8(ascii: "}") {
            i += 1
            return try end()
        }
        while true {
            guard try peekPastSpace() == UInt8(ascii: "\"") else { throw Failure() }
            var key: [UInt8] = []
            try copyString(into: &key)
            guard let name = try? JSONDecoder().decode(String.self, from: Data(key)) else { throw Failure() }
            try expect(UInt8(ascii: ":"))
            try body(name, &self)
            let next = try take()
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "}") else { throw Failure() }
            return try end()
        }
    }

    /// The bytes of the next value, whole.
    package mutating func value() throws -> Data {
        var out: [UInt8] = []
        try copyValue(into: &out)
        return Data(out)
    }

    /// The bytes of each element of a list, one at a time (nothing for null); false, the value
    /// left unread, for anything else.
    @discardableResult
    mutating func eachElement(_ body: (Data) throws -> Void) throws -> Bool {
        switch try peekPastSpace() {
        case UInt8(ascii: "n"):
            guard try value() == Data("null".utf8) else { throw Failure() }
            return true
        case UInt8(ascii: "["): i += 1
        default: return false
        }
        if try peekPastSpace() == UInt8(ascii: "]") {
            i += 1
            return true
        }
        var element: [UInt8] = []
        while true {
            element.removeAll(keepingCapacity: true)
            try copyValue(into: &element)
            try body(Data(element))
            let next = try take()
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "]") else { throw Failure() }
            return true
        }
    }

    // MARK: - Reading

    /// The next byte after any white space, not taken; nil at the end of the input.
    private mutating func peekPastSpace() throws -> UInt8? {
        while let b = try peekRaw() {
            guard Self.isSpace(b) else { return b }
            i += 1
        }
        return nil
    }

    /// The next byte, white space included.
    private mutating func takeRaw() throws -> UInt8 {
        guard let b = try peekRaw() else { throw Failure() }
        i += 1
        return b
    }

    /// The next byte that is not white space.
    private mutating func take() throws -> UInt8 {
        guard try peekPastSpace() != nil else { throw Failure() }
        return try takeRaw()
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try take() == byte else { throw Failure() }
    }

    /// Nothing but white space is left.
    private mutating func end() throws {
        guard try peekPastSpace() == nil else { throw Failure() }
    }

    /// A string from its opening quote to its closing one, escapes kept as written.
    private mutating func copyString(into out: inout [UInt8]) throws {
        out.append(try take())
        while true {
            let b = try takeRaw()
            out.append(b)
            if b == UInt8(ascii: "\"") { return }
            if b == UInt8(ascii: "\\") { out.append(try takeRaw()) }
        }
    }

    /// One value: a string, an object or list to its matching close (nesting counted, not
    /// recursed into; bytes copied as they are, for the decoder to check), or a number or word
    /// up to the next delimiter or white space.
    private mutating func copyValue(into out: inout [UInt8]) throws {
        guard let first = try peekPastSpace() else { throw Failure() }
        switch first {
        case UInt8(ascii: "\""): try copyString(into: &out)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                guard let b = try peekRaw() else { throw Failure() }
                if b == UInt8(ascii: "\"") {
                    try copyString(into: &out)
                    continue
                }
                out.append(try takeRaw())
                if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
                if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") { depth -= 1 }
            } while depth > 0
        default:
            while let b = try peekRaw(), !Self.endsAWord(b) { out.append(try takeRaw()) }
            guard !out.isEmpty else { throw Failure() }
        }
    }

    /// The next byte, white space included, not taken; nil at the end of the input.
    private mutating func peekRaw() throws -> UInt8? {
        if i == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            i = 0
            guard let piece = try read(), !piece.isEmpty else { return nil }
            bytes.append(contentsOf: piece)
        }
        return bytes[i]
    }

    private static func endsAWord(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == UInt8(ascii: ":") || isSpace(b)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
