import Foundation

/// One activity of the Compendium of Physical Activities: its code and MET value.
public struct CompendiumEntry: Hashable, Sendable, CustomStringConvertible {
    /// The five-digit code, e.g. "12050" (running, 6 mph).
    public let code: String
    /// Metabolic equivalent: energy as a multiple of resting (1 MET ≈ 1 kcal·kg⁻¹·h⁻¹).
    public let met: Double

    public init(code: String, met: Double) {
        self.code = code
        self.met = met
    }

    public var description: String { "\(code) (\(FastFormat.oneDecimal(met)) MET)" }
}

/// How Bodii groups activities in the list (not the Compendium's headings, which are cited per row).
public enum ActivityCategory: String, CaseIterable, Sendable {
    case walking, running, cycling, fitness, dance, water, sports, winter, home

    public var label: String {
        switch self {
        case .walking: return "Walking"
        case .running: return "Running"
        case .cycling: return "Cycling"
        case .fitness: return "Fitness"
        case .dance: return "Dance"
        case .water: return "Water"
        case .sports: return "Sports"
        case .winter: return "Winter"
        case .home: return "Home"
        }
    }
}

/// A catalog activity with the Compendium entry used for each intensity.
public struct Activity: Hashable, Sendable, Identifiable {
    public let name: String
    public let category: ActivityCategory
    public let low: CompendiumEntry
    public let moderate: CompendiumEntry
    public let high: CompendiumEntry
    /// Intensities with no Compendium entry of their own, which use the moderate entry.
    public let derived: Set<Intensity>
    /// Other words people use for it ("weights", "ping pong"); searched, never shown.
    public let searchWords: [String]

    public var id: String { name }

    public init(
        name: String, category: ActivityCategory, low: CompendiumEntry?, moderate: CompendiumEntry,
        high: CompendiumEntry?, searchWords: [String] = []
    ) {
        self.name = name
        self.category = category
        self.low = low ?? moderate
        self.moderate = moderate
        self.high = high ?? moderate
        var derived: Set<Intensity> = []
        if low == nil { derived.insert(.low) }
        if high == nil { derived.insert(.high) }
        self.derived = derived
        self.searchWords = searchWords
    }

    public func entry(for intensity: Intensity) -> CompendiumEntry {
        switch intensity {
        case .low: return low
        case .moderate: return moderate
        case .high: return high
        }
    }

    public func met(for intensity: Intensity) -> Double { entry(for: intensity).met }

    /// True when the intensity does not change the MET (a pace, or a single Compendium entry).
    public var isSingleEntry: Bool { low == moderate && moderate == high }
}

/// The activities Bodii knows (ActivityCatalogData.swift, from the 2011 Compendium of Physical
/// Activities). The search over them is BodiiSearch's `ActivityCatalog.search`.
public enum ActivityCatalog {
    /// One line of the data table, as written there.
    struct Row {
        let name: String
        let category: ActivityCategory
        let low: (code: String, met: Double)?
        let moderate: (code: String, met: Double)
        let high: (code: String, met: Double)?
        let words: String

        init(
            _ name: String, _ category: ActivityCategory, _ low: (String, Double)?, _ moderate: (String, Double),
            _ high: (String, Double)?, _ words: String
        ) {
            self.name = name
            self.category = category
            self.low = low
            self.moderate = moderate
            self.high = high
            self.words = words
        }

        var activity: Activity {
            Activity(
                name: name, category: category,
                low: low.map { CompendiumEntry(code: $0.code, met: $0.met) },
                moderate: CompendiumEntry(code: moderate.code, met: moderate.met),
                high: high.map { CompendiumEntry(code: $0.code, met: $0.met) },
                searchWords: words.split(separator: " ").map(String.init))
        }
    }

    /// Every activity, in the table's order (the most common of each group first).
    public static let all: [Activity] = table.map(\.activity)

    /// The activity with this name, ignoring case and accents: how a logged session finds its
    /// catalog activity. What a person types is found by `ActivityCatalog.search` (BodiiSearch).
    public static func activity(named name: String) -> Activity? {
        let key = name.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        return all.first { $0.name.compare(key, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
    }
}
