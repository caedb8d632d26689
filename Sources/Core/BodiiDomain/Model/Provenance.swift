import Foundation

/// Where a record came from (PRODUCT.md §5): Bodii itself, or an import that names the record in
/// its own terms. A record with an `externalId` is unique per source, so importing the same file
/// twice, or merging a newer export, adds only what is new.
public struct Provenance: Hashable, Sendable {
    /// "bodii" for what the user logs here; an importer's own name otherwise ("apple-health").
    public var source: String
    /// The record's id in the source; nil for records made here.
    public var externalId: String?

    public init(source: String, externalId: String? = nil) {
        self.source = source
        self.externalId = externalId
    }

    public static let bodii = Provenance(source: "bodii")
}
