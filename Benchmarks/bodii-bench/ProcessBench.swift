// bodii-bench process: `bodii search QUERY` as a whole process against `fzf --filter QUERY` on the
// same catalog names, query by query over a relevance set. Each run is spawned directly (no
// shell), the two alternate so both see the same machine, and each query reports the median.
import Foundation
import USDACatalogData
#if canImport(Glibc)
    import Glibc
#endif

enum ProcessBench {
    struct Row {
        let query: String
        let bodii: Double
        let fzf: Double
        var ratio: Double { bodii / fzf }
    }

    static func run(arguments: [String]) throws {
        var relevancePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/Relevance/food-search-everyday.tsv").standardized.path
        var runs = 15
        var databasePath: String?
        var verbose = false
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--relevance" where i + 1 < arguments.count: relevancePath = arguments[i + 1]; i += 1
            case "--runs" where i + 1 < arguments.count: runs = max(1, Int(arguments[i + 1]) ?? runs); i += 1
            case "--db" where i + 1 < arguments.count: databasePath = arguments[i + 1]; i += 1
            case "--verbose": verbose = true
            default: break
            }
            i += 1
        }
        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        guard FileManager.default.isExecutableFile(atPath: bodii) else {
            print("bodii-bench process: no bodii beside bodii-bench (\(bodii)); build it: scripts/build-release")
            exit(66)
        }
        guard let fzf = executableOnPath("fzf") else {
            print("bodii-bench process: fzf is not on PATH; it is the yardstick (scripts/ensure-deps --bench installs it)")
            exit(69)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let database = databasePath ?? folder.appendingPathComponent("ten-years.sqlite").path
        if databasePath == nil {
            guard spawnAndWait([bodii, "demo", "--days", "3650", "--db", database]) == 0 else {
                print("bodii-bench process: bodii demo failed")
                exit(70)
            }
        }
        let names = folder.appendingPathComponent("names.txt").path
        try catalogNames().joined(separator: "\n").appending("\n").write(toFile: names, atomically: true, encoding: .utf8)

        let queries = try SearchBench.loadQueries(relevancePath)
        print(
            "bodii-bench process — \(queries.count) queries of \(URL(fileURLWithPath: relevancePath).lastPathComponent), "
                + "\(runs) runs each, `bodii search` on a 10-year database against `fzf --filter` on the catalog's names")
        var rows: [Row] = []
        for query in queries {
            var mine: [Double] = [], theirs: [Double] = []
            for run in -2..<runs {  // two warm-up rounds
                let ours = { spawnAndWait([bodii, "search", query, "--db", database]) }
                let fzfs = { spawnAndWait([fzf, "--filter", query], stdin: names) }
                var a = 0.0, b = 0.0
                if run % 2 == 0 { a = timed(ours); b = timed(fzfs) } else { b = timed(fzfs); a = timed(ours) }
                if run >= 0 { mine.append(a); theirs.append(b) }
            }
            let row = Row(query: query, bodii: Stats(samples: mine).median, fzf: Stats(samples: theirs).median)
            rows.append(row)
            if verbose {
                let name = query.count < 24 ? query + String(repeating: " ", count: 24 - query.count) : query
                print(name + String(format: " bodii %6.2f ms  fzf %6.2f ms  %5.2f×", row.bodii, row.fzf, row.ratio))
            }
        }
        // What each costs before any search: starting, reading the arguments, printing help.
        var helps: [Double] = [], versions: [Double] = []
        for run in -2..<max(runs, 30) {
            let help = timed { spawnAndWait([bodii, "--help"]) }, version = timed { spawnAndWait([fzf, "--version"]) }
            if run >= 0 { helps.append(help); versions.append(version) }
        }
        print(
            String(
                format: "start-up alone: bodii --help %.2f ms, fzf --version %.2f ms", Stats(samples: helps).median,
                Stats(samples: versions).median))
        let ratios = Stats(samples: rows.map(\.ratio))
        let geometric = exp(rows.map { log($0.ratio) }.reduce(0, +) / Double(rows.count))
        let bodiiMedian = Stats(samples: rows.map(\.bodii)).median, fzfMedian = Stats(samples: rows.map(\.fzf)).median
        print(String(format: "bodii: median %.2f ms  fzf: median %.2f ms  (medians of the queries' medians)", bodiiMedian, fzfMedian))
        print(
            String(
                format:
                    "bodii / fzf per query: geometric mean %.2f×, median %.2f×, from %.2f× to %.2f×; bodii as fast or faster on %d of %d",
                geometric, ratios.median, ratios.percentile(0), ratios.percentile(1), rows.filter { $0.ratio <= 1 }.count, rows.count))
    }

    /// The names of the shipped catalog's foods, one a line: what fzf filters.
    static func catalogNames() -> [String] {
        USDASR24.foods.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
        }
    }

    static func executableOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Wall time of `body` in milliseconds.
    static func timed(_ body: () -> Int32) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Spawns `argv` with stdout and stderr to /dev/null (and stdin from `stdin`), waits; the exit
    /// status, or -1 when it could not start.
    @discardableResult
    static func spawnAndWait(_ argv: [String], stdin: String? = nil) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status >> 8) & 0xFF
    }
}
