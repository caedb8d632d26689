// bodii-bench sync: issue 30's budgets, each a whole `bodii` process spawned directly (no shell):
// - catch-up: a new machine joins a folder holding a 10-year history (`bodii sync join`):
//   ≤ 5 s and ≤ 64 MB peak RSS (the child's ru_maxrss, from wait4);
// - a day's edits (a weigh-in, four meals, a night) synced: `bodii sync` on the machine that
//   wrote them, then on the other: ≤ 50 ms each;
// - `bodii log weight` on a database that syncs against a copy that does not: ≤ +10 %.
// Options: --days N (history, default 3653), --runs N (default 11).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum SyncBench {
    struct Run {
        let status: Int32
        /// Wall milliseconds.
        let ms: Double
        /// User + system CPU milliseconds.
        let cpuMs: Double
        let peakKB: Int
    }

    static let now = "2026-11-25T20:00:00+00:00"

    static func run(arguments: [String]) throws {
        var days = 3653
        var runs = 11
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--days" where i + 1 < arguments.count: days = Int(arguments[i + 1]) ?? days; i += 1
            case "--runs" where i + 1 < arguments.count: runs = max(1, Int(arguments[i + 1]) ?? runs); i += 1
            default: break
            }
            i += 1
        }
        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        guard FileManager.default.isExecutableFile(atPath: bodii) else {
            print("bodii-bench sync: no bodii beside bodii-bench (\(bodii)); build it: scripts/build-release")
            exit(66)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-bench-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let shared = path("shared")
        let laptop = ["XDG_CONFIG_HOME": path("laptop-config"), "BODII_NOW": now]
        let desktop = ["XDG_CONFIG_HOME": path("desktop-config"), "BODII_NOW": now]
        func must(_ run: Run, _ what: String) {
            guard run.status == 0 else {
                print("bodii-bench sync: \(what) failed (exit \(run.status))")
                exit(70)
            }
        }

        print("bodii-bench sync — \(days) days of history, load \(loadAverage())")
        must(spawn([bodii, "demo", "--days", "\(days)", "--db", path("laptop.sqlite")], environment: laptop), "bodii demo")
        // The same history on a machine that never syncs, for `log weight` without sync.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path("laptop.sqlite") + suffix) {
            try FileManager.default.copyItem(atPath: path("laptop.sqlite") + suffix, toPath: path("plain.sqlite") + suffix)
        }
        let initialized = spawn(
            [bodii, "sync", "init", shared, "--json", "--db", path("laptop.sqlite")], environment: laptop, stdout: path("phrase.json"))
        must(initialized, "bodii sync init")
        let phraseData = FileManager.default.contents(atPath: path("phrase.json")) ?? Data()
        guard let phrase = (try? JSONSerialization.jsonObject(with: phraseData) as? [String: Any])?["phrase"] as? String else {
            print("bodii-bench sync: sync init printed no phrase")
            exit(70)
        }
        let files =
            (try? FileManager.default.subpathsOfDirectory(atPath: shared).filter { $0.contains("/") && $0.hasSuffix(".bodiisync") }) ?? []
        let bytes = files.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: shared + "/" + file)[.size] as? Int) ?? 0)
        }
        print(
            String(
                format: "  init (baseline written at once)  %7.0f ms  cpu %6.0f ms  peak %3d MB  — %d files, %.1f MB",
                initialized.ms, initialized.cpuMs, initialized.peakKB / 1024, files.count, Double(bytes) / 1e6))

        let join = spawn([bodii, "sync", "join", shared, "--phrase", phrase, "--db", path("desktop.sqlite")], environment: desktop)
        must(join, "bodii sync join")
        print(
            String(
                format: "  catch-up (sync join)             %7.0f ms  cpu %6.0f ms  peak %3d MB   budget ≤ 5000 ms, ≤ 64 MB  %@",
                join.ms, join.cpuMs, join.peakKB / 1024, verdict(join.ms <= 5000 && join.peakKB <= 64 * 1024)))

        var writer: [Double] = []
        var reader: [Double] = []
        var writerCPU: [Double] = []
        var readerCPU: [Double] = []
        for run in 0..<runs {
            let db = ["--db", path("laptop.sqlite")]
            must(spawn([bodii, "log", "weight", String(format: "%.1f", 80 + Double(run) / 10)] + db, environment: laptop), "log weight")
            for meal in ["breakfast", "lunch", "dinner", "snacks"] {
                must(
                    spawn(
                        [bodii, "log", "food", "--kcal", "\(400 + run)", "--name", "Bench \(meal)", "--meal", meal] + db,
                        environment: laptop), "log food")
            }
            must(spawn([bodii, "log", "sleep", "--duration", "7h\(10 + run)"] + db, environment: laptop), "log sleep")
            let sent = spawn([bodii, "sync"] + db, environment: laptop)
            must(sent, "bodii sync (laptop)")
            let received = spawn([bodii, "sync", "--db", path("desktop.sqlite")], environment: desktop)
            must(received, "bodii sync (desktop)")
            writer.append(sent.ms)
            reader.append(received.ms)
            writerCPU.append(sent.cpuMs)
            readerCPU.append(received.cpuMs)
        }
        let send = Stats(samples: writer), apply = Stats(samples: reader)
        print("  a day's edits, sync on the writer  \(send.line)   budget ≤ 50 ms  \(verdict(send.median <= 50))")
        print(String(format: "                                     cpu median %.1f ms", Stats(samples: writerCPU).median))
        print("  a day's edits, sync on the other   \(apply.line)   budget ≤ 50 ms  \(verdict(apply.median <= 50))")
        print(String(format: "                                     cpu median %.1f ms", Stats(samples: readerCPU).median))

        // Alternating, so both see the same machine.
        var plain: [Double] = []
        var synced: [Double] = []
        var plainCPU: [Double] = []
        var syncedCPU: [Double] = []
        for run in 0..<(runs * 2) {
            let weight = String(format: "%.1f", 75 + Double(run % 20) / 10)
            let a = spawn([bodii, "log", "weight", weight, "--db", path("plain.sqlite")], environment: ["BODII_NOW": now])
            let b = spawn([bodii, "log", "weight", weight, "--db", path("laptop.sqlite")], environment: laptop)
            must(a, "log weight (no sync)")
            must(b, "log weight (sync)")
            plain.append(a.ms)
            synced.append(b.ms)
            plainCPU.append(a.cpuMs)
            syncedCPU.append(b.cpuMs)
        }
        let without = Stats(samples: plain), with = Stats(samples: synced)
        let ratio = with.median / without.median
        print("  log weight, no sync                \(without.line)")
        print(
            String(
                format: "  log weight, sync set up            %@   +%.1f %%  budget ≤ +10 %%  %@",
                with.line, (ratio - 1) * 100, verdict(ratio <= 1.10)))
        print(
            String(
                format: "                                     cpu median %.1f ms without, %.1f ms with",
                Stats(samples: plainCPU).median, Stats(samples: syncedCPU).median))
        print("  (load at the end: \(loadAverage()))")
    }

    static func verdict(_ ok: Bool) -> String { ok ? "ok" : "OVER" }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Spawns `argv` with `environment` over this process's, stdout to `stdout`, stderr to
    /// /dev/null; waits with wait4 for its status, wall and CPU time, and peak RSS.
    static func spawn(_ argv: [String], environment: [String: String] = [:], stdout: String = "/dev/null") -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid = pid_t()
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment) == 0 else {
            return Run(status: -1, ms: 0, cpuMs: 0, peakKB: 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return Run(
            status: (status >> 8) & 0xFF, ms: ms, cpuMs: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime),
            peakKB: usage.ru_maxrss)
    }
}
