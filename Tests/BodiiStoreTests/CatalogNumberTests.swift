import Foundation
import Testing
import USDACatalogData
@testable import BodiiStore

/// The seeder reads the catalog's numbers without making Strings (`TSV.Field.number`); every one
/// must be the Double that `Double(String)` reads, bit for bit.
@Suite struct CatalogNumberTests {
    func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { TSV.Field(rebasing: $0[...]).number }
    }

    func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }

    @Test func everyFieldOfTheShippedCatalogReadsAsDoubleReadsIt() throws {
        var checked = 0
        for table in [USDASR24.foods, USDASR24.servings, CatalogSupplement.foods, CatalogSupplement.servings] {
            try TSV.forEachRow(of: table) { _, fields in
                for field in fields.dropFirst() where !field.isEmpty {
                    #expect(same(field.number, Double(field.text)), "\(field.text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 300_000)  // every number of the catalog was compared, not a few
    }

    @Test func unusualNumbersFallBackToDoubleOfString() {
        for text in [
            "0", "5.", ".5", "1.0000000000000002", "123456789012345678", "0.1", "684.166667", "1e3", "-2", "nan", "inf", "1.2.3",
            " 5", "5 ", "0x1p3", "9007199254740993", "0.000000000000001", "00012.50",
        ] {
            #expect(same(number(text), Double(text)), "\(text)")
        }
    }
}
