// bodii-bench line: issue 41's budgets. In process, parsing and searching a 5-food line as the
// Diet search does on every key (MealLine.resolve over a 10-year database): ≤ 5 ms. As processes,
// `bodii log food "…" --dry-run --json` against `bodii search` for one food: ≤ 1.5×.
import BodiiDomain
import BodiiStore
import Foundation

enum MealLineBench {
    static let lines = [
        "2 eggs, toast, banana, coffee with milk",
        "2 eggs, 1 slice whole wheat toast and a coffee with milk",
        "150g salmon, 1 cup rice, 100 g asparagus, 1 tbsp olive oil, 1 apple",
        "2 scrambled eggs, 2 slices bacon, 1 slice toast, 1 cup orange juice, 1 coffee",
        "greek yogurt with blueberries and honey, 1 oz almonds, 1 banana",
    ]

    static func run(arguments: [String]) throws {
        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        guard FileManager.default.isExecutableFile(atPath: bodii) else {
            print("bodii-bench line: no bodii beside bodii-bench (\(bodii)); build it: scripts/build-release")
            exit(66)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ten-years.sqlite").path
        guard ProcessBench.spawnAndWait([bodii, "demo", "--days", "3650", "--db", path]) == 0 else {
            print("bodii-bench line: bodii demo failed")
            exit(70)
        }
        let db = try BodiiDatabase(url: URL(fileURLWithPath: path))
        let repos = db.repositories
        try repos.prepareFoodCatalog()
        _ = try repos.searchFoods("banana", limit: 20)  // the vocabulary, as the app has it after its first key
        print("bodii-bench line — issue 41: a line of 4–5 foods parsed and searched, over a 10-year history")
        for line in lines {
            let stats = try measure(100) { _ = try MealLine.resolve(line, catalog: repos) }
            print("  \"\(line)\": " + stats.line + (stats.median <= 5 ? "  (budget 5 ms: ok)" : "  (budget 5 ms: OVER)"))
        }
        try db.close()

        let runs = 21
        var line: [Double] = [], search: [Double] = []
        for run in -2..<runs {
            let a = ProcessBench.timed { ProcessBench.spawnAndWait([bodii, "log", "food", lines[0], "--dry-run", "--json", "--db", path]) }
            let b = ProcessBench.timed { ProcessBench.spawnAndWait([bodii, "search", "banana", "--db", path]) }
            if run >= 0 { line.append(a); search.append(b) }
        }
        let ratio = Stats(samples: line).median / Stats(samples: search).median
        print(
            String(
                format: "  process: bodii log food \"%@\" --dry-run --json median %.2f ms; bodii search banana median %.2f ms: %.2f× (budget 1.5×: %@)",
                lines[0], Stats(samples: line).median, Stats(samples: search).median, ratio, ratio <= 1.5 ? "ok" : "OVER"))
    }

}
