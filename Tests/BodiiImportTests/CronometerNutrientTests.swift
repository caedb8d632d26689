import BodiiDomain
import Foundation
import ImportSamples
import Testing
@testable import BodiiImport

/// Issue 27: the Cronometer import reads real nutrient values (the generated sample writes SR24's,
/// not zeros), and vitamin A in IU becomes µg RAE only where that is honest.
@Suite struct CronometerNutrientTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let first = LocalDate(year: 2026, month: 11, day: 10) ?? LocalDate(daysSinceEpoch: 20_767)

    static func read(_ text: String) throws(CronometerError) -> CronometerData {
        try CronometerReader.read(text: text, name: "servings.csv", timeZone: utc, today: first.adding(days: 30))
    }

    @Test func everyNutrientOfTheGeneratedSampleIsReadAsWritten() throws {
        var bytes = Data()
        let rows = try CronometerSample(firstDay: Self.first, days: 3).write { bytes.append($0) }
        let data = try Self.read(String(decoding: bytes, as: UTF8.self))
        #expect(data.food.count == rows)
        var checked = 0
        for record in data.food {
            let food = try #require(
                CronometerSample.foods.first { record.foodName.hasPrefix($0.name.replacingOccurrences(of: "\"", with: "")) },
                "\(record.foodName)")
            for (title, key, divisor) in CronometerNutrients.columns {
                guard let value = food.value(title) else { continue }
                // What the file holds: the value to two decimals, in the key's unit (as the reader rounds it).
                let written = try #require(Double(String(format: "%.2f", value)))
                #expect(record.nutrients[key] == Table.rounded(written / divisor), "\(record.foodName): \(title)")
                checked += 1
            }
        }
        #expect(checked > rows * 30)
        // Real numbers: a day of the sample has iron, calcium, potassium and vitamin D above zero.
        for key in [NutrientKey.ironMg, .calciumMg, .potassiumMg, .folateUg] {
            #expect(data.food.reduce(0) { $0 + ($1.nutrients[key] ?? 0) } > 0, "\(key)")
        }
    }

    static func vitaminA(_ cells: [String: String]) throws -> Double? {
        let titles = ["Day", "Food Name", "Amount", "Energy (kcal)", "Protein (g)", "Carbs (g)", "Fat (g)"] + cells.keys.sorted()
        let values: [String: String] = ["Day": "2026-11-20", "Food Name": "Carrots", "Amount": "100.00 g", "Energy (kcal)": "41"]
        let row = titles.map { cells[$0] ?? values[$0] ?? "1" }
        let data = try Self.read(titles.joined(separator: ",") + "\r\n" + row.joined(separator: ",") + "\r\n")
        return try #require(data.food.first).nutrients[.vitaminAUg]
    }

    @Test func vitaminAInIUBecomesRAEOnlyWhereItsSourceIsKnown() throws {
        // IU alone: retinol (0.3 µg RAE an IU) or carotene (0.05): nothing to choose, so unknown; 0 IU is 0.
        #expect(try Self.vitaminA(["Vitamin A (IU)": "16706"]) == nil)
        #expect(try Self.vitaminA(["Vitamin A (IU)": "0"]) == 0)
        // IU with retinol: retinol + the IU it does not explain as β-carotene (20 IU a µg RAE).
        #expect(try Self.vitaminA(["Vitamin A (IU)": "1000", "Retinol (µg)": "150"]) == 150 + (1000 - 500) / 20)
        // Retinol and the carotenoids: 1 + β/12 + (α + β-cryptoxanthin)/24.
        let parts = ["Retinol (µg)": "10", "Beta-carotene (µg)": "120", "Alpha-carotene (µg)": "24", "Beta-cryptoxanthin (µg)": "24"]
        #expect(try Self.vitaminA(parts) == 22)
        // RAE given: it wins.
        #expect(try Self.vitaminA(["Vitamin A (µg)": "835", "Vitamin A (IU)": "16706"]) == 835)
        // A negative IU is out of range: the row is skipped, named.
        let titles = "Day,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Vitamin A (IU)\r\n"
        let data = try Self.read(titles + "2026-11-20,Carrots,100 g,41,1,9,0.2,-5\r\n")
        #expect(data.food.isEmpty && data.skipped[.food]?.keys.contains { $0.contains("Vitamin A (IU)") } == true)
    }
}
