import BodiiDomain
import Foundation

/// A JSON value written in a fixed key order (the order of PRODUCT.md §4), nulls kept.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (l: JSONValue, r: JSONValue) -> Bool { l.text == r.text }

    /// Numbers to one decimal (81.2, not 81.19999); whole numbers without a fraction. (Not named
    /// `number`: for a non-optional Double that name would pick the unrounded case instead.)
    package static func decimal(_ v: Double?) -> JSONValue {
        guard let v, v.isFinite else { return .null }
        // Beyond 1e15 a tenth is below a Double's resolution (and v * 10 may overflow to inf).
        // (+ 0 makes -0 plain 0: a summary says 0 where the exact `.number` keeps the sign.)
        return .number((abs(v) < 1e15 ? (v * 10).rounded() / 10 : v) + 0)
    }

    package static func int(_ v: Int?) -> JSONValue { v.map { .number(Double($0)) } ?? .null }

    package var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text's bytes to `out`: the whole document goes into one buffer, where
    /// building a string per value and joining them cost `today --json` about 1.4 M instructions.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        // JSON has no inf or nan: a non-finite number is unknown (null), never `"kcal":inf`.
        case .number(let v) where !v.isFinite: out.append(contentsOf: "null".utf8)
        // Whole numbers without ".0"; -0 as "-0.0", so the export reads back the same bits.
        case .number(let v):
            out.append(contentsOf: (v == v.rounded() && abs(v) < 1e15 && !(v == 0 && v.sign == .minus) ? String(Int(v)) : String(v)).utf8)
        case .string(let s): Self.appendQuoted(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.appendQuoted(pair.0, to: &out)
                out.append(UInt8(ascii: ":"))
                pair.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    package static func quote(_ s: String) -> String { TerminalText.jsonQuoted(s) }

    /// `quote(s)`'s bytes appended to `out`. Printable ASCII without quotes or backslashes (every
    /// key and most values) is its own JSON text and goes in as it is; anything else through `quote`.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        let quoteMark = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != quoteMark && $0 != backslash }) {
            out.append(quoteMark)
            out.append(contentsOf: s.utf8)
            out.append(quoteMark)
        } else {
            out.append(contentsOf: quote(s).utf8)
        }
    }

    /// The items of an array, the fields of an object, nil otherwise (the export walks documents).
    package var items: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var fields: [(String, JSONValue)]? { if case .object(let p) = self { p } else { nil } }
    /// A CSV cell: text as it is, nothing for null, numbers and booleans as in JSON.
    var cellText: String {
        switch self {
        case .null: return ""
        case .string(let s): return s
        default: return text
        }
    }
}
