import BodiiDomain
import BodiiImport
import ImportSamples
import Foundation
import ZIPFoundation

/// `bodii-bench health [days]`: a generated multi-year Apple Health export (AppleHealthSample;
/// made in the temporary folder, never committed), zipped as the Health app does, imported by the
/// real binary into a new database. Reports MB/s and peak resident memory against the floor,
/// `unzip -p export.zip | xmllint --stream --noout -` (inflate plus libxml2's streaming parse).
/// The DTD is written mended here: xmllint stops at iOS 16's broken one, which the import skips.
enum HealthBench {
    static func run(arguments: [String]) throws {
        let days = arguments.first.flatMap(Int.init) ?? 1826
        let heartRate = arguments.dropFirst().first.flatMap(Int.init) ?? 14
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-health-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("export.xml")
        guard FileManager.default.createFile(atPath: xml.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: xml)
        let first = LocalDate(year: 2021, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
        var t = Date()
        let expected = try AppleHealthSample(firstDay: first, days: days, heartRatePerHour: heartRate, brokenDTD: false).write {
            try handle.write(contentsOf: $0)
        }
        try handle.close()
        let size = (try FileManager.default.attributesOfItem(atPath: xml.path)[.size] as? NSNumber)?.int64Value ?? 0
        print(String(format: "generated %d days, %.1f MB of XML in %.1f s", days, Double(size) / 1e6, Date().timeIntervalSince(t)))

        let zip = folder.appendingPathComponent("export.zip")
        t = Date()
        let archive = try Archive(url: zip, accessMode: .create)
        let reader = try FileHandle(forReadingFrom: xml)
        try archive.addEntry(with: "apple_health_export/export.xml", type: .file, uncompressedSize: size, compressionMethod: .deflate) {
            (position: Int64, count: Int) -> Data in
            try reader.seek(toOffset: UInt64(position))
            return try reader.read(upToCount: count) ?? Data()
        }
        try reader.close()
        let zipSize = (try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? NSNumber)?.int64Value ?? 0
        print(String(format: "zipped to %.1f MB in %.1f s", Double(zipSize) / 1e6, Date().timeIntervalSince(t)))

        let bodii = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bodii").path
        let db = folder.appendingPathComponent("h.sqlite").path
        let floor = timed("unzip -p '\(zip.path)' | xmllint --stream --noout -")
        print(String(format: "floor  unzip -p | xmllint --stream: %.2f s (%.0f MB/s)", floor.seconds, Double(size) / 1e6 / floor.seconds))
        let first1 = timed(
            "BODII_NOW=2026-11-22T10:30:00+09:00 /usr/bin/time -f %M '\(bodii)' --db '\(db)' import apple-health '\(zip.path)' --json >/dev/null"
        )
        print(
            String(
                format: "import export.zip (new database): %.2f s (%.0f MB/s), %.2f × the floor, peak RSS %@ MB",
                first1.seconds, Double(size) / 1e6 / first1.seconds, first1.seconds / floor.seconds, first1.peakMB))
        let again = timed(
            "BODII_NOW=2026-11-22T10:30:00+09:00 /usr/bin/time -f %M '\(bodii)' --db '\(db)' import apple-health '\(zip.path)' --json >/dev/null"
        )
        print(String(format: "import again (adds nothing):       %.2f s, peak RSS %@ MB", again.seconds, again.peakMB))
        let plain = timed(
            "BODII_NOW=2026-11-22T10:30:00+09:00 /usr/bin/time -f %M '\(bodii)' --db '\(db)' import apple-health '\(xml.path)' --dry-run --json >/dev/null"
        )
        print(
            String(
                format: "dry run on export.xml:             %.2f s (%.0f MB/s), peak RSS %@ MB",
                plain.seconds, Double(size) / 1e6 / plain.seconds, plain.peakMB))
        let count = Process()
        count.executableURL = URL(fileURLWithPath: bodii)
        count.arguments = ["--db", db, "import", "apple-health", xml.path, "--dry-run", "--json"]
        count.environment = ["BODII_NOW": "2026-11-22T10:30:00+09:00"]
        let out = Pipe()
        count.standardOutput = out
        count.standardError = FileHandle.nullDevice
        try count.run()
        let json = out.fileHandleForReading.readDataToEndOfFile()
        count.waitUntilExit()
        let records = ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["records"] as? Int ?? -1
        print("\(records) records (records and workouts) over \(expected.count) days")
    }

    /// Wall time of a shell command, and the peak RSS `/usr/bin/time -f %M` printed (kB) on stderr.
    static func timed(_ command: String) -> (seconds: Double, peakMB: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        let start = Date()
        do { try p.run() } catch { return (0, "?") }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        let peak = Int(lastLine.trimmingCharacters(in: .whitespaces)).map { String(format: "%.1f", Double($0) / 1024) } ?? "?"
        if p.terminationStatus != 0 { print("  (exit \(p.terminationStatus): \(String(decoding: data, as: UTF8.self).prefix(300)))") }
        return (seconds, peak)
    }
}
