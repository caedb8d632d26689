import Foundation

/// A small streaming JSON reader whose numbers are exact: each is read with `Double(String)`, the
/// inverse of how the export writes it (Foundation's JSONSerialization on Linux is off in the last
/// digit, which would break the export → import → export round trip). It reads its input a
/// piece at a time, so a document of any length is read in constant memory: the top-level
/// object's lists are handed out an element at a time (`eachEntry`, `eachElement`). Objects come
/// back as `[String: Any]`, arrays as `[Any]`, numbers as `Double`, booleans as `Bool`, null as `NSNull`.
struct ExactJSON {
    struct Failure: Error { let offset: Int }

    private let read: () throws -> Data?
    private var bytes: [UInt8] = []
    private var i = 0
    /// Bytes consumed before `bytes` (for the offset of a failure).
    private var before = 0
    private static let pieceSize = 65_536

    /// Reads `handle` from where it is to its end.
    init(handle: FileHandle) {
        read = { try handle.read(upToCount: Self.pieceSize) }
    }

    // MARK: - Streaming

    /// The top-level object's entries in order; `body` must read the value (`value()`,
    /// `eachElement`) before it returns.
    mutating func eachEntry(_ body: (String, inout ExactJSON) throws -> Void) throws {
        try expect("{")
        skipSpace()
        if try peek() == UInt8(ascii: "}") { i += 1; return try end() }
        while true {
            skipSpace()
            let key = try string()
            skipSpace()
            try expect(":")
            try body(key, &self)
            skipSpace()
            guard let next = try peek() else { throw failure() }
            if next == UInt8(ascii: ",") { i += 1; continue }
            try expect("}")
            return try end()
        }
    }

    /// The elements of a list one at a time (nothing for null); `isList` false for another value,
    /// which is left unread.
    @discardableResult
    mutating func eachElement(_ body: (Any) throws -> Void) throws -> Bool {
        skipSpace()
        if try peek() == UInt8(ascii: "n") { try expect("null"); return true }
        guard try peek() == UInt8(ascii: "[") else { return false }
        i += 1
        skipSpace()
        if try peek() == UInt8(ascii: "]") { i += 1; return true }
        while true {
            try body(try value(depth: 1))
            skipSpace()
            guard let next = try peek() else { throw failure() }
            if next == UInt8(ascii: ",") { i += 1; continue }
            try expect("]")
            return true
        }
    }

    mutating func value() throws -> Any { try value(depth: 1) }

    // MARK: - Reading

    private func failure() -> Failure { Failure(offset: before + i) }

    /// The next byte without taking it; nil at the end of the input.
    private mutating func peek() throws -> UInt8? {
        if i < bytes.count { return bytes[i] }
        before += bytes.count
        bytes.removeAll(keepingCapacity: true)
        i = 0
        guard let piece = try read(), !piece.isEmpty else { return nil }
        bytes.append(contentsOf: piece)
        return bytes[0]
    }

    private mutating func take() throws -> UInt8 {
        guard let b = try peek() else { throw failure() }
        i += 1
        return b
    }

    private mutating func end() throws {
        skipSpace()
        guard try peek() == nil else { throw failure() }
    }

    private mutating func skipSpace() {
        while let b = try? peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 }
    }

    private mutating func expect(_ word: String) throws {
        for b in word.utf8 {
            guard try take() == b else { throw failure() }
        }
    }

    private mutating func value(depth: Int) throws -> Any {
        guard depth < 64 else { throw failure() }
        skipSpace()
        guard let first = try peek() else { throw failure() }
        switch first {
        case UInt8(ascii: "{"):
            i += 1
            var object: [String: Any] = [:]
            skipSpace()
            if try peek() == UInt8(ascii: "}") { i += 1; return object }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard let next = try peek() else { throw failure() }
                if next == UInt8(ascii: ",") { i += 1; continue }
                try expect("}")
                return object
            }
        case UInt8(ascii: "["):
            i += 1
            var array: [Any] = []
            skipSpace()
            if try peek() == UInt8(ascii: "]") { i += 1; return array }
            while true {
                array.append(try value(depth: depth + 1))
                skipSpace()
                guard let next = try peek() else { throw failure() }
                if next == UInt8(ascii: ",") { i += 1; continue }
                try expect("]")
                return array
            }
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try expect("true"); return true
        case UInt8(ascii: "f"): try expect("false"); return false
        case UInt8(ascii: "n"): try expect("null"); return NSNull()
        default:
            var text: [UInt8] = []
            while let b = try peek(), Self.isNumberByte(b), text.count < 64 {
                text.append(b)
                i += 1
            }
            guard let number = Double(String(decoding: text, as: UTF8.self)), number.isFinite else { throw failure() }
            return number
        }
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var out = [UInt8]()
        while true {
            let b = try take()
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let e = try take()
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(scalar) else { throw failure() }
                    out.append(contentsOf: Array(String(Character(s)).utf8))
                default: out.append(e)  // \" \\ \/
                }
            default:
                guard b >= 0x20 else { throw failure() }
                out.append(b)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var digits: [UInt8] = []
        for _ in 0..<4 { digits.append(try take()) }
        guard let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { throw failure() }
        return v
    }
}
