import BodiiDomain
import Foundation

/// Decodes the parts of a document `JSONRecordSplitter` cuts out, a refusal naming the record
/// and field for anything `JSONDecoder` cannot read as the record's type.
enum DocumentDecoding {
    package typealias Refusal = BodiiDocumentImport.Refusal
    static let notJSON = "not JSON, or not a JSON object"

    /// The elements of a list (or of a page of one whose first element is element `offset` of
    /// the list), each with its place in the whole list; nothing for a missing or null list.
    package static func list<Record: Decodable>(_ type: Record.Type, _ key: String, in parts: [String: Data], offset: Int = 0) throws
        -> [(index: Int, record: Record)]
    {
        guard let json = parts[key] else { return [] }
        do {
            let records = try JSONDecoder().decode([Record]?.self, from: json) ?? []
            return records.enumerated().map { (offset + $0.offset, $0.element) }
        } catch let error as DecodingError {
            throw refusal(error, key: key, listOffset: offset)
        }
    }

    /// An object's value, nil when it is missing or null.
    package static func object<Record: Decodable>(_ type: Record.Type, _ key: String, in parts: [String: Data]) throws -> Record? {
        guard let json = parts[key] else { return nil }
        do { return try JSONDecoder().decode(Record?.self, from: json) } catch let error as DecodingError {
            throw refusal(error, key: key, listOffset: nil)
        }
    }

    /// A value of no interest is still checked to be JSON, as the whole document must be.
    static func checkSyntax(_ json: Data) throws {
        struct Anything: Decodable { init(from decoder: any Decoder) throws {} }
        guard (try? JSONDecoder().decode(Anything.self, from: json)) != nil else { throw Refusal(message: notJSON) }
    }

    /// A plain value ("format", "version"), nil when it is missing or of another type.
    static func scalar<Value: Decodable>(_ type: Value.Type, _ key: String, in parts: [String: Data]) -> Value? {
        parts[key].flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
    }

    /// One line for what the decoder refused: "food[3]: "kcal" is missing or not a number". The
    /// path's first step is the record's index in a list (`listOffset` is that page's first).
    package static func refusal(_ error: DecodingError, key: String, listOffset: Int?) -> Refusal {
        let expected: Any.Type?
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(let type, let c), .valueNotFound(let type, let c): (expected, context) = (type, c)
        case .keyNotFound(_, let c): (expected, context) = (nil, c)
        case .dataCorrupted(let c):
            guard !c.codingPath.isEmpty else { return Refusal(message: notJSON) }
            (expected, context) = (nil, c)
        @unknown default: return Refusal(message: notJSON)
        }
        var path = context.codingPath
        var place = key
        if let listOffset {
            guard let index = path.first?.intValue, path.count > 1 else {
                return Refusal(message: "\"\(key)\" is not a list of objects")
            }
            path.removeFirst()
            place = "\(key)[\(listOffset + index)]"
        } else if path.isEmpty {
            return Refusal(message: "\"\(key)\" is not an object")
        }
        let field = path.last { $0.intValue == nil }?.stringValue ?? key
        let what: String
        if path.last?.intValue != nil || expected is [Any].Type {
            what = "is not a list of objects"  // the field, or an element of it that is not an object
        } else if expected == String.self {
            what = "is missing or not text"
        } else if expected == Double.self {
            what = "is missing or not a number"
        } else if expected == Bool.self {
            what = "is not true or false"
        } else if expected != nil {
            what = "is not an object"
        } else {
            what = "is not a value this Bodii reads"
        }
        return Refusal(message: "\(place): \"\(field)\" \(what)")
    }
}

/// A decoded record's fields as domain values; a missing or unreadable one is refused in one
/// line naming the record (`place`) and the field, as typed input is.
package struct DocumentFields {
    package let place: String
    /// The record's place in its whole list (0 for an object).
    package var index = 0

    func fail(_ what: String) -> BodiiDocumentImport.Refusal { BodiiDocumentImport.Refusal(message: "\(place): \(what)") }

    package func text(_ v: String?, _ k: String) throws -> String {
        guard let v else { throw fail("\"\(k)\" is missing or not text") }
        return v
    }

    package func number(_ v: Double?, _ k: String) throws -> Double {
        guard let v, v.isFinite else { throw fail("\"\(k)\" is missing or not a number") }
        return v
    }

    /// A whole number below `limit` (nil stays nil): counts, scores, ids.
    package func whole(_ v: Double?, _ k: String, below limit: Double = 1e9) throws -> Int? {
        try v.map { v in
            guard v == v.rounded(), abs(v) < limit else { throw fail("\"\(k)\" is not a whole number") }
            return Int(v)
        }
    }

    package func date(_ v: String?, _ k: String) throws -> LocalDate {
        guard let d = LocalDate(iso: try text(v, k)) else { throw fail("\"\(k)\" is not a date (YYYY-MM-DD)") }
        return d
    }

    func optionalDate(_ v: String?, _ k: String) throws -> LocalDate? {
        try v.map { try date($0, k) }
    }

    package func instant(_ v: String?, _ k: String) throws -> Date {
        guard let d = BodiiExport.parseTimestamp(try text(v, k)) else { throw fail("\"\(k)\" is not a timestamp") }
        return d
    }

    package func value<E: RawRepresentable>(_ v: String?, _ k: String) throws -> E where E.RawValue == String {
        guard let e = E(rawValue: try text(v, k)) else { throw fail("\"\(k)\" is not one of the allowed values") }
        return e
    }

    package func clock(_ v: String?, _ k: String) throws -> ClockTime? {
        guard let v else { return nil }
        guard let t = ClockTime(parsing: v) else { throw fail("\"\(k)\" is not HH:MM") }
        return t
    }

    func provenance(_ r: some ProvenancedRecord) throws -> Provenance {
        Provenance(source: try text(r.source, "source"), externalId: try text(r.external_id, "external_id"))
    }
}
