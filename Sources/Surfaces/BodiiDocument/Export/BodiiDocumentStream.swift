import BodiiDomain
import Foundation

/// `import bodii` reads a document as a stream (PRODUCT.md §9: memory stays flat whatever the
/// history's length): the long lists — the histories and the pantry's rows — a page of
/// `pageSize` elements at a time, the rest (profile, goals, the meal library, reviews) whole at
/// the end, with the pantry's rows. The same walk serves both passes of an import: checking
/// every value with nothing open, then writing inside one transaction.
package enum BodiiDocumentStream {
    static let pageSize = 2000
    static let pagedKeys = BodiiExport.historyKinds.union(PantryExport.listKeys)

    /// Calls `page` for each page of a long history (with where its elements start in their
    /// list), then `rest` once with everything else. Throws `Refusal` for what is not a Bodii
    /// export this Bodii reads; "format" and "version" come before the lists, as every export writes them.
    package static func read(
        _ handle: FileHandle, page: (BodiiExport.Document, [String: Int]) throws -> Void,
        rest: (BodiiExport.Document) throws -> Void
    ) throws {
        var splitter = JSONRecordSplitter(handle: handle)
        var top: [String: Data] = [:]
        var pantry = PantryExport.ReadState()
        var headerChecked = false
        do {
            try splitter.eachEntry { key, splitter in
                guard pagedKeys.contains(key) else {
                    top[key] = try splitter.value()
                    return
                }
                if !headerChecked {
                    try BodiiDocumentImport.checkHeader(top)
                    headerChecked = true
                }
                // A page is its elements' bytes in one JSON list, decoded at once.
                var elements = Data("[".utf8)
                var count = 0
                var offset = 0
                func flush() throws {
                    guard count > 0 else { return }
                    elements.append(UInt8(ascii: "]"))
                    if BodiiExport.historyKinds.contains(key) {
                        var none = PantryExport.ReadState()
                        try page(try BodiiDocumentImport.read([key: elements], offsets: [key: offset], pantry: &none), [key: offset])
                    } else {
                        _ = try BodiiDocumentImport.read([key: elements], offsets: [key: offset], pantry: &pantry)
                    }
                    offset += count
                    count = 0
                    elements = Data("[".utf8)
                }
                let isList = try splitter.eachElement { element in
                    if count > 0 { elements.append(UInt8(ascii: ",")) }
                    elements.append(element)
                    count += 1
                    if count == pageSize { try flush() }
                }
                guard isList else { throw BodiiDocumentImport.Refusal(message: "\"\(key)\" is not a list of objects") }
                try flush()
            }
        } catch is JSONRecordSplitter.Failure {
            throw BodiiDocumentImport.Refusal(message: DocumentDecoding.notJSON)
        }
        if !headerChecked { try BodiiDocumentImport.checkHeader(top) }
        // Values read by no one (keys of a newer Bodii) are still checked to be JSON.
        for (key, json) in top where !readKeys.contains(key) { try DocumentDecoding.checkSyntax(json) }
        var d = try BodiiDocumentImport.read(top, offsets: [:], pantry: &pantry)
        d.pantry = pantry.b
        try rest(d)
    }

    /// The keys `BodiiDocumentImport.read` decodes outside the long lists.
    static let readKeys: Set<String> = [
        "format", "version", "profile", "goals", "custom_foods", "recipes", "saved_meals", "favourites", "review_items", "actions",
        "budget", "nutrient_preferences",
    ]
}
