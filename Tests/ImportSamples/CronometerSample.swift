import BodiiDomain
import Foundation

/// A deterministic Cronometer servings export for benchmarks (`bodii-bench cronometer`) and the
/// import tests: the real 58-column header, a BOM and CRLF, about eight servings a day in the four
/// groups and "Uncategorized", quoted names with commas, and repeated identical servings on a day.
/// Every nutrient column holds the portion's value as SR24 gives it (rounded; the lentil stew is a
/// made-up recipe), so an import exercises real numbers, not zeros.
public struct CronometerSample {
    public static let header = """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Alcohol (g),Caffeine (mg),Water (g),B1 (Thiamine) (mg),B2 (Riboflavin) (mg),\
        B3 (Niacin) (mg),B5 (Pantothenic Acid) (mg),B6 (Pyridoxine) (mg),B12 (Cobalamin) (µg),Folate (µg),Vitamin A (µg),\
        Vitamin C (mg),Vitamin D (IU),Vitamin E (mg),Vitamin K (µg),Calcium (mg),Copper (mg),Iron (mg),Magnesium (mg),\
        Manganese (mg),Phosphorus (mg),Potassium (mg),Selenium (µg),Sodium (mg),Zinc (mg),Carbs (g),Fiber (g),Starch (g),\
        Sugars (g),Added Sugars (g),Net Carbs (g),Fat (g),Cholesterol (mg),Monounsaturated (g),Polyunsaturated (g),Saturated (g),\
        Trans-Fats (g),Omega-3 (g),Omega-6 (g),Cystine (g),Histidine (g),Isoleucine (g),Leucine (g),Lysine (g),Methionine (g),\
        Phenylalanine (g),Protein (g),Threonine (g),Tryptophan (g),Tyrosine (g),Valine (g),Category
        """

    /// One food of the sample, per portion.
    public struct Food: Sendable {
        /// As the file writes it (quoted when it holds a comma).
        public var name: String
        public var amount: String
        public var kcal, carbsG, fatG, proteinG: Double
        public var category: String
        /// Alcohol … Zinc, in the header's order (`microTitles`); vitamin D in IU as Cronometer writes it.
        public var micros: [Double]
        /// Fiber, starch, sugars; cholesterol, monounsaturated, polyunsaturated, saturated, omega-3, omega-6.
        public var fiber, starch, sugars, cholesterol, mono, poly, saturated, omega3, omega6: Double

        /// The value the file gives for a column title of `microTitles` or the carbohydrate and fat columns.
        public func value(_ title: String) -> Double? {
            if let i = CronometerSample.microTitles.firstIndex(of: title) { return micros[i] }
            let others: [String: Double] = [
                "Fiber (g)": fiber, "Starch (g)": starch, "Sugars (g)": sugars, "Cholesterol (mg)": cholesterol,
                "Monounsaturated (g)": mono, "Polyunsaturated (g)": poly, "Saturated (g)": saturated, "Omega-3 (g)": omega3,
                "Omega-6 (g)": omega6,
            ]
            return others[title]
        }
    }

    /// The 25 columns from Alcohol to Zinc.
    public static let microTitles = [
        "Alcohol (g)", "Caffeine (mg)", "Water (g)", "B1 (Thiamine) (mg)", "B2 (Riboflavin) (mg)", "B3 (Niacin) (mg)",
        "B5 (Pantothenic Acid) (mg)", "B6 (Pyridoxine) (mg)", "B12 (Cobalamin) (µg)", "Folate (µg)", "Vitamin A (µg)",
        "Vitamin C (mg)", "Vitamin D (IU)", "Vitamin E (mg)", "Vitamin K (µg)", "Calcium (mg)", "Copper (mg)", "Iron (mg)",
        "Magnesium (mg)", "Manganese (mg)", "Phosphorus (mg)", "Potassium (mg)", "Selenium (µg)", "Sodium (mg)", "Zinc (mg)",
    ]

