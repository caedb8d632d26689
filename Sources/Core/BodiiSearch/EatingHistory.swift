import BodiiDomain
import Foundation

/// "When did I last eat X": the entries of the log matching a query, newest first. One computation
/// for the Diet tab's history (`h`) and `bodii history`.
///
/// A query is a food, matched with food search's text rules (case, accents, singular and plural,
/// words in any order, each word the start of a word of the name: "rice" finds "Rice, white…",
/// "banana" finds "Bananas, raw", "jalapeno" finds "Jalapeño"), or a day: YYYY-MM-DD, "today",
/// "yesterday", which lists that day's entries.
public enum EatingHistory {
    public static let defaultLimit = 20
    public static let limitRange = 1...1000

    public enum Query: Equatable, Sendable {
        case day(LocalDate)
        /// The query's words (filler words dropped, as food search drops them).
        case food([SearchText.Word])
    }

    /// What `text` asks for, or nil when it holds no word to look for.
    public static func query(_ text: String, today: LocalDate) -> Query? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch trimmed.lowercased() {
        case "today": return .day(today)
        case "yesterday": return .day(today.adding(days: -1))
        default: break
        }
        if let date = LocalDate(iso: trimmed) { return .day(date) }
        let words = FoodSearchQuery(trimmed).words
        return words.isEmpty ? nil : .food(words)
    }

    /// True when every word of the query starts a word of `name`, singular or plural alike.
    public static func matches(_ words: [SearchText.Word], name: String) -> Bool {
        let nameWords = SearchText.words(name)
        let singulars = nameWords.map(SearchText.singular)
        return words.allSatisfy { w in
            let s = SearchText.singular(w)
            return nameWords.contains { SearchText.hasPrefix($0, w) } || singulars.contains { SearchText.hasPrefix($0, s) }
        }
    }

    /// The entries matching `text`, newest first, at most `limit`; empty when nothing matches or
    /// the query holds no word.
    public static func entries(
        _ text: String, today: LocalDate, limit: Int,
        in source: any FoodHistoryRepository & FoodLogRepository
    ) throws -> [FoodRecord] {
        switch query(text, today: today) {
        case nil: return []
        case .day(let date):
            let records = try source.foodRecords(in: DateRange(start: date, end: date))
            return Array(Meal.allCases.flatMap { m in records.filter { $0.meal == m } }.prefix(limit))
        case .food(let words):
            let names = try source.loggedFoodNames().filter { matches(words, name: $0) }
            guard !names.isEmpty else { return [] }
            return try source.foodRecords(named: names, limit: limit)
        }
    }
}
