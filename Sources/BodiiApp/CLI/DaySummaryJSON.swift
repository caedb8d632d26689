import BodiiDomain
import Foundation

/// A JSON value written in a fixed key order (the order of PRODUCT.md §4), nulls kept.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (l: JSONValue, r: JSONValue) -> Bool { l.text == r.text }

    /// Numbers to one decimal (81.2, not 81.19999); whole numbers without a fraction. (Not named
    /// `number`: for a non-optional Double that name would pick the unrounded case instead.)
    static func decimal(_ v: Double?) -> JSONValue {
        guard let v, v.isFinite else { return .null }
        // Beyond 1e15 a tenth is below a Double's resolution (and v * 10 may overflow to inf).
        // (+ 0 makes -0 plain 0: a summary says 0 where the exact `.number` keeps the sign.)
        return .number((abs(v) < 1e15 ? (v * 10).rounded() / 10 : v) + 0)
    }

    static func int(_ v: Int?) -> JSONValue { v.map { .number(Double($0)) } ?? .null }

    var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text's bytes to `out`: the whole document goes into one buffer, where
    /// building a string per value and joining them cost `today --json` about 1.4 M instructions.
    func write(to out: inout [UInt8]) {
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

    static func quote(_ s: String) -> String { TerminalText.jsonQuoted(s) }

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
    var items: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var fields: [(String, JSONValue)]? { if case .object(let p) = self { p } else { nil } }
    /// A CSV cell: text as it is, nothing for null, numbers and booleans as in JSON.
    var cellText: String {
        switch self {
        case .null: return ""
        case .string(let s): return s
        default: return text
        }
    }
}

/// The `today --json` document: snake_case keys, metric units, null when unknown.
enum DaySummaryJSON {
    /// `nutrients`: the day's nutrient report (PRODUCT.md §11); null where the store has none.
    static func value(_ s: DaySummary, nutrients: NutrientReport? = nil) -> JSONValue {
        // In two parts: one literal of them all is more than the type checker takes in reasonable time.
        // The grams are null before a weigh-in even with a fixed kcal target (protein is g/kg).
        let macros = s.targets?.macros
        let day: [(String, JSONValue)] = [
            ("date", .string(s.date.iso)),
            (
                "calories",
                .object([
                    ("eaten", .decimal(s.eatenKcal)), ("burned", .decimal(s.burnedKcal)), ("target", .decimal(s.targetKcal)),
                    ("remaining", .decimal(s.remainingKcal)), ("bmr", .decimal(s.bmr)), ("tdee", .decimal(s.tdee)),
                    ("expenditure", .decimal(s.expenditure?.kcalPerDay)),
                    ("expenditure_basis", s.expenditure.map { .string($0.key) } ?? .null),
                    ("expenditure_days", .int(s.expenditure?.adaptiveEstimateDays)),
                    ("target_basis", s.targets.map { .string($0.basis.rawValue) } ?? .null),
                ])
            ),
            (
                "macros",
                .object([
                    ("protein_g", .decimal(s.proteinG)), ("carbs_g", .decimal(s.carbsG)), ("fat_g", .decimal(s.fatG)),
                    ("fiber_g", .decimal(s.fiberG)), ("net_carbs_g", .decimal(s.netCarbsG)),
                ])
            ),
            (
                "targets",
                .object([
                    ("protein_g", .decimal(macros?.proteinG)), ("carbs_g", .decimal(macros?.carbsG)),
                    ("fat_g", .decimal(macros?.fatG)),
                    (
                        "net_carbs_g",
                        .decimal(macros?.netCarbsG(fiberTargetG: nutrients?.targets.targets[.fiberG]?.amount))
                    ),
                ])
            ),
            ("weight_kg", .decimal(s.weightKg)),
            ("trend_weight_kg", .decimal(s.trendWeightKg)),
            ("body_fat_percent", .decimal(s.bodyFatPercent)),
            ("sleep", .object([("minutes", .int(s.sleepMinutes)), ("quality", .int(s.sleepQuality))])),
            ("exercise", .object([("minutes", .int(s.exerciseMinutes)), ("calories", .decimal(s.burnedKcal))])),
            ("activity", .object([("steps", .int(s.activity?.steps)), ("active_kcal", .decimal(s.activity?.activeKcal))])),
            (
                "cost",
                .object([
                    ("amount", s.cost?.amount.map { .number($0.mainUnits) } ?? .null),
                    ("currency", .string((s.cost?.currency ?? PantryCLI.currency).code)),
                    ("known_share", s.cost?.knownShare.map { .number(($0 * 100).rounded() / 100) } ?? .null),
                ])
            ),
            (
                "foods",
                .array(
                    s.foods.map { f in
                        .object([
                            ("id", .string(f.id.rawValue)), ("name", .string(f.name)), ("grams", .decimal(f.grams)),
                            ("meal", .string(f.meal.rawValue)), ("kcal", .decimal(f.kcal)),
                        ])
                    })
            ),
        ]
        let nutrientsValue: JSONValue = nutrients.map { NutrientsJSON.map($0) } ?? .null
        return .object(day + [("water", water(s, nutrients: nutrients)), ("nutrients", nutrientsValue)])
    }

    /// `{"logged_ml","total_ml","target_ml"}`: the drinking water logged, and the day's water in
    /// all (food + drinks) against the AI for total water; null without a nutrient report.
    static func water(_ s: DaySummary, nutrients: NutrientReport?) -> JSONValue {
        let total: Double? = nutrients?.status(.waterG).amount
        let target: Double? = nutrients?.targets.targets[.waterG]?.amount
        return .object([("logged_ml", .decimal(s.drunkWaterMl)), ("total_ml", .decimal(total)), ("target_ml", .decimal(target))])
    }

    static func encode(_ s: DaySummary, nutrients: NutrientReport? = nil) -> String { value(s, nutrients: nutrients).text }
}