    public static let foods: [Food] = [
        Food(
            name: "\"Oats, rolled\"", amount: "80.00 g", kcal: 303.2, carbsG: 54.1, fatG: 5.2, proteinG: 10.5,
            category: "Breakfast Cereals",
            micros: [0, 0, 6.9, 0.37, 0.13, 0.9, 1.07, 0.1, 0, 26, 0, 0, 0, 0.34, 1.6, 42, 0.35, 3.4, 110, 3.1, 330, 290, 23, 5, 2.9],
            fiber: 8.0, starch: 46, sugars: 0.8, cholesterol: 0, mono: 1.6, poly: 1.9, saturated: 0.9, omega3: 0.08, omega6: 1.8),
        Food(
            name: "\"Milk, 2% fat\"", amount: "250.00 ml", kcal: 128.1, carbsG: 12.3, fatG: 4.9, proteinG: 8.3,
            category: "Dairy and Egg Products",
            micros: [
                0, 0, 230, 0.1, 0.47, 0.23, 0.92, 0.1, 1.3, 13, 139, 0.5, 120, 0.08, 0.5, 320, 0.03, 0.05, 28, 0.01, 260, 390, 6.4, 110,
                1.2,
            ],
            fiber: 0, starch: 0, sugars: 12.8, cholesterol: 20, mono: 1.4, poly: 0.2, saturated: 3.1, omega3: 0.03, omega6: 0.2),
        Food(
            name: "\"Coffee, brewed\"", amount: "1.00 cup", kcal: 2.4, carbsG: 0, fatG: 0.05, proteinG: 0.3, category: "Beverages",
            micros: [0, 95, 235, 0.03, 0.18, 0.5, 0.6, 0, 0, 5, 0, 0, 0, 0.02, 0.2, 5, 0.02, 0.05, 7, 0.06, 7, 116, 0, 5, 0.05],
            fiber: 0, starch: 0, sugars: 0, cholesterol: 0, mono: 0.04, poly: 0, saturated: 0.005, omega3: 0, omega6: 0),
        Food(
            name: "Banana", amount: "1.00 medium", kcal: 105.0, carbsG: 27.0, fatG: 0.4, proteinG: 1.3, category: "Fruits and Fruit Juices",
            micros: [
                0, 0, 88, 0.04, 0.09, 0.79, 0.39, 0.43, 0, 24, 3.5, 10.3, 0, 0.12, 0.6, 6, 0.09, 0.31, 32, 0.32, 26, 422, 1.2, 1, 0.18,
            ],
            fiber: 3.1, starch: 6.3, sugars: 14.4, cholesterol: 0, mono: 0.04, poly: 0.09, saturated: 0.13, omega3: 0.03, omega6: 0.05),
        Food(
            name: "\"Chicken breast, roasted\"", amount: "150.00 g", kcal: 247.5, carbsG: 0, fatG: 5.4, proteinG: 46.5,
            category: "Poultry Products",
            micros: [0, 0, 98, 0.1, 0.17, 20.6, 1.5, 0.9, 0.5, 6, 9, 0, 7.5, 0.4, 0.5, 23, 0.07, 1.6, 44, 0.03, 342, 384, 41, 111, 1.5],
            fiber: 0, starch: 0, sugars: 0, cholesterol: 128, mono: 1.9, poly: 1.2, saturated: 1.5, omega3: 0.1, omega6: 1.0),
        Food(
            name: "\"Rice, white, cooked\"", amount: "200.00 g", kcal: 260.0, carbsG: 56.2, fatG: 0.6, proteinG: 5.4,
            category: "Cereal Grains and Pasta",
            micros: [0, 0, 137, 0.04, 0.03, 0.8, 0.8, 0.19, 0, 6, 0, 0, 0, 0.08, 0, 20, 0.14, 0.4, 24, 0.94, 86, 70, 15, 2, 0.98],
            fiber: 0.8, starch: 55, sugars: 0.1, cholesterol: 0, mono: 0.2, poly: 0.16, saturated: 0.15, omega3: 0.01, omega6: 0.15),
        Food(
            name: "\"Peaches, yellow, raw\"", amount: "\"2.00 medium (2-2/3\"\" dia)\"", kcal: 117.0, carbsG: 28.6, fatG: 0.75,
            proteinG: 2.7,
            category: "Fruits and Fruit Juices",
            micros: [0, 0, 266, 0.07, 0.09, 2.4, 0.46, 0.07, 0, 12, 48, 19.8, 0, 2.2, 7.8, 18, 0.2, 0.75, 27, 0.18, 60, 570, 0.3, 0, 0.5],
            fiber: 4.5, starch: 0, sugars: 25.2, cholesterol: 0, mono: 0.2, poly: 0.26, saturated: 0.06, omega3: 0.01, omega6: 0.25),
        Food(
            name: "Almonds", amount: "28.00 g", kcal: 161.8, carbsG: 6.0, fatG: 14.0, proteinG: 5.9, category: "Nut and Seed Products",
            micros: [0, 0, 1.2, 0.06, 0.32, 1.0, 0.13, 0.04, 0, 12, 0, 0, 0, 7.3, 0, 76, 0.29, 1.05, 76, 0.6, 136, 208, 1.2, 0.3, 0.87],
            fiber: 3.5, starch: 0.2, sugars: 1.2, cholesterol: 0, mono: 8.8, poly: 3.5, saturated: 1.1, omega3: 0.002, omega6: 3.4),
        Food(
            name: "\"Lentil stew\"", amount: "1.00 full recipe", kcal: 612.4, carbsG: 80.1, fatG: 12.3, proteinG: 38.7, category: "",
            micros: [0, 0, 700, 0.8, 0.4, 5, 3, 0.9, 0, 800, 400, 20, 0, 2, 30, 150, 1.2, 14, 160, 2.5, 800, 1800, 12, 900, 5.5],
            fiber: 30, starch: 40, sugars: 8, cholesterol: 0, mono: 6, poly: 2.5, saturated: 1.8, omega3: 0.3, omega6: 2),
        Food(
            name: "\"Dark chocolate, 70-85% cacao\"", amount: "20.00 g", kcal: 119.6, carbsG: 9.1, fatG: 8.5, proteinG: 1.6,
            category: "Sweets",
            micros: [0, 16, 0.3, 0.01, 0.02, 0.2, 0.1, 0.01, 0.05, 0, 0.4, 0, 0, 0.1, 1.5, 15, 0.35, 2.4, 46, 0.39, 62, 143, 1.4, 4, 0.66],
            fiber: 2.2, starch: 1.5, sugars: 4.8, cholesterol: 0.6, mono: 2.5, poly: 0.3, saturated: 4.9, omega3: 0.01, omega6: 0.3),
    ]

