/// What a terminal sent, byte by byte, read as text when the locale is not UTF-8 (`LANG=C`).
/// Terminals send UTF-8 whatever the locale says, and curses' `wget_wch` cannot decode it then
/// (it fails on "é" and what was typed with it is lost: "café au lait" arrived as "caf"), so
/// the app reads bytes and decodes them here. A byte that starts no valid UTF-8 sequence (a
/// Latin-1 terminal's "é" is 0xE9 alone) is taken as the Latin-1 character of that number:
/// nothing typed is dropped.
enum TypedBytes {
    /// How many bytes the UTF-8 sequence that `lead` starts has: 1 for ASCII and for a byte
    /// that starts none (a continuation byte, 0xC0, 0xC1, 0xF5…0xFF).
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// `bytes` as characters: UTF-8 where they are valid UTF-8, each other byte as Latin-1.
    static func scalars(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < bytes.count {
            let n = sequenceLength(lead: bytes[i])
            if n > 1, i + n <= bytes.count {
                var iterator = bytes[i..<i + n].makeIterator()
                var decoder = UTF8()
                // The decoder refuses overlong forms and surrogates, which the lengths above let through.
                if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                    out.append(scalar)
                    i += n
                    continue
                }
            }
            out.append(Unicode.Scalar(bytes[i]))
            i += 1
        }
        return out
    }
}
