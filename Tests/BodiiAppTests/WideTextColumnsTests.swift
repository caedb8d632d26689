import BodiiDomain
import Foundation
import NcursesTerminal
import TerminalKit
import Testing
@testable import BodiiStore

/// Issue 25 #3: the command line measures text with the C library's `wcwidth`, as the full-screen
/// app does (`LibcTextWidth.installForLocale`), so a CJK or emoji name keeps `bodii history` and
/// `bodii search` in their columns as the terminal draws them. "🉠" (U+1F260) is wide in glibc and
/// was narrow in the hand table; "🧑‍🍳" is a ZWJ sequence, one wide cluster.
@Suite struct WideTextColumnsTests {
    static let names = ["Bananas", "🉠 福 dumplings", "🧑‍🍳 chef's stew", "家常豆腐 tofu"]

    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    /// Columns as the terminal advances for `line`: each cluster by its first scalar's wcwidth.
    func drawnWidth(_ line: some StringProtocol) -> Int { TextWidth.of(line, using: LibcTextWidth.width) }

    @Test func historyColumnsLineUpWithWideNames() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("wide.sqlite")
        try #require(try runBodii(["log", "weight", "80", "--date", "2026-11-20", "--db", db]).status == 0)
        let rows = Self.names.enumerated().map { i, name in
            "('2026-11-20', 'lunch', 'custom:\(i + 1)', '\(name.replacingOccurrences(of: "'", with: "''"))', \(100 + i * 50), "
                + "\(90 + i * 300), 1, 2, 3, '2026-11-20T12:0\(i):00.000Z')"
        }
        try BodiiDatabase(url: URL(fileURLWithPath: db)).executeRaw(
            "INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at) VALUES "
                + rows.joined(separator: ", ") + ";")
        let r = try runBodii(["history", "2026-11-20", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == Self.names.count, "\(r.stdout)")
        for name in Self.names { #expect(r.stdout.contains(name), "\(r.stdout)") }
        // Every column is padded and the last is right-aligned: every line ends in the same column.
        let widths = Set(lines.map { drawnWidth($0) })
        #expect(widths.count == 1, "\(lines.map { "\(drawnWidth($0)) \($0)" }.joined(separator: "\n"))")
    }

    @Test func searchColumnsLineUpWithWideNames() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("wide.sqlite")
        // A food looked up once: the database holds the catalog, so search reads its custom foods.
        try #require(try runBodii(["log", "food", "banana", "--grams", "100", "--date", "2026-11-20", "--db", db]).status == 0)
        do {
            let r = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
            for name in Self.names.dropFirst() {
                _ = try r.addCustomFood(
                    Food(
                        id: CustomFoods.newID, name: name + " zzwide", source: "custom",
                        per100g: Nutrients(kcal: 120, proteinG: 5, carbsG: 10, fatG: 4)))
            }
        }
        let r = try runBodii(["search", "zzwide", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == Self.names.count, "\(r.stdout)")  // the header and three foods
        let widths = Set(lines.map { drawnWidth($0) })
        #expect(widths.count == 1, "\(lines.map { "\(drawnWidth($0)) \($0)" }.joined(separator: "\n"))")
    }
}
