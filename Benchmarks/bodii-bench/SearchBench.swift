// bodii-bench search: food search speed. Types every query of the relevance set
// (Tests/Relevance/food-search.tsv) letter by letter, as the search modal sends them, and times each
// keystroke's search (limit 20) in process: over the USDA SR24 catalog, then over a generated
// catalog of a million foods (kept in the temporary folder between runs: generating it takes minutes).
import BodiiDomain
import BodiiStore
import Foundation
import USDACatalogData
#if canImport(Glibc)
    import Glibc
#endif

enum SearchBench {
    static let generatorVersion = 3
    static let millionCount = 1_000_000

    static func run(arguments: [String]) throws {
        var relevancePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/Relevance/food-search.tsv").standardized.path
        var millionPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("bodii-bench-search-1m-v\(generatorVersion).sqlite").path
        var rounds = 3
        var skipMillion = false
        var skipUSDA = false
        var only: [String] = []
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--relevance" where i + 1 < arguments.count: relevancePath = arguments[i + 1]; i += 1
            case "--million-db" where i + 1 < arguments.count: millionPath = arguments[i + 1]; i += 1
            case "--rounds" where i + 1 < arguments.count: rounds = max(1, Int(arguments[i + 1]) ?? 3); i += 1
            case "--no-million": skipMillion = true
            case "--no-usda": skipUSDA = true
            case "--query" where i + 1 < arguments.count: only.append(arguments[i + 1]); i += 1
            default: break
            }
            i += 1
        }
        let queries = try loadQueries(relevancePath)
        let keystrokes = queries.flatMap(typed)
        print(
            "bodii-bench search — \(queries.count) relevance queries typed letter by letter: \(keystrokes.count) keystrokes × \(rounds) rounds"
        )

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // USDA SR24 on a fresh database: the first use seeds it.
        if !skipUSDA {
            let usda = try BodiiDatabase(url: folder.appendingPathComponent("usda.sqlite"))
            let seed = try measure(1) { try usda.repositories.prepareFoodCatalog() }
            print("USDA SR24 (8,855 foods): seed with index \(ms(seed.median))")
            if only.isEmpty {
                try report(usda.repositories, keystrokes: keystrokes, queries: queries, rounds: rounds)
            } else {
                try repeatQueries(only, usda.repositories)
            }
            try usda.close()
        }

        if skipMillion { return }
        let million = try openMillion(path: millionPath)
        print("generated catalog (\(millionCount.formatted()) foods, \(fileSize(millionPath)) on disk): \(millionPath)")
        if !only.isEmpty {
            try repeatQueries(only, million.repositories)
            return
        }
        try report(million.repositories, keystrokes: keystrokes, queries: queries, rounds: rounds)
        // A custom food added: the index has it at once; the next search reloads the vocabulary.
        let custom = Food(
            id: FoodID("x"), name: "Grandma's zucchini loaf", source: "custom",
            per100g: Nutrients(kcal: 290, proteinG: 5, carbsG: 40, fatG: 12))
        _ = try million.repositories.addCustomFood(custom)
        let after = try measure(1) { _ = try million.repositories.searchFoods("grandma zucc", limit: 20) }
        print("  after adding a custom food, first search (vocabulary reload): \(ms(after.median))")
        try million.close()
        print("peak resident memory of this process: \(peakRSSkB().formatted()) kB")
    }

    /// One query again and again (`--query`): for looking into a slow keystroke.
    static func repeatQueries(_ texts: [String], _ repos: SQLiteRepositories) throws {
        let first = try measure(1) { _ = try repos.searchFoods(texts[0], limit: 20) }
        print("  first search: \(ms(first.median))")
        for text in texts {
            print("  \"\(text)\" ×200: " + (try measure(200) { _ = try repos.searchFoods(text, limit: 20) }).line)
        }
    }

    /// Per-keystroke latency of Bodii's search and of plain bm25, and the cost of the first search.
    static func report(_ repos: SQLiteRepositories, keystrokes: [String], queries: [String], rounds: Int) throws {
        let first = try measure(1) { _ = try repos.searchFoods("banana", limit: 20) }
        print("  first search (loads the vocabulary): \(ms(first.median)), then resident \(currentRSSkB().formatted()) kB")
        var samples: [Double] = []
        var cpu: [Double] = []
        var slowest: [String: Double] = [:]
        for _ in 0..<rounds {
            for text in keystrokes {
                let c0 = threadCPUms()
                let t = try measure(1) { _ = try repos.searchFoods(text, limit: 20) }.samples[0]
                cpu.append(threadCPUms() - c0)
                samples.append(t)
                slowest[text] = max(slowest[text] ?? 0, t)
            }
        }
        print("  per keystroke, Bodii:      " + Stats(samples: samples).line)
        print("    CPU time of this thread: " + Stats(samples: cpu).line + "  (wall time includes waiting for a core)")
        let worst = slowest.sorted { $0.value > $1.value }.prefix(5).map { String(format: "\"%@\" %.1f ms", $0.key, $0.value) }
        print("    slowest: " + worst.joined(separator: ", "))
        var whole: [Double] = []
        for _ in 0..<rounds {
            for text in queries { whole += try measure(1) { _ = try repos.searchFoods(text, limit: 20) }.samples }
        }
        print("  whole queries, Bodii:      " + Stats(samples: whole).line)
        var plain: [Double] = []
        for text in keystrokes { plain += try measure(1) { _ = try repos.plainBM25Search(text, limit: 20) }.samples }
        print("  per keystroke, plain bm25: " + Stats(samples: plain).line)
    }

    /// "egg" → "e", "eg", "egg"; "big mac" → …, "big", "big ", "big m", …
    static func typed(_ query: String) -> [String] {
        var out: [String] = []
        var prefix = ""
        for character in query {
            prefix.append(character)
            out.append(prefix)
        }
        return out
    }

    static func loadQueries(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let query = line.split(separator: "\t").first, !query.isEmpty else { return nil }
            return String(query)
        }
    }

    // MARK: The million foods

    /// The generated catalog, made once per generator version and reused: the USDA foods plus
    /// names recombined from theirs (a food's head with parts of other foods, a third with brands).
    static func openMillion(path: String) throws -> BodiiDatabase {
        let marker = path + ".complete"
        if FileManager.default.fileExists(atPath: marker) { return try BodiiDatabase(url: URL(fileURLWithPath: path)) }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        print("generating \(millionCount.formatted()) foods into \(path) (once; takes a few minutes)…")
        let db = try BodiiDatabase(url: URL(fileURLWithPath: path))
        try db.repositories.prepareFoodCatalog()
        let started = Date()
        var generator = NameGenerator()
        let batch = 50_000
        var made = generator.usdaCount
        while made < millionCount {
            let n = min(batch, millionCount - made)
            let foods = (0..<n).map { k in generator.food(number: made + k) }
            try db.repositories.insertFoodsInBulk(foods)
            made += n
        }
        print(String(format: "  generated in %.0f s", Date().timeIntervalSince(started)))
        _ = FileManager.default.createFile(atPath: marker, contents: Data())
        return db
    }

    /// Realistic names from the USDA ones: deterministic (SplitMix64), so every run measures the
    /// same catalog.
    struct NameGenerator {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let parts: [[Substring]]
        let brands: [String]

        init() {
            let lines = USDASR24.foods.split(separator: "\n").dropFirst()
            let names = lines.compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first }
            parts = names.map { $0.split(separator: ",").map { $0.drop(while: { $0 == " " }) } }
            var brands = Set<String>()
            for name in names {
                for word in name.split(whereSeparator: { $0 == " " || $0 == "," }) where word.count >= 3 {
                    if word.allSatisfy({ $0.isUppercase || $0 == "'" || $0 == "&" || $0 == "-" }), word != "USDA" {
                        brands.insert(String(word))
                    }
                }
            }
            self.brands = brands.sorted()
        }

        var usdaCount: Int { parts.count }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

        mutating func food(number: Int) -> Food {
            var name = pick(parts)
            for _ in 0..<Int(next() % 3) {
                let other = pick(parts)
                if other.count > 1 {
                    name.insert(other[1 + Int(next() % UInt64(other.count - 1))], at: 1 + Int(next() % UInt64(name.count)))
                }
            }
            if name.count > 6 { name = Array(name.prefix(6)) }
            if next() % 100 < 35 {
                let brand = pick(brands) + (next() % 2 == 0 ? " " + pick(brands) : "")
                name.insert(Substring(brand), at: next() % 2 == 0 ? 0 : min(1, name.count))
            }
            let kcal = Double(next() % 900)
            return Food(
                id: FoodID("gen:\(number)"), name: name.joined(separator: ", "), source: "generated",
                per100g: Nutrients(
                    kcal: kcal, proteinG: Double(next() % 40), carbsG: Double(next() % 90),
                    fatG: Double(next() % 60)))
        }
    }

    // MARK: Helpers

    static func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }

    static func fileSize(_ path: String) -> String {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
        return "\(size / 1_000_000) MB"
    }

    static func peakRSSkB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// VmRSS from /proc/self/status (0 where there is none).
    static func currentRSSkB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
