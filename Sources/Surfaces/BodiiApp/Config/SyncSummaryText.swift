import BodiiDomain
import BodiiSync

/// A sync run in words, for the app's status bar, Settings → Data and `bodii sync`.
package enum SyncSummaryText {
    /// What a table's rows are, for the summary.
    package static let kinds: [String: String] = [
        "body_record": "weigh-ins", "metabolism_snapshot": "energy estimates", "food_record": "food entries",
        "exercise_record": "exercise sessions", "sleep_record": "nights", "check_in": "check-ins", "profile": "profile",
        "goal": "goals", "review": "reviews", "review_item": "review items", "action": "actions",
        "nutrient_preference": "nutrient targets", "food": "custom foods", "food_serving": "servings",
        "activity_snapshot": "activity days", "favourite_food": "favourites", "saved_meal": "saved meals",
        "saved_meal_item": "saved meal items", "recipe": "recipes", "recipe_ingredient": "recipe ingredients",
        "grocery_item": "grocery items", "purchase": "purchases", "stock_lot": "pantry lots", "stock_use": "pantry uses",
        "shopping_list": "shopping list", "shopping_list_item": "shopping list items", "budget": "pantry budget",
        "body_measurement": "measurements", "fast": "fasts", "moment": "moments",
    ]

    package static func kind(_ table: String) -> String { kinds[table] ?? table }

    /// "1 weigh-in", "19 weigh-ins", "1 food entry": the kinds are plural nouns.
    package static func counted(_ count: Int, _ table: String) -> String {
        let plural = kind(table)
        guard count == 1 else { return "\(count) \(plural)" }
        if plural.hasSuffix("ies") { return "1 " + plural.dropLast(3) + "y" }
        return "1 " + (plural.hasSuffix("s") ? String(plural.dropLast()) : plural)
    }

    /// The run in one line, for the app's status bar and Settings → Data: "12 changes from 1
    /// machine in, 3 out", "nothing new".
    package static func oneLine(_ summary: SyncSummary) -> String {
        let changes = summary.applied.reduce(0) { $0 + $1.changes.values.reduce(0, +) }
        var parts: [String] = []
        if !summary.applied.isEmpty {
            let machines = summary.applied.count
            parts.append("\(changes) change\(changes == 1 ? "" : "s") in from \(machines) machine\(machines == 1 ? "" : "s")")
        }
        if summary.written != nil { parts.append("\(summary.writtenEntries) out") }
        if summary.refusedFiles > 0 {
            parts.append("\(Plural.count(summary.refusedFiles, "file")) refused (bodii sync says why)")
        }
        if !summary.gaps.isEmpty { parts.append("files missing from the folder (bodii sync says which)") }
        return parts.isEmpty ? "nothing new" : parts.joined(separator: ", ")
    }
}