    public let firstDay: LocalDate
    public let days: Int

    public init(firstDay: LocalDate, days: Int) {
        self.firstDay = firstDay
        self.days = days
    }

    /// "12.5" as Cronometer writes it: two decimals.
    static func cell(_ v: Double) -> String { String(format: "%.2f", v) }

    /// One data row: the food's portion on `day` at `time` in `group`.
    static func row(_ f: Food, day: String, time: String, group: String) -> String {
        var cells = [day, time, group, f.name, f.amount, cell(f.kcal)] + f.micros.map(cell)
        cells += [
            f.carbsG, f.fiber, f.starch, f.sugars, 0, max(0, f.carbsG - f.fiber), f.fatG, f.cholesterol, f.mono, f.poly, f.saturated, 0,
        ]
        .map(cell)
        cells += [f.omega3, f.omega6].map(cell) + Array(repeating: "0.00", count: 7) + [cell(f.proteinG)]
        cells += Array(repeating: "0.00", count: 4) + [f.category]
        return cells.joined(separator: ",")
    }

    /// Writes the file in pieces through `write`; returns the number of data rows.
    @discardableResult
    public func write(_ write: (Data) throws -> Void) throws -> Int {
        var rows = 0
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {  // xorshift64
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Int(seed % 1000)
        }
        try write(Data(("\u{FEFF}" + Self.header + "\r\n").utf8))
        for offset in 0..<days {
            var text = ""
            let day = firstDay.adding(days: offset).iso
            let slots: [(String, String)] = [
                ("7:45 AM", "Breakfast"), ("7:45 AM", "Breakfast"), ("10:30 AM", "Uncategorized"),
                ("12:30 PM", "Lunch"), ("12:30 PM", "Lunch"), ("3:30 PM", "Snacks"), ("7:10 PM", "Dinner"),
                ("7:10 PM", "Dinner"),
            ]
            for (time, group) in slots {
                text += Self.row(Self.foods[next() % Self.foods.count], day: day, time: time, group: group) + "\r\n"
                rows += 1
            }
            try write(Data(text.utf8))
        }
        return rows
    }
}
