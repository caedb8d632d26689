import BodiiDomain
import Foundation

/// Search over the activity catalog with the food search's engine (`CatalogSearch`): the same
/// word, plural, typo, synonym and qualifier rules and the same partial-match scoring. An activity
/// is found by its name, the other words people use for it and its group. The user's units pick
/// what an ambiguous word means (`SearchSynonyms.RuleSet.activities`): `football` is soccer, or
/// American football with US units.
extension ActivityCatalog {
    /// The search index, built once.
    static let index = CatalogSearch(all.map { CatalogSearch.Item(name: $0.name, otherWords: $0.searchWords + [$0.category.label]) })

    /// Activities matching `query`, best first; all of them for a query without words.
    public static func search(_ query: String, units: UnitSystem = .metric, limit: Int? = nil) -> [Activity] {
        index.search(query, synonyms: .activities(imperial: units == .imperial), limit: limit).map { all[$0] }
    }

    /// The activity whose name has the words typed (case, accents, punctuation and spacing aside).
    public static func activity(typed text: String) -> Activity? {
        index.exact(text).map { all[$0] }
    }

    /// Names close to a query that matches nothing (for "did you mean"), best first.
    public static func suggestions(for query: String, limit: Int = 3) -> [Activity] {
        index.suggestions(query, limit: limit).map { all[$0] }
    }
}
