import BodiiDomain
import BodiiImport
import ImportSamples
import Foundation

/// `bodii-bench cronometer [days]`: a generated Cronometer servings export (CronometerSample,
/// ten years by default: ~29,000 rows of 58 columns, made in the temporary folder), imported by
/// the real binary into a new database, then again (adds nothing), then as a dry run. With a
/// second argument the file is also copied there, to time the import by hand.
enum CronometerBench {
    static func run(arguments: [String]) throws {
        let days = arguments.first.flatMap(Int.init) ?? 3650
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-cronometer-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("servings.csv")
        guard FileManager.default.createFile(atPath: csv.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: csv)
        let first = LocalDate(year: 2016, month: 11, day: 24) ?? LocalDate(daysSinceEpoch: 0)
        let rows = try CronometerSample(firstDay: first, days: days).write { try handle.write(contentsOf: $0) }
        try handle.close()
        let size = (try FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? NSNumber)?.int64Value ?? 0
        print(String(format: "generated %d days, %d rows, %.1f MB of CSV", days, rows, Double(size) / 1e6))
        if let keep = arguments.dropFirst().first {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: csv.path, toPath: keep)
        }
        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        let db = folder.appendingPathComponent("c.sqlite").path
        let command = "BODII_NOW=2026-11-22T10:30:00+01:00 /usr/bin/time -f %M '\(bodii)' --db '\(db)' import cronometer '\(csv.path)'"
        let once = HealthBench.timed(command + " --json >/dev/null")
        print(String(format: "import servings.csv (new database): %.2f s, peak RSS %@ MB", once.seconds, once.peakMB))
        let again = HealthBench.timed(command + " --json >/dev/null")
        print(String(format: "import again (adds nothing):        %.2f s, peak RSS %@ MB", again.seconds, again.peakMB))
        let dry = HealthBench.timed(command + " --dry-run --json >/dev/null")
        print(String(format: "dry run:                            %.2f s, peak RSS %@ MB", dry.seconds, dry.peakMB))
    }
}
