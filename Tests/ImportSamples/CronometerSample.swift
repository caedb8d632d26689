import BodiiDomain
import Foundation

/// A deterministic Cronometer servings export for benchmarks (`bodii-bench cronometer`): the real
/// 58-column header, a BOM and CRLF, about eight servings a day in the four groups and
/// "Uncategorized", quoted names with commas, and repeated identical servings on a day.
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

    /// Name, amount, kcal, carbs, fat, protein, category.
    static let foods: [(String, String, Double, Double, Double, Double, String)] = [
        ("\"Oats, rolled\"", "80.00 g", 303.2, 54.1, 5.2, 10.5, "Breakfast Cereals"),
        ("\"Milk, 2% fat\"", "250.00 ml", 128.1, 12.3, 4.9, 8.3, "Dairy and Egg Products"),
        ("\"Coffee, brewed\"", "1.00 cup", 2.4, 0, 0.05, 0.3, "Beverages"),
        ("Banana", "1.00 medium", 105.0, 27.0, 0.4, 1.3, "Fruits and Fruit Juices"),
        ("\"Chicken breast, roasted\"", "150.00 g", 247.5, 0, 5.4, 46.5, "Poultry Products"),
        ("\"Rice, white, cooked\"", "200.00 g", 260.0, 56.2, 0.6, 5.4, "Cereal Grains and Pasta"),
        ("\"Peaches, yellow, raw\"", "\"2.00 medium (2-2/3\"\" dia)\"", 117.0, 28.6, 0.75, 2.7, "Fruits and Fruit Juices"),
        ("Almonds", "28.00 g", 161.8, 6.0, 14.0, 5.9, "Nut and Seed Products"),
        ("\"Lentil stew\"", "1.00 full recipe", 612.4, 80.1, 12.3, 38.7, ""),
        ("\"Dark chocolate, 70-85% cacao\"", "20.00 g", 119.6, 9.1, 8.5, 1.6, "Sweets"),
    ]

    public let firstDay: LocalDate
    public let days: Int

    public init(firstDay: LocalDate, days: Int) {
        self.firstDay = firstDay
        self.days = days
    }

    /// Writes the file in pieces through `write`; returns the number of data rows.
    @discardableResult
    public func write(_ write: (Data) throws -> Void) throws -> Int {
        let zeros = String(repeating: "0.00,", count: 3)  // alcohol, caffeine, water
        let micros = String(repeating: "0.10,", count: 22)  // B1 … Zinc
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
                let f = Self.foods[next() % Self.foods.count]
                text += "\(day),\(time),\(group),\(f.0),\(f.1),\(f.2),\(zeros)\(micros)\(f.3),1.00,0.00,2.00,0.00,\(max(0, f.3 - 1)),"
                text +=
                    "\(f.4),0.00,0.00,0.00,\(f.4 / 3),0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,\(f.5),0.00,0.00,0.00,0.00,\(f.6)\r\n"
                rows += 1
            }
            try write(Data(text.utf8))
        }
        return rows
    }
}
