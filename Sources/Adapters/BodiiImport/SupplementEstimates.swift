import Foundation

/// Values a catalog supplement food lacks, estimated from the closest SR24 food (issue 43 #5).
///
/// A supplement row (`CatalogSupplement`: SR28, FoodData Central, CIQUAL, Matvaretabellen) gives
/// only the nutrients its source was read for; the rest are unknown. Where an SR24 food is the
/// same food in all but the record, its values are a fair estimate of those unknowns; where none
/// is, the values stay unknown. "The same food" is decided by name and macronutrients, never by
/// hand, so a new supplement row gets its donor (or none) by the same rule:
///
/// 1. Same food by name: the donor's first name segment equals the food's ("Rice" and "Rice";
///    SR28's "Beverages, tea, …" is compared by "tea", its group prefix dropped), and no word of
///    `conflictingWords` is in one name but not the other (fortification, milling, parboiling,
///    salt, decaffeination and another plant change exactly the vitamins and minerals copied).
///    SR24 names some enriched foods without the word (20045, white rice cooked: 58 µg folate), so
///    the unenriched twin must win on shared words: it names itself "unenriched".
/// 2. Same make-up: energy, protein, carbohydrate and fat per 100 g each within 20 % of the larger
///    of the two, or within 10 kcal / 1 g where the amounts are that small. Why 20 %: records of
///    one food differ by about that much between samples, brands and cooking (SR24's long- and
///    medium-grain white rice, cooked: 130 and 130 kcal, 28.2 and 28.6 g carbohydrate; basmati
///    cooked in CIQUAL: 117 kcal, 24.4 g), while another food differs by more: strained (Greek)
///    yogurt has twice the protein of stirred yogurt per 100 g, and half its zinc and magnesium
///    (SR28 01256 against SR24 01118), so it gets no donor.
/// 3. Among the foods left, the one sharing the most name words, then the nearest macronutrients
///    (the sum of the four relative differences), then the lowest id.
///
/// Computed once, when the catalog is made (`bodii-usda-convert --estimates`), into
/// `CatalogEstimates` (module USDACatalogData); a test holds that file to this rule and the data.
public enum SupplementEstimates {
    /// Words that make two otherwise equal names different foods for the nutrients copied.
    public static let conflictingWords: Set<String> = [
        "enriched", "fortified", "added",  // vitamins and minerals added
        "brown", "wild", "parboiled", "instant", "precooked",  // milling and processing (B vitamins, minerals)
        "salted",  // sodium
        "decaffeinated",  // caffeine
        "green", "black", "herb", "herbal", "chamomile",  // another tea, or no tea at all
    ]
    /// The macronutrient columns compared, with the absolute tolerance below which small amounts agree.
    static let macros: [(column: String, floor: Double)] = [("kcal", 10), ("protein_g", 1), ("carbs_g", 1), ("fat_g", 1)]
    static let relativeTolerance = 0.2

    /// One supplement food's estimate: its donor and the values taken from it.
    public struct Estimate: Equatable, Sendable {
        public var foodId: String
        public var donorId: String
        public var donorName: String
        /// Column name → value per 100 g, for each nutrient the food lacks and the donor knows.
        public var values: [String: Double]
    }

    /// A food of a catalog text table: id, name, values by column (absent = unknown).
    struct Row {
        let id: String
        let name: String
        let values: [String: Double]
    }

    /// The estimates for the foods of `supplement` (a supplement table) from those of `catalog`
    /// (SR24's table), both in `CatalogText`'s form; foods without a donor are left out.
    public static func estimates(catalog: String, supplement: String, columns: [String]) -> [Estimate] {
        let donors = rows(catalog)
        return rows(supplement).compactMap { food in
            let missing = columns.filter { food.values[$0] == nil && !macros.map(\.column).contains($0) }
            guard !missing.isEmpty, let donor = bestDonor(for: food, among: donors) else { return nil }
            var values: [String: Double] = [:]
            for column in missing { values[column] = donor.values[column] }
            guard !values.isEmpty else { return nil }
            return Estimate(foodId: food.id, donorId: donor.id, donorName: donor.name, values: values)
        }
    }

    static func bestDonor(for food: Row, among donors: [Row]) -> Row? {
        let foodWords = words(food.name)
        let head = nameHead(food.name)
        var best: (shared: Int, distance: Double, row: Row)?
        for donor in donors where nameHead(donor.name) == head {
            let donorWords = words(donor.name)
            guard foodWords.symmetricDifference(donorWords).isDisjoint(with: conflictingWords) else { continue }
            guard let distance = macroDistance(food, donor) else { continue }
            let shared = foodWords.intersection(donorWords).count
            if let b = best, (b.shared, -b.distance) >= (shared, -distance) { continue }
            best = (shared, distance, donor)
        }
        return best?.row
    }

    /// The sum of the four relative differences, or nil when one is outside the tolerance.
    static func macroDistance(_ a: Row, _ b: Row) -> Double? {
        var sum = 0.0
        for (column, floor) in macros {
            guard let x = a.values[column], let y = b.values[column] else { return nil }
            let larger = max(x, y)
            guard abs(x - y) <= max(relativeTolerance * larger, floor) else { return nil }
            sum += larger > 0 ? abs(x - y) / larger : 0
        }
        return sum
    }

    /// "Rice, basmati, cooked" → "rice"; "Beverages, tea, green, brewed" → "tea".
    static func nameHead(_ name: String) -> String {
        var segments = name.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if segments.count > 1, segments[0] == "beverages" { segments.removeFirst() }
        return segments.first ?? ""
    }

    /// The words of a name, with salt said one way: "without salt" and "no salt" are "unsalted",
    /// "with salt" is "salted" (SR24's "…, cooked, unenriched, without salt" is CIQUAL's "…, cooked,
    /// unsalted"; only "salted" conflicts).
    static func words(_ name: String) -> Set<String> {
        let said = name.lowercased()
            .replacingOccurrences(of: "without salt", with: "unsalted")
            .replacingOccurrences(of: "no salt", with: "unsalted")
            .replacingOccurrences(of: "with salt", with: "salted")
        return Set(said.split(whereSeparator: { !$0.isLetter }).map(String.init))
    }

    /// The rows of a `CatalogText` food table (a supplement's extra text columns are skipped).
    static func rows(_ text: String) -> [Row] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count, fields.count > 2 else { return nil }
            var values: [String: Double] = [:]
            for (column, field) in zip(header, fields).dropFirst(2) {
                if let number = Double(field) { values[column] = number }
            }
            return Row(id: fields[0], name: fields[1], values: values)
        }
    }
}
