import Foundation

/// A small JSON reader whose numbers are exact: each is read with `Double(String)`, the inverse of
/// how the export writes it (Foundation's JSONSerialization on Linux is off in the last digit,
/// which would break the export → import → export round trip). Objects come back as
/// `[String: Any]`, arrays as `[Any]`, numbers as `Double`, booleans as `Bool`, null as `NSNull`.
struct ExactJSON {
    struct Failure: Error { let offset: Int }

    private let bytes: [UInt8]
    private var i = 0

    static func parse(_ data: Data) throws -> Any {
        var reader = ExactJSON(bytes: [UInt8](data))
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == reader.bytes.count else { throw Failure(offset: reader.i) }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func expect(_ word: String) throws {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw Failure(offset: i) }
            i += 1
        }
    }

    private mutating func value(depth: Int) throws -> Any {
        guard depth < 64 else { throw Failure(offset: i) }
        skipSpace()
        guard i < bytes.count else { throw Failure(offset: i) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var object: [String: Any] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return object }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw Failure(offset: i) }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect("}")
                return object
            }
        case UInt8(ascii: "["):
            i += 1
            var array: [Any] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return array }
            while true {
                array.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw Failure(offset: i) }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect("]")
                return array
            }
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try expect("true"); return true
        case UInt8(ascii: "f"): try expect("false"); return false
        case UInt8(ascii: "n"): try expect("null"); return NSNull()
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard let number = Double(String(decoding: bytes[start..<i], as: UTF8.self)), number.isFinite else { throw Failure(offset: start) }
            return number
        }
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var out = [UInt8]()
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw Failure(offset: i) }
                let e = bytes[i]
                i += 1
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
                        guard (0xDC00..<0xE000).contains(low) else { throw Failure(offset: i) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(scalar) else { throw Failure(offset: i) }
                    out.append(contentsOf: Array(String(Character(s)).utf8))
                default: out.append(e)   // \" \\ \/
                }
            default:
                guard b >= 0x20 else { throw Failure(offset: i) }
                out.append(b)
            }
        }
        throw Failure(offset: i)
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { throw Failure(offset: i) }
        i += 4
        return v
    }
}
