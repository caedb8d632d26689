import Foundation
import Testing

/// `bodii nutrients` (issue 27): bad input is one line on stderr with the usual exit codes.
@Suite struct NutrientsCLITests {
    let folder: TemporaryFolder
    let db: String
    static let now = ["BODII_NOW": "2026-11-25T21:00:00Z"]

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("nutrients.sqlite")
        let r = try runBodii(["log", "food", "banana", "--grams", "118", "--date", "2026-11-25", "--db", db], environment: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aRangeOtherThanWeekOrMonthIsAUsageError() throws {
        for range in ["year", "day", ""] {
            let r = try runBodii(["nutrients", "--range", range, "--db", db], environment: Self.now)
            #expect(r.status == 64, "\(range): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("bodii: ") && (range.isEmpty || r.stderr.contains("\"\(range)\" is not one of week, month")),
                "\(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1)
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func aBadOrFutureDateIsBadData() throws {
        for date in ["2026-02-30", "2026-11-26", "tomorrowish"] {
            let r = try runBodii(["nutrients", "--date", date, "--db", db], environment: Self.now)
            #expect(r.status == 65, "\(date): \(r.stderr)")
            #expect(r.stderr.contains(date) || r.stderr.contains("future"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
