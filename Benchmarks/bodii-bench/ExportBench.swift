import Foundation

/// `bodii-bench export [years]`: issue 48 item 5 — peak resident memory of `bodii export` (JSON to
/// a file, CSV to a folder and to a zip) and of `bodii sync init` (its baseline of the whole
/// history) on a 10- and a 20-year history, against §9's 64 MB. The
/// real binary beside this one makes the histories: `bodii demo` takes at most ten years, so the
/// 20-year one is a second demo ten years earlier, exported and imported into the first.
enum ExportBench {
    static func run(arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-export-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let now = "BODII_NOW=2026-12-05T12:00:00+00:00"
        let earlier = "BODII_NOW=2016-12-07T12:00:00+00:00"
        func shell(_ command: String) { _ = HealthBench.timed(command) }
        shell("\(now) '\(bodii)' demo --days 3650 --db '\(path("10.sqlite"))'")
        shell("cp '\(path("10.sqlite"))' '\(path("20.sqlite"))'")
        shell("\(earlier) '\(bodii)' demo --days 3650 --db '\(path("old.sqlite"))'")
        shell("\(now) '\(bodii)' export --db '\(path("old.sqlite"))' --out '\(path("old.json"))'")
        shell("\(now) '\(bodii)' import bodii '\(path("old.json"))' --db '\(path("20.sqlite"))'")
        let years = arguments.first.flatMap(Int.init).map { [$0] } ?? [10, 20]
        for y in years where y == 10 || y == 20 {
            let db = path("\(y).sqlite")
            for (label, options) in [
                ("json to a file", "--out '\(path("\(y).json"))'"), ("csv to a folder", "--format csv --out '\(path("\(y)-csv"))'"),
                ("csv to a zip", "--format csv --out '\(path("\(y).zip"))'"),
            ] {
                let run = HealthBench.timed("\(now) /usr/bin/time -f %M '\(bodii)' export --db '\(db)' \(options)")
                print(String(format: "%d years, export %@: %.2f s, peak RSS %@ MB (budget 64)", y, label, run.seconds, run.peakMB))
            }
            // Its own config folder, so the machine's sync set-up is never touched.
            let run = HealthBench.timed(
                "\(now) XDG_CONFIG_HOME='\(path("config-\(y)"))' /usr/bin/time -f %M '\(bodii)' sync init '\(path("shared-\(y)"))' --db '\(db)'")
            print(String(format: "%d years, sync init: %.2f s, peak RSS %@ MB (budget 64)", y, run.seconds, run.peakMB))
        }
    }
}
