import BodiiDomain
import Foundation

/// `import bodii` reads a document as a stream (PRODUCT.md §9: memory stays flat whatever the
/// history's length): the long lists — the histories and the pantry's rows — a page of
/// `pageSize` elements at a time, the rest (profile, goals, the meal library, reviews) whole at
/// the end, with the pantry's rows. The same walk serves both passes of an import: checking
/// every value with nothing open, then writing inside one transaction.
enum BodiiDocumentStream {
    static let pageSize = 2000
    static let pagedKeys = BodiiExport.historyKinds.union(PantryExport.listKeys)

    /// Calls `page` for each page of a long history (with where its elements start in their
    /// list), then `rest` once with everything else. Throws `Refusal` for what is not a Bodii
    /// export this Bodii reads; "format" and "version" come before the lists, as every export writes them.
    static func read(
        _ handle: FileHandle, page: (BodiiExport.Document, [String: Int]) throws -> Void,
        rest: (BodiiExport.Document) throws -> Void
    ) throws {
        var reader = ExactJSON(handle: handle)
        var top: [String: Any] = [:]
        var pantry = PantryExport.ReadState()
        var headerChecked = false
        do {
            try reader.eachEntry { key, reader in
                guard pagedKeys.contains(key) else {
                    top[key] = try reader.value()
                    return
                }
                if !headerChecked {
                    try BodiiDocumentImport.checkHeader(top)
                    headerChecked = true
                }
                var elements: [Any] = []
                var offset = 0
                func flush() throws {
                    guard !elements.isEmpty else { return }
                    let part: [String: Any] = [key: elements]
                    if BodiiExport.historyKinds.contains(key) {
                        var none = PantryExport.ReadState()
                        try page(try BodiiDocumentImport.read(part, offsets: [key: offset], pantry: &none), [key: offset])
                    } else {
                        _ = try BodiiDocumentImport.read(part, offsets: [key: offset], pantry: &pantry)
                    }
                    offset += elements.count
                    elements.removeAll(keepingCapacity: true)
                }
                let isList = try reader.eachElement { element in
                    elements.append(element)
                    if elements.count == pageSize { try flush() }
                }
                guard isList else { throw BodiiDocumentImport.Refusal(message: "\"\(key)\" is not a list of objects") }
                try flush()
            }
        } catch is ExactJSON.Failure {
            throw BodiiDocumentImport.Refusal(message: "not JSON, or not a JSON object")
        }
        if !headerChecked { try BodiiDocumentImport.checkHeader(top) }
        var d = try BodiiDocumentImport.read(top, offsets: [:], pantry: &pantry)
        d.pantry = pantry.b
        try rest(d)
    }
}
